"""Bidding: the order of bids, blocked currencies, outbidding oneself and the honour check."""

from __future__ import annotations

from typing import Any

import pytest

from peanutclub.games.peanut_club.engine import (
    ALaCarte,
    Currency,
    Phase,
    PlaceBid,
    Power,
    RuleError,
    beats,
    min_to_win,
)
from peanutclub.games.peanut_club.engine.bidding import Bid

from .conftest import C, D, P, column, refused, sell, table


def test_a_bid_in_a_higher_currency_beats_a_larger_amount_in_a_lower_one() -> None:
    game = table(hands=["d5 d5 d4", "c1", "p5"], column_spec="cdp", used={1: "abracadabra"})
    game.apply(PlaceBid(0, 12, D))
    game.apply(PlaceBid(1, 1, C))
    assert game.high_bid == Bid(1, 1, C)
    assert refused(game, PlaceBid(0, 15, D)) == "bid_too_low"
    assert refused(game, PlaceBid(2, 5, P)) == "bid_too_low"


def test_the_column_decides_which_currency_is_stronger() -> None:
    game = table(hands=["d5 d5 d4", "c1", "p5"], column_spec="pcd")
    game.apply(PlaceBid(1, 1, C))
    game.apply(PlaceBid(2, 1, P))
    assert game.high_bid == Bid(2, 1, P)
    assert refused(game, PlaceBid(0, 15, D)) == "bid_too_low"


def test_the_same_currency_needs_a_larger_amount_and_an_equal_bid_is_too_low() -> None:
    game = table(hands=["d5 d4", "d5 d4", "d1"], column_spec="dcp")
    game.apply(PlaceBid(0, 7, D))
    assert refused(game, PlaceBid(1, 7, D)) == "bid_too_low"
    assert refused(game, PlaceBid(1, 6, D)) == "bid_too_low"
    game.apply(PlaceBid(1, 8, D))
    assert game.high_bid == Bid(1, 8, D)


def test_the_first_bid_of_a_lot_may_be_any_legal_bid() -> None:
    game = table(hands=["p1", "d1", "c1"], column_spec="dcp")
    game.apply(PlaceBid(0, 1, P))  # the weakest currency, the smallest amount
    assert game.high_bid == Bid(0, 1, P)


@pytest.mark.parametrize(
    ("col", "high", "bid", "expected"),
    [
        ("dcp", (2, D), (1, C), False),
        ("dcp", (2, D), (3, D), True),
        ("dcp", (2, D), (2, D), False),
        ("dcp", (9, C), (1, D), True),
        ("pcd", (9, C), (1, P), True),
        ("pcd", (1, P), (99, D), False),
    ],
)
def test_bid_order_as_a_function(
    col: str, high: tuple[int, Currency], bid: tuple[int, Currency], expected: bool
) -> None:
    high_bid = Bid(0, high[0], high[1])
    assert beats(column(col), bid[0], bid[1], high_bid) is expected
    assert beats(column(col), bid[0], bid[1], None)
    low = min_to_win(column(col), bid[1], high_bid)
    assert (low is not None and bid[0] >= low) is expected


def test_a_currency_under_niet_cannot_be_bid_in() -> None:
    game = table(hands=["d5 c5", "d5", "p5"], column_spec="dcp", niet="d")
    assert refused(game, PlaceBid(0, 1, D)) == "currency_blocked"
    assert refused(game, ALaCarte(0, 1, D)) == "currency_blocked"
    game.apply(PlaceBid(0, 1, C))
    assert game.bid_options(1)["dollars"]["reason"] == "currency_blocked"


def test_the_high_bidder_may_not_outbid_themselves() -> None:
    game = table(hands=["d5 c5", "d5", "p5"], column_spec="dcp")
    game.apply(PlaceBid(0, 1, C))
    assert refused(game, PlaceBid(0, 2, C)) == "own_high_bid"
    assert refused(game, PlaceBid(0, 1, D)) == "own_high_bid"
    assert game.bid_options(0)["dollars"]["reason"] == "own_high_bid"
    game.apply(PlaceBid(1, 1, D))
    game.apply(PlaceBid(0, 2, D))  # once outbid, they may bid again
    assert game.high_bid == Bid(0, 2, D)


def test_honour_check_counts_face_values() -> None:
    game = table(hands=["d5 d3 c2", "d1", "p1"], used={0: "convert abracadabra"})
    assert game.max_bid(0, D) == 8
    assert game.max_bid(0, C) == 2
    assert game.max_bid(0, P) == 0
    assert refused(game, PlaceBid(0, 9, D)) == "cannot_honour"
    assert refused(game, PlaceBid(0, 1, P)) == "cannot_honour"
    game.apply(PlaceBid(0, 8, D))


def test_honour_check_counts_one_per_card_in_an_a_la_carte_round() -> None:
    game = table(hands=["d5 d3 c2", "d1", "p1"], used={0: "convert abracadabra"}, a_la_carte=True)
    assert game.max_bid(0, D) == 2
    assert refused(game, PlaceBid(0, 3, D)) == "cannot_honour"
    game.apply(PlaceBid(0, 2, D))


def test_honour_check_with_convert_counts_every_currency_not_under_niet() -> None:
    game = table(hands=["d5 c3 p2", "d1", "p1"], used={0: "abracadabra"})
    assert game.max_bid(0, D) == 10
    assert game.max_bid(0, P) == 10
    game.niet = [P]
    assert game.max_bid(0, D) == 8
    assert game.max_bid(0, P) == 0
    assert refused(game, PlaceBid(0, 9, D)) == "cannot_honour"
    game.apply(PlaceBid(0, 8, D))


def test_honour_check_with_abracadabra_adds_the_best_usable_card_once() -> None:
    game = table(hands=["d5 d3 c4", "d1", "p1"], used={0: "convert"})
    assert game.max_bid(0, D) == 13  # 5 + 3, and the 5 once more
    assert game.max_bid(0, C) == 8
    assert refused(game, PlaceBid(0, 14, D)) == "cannot_honour"
    game.tokens[0][Power.CONVERT] = False
    assert game.max_bid(0, D) == 17  # with Convert too: 5 + 3 + 4, and the 5 once more


def test_honour_check_with_abracadabra_in_an_a_la_carte_round_adds_one() -> None:
    game = table(hands=["d5 d3", "d1", "p1"], used={0: "convert"}, a_la_carte=True)
    assert game.max_bid(0, D) == 3
    game.apply(PlaceBid(0, 3, D))


def test_a_player_with_no_cards_cannot_bid() -> None:
    game = table(hands=["", "d1", "p1"])
    assert all(game.max_bid(0, cur) == 0 for cur in Currency)
    assert refused(game, PlaceBid(0, 1, D)) == "cannot_honour"
    assert refused(game, ALaCarte(0, 1, D)) == "cannot_honour"
    assert {o["reason"] for o in game.bid_options(0).values()} == {"cannot_honour"}


def test_bid_options_give_the_lowest_winning_and_the_highest_honourable_amount() -> None:
    game = table(hands=["d5 d3", "c2", "p1"], column_spec="cdp", used={0: "convert abracadabra"})
    game.apply(PlaceBid(1, 1, D))
    options = game.bid_options(0)
    assert options["dollars"] == {"min": 2, "max": 8, "reason": None, "needs": [], "plain": 8}
    camels = {"min": 1, "max": 0, "reason": "cannot_honour", "needs": [], "plain": 0}
    assert options["camels"] == camels
    peanuts = {"min": None, "max": 0, "reason": "bid_too_low", "needs": [], "plain": 0}
    assert options["peanuts"] == peanuts


@pytest.mark.parametrize("amount", [0, -3, 1.5, True, "2", None])
def test_a_bid_is_a_whole_number_of_at_least_one(amount: Any) -> None:
    game = table(hands=["d5", "d1", "p1"])
    assert refused(game, PlaceBid(0, amount, D)) == "bad_bid"


def test_a_bid_names_a_real_currency() -> None:
    game = table(hands=["d5", "d1", "p1"])
    assert refused(game, PlaceBid(0, 1, "gold")) == "bad_bid"  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [3, -1, None, "0", True])
def test_only_a_seated_player_bids(seat: Any) -> None:
    game = table(hands=["d5", "d1", "p1"])
    assert refused(game, PlaceBid(seat, 1, D)) == "not_seated"


def test_no_bid_while_the_winner_pays() -> None:
    game = table(hands=["d5", "d1", "p1"], column_spec="dcp")
    game.apply(PlaceBid(0, 2, D))
    sell(game)
    assert game.phase is Phase.PAYING
    assert refused(game, PlaceBid(1, 1, D)) == "wrong_phase"
    assert {o["reason"] for o in game.bid_options(1).values()} == {"wrong_phase"}


def test_refusals_name_currencies_and_powers_as_people_call_them() -> None:
    """ "Million Dollars: under Niet this round", never the raw id "dollars"; a fraction is
    refused as not a whole number."""
    game = table(hands=["d5 c1", "c2", "p1"], column_spec="dcp", niet="d")
    with pytest.raises(RuleError) as blocked:
        game.apply(PlaceBid(0, 1, D))
    assert blocked.value.code == "currency_blocked"
    assert "Million Dollars" in blocked.value.message and "dollars" not in blocked.value.message
    with pytest.raises(RuleError) as fraction:
        game.apply(PlaceBid(0, 1.5, C))  # type: ignore[arg-type]
    assert fraction.value.code == "bad_bid" and "1.5" in fraction.value.message
    spent = table(hands=["d5 c1", "c2", "p1"], column_spec="dcp", used={0: "a_la_carte"})
    with pytest.raises(RuleError) as used:
        spent.apply(ALaCarte(0, 1, D))
    assert used.value.code == "power_used" and "À la carte" in used.value.message
