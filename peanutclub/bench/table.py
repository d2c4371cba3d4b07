"""A bench table's clients, as every game's bench shares them: what one load process plans
(`Plan`), what it counts (`Stats`), and the rooms' common part (`BaseRoom`; `GameRoom`, which a
game's bench `table` subclasses with what its clients send).

This module knows no game and never loads the registry: what a room needs of its game's rules
(its pace, its refusal codes, whether its seats move on their own schedules) arrives in its
plan's `rules`, which the load process fills in from the game's class (`load.rules_of`). So a
game's own bench module may build on it without its tools tying the game to the registry.
"""

from __future__ import annotations

import asyncio
import time
import urllib.request
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import orjson

from peanutclub.bench.wsclient import WsClient, connect
from peanutclub.core.frames import replace_fields

#: The game a plan's rooms play when it names none (the registry's `DEFAULT_GAME`; this module
#: does not load the registry, tests/bench/test_bench_games.py checks that they agree).
DEFAULT_GAME = "peanut-club"

#: The seats of a room when the game's bench names none (Peanut Club's six).
SEATS = 6
#: A room whose going call got lost is unstuck after this long.
SELL_TIMEOUT = 3.0


def message_of(action: Any) -> dict[str, Any]:
    """The client message for a bot's action: the action as its game's log holds it
    (`to_dict`), without its seat."""
    data: dict[str, Any] = action.to_dict()
    return {k: v for k, v in data.items() if k != "seat"}


@dataclass(frozen=True)
class Rules:
    """What a bench room knows of its game beyond its own code: the room settings it is created
    with (its bench's `pace`), the codes that are the rules refusing a move (counted apart from
    errors), and whether the rate is per seat. The load process fills it in (`load.rules_of`)."""

    pace: Mapping[str, float] = field(default_factory=dict)
    refusals: frozenset[str] = frozenset()
    per_seat: bool = False


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
    #: What the rooms know of the game's rules: filled in by the load process (`load.run`).
    rules: Rules = field(default_factory=Rules)


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
        if self.plan.rules.per_seat:
            return [partial(self.tick_seat, seat) for seat in range(self.seat_count)]
        return [self.tick]

    def close(self) -> None:
        for client in self.seats:
            client.close()


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
        self.refusals = plan.rules.refusals
        self.by_ref: dict[Any, Any] = {}  # ref -> the key of the move in flight
        self.start_sent = False
        self.rematch_sent = False
        self.playing = False

    async def open(self) -> None:
        base = f"http://{self.plan.host}:{self.plan.port}"
        body = {"game": self.plan.game, **self.plan.rules.pace}
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
