"""Powers: À la carte, Crash and Niet during bidding, tokens used once, and the refresh card."""

from __future__ import annotations

from typing import Any

import pytest

from peanutclub.games.peanut_club.engine import (
    ALaCarte,
    AutoPay,
    CallGoing,
    Crash,
    Niet,
    Pay,
    Phase,
    PlaceBid,
    Power,
)
from peanutclub.games.peanut_club.engine.bidding import Bid

from .conftest import C, D, P, column, kinds, obj, refused, sell, table

# ----------------------------------------------------------------------------- À la carte


def test_a_la_carte_restarts_the_auction_with_its_bid_as_the_only_bid() -> None:
    game = table(hands=["d5 p1 p1", "d5 d4", "c1"], column_spec="dcp")
    game.apply(PlaceBid(1, 9, D))
    events = game.apply(ALaCarte(0, 2, P))  # weaker than 9 dollars, yet it stands alone
    assert kinds(events) == ["power", "bid"]
    assert game.high_bid == Bid(0, 2, P)
    assert game.a_la_carte
    assert game.tokens[0][Power.A_LA_CARTE]
    assert refused(game, PlaceBid(2, 2, P)) == "bid_too_low"
    game.apply(PlaceBid(2, 1, C))
    assert game.high_bid == Bid(2, 1, C)


def test_a_la_carte_values_every_card_at_one_until_the_lot_is_sold() -> None:
    game = table(hands=["p5 p4 p3", "d5 d4", "c1"], column_spec="dcp", used={1: "abracadabra"})
    game.apply(ALaCarte(0, 3, P))
    assert game.max_bid(1, D) == 2  # two dollar cards, one each
    assert refused(game, PlaceBid(1, 3, D)) == "cannot_honour"
    game.apply(PlaceBid(1, 2, D))
    sell(game)
    assert game.payment_context().a_la_carte
    assert refused(game, Pay(1, (game.hands[1][0].id,))) == "bad_payment"  # a 5 pays only 1
    game.apply(Pay(1, tuple(c.id for c in game.hands[1])))
    assert not game.a_la_carte
    assert game.max_bid(0, P) > 3


def test_a_la_carte_is_honoured_at_one_per_card_and_abracadabra_makes_one_card_two() -> None:
    game = table(hands=["d5", "d5", "c1"], column_spec="dcp", used={1: "abracadabra"})
    assert refused(game, ALaCarte(1, 2, D)) == "cannot_honour"
    game.apply(ALaCarte(0, 2, D))  # one card at 1, doubled by the unused Abracadabra
    sell(game)
    assert refused(game, Pay(0, (game.hands[0][0].id,))) == "bad_payment"
    game.apply(Pay(0, (game.hands[0][0].id,), abracadabra=game.hands[0][0].id))
    assert game.tokens[0][Power.ABRACADABRA]


def test_a_la_carte_lasts_through_a_later_crash_or_niet() -> None:
    game = table(hands=["d5 d4", "d5", "c1"], column_spec="dcp")
    game.apply(ALaCarte(0, 1, D))
    game.apply(Crash(1, P, 0))
    game.apply(Niet(2, C))
    assert game.a_la_carte and game.high_bid is None


def test_the_high_bidder_may_play_a_la_carte() -> None:
    game = table(hands=["d5 d4 d3", "d1", "c1"], column_spec="dcp")
    game.apply(PlaceBid(0, 10, D))
    game.apply(ALaCarte(0, 3, D))
    assert game.high_bid == Bid(0, 3, D) and game.a_la_carte


# ----------------------------------------------------------------------------- Crash


@pytest.mark.parametrize(
    ("start", "currency", "position", "after"),
    [
        ("dcp", "p", 0, "pdc"),
        ("dcp", "d", 2, "cpd"),
        ("dcp", "c", 2, "dpc"),
        ("dcp", "c", 1, "dcp"),  # its current place is allowed
    ],
)
def test_crash_moves_one_currency_value_card_anywhere(
    start: str, currency: str, position: int, after: str
) -> None:
    game = table(hands=["d5", "d5", "c1"], column_spec=start)
    cur = column(currency)[0]
    events = game.apply(Crash(0, cur, position))
    assert game.column == column(after)
    assert events[0].data["column"] == [c.value for c in column(after)]
    assert game.tokens[0][Power.CRASH]


def test_crash_restarts_the_auction_with_no_high_bid() -> None:
    game = table(hands=["d5", "d5", "c1"], column_spec="dcp")
    game.apply(PlaceBid(0, 3, D))
    game.apply(Crash(1, D, 0))  # even in its current place
    assert game.high_bid is None
    game.apply(PlaceBid(1, 1, D))
    assert game.high_bid == Bid(1, 1, D)


def test_the_new_column_lasts_past_the_round() -> None:
    game = table(hands=["d5", "d5", "c1"], column_spec="dcp", pile=[obj("modern"), obj("art")])
    game.apply(Crash(0, P, 0))
    game.apply(PlaceBid(2, 1, C))
    sell(game)
    game.apply(AutoPay())
    assert game.phase is Phase.BIDDING and game.round == 2
    assert game.column == column("pdc")


@pytest.mark.parametrize(("currency", "position"), [(D, -1), (D, 3), (D, "1"), ("gold", 0)])
def test_crash_needs_a_currency_and_a_place_in_the_column(currency: Any, position: Any) -> None:
    game = table(hands=["d5", "d5", "c1"])
    assert refused(game, Crash(0, currency, position)) == "bad_crash"


# ----------------------------------------------------------------------------- Niet


def test_niet_blocks_a_currency_and_restarts_the_auction() -> None:
    game = table(hands=["d5 c3", "d5", "c1"], column_spec="dcp")
    game.apply(PlaceBid(0, 3, D))
    events = game.apply(Niet(1, D))
    assert events[0].data == {"seat": 1, "power": "niet", "currency": "dollars"}
    assert game.niet == [D] and game.high_bid is None
    assert refused(game, PlaceBid(1, 1, D)) == "currency_blocked"
    assert game.max_bid(0, C) == 3 + 3  # Convert would not count the blocked dollars


def test_a_niet_on_the_last_free_currency_is_refused() -> None:
    game = table(hands=["d5", "d5", "c1"])
    game.apply(Niet(0, D))
    game.apply(Niet(1, C))
    assert refused(game, Niet(2, P)) == "last_currency"
    assert game.niet == [D, C]


def test_a_niet_on_a_blocked_currency_is_refused() -> None:
    game = table(hands=["d5", "d5", "c1"])
    game.apply(Niet(0, D))
    assert refused(game, Niet(1, D)) == "already_blocked"
    game.apply(Niet(1, C))
    assert refused(game, Niet(2, D)) == "already_blocked"


def test_niet_blocks_end_with_the_round() -> None:
    game = table(hands=["d5", "d5", "c1"], column_spec="dcp", pile=[obj("modern"), obj("art")])
    game.apply(Niet(0, D))
    game.apply(PlaceBid(2, 1, C))
    sell(game)
    assert game.niet == [D]  # still blocked while the winner pays
    game.apply(AutoPay())
    assert game.niet == []
    game.apply(PlaceBid(0, 1, D))


def test_a_player_with_no_cards_may_still_crash_and_niet() -> None:
    game = table(hands=["", "d5", "c1"])
    game.apply(Crash(0, P, 0))
    game.apply(Niet(0, D))
    assert game.tokens[0][Power.CRASH] and game.tokens[0][Power.NIET]


@pytest.mark.parametrize(
    "action", [Crash(0, D, 0), Niet(0, D), ALaCarte(0, 1, D)], ids=["crash", "niet", "a_la_carte"]
)
def test_bidding_powers_only_while_the_lot_is_open(action: Any) -> None:
    game = table(hands=["d5", "d5", "c1"], column_spec="dcp")
    game.apply(PlaceBid(1, 1, D))
    sell(game)
    assert refused(game, action) == "wrong_phase"


# ----------------------------------------------------------------------------- tokens


@pytest.mark.parametrize(
    "action", [Crash(0, D, 0), Niet(0, D), ALaCarte(0, 1, D)], ids=["crash", "niet", "a_la_carte"]
)
def test_each_token_is_used_once(action: Any) -> None:
    game = table(hands=["d5 d4", "d5", "c1"])
    game.apply(action)
    game.niet = []
    assert refused(game, action) == "power_used"


def test_a_used_convert_or_abracadabra_token_is_refused_when_paying() -> None:
    game = table(hands=["d5 c4", "d5", "c1"], column_spec="dcp", used={0: "convert abracadabra"})
    game.apply(PlaceBid(0, 5, D))
    sell(game)
    d5, _c4 = sorted(game.hands[0], key=lambda c: c.currency.value, reverse=True)
    assert refused(game, Pay(0, (d5.id,), convert=True)) == "power_used"
    assert refused(game, Pay(0, (d5.id,), abracadabra=d5.id)) == "power_used"


def test_the_refresh_card_on_top_turns_tokens_back_and_the_next_back_gives_the_size() -> None:
    three = obj("modern", "art", back=3)
    rest = [obj("exotic"), obj("antique"), obj("luxury", back=2)]
    game = table(
        hands=["d5", "d5", "c1"],
        pile=[obj(refresh=True), three, *rest],
        used={0: "crash niet convert", 1: "a_la_carte abracadabra"},
    )
    assert game.refresh_next and game.next_lot_size is None
    events = sell(game)  # no bid: the lot is discarded, the next round begins
    assert kinds(events)[-3:] == ["discarded", "refresh", "lot"]
    assert game.lot == [three, *rest[:2]]
    assert all(not used for t in game.tokens for used in t.values())
    assert not any(o.refresh for o in game.pile)
    assert game.next_lot_size == 2


def test_the_refresh_card_inside_a_lot_is_replaced_by_the_next_card() -> None:
    two = obj("modern", "art", back=2)
    after, last = obj("exotic", back=3), obj("antique", back=1)
    game = table(
        hands=["d5", "d5", "c1"],
        pile=[two, obj(refresh=True), after, last],
        used={2: "crash niet"},
    )
    game.apply(PlaceBid(2, 1, C))
    events = sell(game)
    events += game.apply(AutoPay())
    assert kinds(events)[-2:] == ["refresh", "lot"]
    assert game.lot == [two, after]
    assert game.pile == [last]
    assert not any(game.tokens[2].values())
    assert game.tokens[2][Power.CONVERT] is False


def test_a_token_used_after_the_refresh_stays_used() -> None:
    game = table(
        hands=["d5", "d5", "c1"],
        pile=[obj(refresh=True), obj("modern", back=1), obj("art")],
        used={0: "crash"},
    )
    sell(game)
    game.apply(Crash(0, D, 0))
    assert refused(game, Crash(0, D, 1)) == "power_used"


def test_a_going_call_is_cancelled_by_any_power() -> None:
    for action in (Crash(0, D, 0), Niet(0, D), ALaCarte(0, 1, D)):
        game = table(hands=["d5", "d5", "c1"])
        game.apply(CallGoing(1))
        game.apply(action)
        assert game.going == 0
