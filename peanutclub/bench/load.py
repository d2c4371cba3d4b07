"""One load process: its share of the rooms, light clients at every seat, moves at a set rate.

Each room plays whole games on a fixed schedule, each room at its own phase: `rate` ticks per
second for the room (Peanut Club's bids, Nur Peanuts!' turns), or, for a game whose bench says
`per_seat`, `rate` ticks per second for each seat on its own schedule (Peanuts!' racers). A
finished game is followed by `rematch` and `start`. What the clients send on a tick, which frame
shows a move delivered, and how many seats a room has, is the game's (`--game`): its class's
`tools.bench`, a `core.game.BenchPlan` (Peanut Club's in `peanutclub/games/peanut_club/bench.py`:
a bid from whichever seat can honour the
next amount, timed from just before it is sent to the moment the last seat of its room has the
`patch` that carries it). Against the relay (`mode="relay"`) the same schedule sends the game's
relay frame and the time runs to the last echo.

Every `patch` is public: the same bytes for every seat of a room. Each room compares the n-th
patch each seat receives with the n-th the first receiver had; a difference is an error
(`patch_mismatch`), and the size of each patch is kept for the report.

A refusal by the rules (a bid that lost a race, a call that came too late: the game's own codes,
`peanutclub.games.refusal_codes`) is counted apart from errors; an error is anything else: an
unexpected error frame, a lost connection, a move that never reached the whole room.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import random
import time
from collections.abc import Callable
from functools import cache
from multiprocessing.connection import Connection
from typing import Any

import orjson

from peanutclub.bench.table import SEATS, BaseRoom, Plan, Rules, Stats
from peanutclub.core.game import BenchPlan
from peanutclub.games import DEFAULT_GAME, find_game, refusal_codes


def require_bench(game_id: str) -> None:
    """Stop with a clear message when `game_id` is no game here, rather than fail deep inside a
    worker (every game declares its bench: `tools.bench`)."""
    try:
        find_game(game_id)
    except Exception as error:
        raise SystemExit(f"{game_id}: {error}") from None


@cache
def strategy(game_id: str) -> BenchPlan:
    """The game's bench, as its class declares it: its tables' pace, what its clients send,
    its relay frame."""
    return find_game(game_id).tools.bench()


def seats_of(game_id: str) -> int:
    """How many players sit at one of the game's bench tables by default (its bench's
    `players`, else the load's six)."""
    players = strategy(game_id).players
    return SEATS if players is None else players


def seats_chosen(game_id: str) -> bool:
    """Whether the game's bench plays any number of seats (`--seats`): one that names its
    `players` does; one that does not plays the load's fixed six."""
    return strategy(game_id).players is not None


def per_seat(game_id: str) -> bool:
    """Whether the rate is per seat, each on its own schedule (a race), not per room."""
    return strategy(game_id).per_seat


def rate_unit(game_id: str) -> str:
    """What a rate counts, for the report: `bids/s per room`, `moves/s per seat`, ..."""
    return strategy(game_id).rate_unit


@cache
def refusals(game_id: str) -> frozenset[str]:
    """The codes counted as the rules refusing a move (a race lost), not as a fault."""
    return refusal_codes(find_game(game_id))


def rules_of(game_id: str) -> Rules:
    """What the rooms of a plan need of the game's rules, read from its class."""
    bench = strategy(game_id)
    return Rules(pace=bench.pace, refusals=refusals(game_id), per_seat=bench.per_seat)


def start_spread(
    mode: str,
    rate: float,
    asked: float | None,
    warmup: float,
    game_id: str = DEFAULT_GAME,
    seats: int | None = None,
) -> float:
    """Over how many seconds the rooms start playing, each at a random moment.

    Independent tables are at every point of their games at once; rooms that start together stay
    in step and would all be measured in their busiest part together (docs/performance.md). So
    by default the starts are spread over the game's `spread_ticks` of a room at the rate (one
    game, or one round of a game whose games are long: its bench says which), else `game_ticks`.
    The relay's rooms have no games: only their phases are spread.
    """
    if asked is not None:
        return asked
    if mode == "relay":
        return warmup / 2
    bench = strategy(game_id)
    ticks = float(bench.game_ticks if bench.spread_ticks is None else bench.spread_ticks)
    if per_seat(game_id):
        rate *= seats_of(game_id) if seats is None else seats
    return ticks / rate


class RelayRoom(BaseRoom):
    """The clients of one relay room: every frame comes back to all of them."""

    def __init__(self, plan: Plan, stats: Stats, index: int) -> None:
        super().__init__(plan, stats, index)
        self.relay_frame = strategy(plan.game).relay_frame

    async def open(self) -> None:
        await self._connect(f"/ws/bench-{self.plan.seed}-{self.plan.worker}-{self.index}")

    def received(self, seat: int, raw: bytes) -> None:
        if self.stats.measuring:
            self.stats.deliveries += 1
        self.delivered(orjson.loads(raw).get("ref"))

    def tick(self) -> None:
        seat = self.turn % self.seat_count
        self.turn += 1
        self.tick_seat(seat)

    def tick_seat(self, seat: int) -> None:
        ref = self.next_ref
        self.next_ref += 1
        message = self.relay_frame(ref)
        self.pending[ref] = [time.perf_counter(), self.seat_count, ref, self.stats.measuring]
        if self.stats.measuring:
            self.stats.bids += 1
        self.seats[seat].send(orjson.dumps(message))


async def pace(
    stats: Stats,
    tick: Callable[[], None],
    rate: float,
    start: float,
    end: float,
    lag: list[float],
) -> None:
    """Call `tick` `rate` times a second from a random phase until `end`."""
    interval = 1.0 / rate
    due = start + random.random() * interval
    while due < end:
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        if stats.measuring:
            lag.append(time.perf_counter() - due)
        tick()
        due += interval


async def run(plan: Plan, pipe: Connection) -> None:
    random.seed(plan.seed * 1000 + plan.worker)
    plan = dataclasses.replace(plan, rules=rules_of(plan.game))
    stats = Stats()
    kind: Callable[[Plan, Stats, int], BaseRoom] = (
        strategy(plan.game).table if plan.mode == "game" else RelayRoom
    )
    rooms = [kind(plan, stats, i) for i in range(plan.rooms)]
    for first in range(0, len(rooms), 25):  # open the rooms a few at a time
        await asyncio.gather(*(r.open() for r in rooms[first : first + 25]))
    pipe.send(("ready", len(rooms) * plan.seats))
    await asyncio.to_thread(pipe.recv)  # "play"
    started = time.perf_counter() + plan.spread + plan.warmup
    end = started + plan.duration
    lag: list[float] = []

    async def play(room: BaseRoom) -> None:
        # Independent tables: each starts at its own moment, not all in one step.
        await asyncio.sleep(random.random() * plan.spread)
        await room.start()
        now = time.perf_counter()
        await asyncio.gather(*(pace(stats, t, plan.rate, now, end, lag) for t in room.schedules()))

    playing = asyncio.gather(*(play(r) for r in rooms))
    await asyncio.sleep(max(0.0, started - time.perf_counter()))
    stats.measuring = True
    await playing
    stats.measuring = False
    stats.lag = lag
    deadline = time.perf_counter() + plan.grace
    while any(r.pending for r in rooms) and time.perf_counter() < deadline:
        await asyncio.sleep(0.05)
    for r in rooms:
        for entry in r.pending.values():
            if entry[3]:
                stats.errors["undelivered"] += 1
    stats.closing = True
    for r in rooms:
        r.close()
    await asyncio.sleep(0.1)
    pipe.send(("done", result_of(stats)))


def result_of(stats: Stats) -> dict[str, Any]:
    lag = sorted(stats.lag)
    return {
        "latencies": stats.latencies,
        "deliveries": stats.deliveries,
        "bids": stats.bids,
        "skipped": stats.skipped,
        "games": stats.games,
        "refusals": dict(stats.refusals),
        "errors": dict(stats.errors),
        "lag_p99": lag[int(0.99 * (len(lag) - 1))] if lag else 0.0,
        "near": stats.near,
        "far": stats.far,
        "patch_bytes": stats.patch_bytes,
    }


def main(plan: Plan, pipe: Connection) -> None:
    """The entry point of a load process (started by the runner)."""
    if plan.cpus:
        os.sched_setaffinity(0, plan.cpus)
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvicorn[standard] brings it
        asyncio.run(run(plan, pipe))
    else:
        uvloop.run(run(plan, pipe))
