"""`peanutclub serve` (run the server with uvicorn), `peanutclub schema` (write the protocol's JSON
Schema, generated from the pydantic models, to docs/protocol.schema.json or stdout) and
`peanutclub loadtest` (see `loadtest`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from peanutclub.server.settings import Settings


def register(sub: Any) -> None:
    serve = sub.add_parser("serve", help="run the game server")
    serve.add_argument("--host", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, help="port to listen on (default 8000)")
    serve.add_argument(
        "--db",
        type=Path,
        help="SQLite file for the rooms (accepted; this version keeps rooms in memory)",
    )
    serve.add_argument(
        "--dev",
        action="store_true",
        default=None,
        help="development mode: room settings down to 0, fixed seeds, fast bots, reloaded pages",
    )
    serve.set_defaults(func=run_serve)
    schema = sub.add_parser("schema", help="print or write the protocol's JSON Schema")
    schema.add_argument("--output", "-o", type=Path, help="file to write (default: stdout)")
    schema.set_defaults(func=run_schema)
    from peanutclub.server import loadtest

    loadtest.register(sub)


def settings_from(args: argparse.Namespace) -> Settings:
    """Environment first (PEANUTCLUB_*), then whatever the command line says."""
    overrides = {
        name: getattr(args, name)
        for name in ("host", "port", "db", "dev")
        if getattr(args, name, None) is not None
    }
    return Settings(**overrides)


def run_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from peanutclub.server.app import create_app

    settings = settings_from(args)
    if settings.db is not None:
        print(f"Rooms file {settings.db}: accepted; rooms are kept in memory for now.", flush=True)
    print(f"Peanut Club: open http://{display_host(settings.host)}:{settings.port}/", flush=True)
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        ws_max_size=settings.ws_max_size,
        ws_per_message_deflate=settings.ws_per_message_deflate,
        proxy_headers=False,
        log_level="info",
    )
    return 0


def display_host(host: str) -> str:
    return "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host


def run_schema(args: argparse.Namespace) -> int:
    from peanutclub.server.protocol import schema_text

    text = schema_text()
    if args.output is None:
        sys.stdout.write(text)
    else:
        args.output.write_text(text, encoding="utf-8")
    return 0
