"""The room's clock and log, driven by a manual clock: no sleeping, no real server."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable, Coroutine
from typing import Any

from peanutclub.games.peanut_club import PeanutClub
from peanutclub.games.peanut_club.engine import CallGoing, Engine, PlaceBid, RuleError
from peanutclub.server.clock import ManualClock
from peanutclub.server.room import Room
from peanutclub.server.settings import ServerSettings
from peanutclub.server.store import LogEntry, MemoryStore, RoomRecord
from tests.server.harness import Viewer

PACE = {"going_step_seconds": 2.0, "idle_seconds": 8.0, "pay_seconds": 60.0}


class RecordingStore(MemoryStore):
    """Notes how many frames the TV had when each entry was stored."""

    def __init__(self) -> None:
        super().__init__()
        self.tv: Viewer | None = None
        self.frames_at_append: list[tuple[int, int]] = []

    async def append(self, code: str, entry: LogEntry) -> None:
        await super().append(code, entry)
        if self.tv is not None:
            self.frames_at_append.append((entry.seq, len(self.tv.frames)))


async def new_table(
    **pace: float,
) -> tuple[Room, ManualClock, RecordingStore, Viewer, list[Viewer]]:
    clock = ManualClock()
    store = RecordingStore()
    settings = ServerSettings()
    record = RoomRecord("TEST", "host-secret", clock.time(), {**PACE, **pace}, fixed_seed=42)
    await store.create_room(record)
    room = Room(record, settings, store, clock)
    tv = Viewer()
    await room.watch(tv, "host-secret", None)
    store.tv = tv
    players = []
    for name in ("Ana", "Bo", "Cy"):
        viewer = Viewer()
        await room.join(viewer, name, None, None)
        players.append(viewer)
    await room.start(tv, None)
    return room, clock, store, tv, players


def run(test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(test())


def game(room: Room) -> Engine:
    assert isinstance(room.game, PeanutClub)
    return room.game.engine


async def bid(room: Room, seat: int, amount: int = 1) -> None:
    currency = game(room).column[-1]
    await room.act(PlaceBid(seat, amount, currency))


def test_going_once_at_the_call_twice_a_step_later_sold_a_step_after() -> None:
    async def body() -> None:
        room, clock, _, tv, _ = await new_table(idle_seconds=0)
        await bid(room, 0)
        await room.act(CallGoing(1))
        assert game(room).going == 1
        assert tv.last["deadline"] == round((clock.now + 2) * 1000)
        assert tv.last["deadline_kind"] == "going"
        await clock.advance(1.999)
        assert game(room).going == 1
        await clock.advance(0.001)
        assert game(room).going == 2 and tv.last["type"] == "patch"
        await clock.advance(2)
        assert game(room).phase.value == "paying"
        assert tv.last["type"] == "state" and tv.last["state"]["payer"] == 0
        assert tv.last["state"]["deadline_kind"] == "pay"

    run(body)


def test_the_idle_call_comes_after_idle_seconds_with_a_high_bid_only() -> None:
    async def body() -> None:
        room, clock, _, tv, _ = await new_table()
        await clock.advance(100)
        assert game(room).going == 0 and tv.last["state"]["deadline"] is None  # no bid, no call
        await bid(room, 0)
        assert tv.last["deadline_kind"] == "idle"
        await clock.advance(7.9)
        assert game(room).going == 0
        await clock.advance(0.1)
        assert game(room).going == 1
        assert tv.last["events"][0]["type"] == "going"

    run(body)


def test_idle_zero_turns_the_automatic_call_off() -> None:
    async def body() -> None:
        room, clock, _, _, _ = await new_table(idle_seconds=0)
        await bid(room, 0)
        await clock.advance(1000)
        assert game(room).going == 0 and room.deadline is None

    run(body)


def test_an_accepted_bid_cancels_the_call_and_a_refused_one_changes_nothing() -> None:
    async def body() -> None:
        room, clock, _, _tv, _ = await new_table()
        await bid(room, 0)
        await clock.advance(8)
        assert game(room).going == 1
        await clock.advance(1)
        await bid(room, 1, amount=2)
        assert game(room).going == 0 and room.deadline_kind == "idle"
        await clock.advance(2)  # the cancelled call does not step on
        assert game(room).going == 0
        deadline, seq = room.deadline, room.seq
        try:
            await bid(room, 2, amount=2)  # equal to the high bid: refused
        except RuleError as error:
            assert error.code == "bid_too_low"
        assert (room.deadline, room.seq) == (deadline, seq)
        await clock.advance(6)  # 8 s after the last accepted action
        assert game(room).going == 1

    run(body)


def test_the_pay_deadline_pays_for_the_winner() -> None:
    async def body() -> None:
        room, clock, _, tv, _players = await new_table(idle_seconds=3)
        await bid(room, 1)
        await clock.advance(3 + 2 + 2)
        assert game(room).payer == 1
        await clock.advance(59)
        assert game(room).payer == 1
        await clock.advance(1)
        paid = [e for f in tv.frames for e in f.get("events", []) if e["type"] == "paid"]
        assert paid and paid[-1]["auto"] is True and paid[-1]["seat"] == 1
        assert game(room).phase.value in ("bidding", "over")

    run(body)


def test_every_change_is_stored_before_anyone_hears_of_it() -> None:
    async def body() -> None:
        room, clock, store, tv, _ = await new_table()
        await bid(room, 0)
        await clock.advance(20)
        seqs = [f["seq"] for f in tv.frames if "seq" in f]
        for seq, frames_then in store.frames_at_append:
            assert not any(s >= seq for s in seqs[:frames_then])

    run(body)


def test_a_room_is_rebuilt_from_its_log() -> None:
    async def body() -> None:
        room, clock, store, _tv, _players = await new_table()
        await bid(room, 0)
        await clock.advance(80)  # called, sold, paid by the clock
        await bid(room, 2, amount=3)
        loaded = await store.load("TEST")
        assert loaded is not None
        record, entries = loaded
        copy = Room.restore(record, entries, room.settings, store, clock)
        assert copy.seq == room.seq
        assert game(copy).reveal() == game(room).reveal()
        assert [s.name for s in copy.seats] == ["Ana", "Bo", "Cy"]
        assert not any(s.online for s in copy.seats)

    run(body)


def test_views_carry_server_time_and_deadline_in_ms() -> None:
    async def body() -> None:
        room, clock, _, _tv, players = await new_table()
        await room.resync(players[0], "r")
        state = players[0].last
        assert state["ref"] == "r" and state["state"]["now"] == round(clock.now * 1000)
        assert state["state"]["code"] == "TEST"
        assert state["state"]["settings"] == PACE
        assert [p["name"] for p in state["state"]["players"]] == ["Ana", "Bo", "Cy"]

    run(body)


def test_the_clock_leaves_no_reference_cycle_for_the_collector() -> None:
    """Each step of the going call is a timer that fires: one that referred to itself through
    its own callback left a cycle of about fifteen objects behind each time, which only the
    collector could free (docs/performance.md). The server runs on uvloop, whose timers keep
    their callback once run; asyncio's own loop drops it, which would hide the cycle."""
    import uvloop

    from peanutclub.server.clock import RealClock

    async def body() -> list[str]:
        store = MemoryStore()
        pace = {"going_step_seconds": 0.0, "idle_seconds": 0.0, "pay_seconds": 60.0}
        record = RoomRecord("CYCL", "host-secret", 0.0, pace, fixed_seed=7)
        await store.create_room(record)
        room = Room(record, ServerSettings(dev=True), store, RealClock())
        for name in ("Ana", "Bo", "Cy"):
            await room.join(Viewer(), name, None, None)
        tv = Viewer()
        await room.watch(tv, "host-secret", None)
        await room.start(tv, None)
        await bid(room, 0)
        gc.collect()
        gc.disable()
        try:
            await room.act(CallGoing(1))
            for _ in range(100):
                if game(room).phase.value == "paying":
                    break
                await asyncio.sleep(0.001)
            assert game(room).phase.value == "paying"
            gc.set_debug(gc.DEBUG_SAVEALL)  # keep what a pass finds, to tell ours apart
            gc.collect()
            ours = [type(o).__qualname__ for o in gc.garbage if _is_ours(o)]
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
            gc.enable()
            room.stop()
        return ours

    # Other tests' servers may run on threads of this process: count only our own objects.
    assert uvloop.run(body()) == []


def _is_ours(thing: object) -> bool:
    """An object of this project's code: an instance of one of its classes, or one of its
    functions (closures included)."""
    module = getattr(thing, "__module__", None) if callable(thing) else None
    module = module if isinstance(module, str) else type(thing).__module__
    return module.startswith("peanutclub.")
