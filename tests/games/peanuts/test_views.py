"""What each person sees: every face-up card, never a face-down one; patches that bring a view
up to date exactly."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from peanutclub.core import Outcome
from peanutclub.games.peanuts import Peanuts
from peanutclub.games.peanuts.engine import Flip, MoveCard, Target, public_view, view
from peanutclub.games.peanuts.patch import apply_patch

from .conftest import bot_game, c, found, playing, rig

#: What the room adds around a patch's fields (its clock), at its longest.
ENVELOPE = {
    "type": "patch",
    "seq": 1_000_000,
    "deadline": 1_764_859_000_123,
    "deadline_kind": "stall",
    "now": 1_764_859_000_123,
}


def _cards_in(value: Any, found_ids: set[int]) -> None:
    """Every card dict (and bare card id under "card") anywhere in `value`."""
    if isinstance(value, dict):
        if "rank" in value and "id" in value:
            found_ids.add(value["id"])
        if isinstance(value.get("card"), int):
            found_ids.add(value["card"])
        for item in value.values():
            _cards_in(item, found_ids)
    elif isinstance(value, list):
        for item in value:
            _cards_in(item, found_ids)


def test_everyone_sees_every_face_up_card_and_only_counts_of_face_down_piles() -> None:
    game = playing(3)
    rig(
        game,
        0,
        peanuts="2C 3C 4C 5C",
        building=("KS", "", "QD JC", ""),
        stock="6C 7C",
        waste="8C 9C 10C JH",
    )
    rig(game, 1, peanuts="5S", stock="AH 2H")  # its Ace and 2 below are the foundation's
    found(game, "AH 2H", deck=1)
    game.layouts[1].stock = []
    seen = public_view(game)
    me = seen["players"][0]
    assert me["peanuts"] == {"top": c("5C").to_dict(), "left": 4}
    assert me["building"] == [[c("KS").to_dict()], [], [c("QD").to_dict(), c("JC").to_dict()], []]
    assert me["waste"] == [c(n).to_dict() for n in ("9C", "10C", "JH")]  # top three, top last
    assert (me["waste_count"], me["stock_count"]) == (4, 2)
    assert seen["foundations"] == [
        {
            "index": 0,
            "suit": "hearts",
            "top": c("2H", 1).to_dict(),
            "count": 2,
            "by_deck": {"1": 2},
            "complete": False,
        }
    ]
    visible: set[int] = set()
    _cards_in(view(game, 0), visible)
    assert not visible & game.face_down_ids()


def test_the_views_hold_the_fields_the_protocol_names() -> None:
    game = Peanuts(4, 3, Peanuts.Settings(teams=1))
    seen = game.public_view()
    lobby = Peanuts.lobby(4, Peanuts.Settings())
    assert set(seen) == set(lobby)
    assert set(seen["players"][0]) == set(lobby["players"][0])
    assert seen["phase"] == "countdown" and seen["teams"] is True
    assert [p["team"] for p in seen["players"]] == [0, 0, 1, 1]
    assert game.private_view(1) == {"seat": 1, "deck": 0, "teammates": [0]}
    assert set(Peanuts.lobby_private(1)) == set(game.private_view(1))
    orjson.dumps(seen)  # encodable as the server encodes it (string keys only)


@pytest.mark.parametrize(
    ("seats", "teams"), [(4, [0, 0, 1, 1]), (6, [0, 0, 1, 1, 2, 2]), (5, None)]
)
def test_the_lobby_shows_the_teams_the_deal_will_make(seats: int, teams: list[int] | None) -> None:
    """Teams pair neighbouring seats at 4 or 6 players only; the lobby says so before the deal,
    the same as the game's first view, so the host swaps seats knowing who plays with whom."""
    settings = Peanuts.Settings(teams=1)
    lobby = Peanuts.lobby(seats, settings)
    dealt = Peanuts(seats, 1, settings).public_view()
    assert [p["team"] for p in lobby["players"]] == [p["team"] for p in dealt["players"]]
    assert [p["deck"] for p in lobby["players"]] == [p["deck"] for p in dealt["players"]]
    assert lobby["teams"] is dealt["teams"] is (teams is not None)
    if teams is not None:
        assert [p["team"] for p in lobby["players"]] == teams
    assert [p["team"] for p in Peanuts.lobby(seats, Peanuts.Settings())["players"]] == [
        None
    ] * seats


def test_no_face_down_card_appears_in_any_view_patch_or_event_of_whole_games() -> None:
    """Scan every frame's content of whole bot games, with and without teams."""
    checked = 0

    def scan(table: Peanuts, action: Any, outcome: Outcome) -> None:
        nonlocal checked
        hidden = table.engine.face_down_ids()
        shown: set[int] = set()
        _cards_in(table.public_view(), shown)
        for seat in range(table.seat_count):
            _cards_in(table.private_view(seat), shown)
        _cards_in(outcome.patch, shown)
        _cards_in([e.to_dict() for e in outcome.events], shown)
        assert not shown & hidden, (action, shown & hidden)
        checked += 1

    bot_game(3, 11, ("easy", "normal", "hard"), step=scan)
    bot_game(4, 12, "hard", Peanuts.Settings(teams=1, target_score=50), step=scan)
    assert checked > 1000


def test_a_patched_view_equals_the_whole_view_after_every_action_of_whole_games() -> None:
    patches = 0
    before: dict[str, Any] = {}

    def check(table: Peanuts, action: Any, outcome: Outcome) -> None:
        nonlocal patches, before
        fresh = orjson.loads(orjson.dumps(table.public_view()))
        fields = outcome.patch
        if fields is not None:
            assert before["phase"] == "playing"
            frame = {**ENVELOPE, **fields, "events": [e.to_dict() for e in outcome.events]}
            wire = orjson.loads(orjson.dumps(frame))
            patched = apply_patch(before, wire)
            for key in ENVELOPE:
                patched.pop(key, None)
            assert patched == fresh, action
            patches += 1
        before = fresh

    table = Peanuts(3, 5, Peanuts.Settings())
    before = orjson.loads(orjson.dumps(table.public_view()))
    bot_game(3, 5, ("normal", "hard", "easy"), step=check)
    assert patches > 500
    table = Peanuts(4, 6, Peanuts.Settings(teams=1, target_score=40))
    before = orjson.loads(orjson.dumps(table.public_view()))
    bot_game(4, 6, "normal", Peanuts.Settings(teams=1, target_score=40), step=check)


def test_a_moves_patch_is_small_and_public_under_300_bytes_with_the_rooms_envelope() -> None:
    biggest = {"move": 0, "flip": 0, "stuck": 0}

    def measure(table: Peanuts, action: Any, outcome: Outcome) -> None:
        fields = outcome.patch
        if fields is None:
            return
        frame = {**ENVELOPE, **fields, "events": [e.to_dict() for e in outcome.events]}
        size = len(orjson.dumps(frame))
        biggest[action.kind] = max(biggest[action.kind], size)

    bot_game(6, 8, "hard", Peanuts.Settings(target_score=60), step=measure)
    assert 0 < biggest["move"] < 300, biggest
    assert 0 < biggest["flip"] < 400, biggest


def test_a_move_from_the_waste_shows_the_card_that_becomes_third_from_the_top() -> None:
    game = playing()
    rig(game, 0, waste="5D 6D 7D AS")
    (moved,) = game.apply(MoveCard(0, c("AS").id, Target.FOUNDATION))
    assert moved.kind == "moved" and moved.data["reveal"] == c("5D").to_dict()
    assert public_view(game)["players"][0]["waste"] == [c(n).to_dict() for n in ("5D", "6D", "7D")]


def test_a_flips_change_record_shows_only_the_turned_cards() -> None:
    game = playing()
    rig(game, 0, stock="2C 3C 4C 5C")
    (flipped,) = game.apply(Flip(0))
    assert flipped.to_dict() == {
        "type": "flipped",
        "seat": 0,
        "deck": 0,
        "count": 3,
        "turned": [c(n).to_dict() for n in ("5C", "4C", "3C")],
        "recycled": False,
    }


def test_real_views_and_patches_match_the_declared_frames_and_schema() -> None:
    from peanutclub.games.peanuts.frames import Patch, View
    from peanutclub.schema import game_schema

    room = {
        "game": "peanuts",
        "code": "ABCD",
        "settings": Peanuts.Settings().model_dump(),
        "host_seat": 0,
        "deadline": None,
        "deadline_kind": None,
        "now": 1,
        "claims": [{"seat": 1, "id": "q3T9xA1b"}],
        "evening": {"games": [], "standings": []},
    }

    def whole(public: dict[str, Any], you: Any) -> dict[str, Any]:
        players = [
            {**p, "name": "P", "connected": True, "bot": None, "link": "good"}
            for p in public["players"]
        ]
        return {**public, **room, "players": players, "you": you}

    View.model_validate(whole(Peanuts.lobby(3, Peanuts.Settings()), Peanuts.lobby_private(1)))
    checked = 0

    def check(table: Peanuts, action: Any, outcome: Outcome) -> None:
        nonlocal checked
        View.model_validate(whole(table.public_view(), table.private_view(checked % 3)))
        fields = outcome.patch
        if fields is not None:
            events = [e.to_dict() for e in outcome.events]
            Patch.model_validate({**ENVELOPE, **fields, "events": events})
        checked += 1

    bot_game(3, 2, "hard", Peanuts.Settings(target_score=30), step=check)
    assert checked > 100
    schema = orjson.loads(game_schema(Peanuts))
    assert "Peanuts!" in schema["title"] and "Moved" in schema["$defs"]
