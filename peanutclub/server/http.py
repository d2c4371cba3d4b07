"""What the HTTP routes (`api.py`, `pages.py`) and the WebSocket endpoint share: the server's
state, the client's address, finding a room for a client, and the links handed out."""

from __future__ import annotations

import functools
import socket
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated

import jinja2
from fastapi import Depends, Request
from fastapi.responses import JSONResponse
from starlette.requests import HTTPConnection

from peanutclub.core import RuleError, refuse
from peanutclub.server.settings import Settings

if TYPE_CHECKING:
    from peanutclub.server.room import Room
    from peanutclub.server.rooms import Rooms

#: The HTTP status of each refusal an HTTP route may answer with (400 for the others).
STATUS = {
    "bad_settings": 400,
    "bad_message": 400,
    "rate_limited": 429,
    "unknown_room": 404,
    "unknown_game": 422,
}


@dataclass
class ServerState:
    """What every route and connection shares; lives on `app.state.peanutclub`."""

    settings: Settings
    rooms: Rooms
    templates: jinja2.Environment


def server_state(request: Request) -> ServerState:
    state: ServerState = request.app.state.peanutclub
    return state


State = Annotated[ServerState, Depends(server_state)]


def refusal(error: RuleError, status: int | None = None) -> JSONResponse:
    return JSONResponse(error.to_dict(), status_code=status or STATUS.get(error.code, 400))


def client_ip(connection: HTTPConnection, trusted: list[str]) -> str:
    """The peer's address; `X-Forwarded-For` counts only when the peer is a trusted proxy."""
    peer = connection.client.host if connection.client else ""
    forwarded = connection.headers.get("x-forwarded-for")
    if forwarded and peer in trusted:
        return forwarded.split(",")[-1].strip()
    return peer


def find_room(request: Request, state: ServerState, code: str) -> Room:
    """The room for `code` in this process, or `RuleError`: `unknown_room`, or `rate_limited`
    for a client who has tried too many unknown codes (see `Rooms.find`)."""
    room = state.rooms.find(code, client_ip(request, state.settings.trusted_proxies))
    if room is None:
        raise refuse("unknown_room")
    return room


LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1", "[::1]")


def base_url(request: Request, public_url: str | None, listen_host: str = "") -> str:
    """The base of the links handed out (join URL, QR code).

    A TV browser often opens `localhost`, but phones cannot reach that: when the server listens
    on every interface, links name this machine's address on the local network instead.
    """
    if public_url:
        return public_url.rstrip("/")
    url = request.base_url
    if url.hostname in LOOPBACK_NAMES and listen_host in ("0.0.0.0", "::"):
        lan = lan_address()
        if lan:
            return str(url.replace(hostname=lan)).rstrip("/")
    return str(url).rstrip("/")


@functools.cache
def lan_address() -> str | None:
    """This machine's address on its local network (no packet is sent), or None."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # a documentation address: only picks a route
            address: str = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address
