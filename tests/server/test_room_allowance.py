"""An address's room allowance (`max_rooms_per_address`) counts the rooms of its that run in this
process, however they came to run here: created, reopened after the sweeper closed them, or taken
over from another process; each leaves the count when it stops running here, once."""

from __future__ import annotations

import asyncio

import pytest

from peanutclub.core import RuleError
from peanutclub.games import find_game
from peanutclub.server.clock import ManualClock
from peanutclub.server.directory import LocalDirectory
from peanutclub.server.room import Room
from peanutclub.server.rooms import Rooms
from peanutclub.server.settings import ServerSettings
from peanutclub.server.store import MemoryStore

GAME = find_game("peanut-club")
ADDRESS = "10.0.0.7"


async def refused(rooms: Rooms) -> str:
    with pytest.raises(RuleError) as error:
        await rooms.create(GAME, {}, creator=ADDRESS)
    return error.value.code


def test_rooms_reopened_or_taken_over_count_once_and_leave_once() -> None:
    async def body() -> None:
        clock = ManualClock()
        store = MemoryStore()
        rooms = Rooms(
            LocalDirectory(
                ServerSettings(max_rooms_per_address=2, room_idle_ttl_seconds=60), store, clock
            )
        )
        first = await rooms.create(GAME, {}, creator=ADDRESS)
        await rooms.create(GAME, {}, creator=ADDRESS)
        assert await refused(rooms) == "rate_limited"
        clock.now += 61
        await rooms.sweep()  # both closed: the address may open rooms again
        assert rooms.created_by[ADDRESS] == 0
        assert await rooms.find(first.code, "10.9.9.9") is not None  # a visitor reopens one
        assert rooms.created_by[ADDRESS] == 1
        await rooms.create(GAME, {}, creator=ADDRESS)
        assert await refused(rooms) == "rate_limited"

        # A room taken over from another process (rebuilt from the store, then handed back):
        # it counts while it runs here, and leaving twice does not count it out twice.
        clock.now += 61
        await rooms.sweep()
        loaded = await store.load(first.code)
        assert loaded is not None
        taken = Room.restore(*loaded, rooms.settings, store, clock)
        rooms.directory.add(taken)
        rooms.directory.add(taken)
        assert rooms.created_by[ADDRESS] == 1
        rooms.directory.discard(taken.code)
        rooms.directory.discard(taken.code)
        assert rooms.created_by[ADDRESS] == 0
        await rooms.create(GAME, {}, creator=ADDRESS)
        await rooms.create(GAME, {}, creator=ADDRESS)
        assert await refused(rooms) == "rate_limited"
        await rooms.close()

    asyncio.run(body())
