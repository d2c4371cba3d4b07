"""`peanutclub serve`: run the server with uvicorn. The load benchmark, `peanutclub bench`,
lives in `peanutclub.bench`; the protocol's schema, `peanutclub schema`, in `peanutclub.schema`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from peanutclub.server.settings import GC_THRESHOLDS, ServerSettings


def register(sub: Any) -> None:
    serve = sub.add_parser("serve", help="run the game server")
    serve.add_argument("--host", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, help="port to listen on (default 8000)")
    serve.add_argument(
        "--db",
        type=Path,
        help="SQLite file for rooms and finished games, created on first run (default: "
        "$PEANUTCLUB_DB, else $XDG_DATA_HOME/peanutclub/peanutclub.db, that is "
        "~/.local/share/peanutclub/peanutclub.db)",
    )
    serve.add_argument(
        "--memory",
        action="store_true",
        default=None,
        help="keep rooms in memory only: nothing survives a restart (for tests)",
    )
    serve.add_argument(
        "--redis",
        metavar="URL",
        help="share rooms with other processes through this Redis (redis://host:port/db): "
        "rooms, logs and finished games live there instead of SQLite",
    )
    serve.add_argument(
        "--dev",
        action="store_true",
        default=None,
        help="development mode: room settings down to 0, fixed seeds, fast bots, reloaded pages",
    )
    serve.set_defaults(func=run_serve)


def settings_from(args: argparse.Namespace) -> ServerSettings:
    """Environment first (PEANUTCLUB_*), then whatever the command line says."""
    overrides: dict[str, Any] = {
        name: getattr(args, name)
        for name in ("host", "port", "db", "dev", "redis")
        if getattr(args, name, None) is not None
    }
    if getattr(args, "memory", None):
        overrides["store"] = "memory"
    elif overrides.get("db") is not None:
        overrides["store"] = "sqlite"
    return ServerSettings(**overrides)


def run_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from peanutclub.server.app import create_app
    from peanutclub.server.sqlite_store import StoreError, open_database

    settings = settings_from(args)
    if settings.redis:
        print(f"Rooms are shared through Redis at {settings.redis}", flush=True)
    elif settings.store == "sqlite":
        # Check the file before anything starts, so that a damaged or locked database is one
        # clear line and a non-zero exit, not a traceback from inside the server.
        try:
            open_database(settings.db_path, synchronous=settings.db_synchronous).close()
        except StoreError as error:
            print(f"peanutclub serve: {error}", file=sys.stderr, flush=True)
            return 2
        print(f"Rooms and finished games are kept in {settings.db_path}", flush=True)
    else:
        print("Rooms are kept in memory only: nothing survives a restart.", flush=True)
    print(f"Peanut Club: open http://{display_host(settings.host)}:{settings.port}/", flush=True)
    print(reach_hint(settings), flush=True)
    app = create_app(settings)
    tune_gc(settings.gc_thresholds)
    options = uvicorn_options(settings)
    uvicorn.run(app, host=settings.host, port=settings.port, log_level="info", **options)
    return 0


def uvicorn_options(settings: ServerSettings) -> dict[str, Any]:
    """How uvicorn serves the app, here and in the tests: its own protocols less the cycles each
    connection leaves (`transport`), the WebSocket one lending itself to the app (`wire`), the
    size and compression settings, and no trust in X-Forwarded-For at uvicorn's level (the app
    decides, from `trusted_proxies`)."""
    from peanutclub.server.transport import HttpProtocol, WebSocketProtocol

    return {
        "http": HttpProtocol,
        "ws": WebSocketProtocol,
        "ws_max_size": settings.ws_max_size,
        "ws_per_message_deflate": settings.ws_per_message_deflate,
        "proxy_headers": False,
    }


def tune_gc(thresholds: tuple[int, int, int] = GC_THRESHOLDS) -> None:
    """Keep the collector's long passes out of the bid path (docs/performance.md).

    A full pass walks everything the rooms and connections hold, so what start-up made is frozen
    out of every pass and a full pass waits much longer; middle passes come more often, each one
    short, because what outlives a young pass here lives for seconds anyway. Cycles that reach the
    oldest generation wait as long as before, so a closed connection must leave none
    (transport.py cuts those uvicorn and websockets leave).
    """
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(*thresholds)


def reach_hint(settings: ServerSettings) -> str:
    """One line on where phones join: the address they can reach, or how to make one."""
    from peanutclub.server.http import EVERY_INTERFACE, is_loopback, lan_address, pick_lan_address

    if settings.public_url:
        return f"Phones join at {settings.public_url.rstrip('/')}/"
    if is_loopback(settings.host):
        return (
            "Phones cannot reach this computer's localhost: to play on your network, "
            "restart with --host 0.0.0.0"
        )
    if settings.host in EVERY_INTERFACE:
        given = settings.lan_addresses
        lan = lan_address() if given is None else pick_lan_address(given)
        if lan is None:
            return "No local network address found for phones: use this computer's address"
        return f"Phones join at http://{lan}:{settings.port}/"
    return f"Phones join at http://{settings.host}:{settings.port}/"


def display_host(host: str) -> str:
    return "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
