"""One client's connection to a room: the WebSocket viewer (`Connection`), its writer, and how
its checked frames reach the room (`Link`, `handle`).

`handle` parses each frame into a protocol message and hands it to the room (through
`dispatch`); a refusal becomes an `error` frame and the connection carries on. A frame that
cannot go straight to the socket waits in this connection's queue, which a writer task drains
while it is not empty, so a slow phone never holds up the room's fan-out. The endpoint that
accepts the socket and reads it is endpoint.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
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

    __slots__ = ("code", "room")

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
    waiting ahead of it and the socket takes it (`wire`); otherwise it waits in a queue, and a
    writer task sends the queue in order, waiting for a slow socket without holding up the room.

    The queue and its writer exist only while a frame waits: an idle connection (most of them,
    most of the time) holds neither, and they were the largest part of what an idle connection
    cost beyond the relay's (docs/performance.md, "issue 30: memory per idle connection"). The
    writer ends once it has emptied the queue; the next frame that must wait starts another.
    """

    __slots__ = (
        "__weakref__",
        "_handshake_timer",
        "_queue",
        "_shaken",
        "closing",
        "hello",
        "host",
        "id",
        "queue_limit",
        "seat",
        "websocket",
        "wire",
        "writer",
    )

    def __init__(self, websocket: WebSocket, queue_limit: int) -> None:
        self.websocket = websocket
        #: With several processes: this connection's id and the handshake that takes its place
        #: back in the room when the room changes owner (a `resume` once a seat is known).
        self.id = ""
        self.hello: str | None = None
        self.seat: int | None = None
        self.host = False
        self._shaken = False
        #: Closes the connection if no handshake came in time; gone once one has.
        self._handshake_timer: asyncio.TimerHandle | None = None
        self.queue_limit = queue_limit
        self.closing = False
        self.wire = wire_of(websocket.scope)
        #: The frames waiting for the socket, then the close that ends them (code, reason), and
        #: the task that sends them in turn: both None while nothing waits.
        self._queue: deque[bytes | tuple[int, str]] | None = None
        self.writer: asyncio.Task[None] | None = None

    @property
    def shaken(self) -> bool:
        """Whether the handshake went through (the room knows this viewer)."""
        return self._shaken

    @shaken.setter
    def shaken(self, value: bool) -> None:
        self._shaken = value
        if value:
            self._stop_handshake_timer()

    def expect_handshake(self, seconds: float) -> None:
        """Close the connection unless a handshake goes through within `seconds`."""
        loop = asyncio.get_running_loop()
        self._handshake_timer = loop.call_later(seconds, self._handshake_late)

    def _handshake_late(self) -> None:
        self._handshake_timer = None
        if not self._shaken:
            self.close(1008, "no handshake in time")

    def _stop_handshake_timer(self) -> None:
        # A pending timer is kept by the loop, with what it refers to: drop it at once.
        if self._handshake_timer is not None:
            self._handshake_timer.cancel()
            self._handshake_timer = None

    @property
    def queued(self) -> int:
        """How many frames wait for the writer (not counting one it is writing)."""
        return 0 if self._queue is None else len(self._queue)

    def send(self, frame: bytes) -> None:
        if self.closing:
            return
        if self.writer is None:
            wire = self.wire
            if wire is not None and write_now(wire, frame_bytes(frame)):
                return
        elif self.queued >= self.queue_limit:
            self.close(1008, "too far behind; reconnect and resume")
            return
        self._enqueue(frame)

    def close(self, code: int, reason: str) -> None:
        if self.closing:
            return
        self.closing = True
        if self._queue is not None:
            self._queue.clear()
        self._enqueue((code, reason))

    def error(self, error: RuleError, ref: str | int | None = None) -> None:
        self.send(error_frame(error.code, error.message, ref))

    def _enqueue(self, item: bytes | tuple[int, str]) -> None:
        """Put `item` behind whatever waits, and start a writer if none is running."""
        if self._queue is None:
            self._queue = deque()
        self._queue.append(item)
        if self.writer is None:
            self.writer = asyncio.get_running_loop().create_task(self._write_queue())

    async def _write_queue(self) -> None:
        """Send what waits, in order, until nothing does; a close ends the connection. A socket
        that fails takes no more frames: its peer is gone (and resumes on a new connection)."""
        queue = self._queue
        assert queue is not None
        try:
            while queue:
                item = queue.popleft()
                if isinstance(item, tuple):
                    await self.websocket.close(*item)
                    return
                await self.websocket.send_text(item.decode())
        except (WebSocketDisconnect, RuntimeError, OSError):
            self.closing = True
        finally:
            # Nothing awaited since the queue was last found empty: a frame sent from now on
            # finds no writer, and goes straight to the socket again.
            self._queue = None
            self.writer = None

    async def finish(self, seconds: float) -> None:
        """Close the connection and give its last frames `seconds` to leave."""
        self._stop_handshake_timer()
        self.close(1000, "bye")
        writer = self.writer
        if writer is not None:
            with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(writer, seconds)


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
