"""The protocols uvicorn runs for `peanutclub serve`: its defaults, less the reference cycles that
each connection leaves behind when it ends.

`tune_gc` (cli.py) makes full collections rare on purpose (docs/performance.md). Garbage that
only the cyclic collector can free and that has reached the oldest generation therefore stays,
and two such cycles come with every WebSocket connection (docs/reliability.md, "Soak"):

- websockets' sans-I/O `ServerProtocol` reads through a generator it keeps as `parser`, whose
  frame holds the protocol. The cycle outlives the connection, with its reader and last frames.
- uvicorn's HTTP protocol and its httptools parser hold each other (the parser calls the
  protocol's bound methods). A normal end of connection clears `parser`; an upgrade to a
  WebSocket hands the connection over and keeps both, with the request's headers and, once the
  WebSocket closes, the transport and its socket object.

Each class below cuts its cycle at the point where nothing will read through it again, so
reference counting frees the connection at once, whatever the collector's settings. The names
are looked up with `getattr`: should a release of either library rename them, the cycles come
back (tests/server/test_transport.py says so) but no connection breaks.

Every attribute of theirs that this module and `wire.py` read is listed in `REACHED`. Each
connection checks its protocol for them (`reach`): one that is missing is logged once, by name,
and that connection's frames take the ASGI path instead of the direct write, so nothing breaks;
`tests/server/test_private_attributes.py` fails, naming the attribute, when a release moves one.

The WebSocket protocol also lends itself to the app, under `WIRE_KEY` in the scope's extensions,
so that a room can write its frames straight to the socket (`wire.py`); that entry is a third
cycle of the same kind, dropped at the same moment.
"""

from __future__ import annotations

import logging
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

log = logging.getLogger(__name__)

#: The private attributes read here and in `wire.py`, by owner: uvicorn's HTTP protocol, its
#: WebSocket protocol, and websockets' sans-I/O protocol (the WebSocket protocol's `conn`).
REACHED: dict[str, tuple[str, ...]] = {
    "uvicorn.protocols.http.httptools_impl.HttpToolsProtocol": ("parser",),
    "uvicorn.protocols.websockets.websockets_sansio_impl.WebSocketsSansIOProtocol": (
        "scope",
        "conn",
        "transport",
        "close_sent",
        "disconnected",
        "writable",
    ),
    "websockets.server.ServerProtocol": ("parser", "extensions", "state"),
}
#: Every attribute found missing so far, as `owner.name` (each logged once).
MISSING: set[str] = set()


def reach(owner: str, instance: object) -> bool:
    """Whether `instance` has every attribute `REACHED` lists for `owner`; each one missing is
    noted in `MISSING` and logged the first time, by name."""
    whole = True
    for name in REACHED[owner]:
        if not hasattr(instance, name):
            whole = False
            attribute = f"{owner}.{name}"
            if attribute not in MISSING:
                MISSING.add(attribute)
                log.warning(
                    "%s is gone (a release of uvicorn or websockets moved it): frames take the "
                    "ASGI path and closed connections may wait for a full collection",
                    attribute,
                )
    return whole


HTTP_OWNER, WS_OWNER, CONN_OWNER = REACHED


class HttpProtocol(HttpToolsProtocol):
    """uvicorn's default HTTP protocol (httptools), which lets go of its parser on an upgrade."""

    def handle_websocket_upgrade(self) -> None:
        reach(HTTP_OWNER, self)
        super().handle_websocket_upgrade()
        # The WebSocket protocol owns the connection from here; this object reads nothing more.
        if getattr(self, "parser", None) is not None:
            self.parser = None  # type: ignore[assignment]


#: Where `WebSocketProtocol` puts itself in the ASGI scope's `extensions`.
WIRE_KEY = "peanutclub.wire"


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's default WebSocket protocol, reachable from the app through the scope, which
    closes websockets' parser once the connection is lost (ending the generator ends the cycle)."""

    #: Whether every attribute `wire.py` reads is where it is expected (see `reach`).
    reachable = False

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        own = reach(WS_OWNER, self)
        self.reachable = reach(CONN_OWNER, getattr(self, "conn", None)) and own
        scope = getattr(self, "scope", None)
        if scope is not None:
            scope["extensions"][WIRE_KEY] = self

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        scope = getattr(self, "scope", None)
        if scope is not None:
            scope["extensions"].pop(WIRE_KEY, None)
        parser = getattr(getattr(self, "conn", None), "parser", None)
        if parser is not None:
            parser.close()
