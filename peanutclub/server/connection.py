"""One client's connection to a room: the WebSocket viewer (`Connection`), its writer, and how
its checked frames reach the room (`Link`, `handle`).

`handle` parses each frame into a protocol message and hands it to the room (through
`dispatch`); a refusal becomes an `error` frame and the connection carries on. The writer drains
this connection's queue, so a slow phone never holds up the room's fan-out. The endpoint that
accepts the socket and reads it is endpoint.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Protocol

from starlette.websockets import WebSocket, WebSocketDisconnect

from peanutclub.core import RuleError, refuse
from peanutclub.server import dispatch
from peanutclub.server.protocol import UnreadableFrame, parse_client_message
from peanutclub.server.room import Room, Viewer
from peanutclub.server.views import error_frame
from peanutclub.server.wire import frame_bytes, wire_of, write_now

log = logging.getLogger(__name__)


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


async def handle(
    room: Room, client: Viewer, text: str, passes: tuple[type[Exception], ...] = ()
) -> None:
    """One checked frame from a client of `room`: the handshake first, then commands. Every
    refusal is answered with an `error` frame; exceptions of the types in `passes` are raised
    to the caller instead."""
    try:
        message = parse_client_message(room.game_class, text)
    except UnreadableFrame as bad:
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
        client.send(error_frame(error.code, error.message, message.ref, error.fields))
    except passes:
        raise
    except Exception:  # a bug must not cost the player their connection
        log.exception("room %s: %s failed", room.code, message.type)
        bug = refuse("bad_message", "The server could not handle that.")
        client.send(error_frame(bug.code, bug.message, message.ref))
