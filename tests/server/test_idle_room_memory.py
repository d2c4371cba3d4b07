"""A room in its lobby, its seats joined and idle, holds as little as its behaviour allows: its
memory is shared by its few connections, and issue 30 asks each idle connection to cost at most
the bare relay's plus 4 KB (docs/performance.md). What it holds no longer: an instance dict, the
lobby's seat entries between fan-outs, a settings model of its own when another room has the
same settings."""

from __future__ import annotations

import asyncio

import orjson

from peanutclub.bench.inprocess import Sink, table
from peanutclub.server import views
from peanutclub.server.clock import ManualClock
from peanutclub.server.connection import handle
from peanutclub.server.room import Room
from peanutclub.server.store import MemoryStore

from .harness import Viewer, manual_room


def lobby(game_id: str) -> tuple[Room, list[Sink]]:
    async def body() -> tuple[Room, list[Sink]]:
        return await table(MemoryStore(), ManualClock(), "IDLE", game_id)

    return asyncio.run(body())


def test_a_room_keeps_its_fields_in_slots_not_in_a_dict_of_its_own() -> None:
    """From its 30th attribute on, CPython 3.11 gives each instance a dict of its own (1.6 KB);
    a field added to any layer of the room must be declared in `RoomBase.__slots__`."""
    room, _ = lobby("peanuts")
    assert not hasattr(room, "__dict__")


def test_a_room_in_its_lobby_keeps_none_of_its_seats_entries_between_fan_outs() -> None:
    """The lobby's view is made anew at each of its rare fan-outs: its entries are not kept,
    and every seat still gets the whole lobby view with the room's fields for each seat."""

    async def body(game_id: str) -> None:
        room, _, _ = await manual_room("IDLE", {}, game=game_id)
        seats = [Viewer() for _ in range(4)]
        for i, seat in enumerate(seats):
            await room.join(seat, f"P{i}", None if i else "host", None)
        assert room.view_memo.players == {}
        for seat in seats:
            players = seat.last["state"]["players"]
            assert [(p["name"], p["connected"], p["bot"]) for p in players] == [
                (f"P{i}", True, None) for i in range(4)
            ]
            assert all({"link", "handicap", "seat"} <= p.keys() for p in players)

    for game_id in ("peanut-club", "peanuts", "nur-peanuts"):
        asyncio.run(body(game_id))


def test_a_game_keeps_its_seats_entries_again_once_started() -> None:
    async def body() -> None:
        room, sinks = await table(MemoryStore(), ManualClock(), "PLAY", "peanuts")
        await handle(room, sinks[0], orjson.dumps({"type": "start"}).decode())
        one, two = views.public_state(room), views.public_state(room)
        assert len(room.view_memo.players) == len(sinks)
        assert all(a is b for a, b in zip(one["players"], two["players"], strict=True))

    asyncio.run(body())


def test_rooms_with_the_same_settings_share_one_frozen_settings_model() -> None:
    async def body() -> None:
        pace = {"target_score": 50}
        (one, _, _), (two, _, _) = [
            await manual_room(code, pace, game="peanuts") for code in ("ONE", "TWO")
        ]
        (other, _, _) = await manual_room("OTHER", {"target_score": 75}, game="peanuts")
        assert one.game_settings is two.game_settings
        assert other.game_settings is not one.game_settings
        assert other.game_settings.model_dump()["target_score"] == 75
        assert one.game_settings.model_dump()["target_score"] == 50

    asyncio.run(body())
