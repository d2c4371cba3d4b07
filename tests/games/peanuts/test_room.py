"""The plug-in in a real room (in process, on a manual clock): bots play a whole game through
the room's own paths (its clock, its bot loop with the bots' own pause, its patches), and a
viewer that applies every patch follows the game to its end."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from peanutclub.games import GAMES
from peanutclub.games.peanuts import Peanuts
from peanutclub.games.peanuts.patch import apply_patch
from tests.server.harness import Viewer, manual_room


@pytest.fixture
def hosted() -> Iterator[None]:
    """Peanuts! as the server hosts it: registered, so the generic tools find it by id."""
    assert GAMES[Peanuts.id] is Peanuts
    yield


def test_bots_play_a_whole_game_in_a_room_whose_patches_apply_and_stay_small(hosted: None) -> None:
    async def body() -> Viewer:
        room, clock, _ = await manual_room("PNUT", {"target_score": 25}, game=Peanuts.id)
        host = Viewer()
        await room.join(host, "Ana", "host", None)
        for level in ("easy", "normal", "hard"):
            await room.add_bot(host, level, None, None)
        await room.start(host, None)
        for _ in range(100_000):
            if room.game is not None and room.game.over:
                break
            await clock.advance(0.25)
        assert room.game is not None and room.game.over
        await room.close()
        return host

    host = asyncio.run(body())
    view: dict[str, Any] | None = None
    moves = []
    for frame, size in zip(host.frames, host.sizes, strict=True):
        if frame["type"] in ("welcome", "state"):
            view = frame["state"]
        elif frame["type"] == "patch":
            assert view is not None
            view = apply_patch(view, frame)
            if any(e["type"] == "moved" for e in frame["events"]):
                moves.append(size)
    assert view is not None and view["phase"] == "over"
    assert view["winners"] and view["round_scores"]
    assert moves and max(moves) < 300
