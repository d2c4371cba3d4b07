"""The view's `turn.park`: once a player has thrown, what parking where the pawn stands would mean
(the field, its owner, the piece it would bump, the lead, the round's outcome), which the phone
shows beside its Park button; checked against what parking then does."""

from __future__ import annotations

from peanutclub.games.nur_peanuts.engine import Dice, Phase, public_view

from .conftest import arrange, move_and_park, park, throw


def test_park_is_null_before_the_first_throw_of_a_turn() -> None:
    game = arrange(2, {0: 1, 1: 23})
    assert public_view(game)["turn"]["park"] is None


def test_park_names_the_field_the_pawn_stands_on_after_a_throw() -> None:
    game = arrange(2, {0: 1, 1: 23}, owners={1: 0})  # seat 1 starts, on 1200
    throw(game, Dice.TWO_WHITE, 1, 1)  # to 1 (800), owned by seat 0
    here = public_view(game)["turn"]["park"]
    assert (here["field"], here["value"], here["owner"]) == (1, 800, 0)
    assert here["bumps"] is None and here["leads"]


def test_park_says_which_piece_it_would_bump_and_whether_it_would_lead() -> None:
    game = arrange(3, {0: 14, 1: 16, 2: 20})  # seat 0 starts (500)
    move_and_park(game, (2, 2))  # seat 0 parks on 18 (2200)
    throw(game, Dice.TWO_WHITE, 1, 1)  # seat 1 from 16 to 18
    here = public_view(game)["turn"]["park"]
    assert here["field"] == 18 and here["bumps"] == "pawn-0" and here["leads"]


def test_park_outcome_is_what_the_round_then_pays() -> None:
    game = arrange(3, {0: 22, 1: 20, 2: 14}, owners={0: 0})
    move_and_park(game, (1, 1))  # seat 0 on 2400, its own
    move_and_park(game, (1, 1))  # seat 1 on 22 (700)
    throw(game, Dice.TWO_WHITE, 1, 1)  # seat 2 from 14 to 16 (400)
    promised = public_view(game)["turn"]["park"]["outcome"]
    park(game)
    assert game.phase is Phase.ROUND_OVER
    assert promised == game.cash[2] - 5000 == -4000
