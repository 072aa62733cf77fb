"""``cpswiss serve``: the arbiter's web page and JSON API (the ``serve`` extra)."""

from __future__ import annotations

import argparse

from cpswiss.cli.options import require_extras


def serve_arguments(serve: argparse.ArgumentParser) -> None:
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: this machine only)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")


def cmd_serve(args) -> int:
    require_extras("serve", "serve", ("fastapi", "uvicorn"))
    from cpswiss.server import serve

    return serve(args.host, args.port)
