"""The photo finish: two cards race for the same foundation, the room's clock says when each
arrived, the loser's move is refused and changes nothing, and a public record of the race (who won
and by how many ms) follows it, so that the TV can show it. The engine has no clock: the room
stamps a move to a foundation with its arrival time (`Peanuts.arrived`)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from peanutclub.core import RuleError
from peanutclub.games.peanuts import Peanuts
from peanutclub.games.peanuts.engine import (
    PHOTO_FINISH_MS,
    MoveCard,
    PhotoFinish,
    Target,
    action_from_dict,
)
from peanutclub.games.peanuts.engine.view import public_view
from peanutclub.games.peanuts.patch import apply_patch
from tests.games.peanuts.conftest import c, found, playing, refused, rig
from tests.server.harness import Viewer, manual_room


def _race(margin: int, pile: int | None = 0) -> tuple[Any, MoveCard]:
    """Ana (seat 0) lays the 2 of clubs on the clubs' Ace at t=1000 ms; Ben's 2 of clubs (seat 1)
    arrives `margin` ms later."""
    game = playing(2)
    rig(game, 0, peanuts="2C")
    rig(game, 1, peanuts="2C")
    found(game, "AC", deck=0)
    game.apply(MoveCard(0, c("2C", 0).id, Target.FOUNDATION, 0, at=1000))
    late = MoveCard(1, c("2C", 1).id, Target.FOUNDATION, pile, at=1000 + margin)
    return game, late


@pytest.mark.parametrize("pile", [0, None], ids=["named-pile", "engine-chooses"])
def test_a_race_lost_by_a_hair_is_a_photo_finish_after_the_refusal(pile: int | None) -> None:
    game, late = _race(37, pile)
    with refused(game, "pile_changed"):
        game.apply(late)
    photo = game.photo_finish_after(late, "pile_changed")
    assert photo == PhotoFinish(0, 0, 1, c("2C", 1).id, 37)
    clock = game.clock_version
    told = game.apply(photo)
    record = {"pile": 0, "winner": 0, "loser": 1, "margin_ms": 37}
    assert game.photo_finish == record
    assert [e.to_dict() for e in told] == [
        {"type": "photo_finish", "card": c("2C", 1).id, **record}
    ]
    assert game.clock_version == clock  # no card moved: the stall clock keeps running
    assert len(game.layouts[1].peanuts) == 1  # the loser's card never left its place
    assert action_from_dict(photo.to_dict()) == photo
    assert action_from_dict(late.to_dict()) == late


def test_a_card_too_slow_or_refused_for_another_reason_is_no_photo_finish() -> None:
    game, late = _race(PHOTO_FINISH_MS + 1)
    assert game.photo_finish_after(late, "pile_changed") is None
    game, late = _race(10)
    assert game.photo_finish_after(late, "not_playable") is None
    unstamped = MoveCard(late.seat, late.card, late.to, late.pile)
    assert game.photo_finish_after(unstamped, "pile_changed") is None


def test_the_views_photo_finish_names_no_card_only_its_event_does() -> None:
    """The view keeps the round's last photo finish while the loser's card, if it came from the
    waste, may be turned face down into the stock: so the view names seats, pile and margin only,
    and the event, told once while the card is face up, names the card."""
    game, late = _race(37, 0)
    with refused(game, "pile_changed"):
        game.apply(late)
    photo = game.photo_finish_after(late, "pile_changed")
    assert photo is not None
    game.apply(photo)
    assert "card" not in public_view(game)["photo_finish"]


def test_a_photo_finish_clears_with_the_next_deal_and_is_in_the_view() -> None:
    table = Peanuts(2, 1, Peanuts.Settings())
    assert table.public_view()["photo_finish"] is None
    assert Peanuts.lobby(2, Peanuts.Settings())["photo_finish"] is None


def test_the_room_times_both_arrivals_and_tells_everyone_who_won_by_how_much() -> None:
    from peanutclub.server.room import Room

    async def body() -> tuple[Viewer, Viewer, Room, list[Any]]:
        room, clock, store = await manual_room("PHOT", {}, game=Peanuts.id)
        ana, ben = Viewer(), Viewer()
        await room.join(ana, "Ana", "host", None)
        await room.join(ben, "Ben", None, None)
        await room.start(ana, None)
        await clock.advance(5)  # the count-down
        assert room.game is not None
        engine = room.game.engine  # type: ignore[attr-defined]
        rig(engine, 0, peanuts="2C")
        rig(engine, 1, peanuts="2C")
        found(engine, "AC", deck=0)
        del engine._peanuts_view_memo  # the table laid by hand: views made afresh
        for viewer in (ana, ben):
            await room.resync(viewer, None)
        await room.act(MoveCard(0, c("2C", 0).id, Target.FOUNDATION, None), ana)
        await clock.advance(0.037)
        with pytest.raises(RuleError) as lost:
            await room.act(MoveCard(1, c("2C", 1).id, Target.FOUNDATION, None), ben)
        assert lost.value.code == "pile_changed"
        loaded = await store.load("PHOT")
        assert loaded is not None
        entries = loaded[1]
        await room.close()
        return ana, ben, room, entries

    ana, ben, room, entries = asyncio.run(body())
    patches = [f for f in ana.frames if f["type"] == "patch" and "photo_finish" in f]
    assert len(patches) == 1
    photo = patches[0]["photo_finish"]
    assert (photo["winner"], photo["loser"], photo["margin_ms"]) == (0, 1, 37)
    assert patches[0]["events"] == [{"type": "photo_finish", "card": c("2C", 1).id, **photo}]
    # Every viewer's patched view holds it, as the whole view does; the log keeps both times.
    view: dict[str, Any] | None = None
    for frame in ben.frames:
        if frame["type"] in ("welcome", "state"):
            view = frame["state"]
        elif frame["type"] == "patch":
            assert view is not None
            view = apply_patch(view, frame)
    assert view is not None and view["photo_finish"] == photo
    assert room.game is not None and room.game.public_view()["photo_finish"] == photo
    logged = [e.data["action"] for e in entries if e.kind == "action"]
    assert logged[-1]["type"] == "photo_finish"
    assert logged[-2]["type"] == "move" and "at" in logged[-2]
