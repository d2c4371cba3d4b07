"""Paying: which payments are valid, auto-pay, and the best payment the server offers."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from peanutclub.games.peanut_club.engine import (
    AutoPay,
    Currency,
    CurrencyCard,
    Engine,
    Pay,
    Payment,
    PaymentContext,
    Phase,
    PlaceBid,
    Power,
    RuleError,
    best_payment,
    check_payment,
    currency_deck,
    max_honourable,
)

from .conftest import C, D, P, all_valid_payments, hand, kinds, payment_key, refused, sell, table


def won_by(seat: int, amount: int, currency: str, **kwargs: Any) -> tuple[Engine, dict[str, int]]:
    """A game in which `seat` has just won a lot with that bid; also each card's id by name."""
    game = table(**kwargs)
    cur = {"d": D, "c": C, "p": P}[currency]
    game.apply(PlaceBid(seat, amount, cur))
    sell(game)
    assert game.phase is Phase.PAYING
    names: dict[str, int] = {}
    for c in game.hands[seat]:
        name = f"{c.currency.value[0]}{c.value}"
        while name in names:
            name += "'"
        names[name] = c.id
    return game, names


def test_only_the_winner_pays() -> None:
    game, card = won_by(0, 5, "d", hands=["d5", "d5", "c1"])
    assert refused(game, Pay(1, (game.hands[1][0].id,))) == "not_your_payment"
    assert refused(game, Pay(7, (card["d5"],))) == "not_seated"
    game.apply(Pay(0, (card["d5"],)))


def test_nothing_is_paid_while_bidding() -> None:
    game = table(hands=["d5", "d5", "c1"])
    assert refused(game, Pay(0, (game.hands[0][0].id,))) == "wrong_phase"
    assert refused(game, AutoPay()) == "wrong_phase"


def test_without_convert_every_card_is_of_the_bids_currency() -> None:
    game, card = won_by(0, 5, "d", hands=["d3 c2", "d5", "c1"], used={0: "abracadabra"})
    assert refused(game, Pay(0, (card["d3"], card["c2"]))) == "bad_payment"
    game.apply(Pay(0, (card["d3"], card["c2"]), convert=True))
    assert game.tokens[0][Power.CONVERT]


def test_no_card_of_a_currency_under_niet_even_with_convert() -> None:
    game = table(hands=["d3 c2 p4", "d5", "c1"], column_spec="dcp")
    game.niet = [P]
    game.apply(PlaceBid(0, 5, D))
    sell(game)
    p4 = next(c.id for c in game.hands[0] if c.currency is P)
    d3 = next(c.id for c in game.hands[0] if c.currency is D)
    assert refused(game, Pay(0, (d3, p4), convert=True)) == "bad_payment"


def test_abracadabra_doubles_one_card_used() -> None:
    game, card = won_by(0, 6, "d", hands=["d3 d2", "d5", "c1"])
    assert refused(game, Pay(0, (card["d3"],))) == "bad_payment"
    assert refused(game, Pay(0, (card["d3"],), abracadabra=card["d2"])) == "bad_payment"
    events = game.apply(Pay(0, (card["d3"],), abracadabra=card["d3"]))
    assert events[0].data["value"] == 6 and events[0].data["abracadabra"] == card["d3"]
    assert game.tokens[0][Power.ABRACADABRA] and not game.tokens[0][Power.CONVERT]


def test_the_value_must_reach_the_bid_and_no_change_is_given() -> None:
    game, card = won_by(0, 6, "d", hands=["d4 d3 d1", "d5", "c1"], used={0: "abracadabra"})
    assert refused(game, Pay(0, (card["d4"], card["d1"]))) == "bad_payment"
    events = game.apply(Pay(0, (card["d4"], card["d3"])))
    assert events[0].data["value"] == 7 and events[0].data["excess"] == 1
    assert [c.id for c in game.hands[0]] == [card["d1"]]


def test_a_payment_with_an_unneeded_card_is_refused() -> None:
    game, card = won_by(0, 5, "d", hands=["d5 d1 d2", "d5", "c1"])
    assert refused(game, Pay(0, (card["d5"], card["d1"]))) == "bad_payment"
    game.apply(Pay(0, (card["d5"],)))


def test_every_card_needed_counts_the_abracadabra_card_with_its_doubling() -> None:
    # 3 doubled + 2 = 8 for a bid of 5: leaving out the 2 still gives 6, so the 2 is not needed
    game, card = won_by(0, 5, "d", hands=["d3 d2", "d5", "c1"])
    assert refused(game, Pay(0, (card["d3"], card["d2"]), abracadabra=card["d3"])) == "bad_payment"
    # 1 doubled + 3 = 5 for a bid of 4: leaving out the 1 and its doubling gives 3, too little
    game, card = won_by(0, 4, "d", hands=["d3 d1", "d5", "c1"])
    game.apply(Pay(0, (card["d3"], card["d1"]), abracadabra=card["d1"]))


def test_a_payment_names_each_card_of_ones_own_hand_once() -> None:
    game, card = won_by(0, 2, "d", hands=["d1 d1", "d5", "c1"])
    other = game.hands[1][0].id
    assert refused(game, Pay(0, ())) == "bad_payment"
    assert refused(game, Pay(0, (card["d1"], card["d1"]))) == "bad_payment"
    assert refused(game, Pay(0, (card["d1"], other))) == "bad_payment"
    assert refused(game, Pay(0, (999,))) == "bad_payment"


def test_a_paid_lot_goes_to_the_winner_and_the_cards_are_public() -> None:
    game, card = won_by(0, 5, "d", hands=["d5 c1", "d5", "c1"])
    lot = list(game.lot)
    events = game.apply(Pay(0, (card["d5"],)))
    assert kinds(events)[0] == "paid"
    assert events[0].data["cards"] == [{"id": card["d5"], "currency": "dollars", "value": 5}]
    assert events[0].data["objects"] == [o.id for o in lot]
    assert game.won[0] == lot
    assert [(s, c.id) for s, c in game.paid] == [(0, card["d5"])]
    assert game.phase is Phase.BIDDING and game.round == 2


def test_auto_pay_pays_the_best_payment() -> None:
    game, card = won_by(0, 5, "d", hands=["d4 d3 d2 c5", "d5", "c1"])
    assert game.pay_suggestion() == Payment((card["d2"], card["d3"]))
    events = game.apply(AutoPay())
    assert events[0].data["auto"] is True
    assert events[0].data["cards"] == [
        {"id": card["d2"], "currency": "dollars", "value": 2},
        {"id": card["d3"], "currency": "dollars", "value": 3},
    ]
    assert sorted(c.id for c in game.hands[0]) == sorted([card["d4"], card["c5"]])


def test_best_payment_uses_no_power_when_it_can() -> None:
    game, card = won_by(0, 5, "d", hands=["d5 c1", "d5", "c1"])
    assert game.pay_suggestion() == Payment((card["d5"],))


def test_best_payment_spends_the_weakest_currency_first_with_convert() -> None:
    game, card = won_by(
        0, 3, "c", hands=["c1 d3 p3", "d5", "c1"], column_spec="cdp", used={0: "abracadabra"}
    )
    assert game.pay_suggestion() == Payment((card["p3"],), convert=True)
    game, card = won_by(
        0, 6, "c", hands=["c1 d3 p3 d2 p2", "d5", "c1"], column_spec="cdp", used={0: "abracadabra"}
    )
    # no camel at all beats one camel; then fewer dollars beat more
    assert game.pay_suggestion() == Payment(tuple(sorted((card["d3"], card["p3"]))), convert=True)


def test_best_payment_in_an_a_la_carte_round_spends_the_smallest_cards() -> None:
    # every card counts 1, so after the excess and the currencies the lowest ids decide: the
    # deck numbers each currency's cards from its smallest value up
    game = table(hands=["d5 d1 d2", "d5", "c1"], column_spec="dcp", used={0: "abracadabra"})
    game.a_la_carte = True
    game.apply(PlaceBid(0, 2, D))
    sell(game)
    small = tuple(sorted(c.id for c in game.hands[0] if c.value < 5))
    assert game.pay_suggestion() == Payment(small)


# ----------------------------------------------------------------------------- optimality

DECK = currency_deck()


@st.composite
def payment_problems(draw: st.DrawFn) -> tuple[list[CurrencyCard], PaymentContext]:
    cards = draw(st.lists(st.sampled_from(DECK), max_size=7, unique_by=lambda c: c.id))
    column = tuple(draw(st.permutations(list(Currency))))
    blocked = frozenset(draw(st.sets(st.sampled_from(list(Currency)), max_size=2)))
    currency = draw(st.sampled_from([c for c in Currency if c not in blocked]))
    ctx = PaymentContext(
        amount=draw(st.integers(1, 16)),
        currency=currency,
        column=column,
        a_la_carte=draw(st.booleans()),
        blocked=blocked,
        convert_unused=draw(st.booleans()),
        abracadabra_unused=draw(st.booleans()),
    )
    return cards, ctx


@settings(max_examples=300, deadline=None)
@given(payment_problems())
def test_best_payment_is_valid_and_minimal_under_the_documented_order(
    problem: tuple[list[CurrencyCard], PaymentContext],
) -> None:
    cards, ctx = problem
    valid = all_valid_payments(cards, ctx)
    best = best_payment(cards, ctx)
    if not valid:
        assert best is None
        return
    assert best is not None
    value = check_payment(cards, best, ctx)
    assert payment_key(cards, best, ctx, value) == min(key for key, _ in valid)


@settings(max_examples=300, deadline=None)
@given(payment_problems(), st.data())
def test_a_bid_that_passes_the_honour_check_can_always_be_paid(
    problem: tuple[list[CurrencyCard], PaymentContext], data: st.DataObject
) -> None:
    cards, ctx = problem
    most = max_honourable(
        cards,
        ctx.currency,
        a_la_carte=ctx.a_la_carte,
        convert_unused=ctx.convert_unused,
        abracadabra_unused=ctx.abracadabra_unused,
        blocked=ctx.blocked,
    )
    if most == 0:  # no usable card at all: nothing can be paid, and no bid was possible
        assert best_payment(cards, ctx) is None
        return
    amount = data.draw(st.integers(1, most))
    best = best_payment(cards, replace(ctx, amount=amount))
    assert best is not None
    assert check_payment(cards, best, replace(ctx, amount=amount)) >= amount
    # and the honour check is not too generous: one more could not be paid
    assert best_payment(cards, replace(ctx, amount=most + 1)) is None


def test_best_payment_examples() -> None:
    cards = hand("d5 d4 d1 c3 p2")
    d5, d4, d1, _, p2 = cards
    ctx = PaymentContext(5, D, (C, D, P), False, frozenset(), True, True)
    assert best_payment(cards, ctx) == Payment((d5.id,))
    ctx = PaymentContext(11, D, (C, D, P), False, frozenset(), True, True)
    # 10 in dollars falls short: one power is needed, and both the 1 with the 5 doubled and
    # Convert's 4 + 5 + a 2 in peanuts make exactly 11; the weakest currency goes first, so 9
    # dollars and 2 peanuts beat 11 dollars
    assert best_payment(cards, ctx) == Payment(tuple(sorted((d4.id, d5.id, p2.id))), True)
    # with Convert used: two cards (the 5 doubled and the 1) beat three (the 1 doubled, 4, 5)
    ctx = PaymentContext(11, D, (C, D, P), False, frozenset(), False, True)
    assert best_payment(cards, ctx) == Payment((d1.id, d5.id), abracadabra=d5.id)


def test_a_malformed_payment_is_refused_not_a_crash() -> None:
    game, card = won_by(0, 5, "d", hands=["d5", "d5", "c1"])
    d5 = card["d5"]
    for bad in (
        Pay(0, 5),  # type: ignore[arg-type]
        Pay(0, ([d5],)),  # type: ignore[arg-type]
        Pay(0, (True,)),
        Pay(0, (d5,), convert="no"),  # type: ignore[arg-type]
        Pay(0, (d5,), abracadabra="x"),  # type: ignore[arg-type]
    ):
        assert refused(game, bad) == "bad_payment", bad
    game.apply(Pay(0, [d5]))  # type: ignore[arg-type]  # a list is as good as a tuple
    assert game.phase is Phase.BIDDING


def test_the_payers_dry_run_names_the_card_that_could_stay_in_hand() -> None:
    game, card = won_by(0, 5, "d", hands=["d5 d1 d2", "d5", "c1"])
    before = (game.reveal(), game.version, len(game.log))
    verdict = game.judge(Pay(0, (card["d5"], card["d1"])))
    assert (verdict.code, verdict.value, verdict.amount) == ("bad_payment", 6, 5)
    assert verdict.unneeded == card["d1"]
    assert verdict.to_dict()["ok"] is False
    assert (game.reveal(), game.version, len(game.log)) == before  # a dry run changes nothing
    good = game.judge(Pay(0, (card["d5"],)))
    assert good.to_dict() == {
        "ok": True,
        "amount": 5,
        "value": 5,
        "code": None,
        "message": None,
        "unneeded": None,
    }


def test_the_dry_run_counts_what_falls_short_and_the_doubled_card() -> None:
    game, card = won_by(0, 13, "d", hands=["d1 d2 d4 d5", "d5", "c1"])
    short = game.judge(Pay(0, (card["d4"], card["d5"])))
    assert (short.code, short.value, short.unneeded) == ("bad_payment", 9, None)
    doubled = game.judge(Pay(0, (card["d4"], card["d5"]), abracadabra=card["d4"]))
    assert (doubled.code, doubled.value) == (None, 13)


def test_the_dry_run_says_what_pay_would_say_for_every_payment_of_a_hand() -> None:
    """Each subset of the winner's hand, with and without powers: the dry run's code is the one
    `apply` raises (or none when it accepts), so the page never guesses a rule."""
    game, card = won_by(0, 6, "d", hands=["d1 d2 d4 c3", "d5", "c1"])
    ids = sorted(card.values())
    for mask in range(1, 1 << len(ids)):
        chosen = tuple(i for n, i in enumerate(ids) if mask >> n & 1)
        for convert in (False, True):
            for doubled in (None, *chosen[:1]):
                action = Pay(0, chosen, convert=convert, abracadabra=doubled)
                verdict = game.judge(action)
                trial = table(hands=["d1 d2 d4 c3", "d5", "c1"])
                trial.apply(PlaceBid(0, 6, D))
                sell(trial)
                try:
                    trial.apply(action)
                    code = None
                except RuleError as error:
                    code = error.code
                assert verdict.code == code, (chosen, convert, doubled)


def test_only_the_winner_may_ask_for_a_dry_run() -> None:
    game, _ = won_by(0, 5, "d", hands=["d5", "d5", "c1"])
    with pytest.raises(RuleError) as info:
        game.judge(Pay(1, (game.hands[1][0].id,)))
    assert info.value.code == "not_your_payment"
