"""Properties of every game, over random games mixing legal and illegal actions.

Hypothesis picks the seeds and the table sizes; each test checks one invariant after every
accepted action, and `play_random` checks that every refused action changed nothing.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from peanutclub.games.nur_peanuts.engine import (
    BANK,
    FIELDS,
    START_CASH,
    Action,
    Engine,
    Event,
    Place,
    action_from_dict,
    public_view,
)

from .conftest import play_random

SEEDS = st.integers(0, 2**32 - 1)
TABLES = st.integers(2, 6)


def games(examples: int) -> Any:
    return settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


@games(40)
@given(SEEDS, TABLES)
def test_money_is_conserved_between_the_players_and_the_bank(seed: int, players: int) -> None:
    def check(game: Engine, action: Action, events: list[Event]) -> None:
        assert sum(game.cash) + game.bank_takings == START_CASH * players
        assert all(c >= 0 for c in game.cash)

    play_random(players, seed, check)


@games(40)
@given(SEEDS, TABLES)
def test_a_field_has_at_most_one_owner(seed: int, players: int) -> None:
    def check(game: Engine, action: Action, events: list[Event]) -> None:
        view = public_view(game)
        held = [f for p in view["players"] for f in p["fields"]] + view["bank"]["chips"]
        assert len(held) == len(set(held))
        for field in view["board"]:
            holders = [p["seat"] for p in view["players"] if field["index"] in p["fields"]]
            if field["index"] in view["bank"]["chips"]:
                holders.append(BANK)
            assert holders == ([] if field["owner"] is None else [field["owner"]])

    play_random(players, seed, check)


@games(40)
@given(SEEDS, TABLES)
def test_every_piece_is_parked_before_a_round_ends(seed: int, players: int) -> None:
    def check(game: Engine, action: Action, events: list[Event]) -> None:
        parked = [p.field for p in game.pieces() if p.place is Place.PARKING]
        assert len(parked) == len(set(parked))  # one piece per parking place
        moving = [p for p in game.pieces() if p.place is Place.TRACK]
        assert len(moving) <= 1
        if any(e.kind == "round_over" for e in events):
            assert all(p.place is Place.PARKING for p in game.pieces())
            assert len(parked) == players + len(game.stones)

    play_random(players, seed, check)


@games(30)
@given(SEEDS, TABLES)
def test_a_game_replays_from_its_log(seed: int, players: int) -> None:
    game = play_random(players, seed)
    again = Engine(players, seed, game.board_kind)
    for raw in [a.to_dict() for a in game.log]:
        again.apply(action_from_dict(raw))
    assert public_view(again) == public_view(game)
    assert again.result == game.result and again.round == game.round


@games(30)
@given(SEEDS, TABLES)
def test_the_view_is_plain_data_and_the_pieces_stay_on_the_board(seed: int, players: int) -> None:
    def check(game: Engine, action: Action, events: list[Event]) -> None:
        view = public_view(game)
        assert all(0 <= p["field"] < FIELDS for p in view["pieces"])
        assert [e.to_dict()["type"] for e in events] == [e.kind for e in events]

    play_random(players, seed, check)
