"""Frames written straight to a player's socket when nothing is waiting ahead of them.

A change in a room is told to every viewer: six frames per bid at a full table. Sent the ASGI way,
each frame wakes the connection's writer task and passes through Starlette and uvicorn before it
reaches the socket; measured, that was the largest part of the server's time per delivered frame
(docs/performance.md). A server-to-client text frame with no extension is only a two-to-ten-byte
header and the UTF-8 text, the same for every receiver, so when a connection has nothing queued
and its socket takes data, the room's loop writes the whole frame to the transport at once.
Anything else (a queue behind a slow phone, a closing socket, compression) takes the ASGI path.

uvicorn's own WebSocket protocol serves the connection; `transport.WebSocketProtocol` lends itself
to the app under `WIRE_KEY` in the scope's extensions. Without it (another server, a test client)
every frame takes the ASGI path, with the same result on the wire.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from typing import Any

from websockets.protocol import State

from peanutclub.server.transport import WIRE_KEY, WebSocketProtocol

#: FIN and the text opcode: a whole text message in one frame.
_TEXT = 0x81


def wire_of(scope: Mapping[str, Any]) -> WebSocketProtocol | None:
    """The connection's protocol, when frames may be written to it directly: it is ours and
    no extension (compression) was agreed, which would change every frame's bytes."""
    wire = scope.get("extensions", {}).get(WIRE_KEY)
    if not isinstance(wire, WebSocketProtocol) or not wire.reachable or wire.conn.extensions:
        return None
    return wire


def text_frame(payload: bytes) -> bytes:
    """One unmasked, unfragmented text frame (RFC 6455 section 5.2), as a server sends it."""
    size = len(payload)
    if size < 126:
        head = bytes((_TEXT, size))
    elif size < 65536:
        head = struct.pack("!BBH", _TEXT, 126, size)
    else:
        head = struct.pack("!BBQ", _TEXT, 127, size)
    return head + payload


class FrameBytes:
    """A room sends the same text to each of its viewers in turn: frame it once for all.

    The text and its frame are kept as one tuple, replaced whole, so that a reader never pairs
    a text with another text's frame (tests run several servers, each on its own thread)."""

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: tuple[bytes | None, bytes] = (None, b"")

    def __call__(self, text: bytes) -> bytes:
        last_text, frame = self._last
        if text is not last_text:
            frame = text_frame(text)
            self._last = (text, frame)
        return frame


#: Shared by every connection of the process: a fan-out asks for the same text in a row.
frame_bytes = FrameBytes()


def write_now(wire: WebSocketProtocol, frame: bytes) -> bool:
    """Write one whole frame if the socket can take it now; False: send it the ASGI way."""
    transport = wire.transport
    if (
        wire.close_sent
        or wire.disconnected
        or not wire.writable.is_set()
        or wire.conn.state is not State.OPEN
        or transport is None
        or transport.is_closing()
    ):
        return False
    transport.write(frame)
    return True
