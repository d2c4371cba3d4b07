"""A real server on a free port, and protocol clients that keep every frame they receive."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.asyncio.client import ClientConnection, connect

from peanutclub.core.frames import replace_fields
from peanutclub.server import ServerSettings, create_app
from peanutclub.server.cli import uvicorn_options
from peanutclub.server.clock import ManualClock
from peanutclub.server.room import Room
from peanutclub.server.store import MemoryStore, RoomRecord

#: Generous upper bound for one expected frame: a wait that long means the test failed.
WAIT = 10.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class RunningServer:
    base: str
    settings: ServerSettings

    @property
    def ws_base(self) -> str:
        return self.base.replace("http://", "ws://")

    def create_room(self, **body: Any) -> dict[str, Any]:
        response = httpx.post(f"{self.base}/api/rooms", json=body)
        assert response.status_code == 201, response.text
        room: dict[str, Any] = response.json()
        return room


@contextmanager
def serve_app(
    app: Any, settings: ServerSettings, *, log_level: str = "warning"
) -> Iterator[tuple[RunningServer, asyncio.AbstractEventLoop]]:
    """Run `app` under uvicorn on a thread (its own event loop) for the duration of the block.

    Yields the server's address and its loop (to read a room without racing its writer). Like
    `peanutclub serve`, uvicorn does not trust X-Forwarded-For: the app alone decides.
    """
    port = free_port()
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        log_level=log_level,
        lifespan="on",
        **uvicorn_options(settings),
    )
    server = uvicorn.Server(config)
    loops: list[asyncio.AbstractEventLoop] = []

    def serve_forever() -> None:
        async def main() -> None:
            loops.append(asyncio.get_running_loop())
            await server.serve()

        asyncio.run(main())

    thread = threading.Thread(target=serve_forever, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive(), "the server did not start"
        assert time.monotonic() < deadline, "the server did not start in time"
        time.sleep(0.02)
    try:
        yield RunningServer(f"http://127.0.0.1:{port}", settings), loops[0]
    finally:
        server.should_exit = True
        thread.join(10)


@contextmanager
def serve(settings: ServerSettings) -> Iterator[RunningServer]:
    """A fresh app for `settings`, served for the duration of the block."""
    with serve_app(create_app(settings), settings) as (running, _):
        yield running


#: Bots that barely pause, so that a socket test plays whole games in moments.
FAST_BOTS: dict[str, Any] = {"bot_pace": 0.001, "bot_delay_min": 0.001, "bot_delay_max": 0.01}


def page_settings(pages: tuple[Path, Path], **extra: Any) -> ServerSettings:
    """Settings that serve the stand-in pages of `write_pages`, with `extra` on top (the one
    place the tests' servers learn where their pages are)."""
    templates, static = pages
    return ServerSettings(templates_dir=templates, static_dir=static, **extra)


def fast_dev_settings(pages: tuple[Path, Path], **extra: Any) -> ServerSettings:
    """A development server's settings (tiny clock steps, fixed seeds) with `FAST_BOTS`."""
    return page_settings(pages, dev=True, **FAST_BOTS, **extra)


@contextmanager
def dev_server(tmp_path_factory: Any) -> Iterator[RunningServer]:
    """A development server on stand-in pages, in memory, whose bots barely pause: for socket
    tests of whole games."""
    pages = write_pages(tmp_path_factory.mktemp("pages"))
    settings = page_settings(
        pages, dev=True, store="memory", bot_pace=0.002, handshake_timeout_seconds=5
    )
    with serve(settings) as running:
        yield running


async def manual_room(
    code: str,
    pace: Mapping[str, Any],
    settings: ServerSettings | None = None,
    *,
    host: str = "host",
    **record: Any,
) -> tuple[Room, ManualClock, MemoryStore]:
    """A room in this process, created as the server creates one (its `pace`, the host token
    `host`, `record`'s game or fixed seed), on a manual clock and the memory store: for tests
    that drive the room's clock by hand, with no sleeping and no socket."""
    clock, store = ManualClock(), MemoryStore()
    created = RoomRecord(code, host, clock.time(), dict(pace), **record)
    await store.create_room(created)
    return Room(created, settings or ServerSettings(), store, clock), clock, store


@dataclass(eq=False)
class Viewer:
    """What a room needs of a connection, in process: a seat, whether it is the host, a way to
    send (every frame kept, decoded, with its size) and to close."""

    seat: int | None = None
    host: bool = False
    frames: list[dict[str, Any]] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    closed: int | None = None

    def send(self, frame: str | bytes) -> None:
        self.sizes.append(len(frame))
        self.frames.append(json.loads(frame))

    def close(self, code: int, reason: str) -> None:
        self.closed = code

    @property
    def last(self) -> dict[str, Any]:
        return self.frames[-1]

    def seqs(self) -> list[int]:
        return [f["seq"] for f in self.frames if "seq" in f]


def write_pages(root: Path) -> tuple[Path, Path]:
    """Stand-in templates and static files, so routes are tested without the real pages."""
    templates, static = root / "templates", root / "static"
    templates.mkdir()
    static.mkdir()
    from peanutclub.games import GAMES

    pages = ["landing", "history_list"]
    pages += [f"games/{g}/{p}" for g in GAMES for p in ("player", "tv", "history")]
    for name in pages:
        path = templates / f"{name}.html"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(
            f"<!doctype html><title>{name}</title><p>{name} {{{{ record or '' }}}}"
            " {{ code }} {{ lang }}</p>"
        )
    (static / "app.js").write_text("export const hello = 1;\n")
    return templates, static


@dataclass
class Client:
    """One protocol client: sends messages, keeps every frame, tracks the latest full view."""

    ws: ClientConnection
    frames: list[str] = field(default_factory=list)
    messages: list[dict[str, Any]] = field(default_factory=list)
    view: dict[str, Any] | None = None
    seq: int = -1
    seat: int | None = None
    token: str | None = None
    gaps: int = 0
    _cursor: int = 0

    async def send(self, **message: Any) -> None:
        await self.ws.send(json.dumps(message))

    async def send_raw(self, data: str | bytes) -> None:
        await self.ws.send(data)

    async def next(self, timeout: float = WAIT) -> dict[str, Any]:
        """The next frame not yet consumed (waiting for one if need be)."""
        if self._cursor >= len(self.messages):
            raw = await asyncio.wait_for(self.ws.recv(), timeout)
            assert isinstance(raw, str)
            self._record(raw)
        message = self.messages[self._cursor]
        self._cursor += 1
        return message

    async def until(
        self, predicate: Callable[[dict[str, Any]], bool], timeout: float = WAIT
    ) -> dict[str, Any]:
        """Consume frames until one matches; fail after `timeout` seconds without one."""
        end = asyncio.get_running_loop().time() + timeout
        while True:
            left = end - asyncio.get_running_loop().time()
            if left <= 0:
                raise AssertionError(f"no matching frame; last: {self.messages[-3:]}")
            message = await self.next(left)
            if predicate(message):
                return message

    async def error(self, code: str) -> dict[str, Any]:
        message = await self.until(lambda m: m["type"] == "error")
        assert message["code"] == code, message
        return message

    def _record(self, raw: str) -> None:
        self.frames.append(raw)
        message = json.loads(raw)
        self.messages.append(message)
        kind = message["type"]
        if kind in ("welcome", "state", "patch"):
            expected = (self.seq + 1,) if kind == "patch" else (self.seq, self.seq + 1)
            if kind != "welcome" and self.seq >= 0 and message["seq"] not in expected:
                self.gaps += 1  # a resync's state repeats the current seq; nothing else may
            self.seq = message["seq"]
        if kind == "welcome":
            self.seat, self.token = message["seat"], message["token"]
            self.view = message["state"]
        elif kind == "state":
            self.view = message["state"]
        elif kind == "patch" and self.view is not None:
            self.view = replace_fields(self.view, message)


@contextmanager
def nothing() -> Iterator[None]:
    yield


async def open_client(
    server: RunningServer, code: str, headers: dict[str, str] | None = None, **kwargs: Any
) -> Client:
    ws = await connect(
        f"{server.ws_base}/ws/{code}",
        additional_headers=headers or {},
        max_size=2**22,
        open_timeout=WAIT,
        **kwargs,
    )
    return Client(ws)


async def join(server: RunningServer, code: str, name: str, **extra: Any) -> Client:
    client = await open_client(server, code)
    await client.send(type="join", name=name, **extra)
    welcome = await client.until(lambda m: m["type"] in ("welcome", "error"))
    assert welcome["type"] == "welcome", welcome
    return client


async def watch(server: RunningServer, code: str, host_token: str | None = None) -> Client:
    client = await open_client(server, code)
    await client.send(type="watch", host_token=host_token)
    welcome = await client.until(lambda m: m["type"] in ("welcome", "error"))
    assert welcome["type"] == "welcome", welcome
    return client


def run(coro: Any, timeout: float = 60) -> Any:
    """Run one async test body with an overall limit (a hang is a failure, not a stall)."""

    async def bounded() -> Any:
        return await asyncio.wait_for(coro, timeout)

    return asyncio.run(bounded())
