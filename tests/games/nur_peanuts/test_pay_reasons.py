"""Each payment of a round's end says why, as the view carries it: a page prints the reason and
never works one out. The same three-pawn finish as the rules' tests (2400, 700, 400)."""

from __future__ import annotations

from typing import Any

from peanutclub.games.nur_peanuts.engine import Owner, Phase, public_view

from .conftest import arrange, move_and_park, stones_until


def finish(owners: dict[int, Owner] | None = None, cash: dict[int, int] | None = None) -> Any:
    """Seat 0 parks on 2400, seat 1 on 700, seat 2 on 400: the view's payments."""
    game = arrange(3, {0: 22, 1: 20, 2: 14}, owners=owners, cash=cash)
    for _ in range(3):
        move_and_park(game, (1, 1))
    assert game.phase in (Phase.ROUND_OVER, Phase.OVER)
    return public_view(game)["round_result"]["payments"]


def test_a_payment_says_it_is_the_difference_of_the_two_fields() -> None:
    assert finish() == [
        {"from": 1, "to": 0, "amount": 1700, "owed": 1700, "reason": "difference",
         "winner_value": 2400, "payer_value": 700},
        {"from": 2, "to": 0, "amount": 2000, "owed": 2000, "reason": "difference",
         "winner_value": 2400, "payer_value": 400},
    ]  # fmt: skip


def test_a_payment_says_it_is_doubled_because_the_winner_owns_the_field() -> None:
    reasons = [(p["reason"], p["owed"]) for p in finish({0: 0})]
    assert reasons == [("double", 3400), ("double", 4000)]


def test_a_player_on_a_field_of_their_own_is_listed_paying_nothing() -> None:
    payments = finish({22: 1})
    assert [(p["from"], p["reason"], p["owed"], p["amount"]) for p in payments] == [
        (1, "own_field", 0, 0),
        (2, "difference", 2000, 2000),
    ]


def test_a_bankrupt_payment_shows_what_was_owed_and_what_was_paid() -> None:
    payments = finish(cash={1: 1000})
    assert (payments[0]["owed"], payments[0]["amount"], payments[0]["reason"]) == (
        1700,
        1000,
        "difference",
    )


def test_the_bank_takes_the_simple_difference_even_from_a_field_of_ones_own() -> None:
    game = arrange(2, {0: 20, 1: 14}, stones=[16], owners={22: 0, 18: 1})
    move_and_park(game, (1, 1))  # seat 1: 14 -> 16 (400)
    move_and_park(game, (1, 1))  # seat 0: 20 -> 22 (700), its own field
    stones_until(game, Phase.ROUND_OVER, [1, 1])  # the stone parks on 18 (2200)
    payments = public_view(game)["round_result"]["payments"]
    assert [(p["from"], p["reason"], p["owed"], p["payer_value"]) for p in payments] == [
        (0, "bank", 1500, 700),
        (1, "bank", 1800, 400),
    ]
    assert all(p["to"] == "bank" and p["winner_value"] == 2200 for p in payments)
