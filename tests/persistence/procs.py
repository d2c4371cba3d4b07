"""Real server processes on a database file, and protocol clients that survive their restarts."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Self, TypeVar

from websockets.asyncio.client import ClientConnection, connect

T = TypeVar("T")

#: Generous bound for one expected frame or one start-up: a wait that long means a failure.
WAIT = 20.0


def run(coro: Coroutine[Any, Any, T], timeout: float = 120) -> T:
    """Run a coroutine on a thread of its own (the browser tests keep a loop on this one)."""

    async def bounded() -> T:
        return await asyncio.wait_for(coro, timeout)

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, bounded()).result()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """`peanutclub serve --dev --db FILE` in a child process."""

    db: Path
    port: int
    log: Path
    proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        """The command line that starts this server (subclasses add their own flags)."""
        return command(self.db, self.port)

    def environment(self) -> dict[str, str]:
        return env()

    def start(self) -> Self:
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                self.command(), env=self.environment(), stdout=out, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{self.base}/healthz", timeout=1):
                    return self
            except OSError:
                time.sleep(0.05)
        raise AssertionError("the server did not answer in time")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, exactly like a crash."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def get(self, path: str) -> tuple[int, Any]:
        try:
            with urllib.request.urlopen(f"{self.base}{path}", timeout=WAIT) as res:
                return res.status, json.loads(res.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def create_room(self, **body: Any) -> dict[str, Any]:
        request = urllib.request.Request(
            f"{self.base}/api/rooms",
            data=json.dumps(body).encode(),
            headers={"content-type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=WAIT) as res:
            room: dict[str, Any] = json.loads(res.read())
        return room


def command(db: Path, port: int, *extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "peanutclub",
        "serve",
        "--dev",
        "--db",
        str(db),
        "--port",
        str(port),
        *extra,
    ]


def env() -> dict[str, str]:
    """The suite's environment asks for the memory store; these processes use their --db file."""
    return {**os.environ, "PEANUTCLUB_STORE": "sqlite", "PEANUTCLUB_MAX_ROOMS_PER_ADDRESS": "1000"}


@dataclass(eq=False)
class Player:
    """A protocol client whose reader task keeps its latest view up to date."""

    name: str
    ws: ClientConnection | None = None
    seat: int | None = None
    token: str | None = None
    host: bool = False
    view: dict[str, Any] | None = None
    seq: int = -1
    seqs: list[int] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    reader: asyncio.Task[None] | None = None

    async def connect(self, server: Server, code: str, hello: dict[str, Any]) -> None:
        self.ws = await connect(f"{server.ws_base}/ws/{code}", open_timeout=WAIT)
        await self.ws.send(json.dumps(hello))
        self.reader = asyncio.get_running_loop().create_task(self._read(self.ws))
        await self.wait(lambda: self.view is not None or bool(self.errors))
        assert not self.errors, self.errors

    async def send(self, **message: Any) -> None:
        assert self.ws is not None
        await self.ws.send(json.dumps(message))

    async def _read(self, ws: ClientConnection) -> None:
        with contextlib.suppress(Exception):
            async for raw in ws:
                self._record(json.loads(raw))
                self.changed.set()
        self.changed.set()

    def _record(self, message: dict[str, Any]) -> None:
        """What the client keeps of one frame (a subclass may keep more)."""
        kind = message["type"]
        if kind in ("welcome", "state", "patch"):
            self.seq = message["seq"]
            self.seqs.append(message["seq"])
        if kind == "welcome":
            self.seat, self.token = message["seat"], message["token"]
            self.host = message["host"]
            self.view = message["state"]
        elif kind == "state":
            self.view = message["state"]
        elif kind == "patch" and self.view is not None:
            keys = ("high_bid", "going", "deadline", "deadline_kind", "now", "min_bids")
            self.view = {**self.view, **{k: message[k] for k in keys if k in message}}
        elif kind == "error":
            self.errors.append(message)

    async def wait(self, predicate: Any, timeout: float = WAIT) -> None:
        end = asyncio.get_running_loop().time() + timeout
        while not predicate():
            left = end - asyncio.get_running_loop().time()
            if left <= 0:
                raise AssertionError(f"{self.name}: condition not met; view {self.view}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(BaseException):
                await self.reader


P = TypeVar("P", bound=Player)


async def seat_players(
    servers: Server | list[Server],
    code: str,
    host_token: str,
    names: list[str],
    kind: type[P] = Player,  # type: ignore[assignment]
) -> list[P]:
    """One `kind` of client per name, the i-th on servers[i % len(servers)]; the first is the
    host."""
    servers = servers if isinstance(servers, list) else [servers]
    players = []
    for i, name in enumerate(names):
        player = kind(name)
        hello: dict[str, Any] = {"type": "join", "name": name}
        if i == 0:
            hello["host_token"] = host_token
        await player.connect(servers[i % len(servers)], code, hello)
        players.append(player)
    return players


async def resume_players(
    server: Server,
    code: str,
    before: list[P],
    kind: type[P] = Player,  # type: ignore[assignment]
) -> list[P]:
    """New connections that take back each seat with its token (what a page does on reconnect),
    each a new `kind` of client."""
    players = []
    for old in before:
        player = kind(old.name)
        await player.connect(server, code, {"type": "resume", "token": old.token})
        players.append(player)
    return players


async def wait_any(players: list[Player], predicate: Any, timeout: float = WAIT) -> None:
    """Wait until `predicate()` holds, looking again whenever any of these clients hears news."""
    end = asyncio.get_running_loop().time() + timeout
    while not predicate():
        left = end - asyncio.get_running_loop().time()
        if left <= 0:
            raise AssertionError(f"condition not met; views {[p.view for p in players]}")
        for p in players:
            p.changed.clear()
        waiters = [asyncio.ensure_future(p.changed.wait()) for p in players]
        await asyncio.wait(waiters, timeout=left, return_when=asyncio.FIRST_COMPLETED)
        for waiter in waiters:
            waiter.cancel()


def view_of(player: Player) -> dict[str, Any]:
    """A client's latest view (an empty one before its welcome)."""
    return player.view or {"phase": None, "high_bid": None, "going": None}


def settled(players: list[Player]) -> bool:
    """Every client has heard of the same last change."""
    return len({p.seq for p in players}) == 1 and all(p.view for p in players)


async def drive(players: list[Player], *, until_round: int | None = None) -> None:
    """A scripted, deterministic game: each lot, seat (round % players) bids the least it may in
    the first currency open to it (or calls the lot to discard it), then calls "going" itself;
    the winner pays the suggested payment. Returns at the end, or when lot `until_round` opens.

    Only the going steps are left to the server's clock; nothing depends on timing.
    """
    acted: set[tuple[Any, ...]] = set()
    host = players[0]
    while True:
        await wait_any(players, lambda: settled(players))
        seq = host.seq
        view = host.view
        assert view is not None
        if view["phase"] == "over":
            return
        high = json.dumps(view["high_bid"], sort_keys=True)
        key = (view["phase"], view["round"], high, view["going"], len(view["paid"]))
        if view["phase"] == "bidding" and view["going"] == 0 and key not in acted:
            if (
                view["high_bid"] is None
                and until_round is not None
                and view["round"] >= until_round
            ):
                return
            bidder = players[view["round"] % len(players)]
            assert bidder.view is not None
            options = bidder.view["you"]["bid_options"]
            if view["high_bid"] is None:
                open_ = [(c, options[c]["min"]) for c in view["column"] if not options[c]["reason"]]
                if open_:
                    acted.add(key)
                    await bidder.send(type="bid", currency=open_[0][0], amount=open_[0][1])
                    await bidder.wait(lambda b=bidder: view_of(b)["high_bid"] is not None)
                    continue
            acted.add(key)
            await bidder.send(type="going")
        elif view["phase"] == "paying" and key not in acted:
            payer = players[view["payer"]]
            assert payer.view is not None
            acted.add(key)
            await payer.send(type="pay", **payer.view["you"]["pay_suggestion"])
        await host.wait(lambda seq=seq: host.seq > seq)
