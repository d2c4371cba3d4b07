"""A load test: many rooms of six players bidding at once against a real server.

It measures what a player feels: the time from a bid being sent to the last player of the room
receiving the new state (the `patch` that carries that bid). Every room bids in a closed loop
(the next bid goes out once the whole room has the previous one), all rooms at once. Rule
refusals (a bid that lost a race or was beyond a hand) are counted apart from errors.

`peanutclub loadtest` starts a server in development mode in a child process (so the clients do not
share its interpreter) unless `--url` points at one already running.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection, connect

PACE = {"going_step_seconds": 0, "idle_seconds": 0, "pay_seconds": 30}
LIMITS = {
    "PEANUTCLUB_MAX_CONNECTIONS_PER_ADDRESS": "100000",
    "PEANUTCLUB_MAX_ROOMS_PER_ADDRESS": "100000",
    "PEANUTCLUB_MAX_ROOMS": "100000",
}


@dataclass
class Player:
    seat: int
    ws: ClientConnection
    view: dict[str, Any] | None = None
    errors: list[str] = field(default_factory=list)


@dataclass
class Pending:
    high_bid: dict[str, Any]
    sent: float
    waiting: set[int]
    done: asyncio.Future[float]


@dataclass
class Results:
    latencies: list[float] = field(default_factory=list)
    refusals: int = 0
    errors: int = 0


class RoomRun:
    """One room: six players, a closed loop of bids, a sale whenever nobody can go higher."""

    def __init__(self, base: str, results: Results) -> None:
        self.base = base
        self.results = results
        self.players: list[Player] = []
        self.pending: Pending | None = None
        self.phase_changed = asyncio.Event()

    async def open(self) -> None:
        request = urllib.request.Request(
            f"{self.base}/api/rooms",
            data=orjson.dumps(PACE),
            headers={"content-type": "application/json"},
        )
        room = await asyncio.to_thread(lambda: orjson.loads(urllib.request.urlopen(request).read()))
        ws_base = self.base.replace("http", "ws", 1)
        for seat in range(6):
            ws = await connect(f"{ws_base}/ws/{room['code']}", max_size=2**22)
            join: dict[str, Any] = {"type": "join", "name": f"P{seat}"}
            if seat == 0:
                join["host_token"] = room["host_token"]
            await ws.send(orjson.dumps(join).decode())
            player = Player(seat, ws)
            player.view = orjson.loads(await ws.recv())["state"]
            self.players.append(player)
        for player in self.players:
            asyncio.get_running_loop().create_task(self.read(player))
        await self.players[0].ws.send('{"type":"start"}')
        await self.wait_for_phase("bidding")

    async def read(self, player: Player) -> None:
        with contextlib.suppress(Exception):
            async for raw in player.ws:
                message = orjson.loads(raw)
                kind = message["type"]
                if kind == "patch":
                    assert player.view is not None
                    player.view = {**player.view, "high_bid": message["high_bid"]}
                    pending = self.pending
                    if pending is not None and message["high_bid"] == pending.high_bid:
                        pending.waiting.discard(player.seat)
                        if not pending.waiting and not pending.done.done():
                            pending.done.set_result(time.perf_counter())
                elif kind == "state":
                    player.view = message["state"]
                    self.phase_changed.set()
                elif kind == "error":
                    player.errors.append(message["code"])
                    pending = self.pending
                    if pending is not None and not pending.done.done():
                        pending.done.set_exception(RuntimeError(message["code"]))

    async def wait_for_phase(self, phase: str) -> None:
        while not all(p.view and p.view["phase"] in (phase, "over") for p in self.players):
            self.phase_changed.clear()
            await asyncio.wait_for(self.phase_changed.wait(), 30)

    async def bid_once(self, turn: int) -> bool:
        """Send one bid and time it; False when the game is over."""
        view = self.players[0].view
        assert view is not None
        if view["phase"] == "over":
            return False
        currency = view["column"][0]
        high = view["high_bid"]
        amount = 1 if high is None else high["amount"] + 1
        bidder = None
        for step in range(6):
            candidate = self.players[(turn + step) % 6]
            you = candidate.view["you"] if candidate.view else None
            if high is not None and high["seat"] == candidate.seat:
                continue
            if you and you["bid_options"].get(currency, {}).get("max", 0) >= amount:
                bidder = candidate
                break
        if bidder is None or (high is not None and high["currency"] != currency):
            await self.sell()
            return True
        expected = {"seat": bidder.seat, "amount": amount, "currency": currency}
        done: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self.pending = Pending(expected, time.perf_counter(), set(range(6)), done)
        message = {"type": "bid", "amount": amount, "currency": currency}
        await bidder.ws.send(orjson.dumps(message).decode())
        try:
            finished = await asyncio.wait_for(done, 30)
            self.results.latencies.append(finished - self.pending.sent)
        except RuntimeError:
            self.results.refusals += 1
            await self.resync()
        except TimeoutError:
            self.results.errors += 1
        self.pending = None
        return True

    async def resync(self) -> None:
        self.phase_changed.clear()
        await self.players[0].ws.send('{"type":"resync"}')
        await asyncio.wait_for(self.phase_changed.wait(), 30)

    async def sell(self) -> None:
        """Nobody can go higher: call it, let the winner pay, wait for the next lot."""
        host = self.players[0]
        self.phase_changed.clear()
        await host.ws.send('{"type":"going"}')
        await self.wait_for_phase("paying")
        view = host.view
        assert view is not None
        if view["phase"] == "paying":
            payer = self.players[view["payer"]]
            assert payer.view is not None
            suggestion = payer.view["you"]["pay_suggestion"]
            await payer.ws.send(orjson.dumps({"type": "pay", **suggestion}).decode())
        await self.wait_for_phase("bidding")

    async def close(self) -> None:
        for player in self.players:
            await player.ws.close()


async def run_load(base: str, rooms: int, bids: int) -> Results:
    results = Results()
    runs = [RoomRun(base, results) for _ in range(rooms)]
    for chunk in range(0, rooms, 20):  # open the rooms in small batches
        await asyncio.gather(*(r.open() for r in runs[chunk : chunk + 20]))

    async def drive(run: RoomRun) -> None:
        for turn in range(bids):
            if not await run.bid_once(turn):
                break

    await asyncio.gather(*(drive(r) for r in runs))
    await asyncio.gather(*(r.close() for r in runs))
    return results


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def report(label: str, results: Results, seconds: float) -> dict[str, float]:
    ms = [v * 1000 for v in results.latencies]
    figures = {
        "bids": float(len(ms)),
        "median_ms": statistics.median(ms) if ms else float("nan"),
        "p99_ms": percentile(ms, 0.99) if ms else float("nan"),
        "max_ms": max(ms) if ms else float("nan"),
        "bids_per_s": len(ms) / seconds if seconds else 0.0,
        "refusals": float(results.refusals),
        "errors": float(results.errors),
    }
    print(
        f"{label}: {len(ms)} bids, median {figures['median_ms']:.2f} ms, "
        f"p99 {figures['p99_ms']:.2f} ms, max {figures['max_ms']:.2f} ms, "
        f"{figures['bids_per_s']:.0f} bids/s; {results.refusals} rule refusals, "
        f"{results.errors} errors",
        flush=True,
    )
    return figures


@contextlib.contextmanager
def local_server() -> Any:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, **LIMITS}
    command = [sys.executable, "-m", "peanutclub", "serve", "--dev", "--port", str(port)]
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"{base}/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.05)
        yield base
    finally:
        process.terminate()
        process.wait(10)


def run_async(coroutine: Coroutine[Any, Any, Results]) -> Results:
    """Run the clients on uvloop when it is installed (as with uvicorn[standard]): the clients'
    own overhead then weighs less in the figures."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coroutine)
    return uvloop.run(coroutine)


def main(args: argparse.Namespace) -> int:
    with contextlib.ExitStack() as stack:
        base = args.url or stack.enter_context(local_server())
        print(f"{args.rooms} rooms x 6 players, {args.bids} bids per room, against {base}")
        medians, p99s = [], []
        for number in range(1, args.runs + 1):
            started = time.perf_counter()
            results = run_async(run_load(base, args.rooms, args.bids))
            figures = report(f"run {number}", results, time.perf_counter() - started)
            medians.append(figures["median_ms"])
            p99s.append(figures["p99_ms"])
        print(
            f"median of {args.runs} runs: median {statistics.median(medians):.2f} ms, "
            f"p99 {statistics.median(p99s):.2f} ms"
        )
    return 0


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "loadtest", help="measure bid-to-last-player latency with many rooms of six"
    )
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--bids", type=int, default=50, help="bids per room and run")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--url", help="a running server (started with --dev); default: start one")
    parser.set_defaults(func=main)


if __name__ == "__main__":
    top = argparse.ArgumentParser(prog="python -m peanutclub.server.loadtest")
    register(top.add_subparsers(dest="command", required=True))
    parsed = top.parse_args(["loadtest", *sys.argv[1:]])
    raise SystemExit(parsed.func(parsed))
