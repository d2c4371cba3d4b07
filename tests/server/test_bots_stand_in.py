"""A bot playing for an away person is told so (`"stand_in": true` in its view); a bot in a seat
of its own is not. Driven by a manual clock: no sleeping, no real server."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from peanutclub.games.peanut_club import PeanutClub
from peanutclub.games.peanut_club.bots import LEVELS
from peanutclub.server.clock import ManualClock
from peanutclub.server.room import Room
from peanutclub.server.settings import Settings
from peanutclub.server.store import MemoryStore, RoomRecord

from .test_room_clock import PACE, FakeViewer


class Recorder:
    """Looks every second and does nothing; keeps every view it is given."""

    level = "recorder"
    made: list[Recorder] = []  # noqa: RUF012 (the test's own registry)

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.views: list[dict[str, Any]] = []
        Recorder.made.append(self)

    def pause(self, view: dict[str, Any] | None) -> float:
        return 1.0

    def decide(self, view: dict[str, Any]) -> None:
        self.views.append(view)


def test_a_bot_standing_in_for_an_away_person_is_told_so_and_a_bot_seat_is_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(LEVELS, "recorder", Recorder)
    Recorder.made = []
    assert PeanutClub.bots["recorder"] is Recorder

    async def body() -> None:
        clock, store = ManualClock(), MemoryStore()
        record = RoomRecord("STAND", "host-secret", clock.time(), dict(PACE), fixed_seed=3)
        await store.create_room(record)
        room = Room(record, Settings(bot_pace=1.0), store, clock)
        tv = FakeViewer()
        await room.watch(tv, "host-secret", None)
        people = []
        for name in ("Ana", "Bo"):
            viewer = FakeViewer()
            await room.join(viewer, name, None, None)
            people.append(viewer)
        await room.add_bot(tv, "recorder", None, None)  # seat 2: a bot's own seat
        await room.start(tv, None)
        await room.leave(people[1])  # Bo goes away...
        await room.add_bot(tv, "recorder", 1, None)  # ...and a bot plays for Bo
        await asyncio.sleep(0)
        await clock.advance(3.5)
        own, stand_in = sorted(Recorder.made, key=lambda r: r.seat, reverse=True)
        assert own.seat == 2 and stand_in.seat == 1
        assert own.views and stand_in.views
        assert all("stand_in" not in v for v in own.views)
        assert all(v["stand_in"] is True for v in stand_in.views)
        assert all(v["you"]["seat"] == 1 for v in stand_in.views)
        await room.close()

    asyncio.run(body())
