"""The WebSocket endpoint: one connection's reader and writer. Thin on purpose.

The reader checks size and rate, parses each frame into a protocol message and hands it to the
room (through `dispatch`); a refusal becomes an `error` frame and the connection carries on. The
writer drains this connection's queue, so a slow phone never holds up the room's fan-out.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Protocol
from urllib.parse import urlsplit

from starlette.websockets import WebSocket, WebSocketDisconnect

from peanutclub.core import RuleError, refuse
from peanutclub.server import dispatch
from peanutclub.server.http import client_ip
from peanutclub.server.protocol import BadMessage, parse_client_message
from peanutclub.server.ratelimit import TokenBucket
from peanutclub.server.room import Room, Viewer
from peanutclub.server.security import allowed_host_names, host_allowed
from peanutclub.server.views import error_frame
from peanutclub.server.wire import frame_bytes, wire_of, write_now

if TYPE_CHECKING:
    from peanutclub.server.http import ServerState
    from peanutclub.server.rooms import Rooms

log = logging.getLogger(__name__)

#: Consecutive refused-for-rate messages that still get an error frame; beyond, silence.
RATE_ERRORS = 5


class Link(Protocol):
    """A room as one connection reaches it: in this process (`LocalLink`), or wherever its
    owner runs when several processes share the rooms (cluster.py)."""

    code: str

    def attach(self, connection: Connection) -> None: ...

    async def handle(self, connection: Connection, text: str) -> None:
        """One frame that passed the size and rate checks."""
        ...

    async def leave(self, connection: Connection) -> None: ...


class LocalLink:
    """A room of this process: frames go straight to it."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.code = room.code

    def attach(self, connection: Connection) -> None:
        return None

    async def handle(self, connection: Connection, text: str) -> None:
        await handle(self.room, connection, text)

    async def leave(self, connection: Connection) -> None:
        await self.room.leave(connection)


class Connection:
    """A room viewer backed by a WebSocket. A frame goes straight to the socket when nothing is
    queued ahead of it and the socket takes it (`wire`); otherwise it is queued, and a writer
    task sends the queue in order, waiting for a slow socket without holding up the room."""

    def __init__(self, websocket: WebSocket, queue_limit: int) -> None:
        self.websocket = websocket
        #: With several processes: this connection's id and the handshake that takes its place
        #: back in the room when the room changes owner (a `resume` once a seat is known).
        self.id = ""
        self.hello: str | None = None
        self.seat: int | None = None
        self.host = False
        self.shaken = False
        self.queue_limit = queue_limit
        self.queue: asyncio.Queue[bytes | tuple[int, str]] = asyncio.Queue()
        self.closing = False
        self.wire = wire_of(websocket.scope)
        #: The writer has taken a frame off the queue and not yet handed it to the socket.
        self.writing = False

    def send(self, frame: bytes) -> None:
        if self.closing:
            return
        wire = self.wire
        if (
            wire is not None
            and not self.writing
            and self.queue.empty()
            and write_now(wire, frame_bytes(frame))
        ):
            return
        if self.queue.qsize() >= self.queue_limit:
            self.close(1008, "too far behind; reconnect and resume")
            return
        self.queue.put_nowait(frame)

    def close(self, code: int, reason: str) -> None:
        if self.closing:
            return
        self.closing = True
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait((code, reason))

    def error(self, error: RuleError, ref: str | int | None = None) -> None:
        self.send(error_frame(error.code, error.message, ref))

    async def write_forever(self) -> None:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
            while True:
                item = await self.queue.get()
                if isinstance(item, tuple):
                    await self.websocket.close(*item)
                    return
                self.writing = True
                await self.websocket.send_text(item.decode())
                self.writing = False


def origin_allowed(websocket: WebSocket, allowed: list[str]) -> bool:
    """Browsers send `Origin`: it must be this very host. No Origin: not a browser, allowed."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    host = websocket.headers.get("host", "")
    return urlsplit(origin).netloc.lower() == host.lower() and host != ""


async def turn_away(
    websocket: WebSocket, code: str, message: str, close_code: int, reason: str
) -> None:
    """Refuse a connection before it joins anything: one error frame, then the close."""
    await websocket.send_text(error_frame(code, message).decode())
    await websocket.close(close_code, reason)


async def websocket_endpoint(websocket: WebSocket, code: str) -> None:
    state: ServerState = websocket.app.state.peanutclub
    settings = state.settings
    if not origin_allowed(websocket, settings.allowed_origins):
        await websocket.accept()
        await websocket.close(1008, "foreign origin")
        return
    if not host_allowed(websocket.headers.get("host"), allowed_host_names(settings)):
        await websocket.accept()
        await websocket.close(1008, "foreign host")
        return
    address = client_ip(websocket, settings.trusted_proxies)
    rooms = state.rooms
    await websocket.accept()
    try:
        link = await rooms.link(code, address)
    except RuleError as error:
        await turn_away(websocket, error.code, error.message, 1013, "too many unknown room codes")
        return
    if link is None:
        await turn_away(
            websocket, "unknown_room", refuse("unknown_room").message, 4404, "unknown room"
        )
        return
    room_code = link.code
    # Counted from the moment of connecting (not from the handshake), with no await between the
    # check and the count, so that a burst of simultaneous connections cannot slip past a limit.
    if rooms.connections_in[room_code] >= settings.max_connections_per_room:
        await turn_away(
            websocket, "room_full", "This room has too many viewers.", 1013, "room full"
        )
        return
    if rooms.connections_by[address] >= settings.max_connections_per_address:
        await turn_away(
            websocket, "rate_limited", "Too many connections.", 1013, "too many connections"
        )
        return
    rooms.connections_by[address] += 1
    rooms.connections_in[room_code] += 1
    cluster = rooms.cluster
    if cluster is not None:  # the room's and the address's connections on every process
        try:
            admitted = await cluster.admit(
                room_code,
                address,
                settings.max_connections_per_room,
                settings.max_connections_per_address,
            )
        except BaseException:
            uncount(rooms, address, room_code)
            raise
        if admitted != 1:
            uncount(rooms, address, room_code)
            if admitted == 0:
                await turn_away(
                    websocket, "room_full", "This room has too many viewers.", 1013, "room full"
                )
            else:
                await turn_away(
                    websocket, "rate_limited", "Too many connections.", 1013, "too many connections"
                )
            return
    connection = Connection(websocket, settings.send_queue_limit)
    link.attach(connection)
    writer = asyncio.get_running_loop().create_task(connection.write_forever())
    loop = asyncio.get_running_loop()
    timeout = loop.call_later(
        settings.handshake_timeout_seconds,
        lambda: None if connection.shaken else connection.close(1008, "no handshake in time"),
    )
    try:
        await read_forever(connection, link, state)
    finally:
        timeout.cancel()
        uncount(rooms, address, room_code)
        if cluster is not None:
            with contextlib.suppress(Exception):  # Redis gone: the count goes with this process
                await cluster.admitted_left(room_code, address)
        await link.leave(connection)
        connection.close(1000, "bye")
        with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(writer, 1.0)


def uncount(rooms: Rooms, address: str, room_code: str) -> None:
    """A connection counted against the limits in `websocket_endpoint` has gone."""
    for counter, key in ((rooms.connections_by, address), (rooms.connections_in, room_code)):
        counter[key] -= 1
        if counter[key] <= 0:
            del counter[key]


async def read_forever(connection: Connection, link: Link, state: ServerState) -> None:
    """Read frames until the peer leaves; every refusal is answered and reading goes on. The
    link takes each checked frame to the room, wherever it runs."""
    settings = state.settings
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
            if refused_in_a_row <= RATE_ERRORS:
                connection.error(refuse("rate_limited"))
            continue
        refused_in_a_row = 0
        if isinstance(text, bytes):
            connection.error(refuse("bad_message", "Send JSON text frames."))
            continue
        await link.handle(connection, text)


async def handle(
    room: Room, client: Viewer, text: str, passes: tuple[type[Exception], ...] = ()
) -> None:
    """One checked frame from a client of `room`: the handshake first, then commands. Every
    refusal is answered with an `error` frame; exceptions of the types in `passes` are raised
    to the caller instead."""
    try:
        message = parse_client_message(room.game_class, text)
    except BadMessage as bad:
        client.send(error_frame("bad_message", bad.message, bad.ref))
        return
    try:
        if client.shaken:
            await dispatch.command(room, client, message)
        elif await dispatch.handshake(room, client, message):
            client.shaken = True
        else:
            raise refuse("no_handshake")
    except RuleError as error:
        client.send(error_frame(error.code, error.message, message.ref))
    except passes:
        raise
    except Exception:  # a bug must not cost the player their connection
        log.exception("room %s: %s failed", room.code, message.type)
        bug = refuse("bad_message", "The server could not handle that.")
        client.send(error_frame(bug.code, bug.message, message.ref))
