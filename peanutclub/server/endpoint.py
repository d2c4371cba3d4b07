"""The WebSocket endpoint, thin on purpose: refuse or admit, then a receiver and a sender.

The receiver checks each frame's size and rate and hands it to the room through its `Link`
(connection.py), wherever the room runs; the sender drains the connection's queue, so a slow
phone never holds up the room's fan-out. Every refusal before joining goes through one place
(`turn_away`); the room directory (directory.py) finds the room and counts the connection.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.websockets import WebSocket, WebSocketDisconnect

from peanutclub.core import RuleError, refuse
from peanutclub.server.connection import Connection, Link
from peanutclub.server.directory import Directory
from peanutclub.server.http import ServerState, client_ip
from peanutclub.server.protocol import salvage_ref
from peanutclub.server.ratelimit import TokenBucket
from peanutclub.server.security import allowed_host_names, host_allowed
from peanutclub.server.settings import ServerSettings
from peanutclub.server.views import error_frame

#: Consecutive refused-for-rate messages that still get an error frame; beyond, a message
#: without a `ref` is dropped in silence, so a flood costs little. One with a `ref` is always
#: answered with that `ref`: its sender is waiting for that very answer (a phone holding a card
#: back until then), and a sender that does not read is closed by the send queue's limit.
RATE_ERRORS = 5

#: The close reason of each refusal the directory's `admit` may give.
ADMIT_REASONS = {"room_full": "room full", "rate_limited": "too many connections"}


class Refused(Exception):
    """A connection turned away before it joins anything: how the socket is closed, and the
    error frame sent first (none for a page of a foreign site, which is told nothing)."""

    def __init__(self, close_code: int, reason: str, error: RuleError | None = None) -> None:
        super().__init__(reason)
        self.close_code = close_code
        self.reason = reason
        self.error = error


async def websocket_endpoint(websocket: WebSocket, code: str) -> None:
    """Refuse the connection (`turn_away`) or admit it, then read it until the peer leaves;
    then it is counted no more, the room hears it has gone, and the last frames get a second
    to leave. One coroutine from admission to the end, not one calling another: each idle
    connection keeps its coroutines' frames for as long as it lasts (issue 30)."""
    state: ServerState = websocket.app.state.peanutclub
    directory = state.rooms.directory
    settings = state.settings
    await websocket.accept()
    try:
        link, address = await admit(websocket, settings, directory, code)
    except Refused as refused:
        await turn_away(websocket, refused)
        return
    connection = Connection(websocket, settings.send_queue_limit)
    link.attach(connection)
    connection.expect_handshake(settings.handshake_timeout_seconds)
    try:
        await receive_forever(connection, link, settings)
    finally:
        await directory.left(link.code, address)
        await link.leave(connection)
        await connection.finish(1.0)


async def admit(
    websocket: WebSocket, settings: ServerSettings, directory: Directory, code: str
) -> tuple[Link, str]:
    """The room's link and the client's address, once the connection may go on; else
    `Refused`, with nothing counted."""
    if not origin_allowed(websocket, settings.allowed_origins):
        raise Refused(1008, "foreign origin")
    if not host_allowed(websocket.headers.get("host"), allowed_host_names(settings)):
        raise Refused(1008, "foreign host")
    address = client_ip(websocket, settings.trusted_proxies)
    try:
        link = await directory.link(code, address)
    except RuleError as error:
        raise Refused(1013, "too many unknown room codes", error) from None
    if link is None:
        raise Refused(4404, "unknown room", refuse("unknown_room"))
    try:
        await directory.admit(link.code, address)
    except RuleError as error:
        raise Refused(1013, ADMIT_REASONS[error.code], error) from None
    return link, address


async def turn_away(websocket: WebSocket, refused: Refused) -> None:
    """Refuse a connection before it joins anything: its error frame, then the close."""
    if refused.error is not None:
        error = refused.error
        await websocket.send_text(error_frame(error.code, error.message).decode())
    await websocket.close(refused.close_code, refused.reason)


async def receive_forever(connection: Connection, link: Link, settings: ServerSettings) -> None:
    """Read frames until the peer leaves; every refusal is answered and reading goes on. The
    link takes each checked frame to the room, wherever it runs."""
    websocket = connection.websocket
    bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
    limit = settings.max_frame_bytes
    refused_in_a_row = 0
    while True:
        try:
            frame = await websocket.receive()
        except (WebSocketDisconnect, RuntimeError):
            return
        if frame["type"] == "websocket.disconnect":
            return
        text = frame.get("text")
        if text is None:
            text = frame.get("bytes") or b""
        size = len(text)
        if isinstance(text, str) and size * 4 > limit:
            size = len(text.encode())
        if size > limit:
            connection.error(refuse("frame_too_large"))
            continue
        if not bucket.take():
            refused_in_a_row += 1
            ref = salvage_ref(text)
            if ref is not None or refused_in_a_row <= RATE_ERRORS:
                connection.error(refuse("rate_limited"), ref)
            continue
        refused_in_a_row = 0
        if isinstance(text, bytes):
            connection.error(refuse("bad_message", "Send JSON text frames."))
            continue
        await link.handle(connection, text)


def origin_allowed(websocket: WebSocket, allowed: list[str]) -> bool:
    """Browsers send `Origin`: it must be this very host. No Origin: not a browser, allowed."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    host = websocket.headers.get("host", "")
    return urlsplit(origin).netloc.lower() == host.lower() and host != ""
