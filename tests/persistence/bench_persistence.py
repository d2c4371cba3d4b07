"""The cost of durability, measured (not asserted): `python tests/persistence/bench_persistence.py`.

* `durability`: bid-to-broadcast latency (p50, p99) with the SQLite store and with the memory
  store, measured by `peanutclub bench` (a fresh `peanutclub serve --dev` per run), the two stores
  interleaved run by run so that both see the same machine.
* `restart`: the time to start a server on a file holding 1,000 rooms with games under way, from
  the process starting to its first answer, and the restore alone (in this process).

Each figure is reported per run and as the median of the runs (three by default).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from peanutclub.games.peanut_club.engine import CallGoing, Phase, PlaceBid
from peanutclub.server.clock import ManualClock
from peanutclub.server.directory import LocalDirectory
from peanutclub.server.room import Room
from peanutclub.server.rooms import Rooms
from peanutclub.server.settings import ServerSettings
from peanutclub.server.sqlite_store import SqliteStore
from peanutclub.server.store import RoomRecord

#: The server's limits, opened up for one client address.
LIMITS = {"PEANUTCLUB_MAX_ROOMS_PER_ADDRESS": "100000", "PEANUTCLUB_MAX_ROOMS": "100000"}


class Quiet:
    seat: int | None = None
    host = False

    def send(self, frame: str) -> None:
        pass

    def close(self, code: int, reason: str) -> None:
        pass


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(store_args: list[str]) -> tuple[subprocess.Popen[bytes], str, float]:
    """A dev server; returns it, its base URL and the seconds until it first answered."""
    port = free_port()
    command = [sys.executable, "-m", "peanutclub", "serve", "--dev", "--port", str(port)]
    env = {**os.environ, **LIMITS}
    env.pop("PEANUTCLUB_STORE", None)
    started = time.perf_counter()
    proc = subprocess.Popen(
        [*command, *store_args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    base = f"http://127.0.0.1:{port}"
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited ({proc.returncode})")
        try:
            urllib.request.urlopen(f"{base}/healthz", timeout=1).read()
            return proc, base, time.perf_counter() - started
        except OSError:
            time.sleep(0.01)


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    proc.wait(10)


def durability(args: argparse.Namespace) -> None:
    """`peanutclub bench` once per store and run, the stores interleaved, medians at the end."""
    figures: dict[str, list[tuple[float, float, float]]] = {"sqlite": [], "memory": []}
    with tempfile.TemporaryDirectory() as tmp:
        for number in range(1, args.runs + 1):
            for store in figures:
                report = Path(tmp) / f"{store}-{number}.json"
                command = [
                    *(sys.executable, "-m", "peanutclub", "bench", "--no-baseline", "--runs", "1"),
                    *("--rooms", str(args.rooms), "--rates", str(args.rate)),
                    *("--duration", str(args.duration), "--store", store, "--json", str(report)),
                ]
                env = {**os.environ}
                env.pop("PEANUTCLUB_STORE", None)
                subprocess.run(command, env=env, check=False, stdout=subprocess.DEVNULL)
                point = json.loads(report.read_text())["points"][0]["median"]["peanutclub"]
                row = (point["p50_ms"], point["p99_ms"], point["errors"])
                figures[store].append(row)
                print(
                    f"run {number} {store}: p50 {row[0]:.2f} ms, p99 {row[1]:.2f} ms, "
                    f"{point['refusals']} rule refusals, {row[2]} errors",
                    flush=True,
                )
    print(f"{args.rooms} rooms x 6 players, {args.rate} bids/s per room, {args.duration:g} s")
    for store, runs in figures.items():
        p50 = statistics.median(r[0] for r in runs)
        p99 = statistics.median(r[1] for r in runs)
        print(f"median of {len(runs)} runs, {store}: p50 {p50:.2f} ms, p99 {p99:.2f} ms")


async def fill(path: Path, rooms: int, lots: int) -> int:
    """`rooms` rooms of three players, each `lots` lots into its game; returns log entries."""
    store = await SqliteStore.open(path)
    clock = ManualClock(time.time())
    settings = ServerSettings(store="sqlite")
    for n in range(rooms):
        code = f"B{n:04d}"
        record = RoomRecord(code, f"host-{n}", clock.time(), {"idle_seconds": 8.0}, fixed_seed=n)
        await store.create_room(record)
        room = Room(record, settings, store, clock)
        tv = Quiet()
        await room.watch(tv, f"host-{n}", None)
        for name in ("Ana", "Bo", "Cy"):
            await room.join(Quiet(), name, None, None)
        await room.start(tv, None)
        game = room.game.engine
        assert game is not None
        while game.phase is not Phase.OVER and game.round <= lots:
            if game.phase is Phase.BIDDING and game.high_bid is None and not game.going:
                seat = game.round % 3
                options = game.bid_options(seat)
                free = [c for c in game.column if not options[c.value]["reason"]]
                if free:
                    amount = options[free[0].value]["min"]
                    await room.act(PlaceBid(seat, amount, free[0]))
                    continue
                await room.act(CallGoing(None))
                continue
            await room.act(game.auctioneer_action())
        await room.close()
    await store.close()
    return store.entries_written


async def restore_only(path: Path) -> tuple[int, float]:
    store = await SqliteStore.open(path)
    settings = ServerSettings(store="sqlite", keep_rooms_days=0, keep_games_days=0)
    rooms = Rooms(LocalDirectory(settings, store, ManualClock()))
    started = time.perf_counter()
    restored = await rooms.restore_all()
    seconds = time.perf_counter() - started
    for room in rooms.rooms.values():
        await room.close()
    await store.close()
    return restored, seconds


def restart(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "rooms.db"
        started = time.perf_counter()
        entries = asyncio.run(fill(path, args.stored_rooms, args.lots))
        size = path.stat().st_size + sum(p.stat().st_size for p in Path(tmp).glob("rooms.db-*"))
        print(
            f"{args.stored_rooms} rooms, {entries} log entries, {size / 1e6:.1f} MB "
            f"(written in {time.perf_counter() - started:.1f} s)",
            flush=True,
        )
        empty, _, bare = start_server(["--memory"])
        stop(empty)
        starts, restores = [], []
        for number in range(1, args.runs + 1):
            proc, _, seconds = start_server(["--db", str(path)])
            stop(proc)
            restored, alone = asyncio.run(restore_only(path))
            starts.append(seconds)
            restores.append(alone)
            print(
                f"run {number}: start to first answer {seconds:.2f} s; restore of {restored} "
                f"rooms alone {alone:.2f} s",
                flush=True,
            )
    print(f"an empty server (memory store) starts in {bare:.2f} s")
    print(
        f"median of {args.runs} runs: start to first answer {statistics.median(starts):.2f} s, "
        f"restore alone {statistics.median(restores):.2f} s"
    )


def main(argv: list[str] | None = None) -> Any:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="what", required=True)
    d = sub.add_parser("durability")
    d.add_argument("--rooms", type=int, default=200)
    d.add_argument("--rate", type=float, default=10.0, help="bids per second per room")
    d.add_argument("--duration", type=float, default=10.0, help="seconds measured per run")
    d.add_argument("--runs", type=int, default=3)
    d.set_defaults(func=durability)
    r = sub.add_parser("restart")
    r.add_argument("--stored-rooms", type=int, default=1000)
    r.add_argument("--lots", type=int, default=8, help="lots played in each stored game")
    r.add_argument("--runs", type=int, default=3)
    r.set_defaults(func=restart)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    main()
