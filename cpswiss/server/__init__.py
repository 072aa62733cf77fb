"""``cpswiss serve``: the arbiter's web page and a JSON API (needs ``pip install 'cpswiss[serve]'``)."""

from cpswiss.server.app import create_app, serve

__all__ = ["create_app", "serve"]
