"""A light WebSocket client for the load processes: RFC 6455 framing on an asyncio protocol.

A load test measures the server only while its clients cost little: a general WebSocket library
spends more time per small frame than the server under test does. This client does the least the
protocol asks: an upgrade request, masked text frames out, unmasked frames in (text, ping, close),
no extensions. Each frame received is handed to `on_message` as bytes (orjson reads bytes).
"""

from __future__ import annotations

import asyncio
import base64
import os
import struct
from collections.abc import Callable
from typing import cast

_PING, _PONG, _CLOSE, _TEXT, _BINARY, _CONTINUATION = 0x9, 0xA, 0x8, 0x1, 0x2, 0x0


class HandshakeFailed(ConnectionError):
    pass


class WsClient(asyncio.Protocol):
    def __init__(self, path: str, host: str, on_message: Callable[[bytes], None]) -> None:
        self.path = path
        self.host = host
        self.on_message = on_message
        self.transport: asyncio.Transport | None = None
        self.upgraded: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._buffer = bytearray()
        self._fragments: list[bytes] = []
        self._key = os.urandom(4)
        self._key_int = int.from_bytes(self._key * 32, "big")

    # ------------------------------------------------------------------ asyncio.Protocol

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport = cast(asyncio.Transport, transport)
        key = base64.b64encode(os.urandom(16)).decode()
        transport.write(
            (
                f"GET {self.path} HTTP/1.1\r\nHost: {self.host}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )

    def data_received(self, data: bytes) -> None:
        buffer = self._buffer
        buffer += data
        if not self.upgraded.done():
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            status = bytes(buffer[: buffer.find(b"\r\n")])
            del buffer[: end + 4]
            if b" 101 " not in status:
                self.upgraded.set_exception(HandshakeFailed(status.decode(errors="replace")))
                self.close()
                return
            self.upgraded.set_result(None)
        self._frames()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.upgraded.done():
            self.upgraded.set_exception(exc or HandshakeFailed("connection closed"))
        if not self.closed.done():
            self.closed.set_result(None)

    # ------------------------------------------------------------------ frames

    def _frames(self) -> None:
        buffer = self._buffer
        while len(buffer) >= 2:
            first, second = buffer[0], buffer[1]
            length = second & 0x7F
            start = 2
            if length == 126:
                if len(buffer) < 4:
                    return
                length = struct.unpack_from("!H", buffer, 2)[0]
                start = 4
            elif length == 127:
                if len(buffer) < 10:
                    return
                length = struct.unpack_from("!Q", buffer, 2)[0]
                start = 10
            if second & 0x80:  # a server never masks; skip the key if one does
                start += 4
            end = start + length
            if len(buffer) < end:
                return
            payload = bytes(buffer[start:end])
            del buffer[:end]
            opcode = first & 0x0F
            if opcode in (_TEXT, _BINARY, _CONTINUATION):
                if first & 0x80:
                    if self._fragments:
                        payload = b"".join((*self._fragments, payload))
                        self._fragments.clear()
                    self.on_message(payload)
                else:
                    self._fragments.append(payload)
            elif opcode == _PING:
                self._send(_PONG, payload)
            elif opcode == _CLOSE:
                self._send(_CLOSE, payload[:2])
                self.close()
                return

    def _send(self, opcode: int, payload: bytes) -> None:
        transport = self.transport
        if transport is None or transport.is_closing():
            return
        length = len(payload)
        if length < 126:
            head = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
        elif length < 65536:
            head = struct.pack("!BBH", 0x80 | opcode, 0xFE, length)
        else:
            head = struct.pack("!BBQ", 0x80 | opcode, 0xFF, length)
        if length <= 128:
            shift = (128 - length) * 8
            masked = (int.from_bytes(payload, "big") ^ (self._key_int >> shift)).to_bytes(
                length, "big"
            )
        else:
            key = self._key * (length // 4 + 1)
            masked = (
                int.from_bytes(payload, "big") ^ int.from_bytes(key[:length], "big")
            ).to_bytes(length, "big")
        transport.write(head + self._key + masked)

    def send(self, text: bytes) -> None:
        """Send one text frame (UTF-8 bytes)."""
        self._send(_TEXT, text)

    def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.close()


async def connect(host: str, port: int, path: str, on_message: Callable[[bytes], None]) -> WsClient:
    """Open a WebSocket to `ws://host:port/path`; returns once the server has accepted it."""
    loop = asyncio.get_running_loop()
    _, client = await loop.create_connection(
        lambda: WsClient(path, f"{host}:{port}", on_message), host, port
    )
    await client.upgraded
    return client
