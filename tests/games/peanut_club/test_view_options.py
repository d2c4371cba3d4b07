"""What a seat may play now, said by the view so that a page re-implements no rule: which powers
could be accepted (`you.powers`), which powers a bid's maximum counts on (`bid_options[..].needs`),
the bounds of an À la carte bid (`you.a_la_carte`), and the end-of-game awards."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from peanutclub.games.peanut_club.bots import make_bot
from peanutclub.games.peanut_club.engine import (
    Action,
    ALaCarte,
    Crash,
    Currency,
    Engine,
    Niet,
    Pay,
    Phase,
    PlaceBid,
    RuleError,
    Symbol,
    view,
)
from peanutclub.games.peanut_club.engine.awards import awards
from peanutclub.games.peanut_club.engine.bidding import unit, usable_cards
from tests.games.bot_table import first_accepted

from .conftest import C, D, obj, sell, table


def powers(game: Engine, seat: int) -> dict[str, dict[str, Any]]:
    you = view(game, seat)["you"]
    assert you is not None
    result: dict[str, dict[str, Any]] = you["powers"]
    return result


# ----------------------------------------------------------------------------- you.powers


def test_niet_is_not_offered_when_only_the_last_free_currency_remains() -> None:
    game = table(hands=["d5", "c1", "p2"], niet="pc")
    assert powers(game, 0)["niet"] == {"usable": False, "reason": "last_currency"}
    game = table(hands=["d5", "c1", "p2"], niet="p")  # two free: one may still be blocked
    assert powers(game, 0)["niet"] == {"usable": True, "reason": None}


def test_a_used_token_is_not_offered() -> None:
    game = table(hands=["d5", "c1", "p2"], used={0: "crash niet a_la_carte"})
    offered = powers(game, 0)
    for name in ("crash", "niet", "a_la_carte"):
        assert offered[name] == {"usable": False, "reason": "power_used"}


def test_bidding_powers_are_offered_while_bidding_and_paying_powers_to_the_payer() -> None:
    game = table(hands=["d5 c1", "c1", "p2"], column_spec="dcp")
    bidding = powers(game, 0)
    assert {n for n, p in bidding.items() if p["usable"]} == {"a_la_carte", "crash", "niet"}
    assert bidding["convert"] == {"usable": False, "reason": "wrong_phase"}
    game.apply(PlaceBid(0, 3, D))
    sell(game)
    paying = powers(game, 0)
    assert {n for n, p in paying.items() if p["usable"]} == {"convert", "abracadabra"}
    assert paying["crash"] == {"usable": False, "reason": "wrong_phase"}
    assert powers(game, 1)["convert"] == {"usable": False, "reason": "not_your_payment"}


def test_a_la_carte_is_not_offered_to_a_player_with_no_cards() -> None:
    game = table(hands=["", "c1", "p2"])
    assert powers(game, 0)["a_la_carte"] == {"usable": False, "reason": "cannot_honour"}
    assert powers(game, 0)["crash"]["usable"]  # no cards: Crash and Niet may still be played


def _abracadabra_payment(game: Engine, seat: int) -> Pay:
    """A payment doubling a card that the rules accept: the largest usable cards first, until
    they reach the bid with the first of them doubled (each card is then needed)."""
    ctx = game.payment_context()
    cards = usable_cards(game.hands[seat], ctx.currency, ctx.convert_unused, ctx.blocked)
    own = [c for c in cards if c.currency is ctx.currency]
    for choice, convert in ((own, False), (cards, True)):
        chosen = []
        for c in sorted(choice, key=lambda c: -unit(c, ctx.a_la_carte)):
            chosen.append(c)
            worth = sum(unit(x, ctx.a_la_carte) for x in chosen)
            if worth + unit(chosen[0], ctx.a_la_carte) >= ctx.amount:
                return Pay(seat, tuple(x.id for x in chosen), convert, chosen[0].id)
    raise AssertionError("no payment")


def _tries(game: Engine, seat: int, name: str) -> list[Action]:
    """Actions that use power `name` for `seat`: one of them is accepted when it is usable."""
    if name == "a_la_carte":
        return [ALaCarte(seat, 1, c) for c in Currency]
    if name == "crash":
        return [Crash(seat, Currency.DOLLARS, 0)]
    if name == "niet":
        return [Niet(seat, c) for c in Currency if c not in game.niet]
    if game.payer != seat:
        return [Pay(seat, (1,), name == "convert", 1 if name == "abracadabra" else None)]
    if name == "convert":
        best = game.pay_suggestion()
        assert best is not None
        return [Pay(seat, best.cards, True, best.abracadabra)]
    return [_abracadabra_payment(game, seat)]


def _outcome(game: Engine, action: Action) -> str | None:
    memo = {id(getattr(game, name, None)): None for name in ("_view_memo", "_public_view_cache")}
    trial = copy.deepcopy(game, memo)  # a copy without the views' caches, which are large
    try:
        trial.apply(action)
    except RuleError as error:
        return error.code
    return None


@pytest.mark.parametrize("seed", range(2))
def test_a_power_is_offered_exactly_when_using_it_would_be_accepted(seed: int) -> None:
    """In bot games, at many moments, for every seat and power: usable means some way of using
    it is accepted; not usable means using it is refused with the view's reason."""
    game = Engine(3 + seed, seed)
    bots = [make_bot(["easy", "normal", "hard"][s % 3], s, seed) for s in range(game.players)]
    rng = random.Random(seed)
    checked = 0
    while game.phase is not Phase.OVER and len(game.log) < 600:
        if rng.random() < 0.06:
            for seat in range(game.players):
                for name, option in powers(game, seat).items():
                    outcomes = [_outcome(game, a) for a in _tries(game, seat, name)]
                    if option["usable"]:
                        assert None in outcomes, (name, outcomes)
                    else:
                        assert None not in outcomes, (name, outcomes)
                        assert option["reason"] in outcomes, (name, outcomes)
                    checked += 1
        seats = rng.sample(range(game.players), game.players)
        if first_accepted(game, bots, seats, lambda s: view(game, s)) is None:
            game.apply(game.auctioneer_action())
    assert checked > 100


# ----------------------------------------------------------------------------- bid_options.needs


@pytest.mark.parametrize(
    ("used", "dollars", "camels"),
    [
        ("", (15, ["convert", "abracadabra"]), (15, ["convert", "abracadabra"])),
        ("convert", (13, ["abracadabra"]), (4, ["abracadabra"])),
        ("abracadabra", (10, ["convert"]), (10, ["convert"])),
        ("convert abracadabra", (8, []), (2, [])),
    ],
)
def test_up_to_says_which_powers_the_maximum_counts_on(
    used: str, dollars: tuple[int, list[str]], camels: tuple[int, list[str]]
) -> None:
    game = table(hands=["d5 d3 c2", "c1", "p2"], column_spec="dcp", used={0: used})
    options = game.bid_options(0)
    assert (options["dollars"]["max"], options["dollars"]["needs"]) == dollars
    assert (options["camels"]["max"], options["camels"]["needs"]) == camels


def test_convert_is_not_counted_on_when_the_other_currencies_add_nothing() -> None:
    game = table(hands=["d5 d3", "c1", "p2"], column_spec="dcp")
    assert game.bid_options(0)["dollars"]["needs"] == ["abracadabra"]
    game = table(hands=["d5 d3 p1", "c1", "p2"], column_spec="dcp", niet="p")
    assert game.bid_options(0)["dollars"]["needs"] == ["abracadabra"]  # the peanut is blocked
    assert game.bid_options(0)["peanuts"]["needs"] == []


# ----------------------------------------------------------------------------- you.a_la_carte


def test_a_la_carte_options_count_every_card_as_one() -> None:
    game = table(hands=["d5 d3 c2", "c1", "p2"], column_spec="dcp", niet="p", high_bid=(1, 9, "d"))
    you = view(game, 0)["you"]
    assert you["a_la_carte"] == {
        "dollars": {"min": 1, "max": 4, "reason": None},  # three cards, one doubled
        "camels": {"min": 1, "max": 4, "reason": None},
        "peanuts": {"min": None, "max": 0, "reason": "currency_blocked"},
    }
    assert _outcome(game, ALaCarte(0, 5, D)) == "cannot_honour"
    assert _outcome(game, ALaCarte(0, 4, C)) is None


def test_a_la_carte_options_are_null_once_the_token_is_used_or_while_paying() -> None:
    game = table(hands=["d5 d3 c2", "c1", "p2"], used={0: "a_la_carte"})
    assert view(game, 0)["you"]["a_la_carte"] is None
    game = table(hands=["d5 d3 c2", "c1", "p2"], column_spec="dcp")
    game.apply(PlaceBid(1, 1, C))
    sell(game)
    assert view(game, 0)["you"]["a_la_carte"] is None


def test_a_player_with_no_cards_has_no_a_la_carte_bid() -> None:
    game = table(hands=["", "c1", "p2"])
    options = view(game, 0)["you"]["a_la_carte"]
    assert {o["reason"] for o in options.values()} == {"cannot_honour"}


# ----------------------------------------------------------------------------- awards


def test_awards_are_given_only_at_the_end() -> None:
    game = table(hands=["d5", "c1", "p2"])
    assert view(game, None)["awards"] is None


def test_the_awards_tell_the_best_deal_the_most_value_lost_and_the_power_that_won_most() -> None:
    big = [obj("luxury", "antique"), obj("modern", "art"), obj("luxury", "exotic")]
    small = [obj("modern", "exotic")]
    game = table(
        hands=["d5 d4 d1", "c5 c2", "p3 p1"],
        column_spec="dcp",
        lot=big,
        pile=[*small],
    )
    # round 1: seat 0 crashes the column, then wins the three objects for 5 with a 5 (no loss)
    game.apply(Crash(0, D, 0))
    game.apply(PlaceBid(0, 5, D))
    sell(game)
    game.apply(Pay(0, (game.hands[0][-1].id,)))
    assert game.round == 2
    # round 2: seat 1 (camels 5 and 2) wins with 3 camels: only the 5 covers it, 2 are lost
    game.apply(PlaceBid(1, 3, C))
    sell(game)
    five = next(c for c in game.hands[1] if c.value == 5)
    game.apply(Pay(1, (five.id,)))
    assert game.phase is Phase.OVER
    given = {a["award"]: a for a in view(game, None)["awards"]}
    assert given == {a["award"]: a for a in awards(game)}
    assert given["most_lost"]["seat"] == 1 and given["most_lost"]["value"] == 2
    assert given["power_of_the_night"]["seat"] == 0
    assert given["power_of_the_night"]["detail"]["power"] == "crash"
    assert given["power_of_the_night"]["value"] == 3
    scores = {s.seat: s.total for s in game.scores or []}
    best = max((scores[s] / paid, s) for s, paid in ((0, 5), (1, 5)) if scores[s])
    assert given["best_deal"]["seat"] == best[1]
    assert given["best_deal"]["detail"]["paid"] == 5


def test_awards_in_a_whole_bot_game_name_real_seats() -> None:
    game = Engine(4, 7)
    bots = [make_bot("normal", s, 7) for s in range(4)]
    while game.phase is not Phase.OVER:
        if first_accepted(game, bots, range(4), lambda s: view(game, s)) is None:
            game.apply(game.auctioneer_action())
    given = view(game, None)["awards"]
    assert given and {a["award"] for a in given} <= {"best_deal", "most_lost", "power_of_the_night"}
    assert all(0 <= a["seat"] < 4 and isinstance(a["value"], int) for a in given)


def test_a_paid_event_names_the_cards_paid() -> None:
    game = table(hands=["d5 d1", "c1", "p2"], column_spec="dcp")
    game.apply(PlaceBid(0, 5, D))
    sell(game)
    five = game.hands[0][-1]
    paid = game.apply(Pay(0, (five.id,)))[0]
    assert paid.data["cards"] == [{"id": five.id, "currency": "dollars", "value": 5}]


# ----------------------------------------------------------------------------- bid_options.plain


def test_up_to_also_says_what_the_cards_alone_pay_in_each_currency() -> None:
    """`plain`: the most a currency's own cards pay, with no power; it differs per currency
    even when Convert + Abracadabra make every currency's most the same."""
    game = table(hands=["d5 d3 c2", "c1", "p2"], column_spec="dcp")
    options = game.bid_options(0)
    assert options["dollars"]["max"] == options["camels"]["max"] == 15
    assert (options["dollars"]["plain"], options["camels"]["plain"]) == (8, 2)
    assert options["peanuts"]["plain"] == 0
    blocked = table(hands=["d5 d3 c2", "c1", "p2"], column_spec="dcp", niet="c")
    assert blocked.bid_options(0)["camels"]["plain"] == 0


# ----------------------------------------------------------------------------------- lot_fit


def test_lot_fit_marks_the_collector_symbol_and_a_set_of_three_it_would_complete() -> None:
    game = Engine(3, 2)
    seat = 0
    lot = game.lot
    assert lot
    fit = view(game, seat)["you"]["lot_fit"]
    assert [f["id"] for f in fit] == [o.id for o in lot]
    mine = game.collectors[seat]
    assert [f["collector"] for f in fit] == [mine in o.symbols for o in lot]
    assert all(f["sets"] == [] for f in fit)  # nothing won yet: no set to complete
    # Two objects won with a symbol of the first object on sale: that symbol would make three.
    first = next(s for s in lot[0].symbols if s is not Symbol.JOKER)
    pair = [o for o in game.pile if first in o.symbols][:2]
    game.won[seat].extend(pair)
    assert first.value in game.lot_fit(seat)[0]["sets"]
    # a third one already won: the next set needs three more
    game.won[seat].append(next(o for o in game.pile if first in o.symbols and o not in pair))
    assert first.value not in game.lot_fit(seat)[0]["sets"]
