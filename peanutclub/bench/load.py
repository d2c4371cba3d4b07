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
import os
import random
import time
import urllib.request
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, partial
from multiprocessing.connection import Connection
from typing import Any

import orjson

from peanutclub.bench.wsclient import WsClient, connect
from peanutclub.core.frames import apply_patch as replace_fields
from peanutclub.core.game import BenchPlan
from peanutclub.games import DEFAULT_GAME, find_game, refusal_codes

#: The seats of a room when the game's bench names none (Peanut Club's six).
SEATS = 6
#: A room whose going call got lost is unstuck after this long.
SELL_TIMEOUT = 3.0


def message_of(action: Any) -> dict[str, Any]:
    """The client message for a bot's action: the action as its game's log holds it
    (`to_dict`), without its seat."""
    data: dict[str, Any] = action.to_dict()
    return {k: v for k, v in data.items() if k != "seat"}


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


@dataclass
class Plan:
    """What one load process does."""

    host: str
    port: int
    mode: str  # "game" or "relay"
    rooms: int
    rate: float
    duration: float
    grace: float = 3.0
    #: Seconds of play after the last room started, before measuring.
    warmup: float = 5.0
    #: The rooms start at random moments over this many seconds (`start_spread`).
    spread: float = 2.5
    worker: int = 0
    cpus: list[int] | None = None
    seed: int = 0
    #: Several processes sharing rooms (docs/scaling.md): the ports of all of them. Each room is
    #: opened on `port` (whose process then owns it) and seat i connects to `ports[i % n]`; each
    #: seat's own receipt of a bid is also timed, apart for seats on the owner and the others.
    ports: list[int] = field(default_factory=list)
    #: The game the rooms play (its `tools.bench` says what the clients send).
    game: str = DEFAULT_GAME
    #: Players per room.
    seats: int = SEATS


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    lag: list[float] = field(default_factory=list)
    deliveries: int = 0
    bids: int = 0
    skipped: int = 0
    games: int = 0
    refusals: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    measuring: bool = False
    closing: bool = False
    #: With `Plan.ports`: bid-to-receipt for seats on the owning process, and on the others.
    near: list[float] = field(default_factory=list)
    far: list[float] = field(default_factory=list)
    #: The size of each patch measured, in bytes (once per patch, not per seat), by its kind
    #: (the game's `Table.patch_kind`).
    patch_bytes: dict[str, list[int]] = field(default_factory=dict)


class BaseRoom:
    def __init__(self, plan: Plan, stats: Stats, index: int) -> None:
        self.plan = plan
        self.stats = stats
        self.index = index
        self.seat_count = plan.seats
        self.seats: list[WsClient] = []
        self.turn = index
        self.next_ref = 1
        # key -> [sent at, seats still to receive it, ref, sent while measuring]
        self.pending: dict[Any, list[Any]] = {}

    async def _connect(self, path: str) -> None:
        ports = self.plan.ports or [self.plan.port]
        for seat in range(self.seat_count):
            client = await connect(
                self.plan.host,
                ports[seat % len(ports)],
                path,
                lambda raw, seat=seat: self.frame(seat, raw),  # type: ignore[misc]
            )
            client.closed.add_done_callback(self._lost)
            self.seats.append(client)

    def _lost(self, _: Any) -> None:
        if not self.stats.closing:
            self.stats.errors["disconnected"] += 1

    def delivered(self, key: Any, seat: int | None = None) -> None:
        entry = self.pending.get(key)
        if entry is None:
            return
        ports = self.plan.ports
        if ports and seat is not None and entry[3]:
            near = ports[seat % len(ports)] == self.plan.port
            (self.stats.near if near else self.stats.far).append(time.perf_counter() - entry[0])
        entry[1] -= 1
        if entry[1] == 0:
            del self.pending[key]
            if entry[3]:
                self.stats.latencies.append(time.perf_counter() - entry[0])

    def frame(self, seat: int, raw: bytes) -> None:
        """A frame for `seat`, as it arrives."""
        self.received(seat, raw)

    def received(self, seat: int, raw: bytes) -> None:
        raise NotImplementedError

    async def open(self) -> None:
        raise NotImplementedError

    async def start(self) -> None:
        """Get the room to where bids can be sent."""

    def tick(self) -> None:
        """The room's tick: its next move, from whichever seat makes it."""
        raise NotImplementedError

    def tick_seat(self, seat: int) -> None:
        """`seat`'s own tick, in a game whose seats move on their own schedules (`PER_SEAT`)."""
        raise NotImplementedError

    def schedules(self) -> list[Callable[[], None]]:
        """What is ticked at the rate: the room, or each seat on its own schedule."""
        if per_seat(self.plan.game):
            return [partial(self.tick_seat, seat) for seat in range(self.seat_count)]
        return [self.tick]

    def close(self) -> None:
        for client in self.seats:
            client.close()


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


class GameRoom(BaseRoom):
    """The players of one table, playing whole games: what every game's bench table shares.

    What arrives is read here (`received`): the table's view, the latest any seat has, kept up
    to date from whole states and from patches by the game's rule (`apply_patch`); the host's
    `rematch` and `start` between games; refusals apart from errors. The game's bench `table`
    subclasses it with what its clients make of a frame (`arrived`: which move it delivers,
    what to send next), what they send (`tick` or `tick_seat`), and `started`: whether the game
    has started.
    """

    def __init__(self, plan: Plan, stats: Stats, index: int) -> None:
        super().__init__(plan, stats, index)
        self.seq = 0
        #: The table's public view, the latest any seat has (a whole state or a patched one).
        self.view: dict[str, Any] = {"phase": "lobby"}
        self.welcomed = [False] * self.seat_count
        #: n -> [the n-th patch's bytes, seats still to receive it]; each seat's count of patches.
        self.patches: dict[int, list[Any]] = {}
        self.patch_counts = [0] * self.seat_count
        self.changed = asyncio.Event()
        self.refusals = refusals(plan.game)
        self.by_ref: dict[Any, Any] = {}  # ref -> the key of the move in flight
        self.start_sent = False
        self.rematch_sent = False
        self.playing = False

    async def open(self) -> None:
        base = f"http://{self.plan.host}:{self.plan.port}"
        body = {"game": self.plan.game, **strategy(self.plan.game).pace}
        request = urllib.request.Request(
            f"{base}/api/rooms",
            data=orjson.dumps(body),
            headers={"content-type": "application/json"},
        )

        def create() -> Any:
            with urllib.request.urlopen(request, timeout=30) as response:
                return orjson.loads(response.read())

        room = await asyncio.to_thread(create)
        self.host_token = room["host_token"]
        await self._connect(f"/ws/{room['code']}")
        for seat, client in enumerate(self.seats):
            join: dict[str, Any] = {"type": "join", "name": f"P{seat}"}
            if seat == 0:
                join["host_token"] = self.host_token
            client.send(orjson.dumps(join))
            while not self.welcomed[seat]:
                await self.wait_change()

    def frame(self, seat: int, raw: bytes) -> None:
        if raw.startswith(b'{"type":"patch"'):
            self.same_patch(seat, raw)
        self.received(seat, raw)

    def same_patch(self, seat: int, raw: bytes) -> None:
        """Check that `seat`'s n-th patch is the same bytes as every other seat's n-th (a room
        sends its patches to every seat, in one order), and keep each patch's size once."""
        n = self.patch_counts[seat]
        self.patch_counts[seat] = n + 1
        entry = self.patches.get(n)
        if entry is None:
            if self.stats.measuring:
                sizes = self.stats.patch_bytes.setdefault(self.patch_kind(raw), [])
                sizes.append(len(raw))
            if self.seat_count > 1:
                self.patches[n] = [raw, self.seat_count - 1]
            return
        if entry[0] != raw:
            self.stats.errors["patch_mismatch"] += 1
        entry[1] -= 1
        if entry[1] == 0:
            del self.patches[n]

    def received(self, seat: int, raw: bytes) -> None:
        if self.stats.measuring:
            self.stats.deliveries += 1
        message = orjson.loads(raw)
        kind = message["type"]
        if kind == "patch":
            if message["seq"] > self.seq:
                self.seq = message["seq"]
                self.view = self.apply_patch(self.view, message)
        elif kind == "state" or kind == "welcome":
            if kind == "welcome":
                self.welcomed[seat] = True
            state = message["state"]
            if message["seq"] >= self.seq:
                self.seq = message["seq"]
                self.view = {**state, "you": None}  # the table's view: no seat's own part
            self.changed.set()
            if self.playing:
                phase = state["phase"]
                self.next_game(seat, phase)
                if phase != "lobby" and phase != "over":
                    self.start_sent = self.rematch_sent = False
        elif kind == "error":
            self.refused(message)
        self.arrived(seat, message)

    def apply_patch(self, view: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
        """The view after `patch`, by the game's rule (the platform's: each field replaced)."""
        return replace_fields(view, patch)

    def arrived(self, seat: int, message: dict[str, Any]) -> None:
        """What the game's clients make of a frame, once the view is up to date."""

    def patch_kind(self, raw: bytes) -> str:
        """What a patch answers, for its size in the report (a game may tell its kinds apart)."""
        return "patch"

    async def wait_change(self, timeout: float = 30) -> None:
        self.changed.clear()
        await asyncio.wait_for(self.changed.wait(), timeout)

    async def start(self) -> None:
        self.playing = True
        self.seats[0].send(b'{"type":"start"}')
        self.start_sent = True
        while not self.started():
            await self.wait_change()

    def started(self) -> bool:
        """Whether the table's game has started (moves can be sent)."""
        raise NotImplementedError

    def refused(self, message: dict[str, Any]) -> None:
        """An error frame: a rule refusal or an error, and its move no longer in flight."""
        code = message["code"]
        if code in self.refusals:
            self.stats.refusals[code] += 1
        else:
            self.stats.errors[code] += 1
        key = self.by_ref.pop(message.get("ref"), None)
        if key is not None:
            self.pending.pop(key, None)

    def next_game(self, seat: int, phase: str) -> None:
        """The host's part between games: `rematch` once a game is over, then `start`."""
        if seat == 0 and phase == "over" and not self.rematch_sent:
            self.rematch_sent = True
            self.stats.games += 1
            self.seats[0].send(b'{"type":"rematch"}')
        elif seat == 0 and phase == "lobby" and not self.start_sent:
            self.start_sent = True
            self.seats[0].send(b'{"type":"start"}')


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
