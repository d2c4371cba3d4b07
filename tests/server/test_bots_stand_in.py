"""A bot playing for an away person is told so (`"stand_in": true` in its view); a bot in a seat
of its own is not. Driven by a manual clock: no sleeping, no real server."""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

import pytest

from peanutclub.games.peanut_club import PeanutClub
from peanutclub.games.peanut_club.bots import LEVELS
from peanutclub.games.peanut_club.engine import CallGoing
from peanutclub.server.settings import ServerSettings

from .harness import Viewer, manual_room
from .test_room_clock import PACE


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
        room, clock, _ = await manual_room(
            "STAND", PACE, ServerSettings(bot_pace=1.0), host="host-secret", fixed_seed=3
        )
        tv = Viewer()
        await room.watch(tv, "host-secret", None)
        people = []
        for name in ("Ana", "Bo"):
            viewer = Viewer()
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


def test_bots_play_a_whole_game_in_a_room_at_a_persons_pace() -> None:
    """Three bots of the three levels, the real bot loop, `bot_pace` 1, the default table pace
    and a manual clock: the game ends, it takes people's minutes, and no bid or power comes
    sooner than a reaction after the change before it (a going call aside)."""
    from peanutclub.games.peanut_club.bots.base import REACTION

    async def body() -> None:
        room, clock, _ = await manual_room(
            "PACED", PACE, ServerSettings(bot_pace=1.0), host="host-secret", fixed_seed=8
        )
        tv = Viewer()
        await room.watch(tv, "host-secret", None)
        for level in ("easy", "normal", "hard"):
            await room.add_bot(tv, level, None, None)
        await room.start(tv, None)
        started = clock.time()
        table: Any = room.game
        assert isinstance(table, PeanutClub)
        moves: list[tuple[float, str]] = []  # (when, kind) of each change of the game
        seen = len(table.log)
        while not table.over and clock.time() - started < 4 * 3600:
            lot = table.engine.lot
            if table.engine.high_bid is None and not table.engine.going and lot:
                idle_since = moves[-1][0] if moves else started
                if clock.time() - idle_since > 15:  # the host calls a lot nobody wants
                    await room.act(CallGoing(None))
            await clock.advance(0.25)
            for action in table.log[seen:]:
                moves.append((clock.time(), type(action).__name__))
            seen = len(table.log)
        assert table.over
        assert clock.time() - started > 5 * 60
        gaps = [
            later[0] - earlier[0]
            for earlier, later in itertools.pairwise(moves)
            if later[1] in ("PlaceBid", "ALaCarte", "Crash", "Niet")
            and earlier[1] in ("PlaceBid", "ALaCarte", "Crash", "Niet", "Pay", "AutoPay")
        ]
        assert gaps and min(gaps) >= REACTION[0] - 0.25  # the test looks every quarter second
        await room.close()

    asyncio.run(body())
