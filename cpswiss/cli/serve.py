"""``cpswiss serve``: the arbiter's web page and JSON API (the ``serve`` extra)."""

from __future__ import annotations

import argparse

from cpswiss.cli.options import UsageError


def serve_arguments(serve: argparse.ArgumentParser) -> None:
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: this machine only)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")


def cmd_serve(args) -> int:
    try:
        from cpswiss.server import serve
    except ImportError as exc:
        raise UsageError(f"cpswiss serve needs FastAPI and uvicorn ({exc.name} is missing): "
                         "pip install 'cpswiss[serve]'") from None
    return serve(args.host, args.port)
