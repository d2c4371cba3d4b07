"""The room's own fields of a view (settings, each seat's entry and handicap, the evening) are
kept between fan-outs and made again only when what they are made from changes
(`views.ViewMemo`): the same pieces while nothing changed, and always the view a room without
any kept piece would send."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson

from peanutclub.bench.inprocess import Sink, record_games, table
from peanutclub.server import views
from peanutclub.server.clock import ManualClock
from peanutclub.server.connection import handle
from peanutclub.server.room import Room
from peanutclub.server.store import MemoryStore


def fresh(room: Room) -> dict[str, Any]:
    """The public part as a room that keeps nothing would make it."""
    kept = room.view_memo
    room.view_memo = views.ViewMemo()
    try:
        return views.public_state(room)
    finally:
        room.view_memo = kept


async def say(room: Room, sink: Sink, message: dict[str, Any]) -> None:
    await handle(room, sink, orjson.dumps(message).decode())


def test_a_view_with_nothing_changed_reuses_the_rooms_pieces() -> None:
    async def body() -> None:
        clock = ManualClock()
        room, sinks = await table(MemoryStore(), clock, "KEEP")
        await say(room, sinks[0], {"type": "start"})
        one, two = views.public_state(room), views.public_state(room)
        assert one == two
        assert one["evening"] is two["evening"]
        assert one["settings"] is two["settings"]
        # a game that keeps its own entries while they do not change (Peanut Club) keeps the
        # room's entries made from them too
        assert all(a is b for a, b in zip(one["players"], two["players"], strict=True))

    asyncio.run(body())


def test_every_step_of_two_games_sends_what_a_room_keeping_nothing_sends() -> None:
    """Bids, sales, payments, a game's end (the evening grows), a rematch and a restart."""

    async def body() -> None:
        clock, store = ManualClock(), MemoryStore()
        recorder, sinks = await table(store, clock, "REC")
        steps = await record_games(recorder, sinks, clock, 2)
        room, sinks = await table(store, clock, "PLAY")
        evenings = set()
        for step in steps:
            if step is None:
                await clock.advance(0.001)
            else:
                seat, text = step
                await handle(room, sinks[seat], text)
            kept = views.public_state(room)
            assert kept == fresh(room)
            evenings.add(len(kept["evening"]["games"]))
        assert evenings == {0, 1, 2}

    asyncio.run(body())


def test_a_new_name_a_handicap_or_new_settings_are_seen_at_once() -> None:
    async def body() -> None:
        clock = ManualClock()
        room, sinks = await table(MemoryStore(), clock, "CHG")
        before = views.public_state(room)
        await say(room, sinks[0], {"type": "settings", "setup_money": {"2": 5}, "guide": False})
        after = views.public_state(room)
        assert after == fresh(room)
        assert after["settings"] != before["settings"]
        assert after["players"][2]["handicap"] != before["players"][2]["handicap"]
        room.seats[1].name = "Renamed"  # as a seat swap or a new join would change it
        room.seats[3].online = False
        renamed = views.public_state(room)
        assert renamed == fresh(room)
        assert renamed["players"][1]["name"] == "Renamed"
        assert renamed["players"][3]["connected"] is False
        assert "Renamed" in [s["name"] for s in renamed["evening"]["standings"]]

    asyncio.run(body())
