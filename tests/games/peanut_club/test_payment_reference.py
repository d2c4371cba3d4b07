"""The order of "best" payment (rules/peanut-club.md, Paying), checked against references that
share no code with `best_payment`.

The rules' order: the fewest powers; the least value lost to "no change"; the weakest currency
of the column first (when Convert is used); the fewest cards; the lowest card ids. Our reading of
the third step: the value each currency counts for toward the bid (the doubled card twice),
compared from the strongest currency of the column down; without Convert one currency pays it
all, so the step never decides there, as the rules' "(when Convert is used)" says. Face value
spent is no step of its own: with Abracadabra, two cards beat three that spend less face value.
The lowest card ids compare sorted lists; between equally good doubled cards, the lowest id.

`brute_force_best` tries every subset of the hand with every Convert and Abracadabra choice and
judges validity from the rules itself; `knapsack_best` (a slow dynamic programme over tuple keys)
covers hands too big for that.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

import pytest

from peanutclub.games.peanut_club.engine import (
    Currency,
    CurrencyCard,
    Payment,
    PaymentContext,
    best_payment,
)
from peanutclub.games.peanut_club.engine.components import currency_deck

D = Currency.DOLLARS

Key = tuple[Any, ...]


def worth(card: CurrencyCard, ctx: PaymentContext, doubled: int | None) -> int:
    """What a card counts for toward the bid: face value or 1 (À la carte), twice if doubled."""
    one = 1 if ctx.a_la_carte else card.value
    return 2 * one if card.id == doubled else one


def rules_key(cards: Sequence[CurrencyCard], payment: Payment, ctx: PaymentContext) -> Key:
    """The rules' order of "best" as a tuple: smaller is better."""
    value = sum(worth(c, ctx, payment.abracadabra) for c in cards)
    per_currency = [0] * len(ctx.column)
    for c in cards:
        per_currency[ctx.column.index(c.currency)] += worth(c, ctx, payment.abracadabra)
    return (
        payment.powers,
        value - ctx.amount,
        tuple(per_currency),
        len(cards),
        tuple(sorted(payment.cards)),
        -1 if payment.abracadabra is None else payment.abracadabra,
    )


def accepted(cards: Sequence[CurrencyCard], payment: Payment, ctx: PaymentContext) -> bool:
    """The rules for a payment, restated: tokens, currencies, value, every card needed."""
    if payment.convert and not ctx.convert_unused:
        return False
    if payment.abracadabra is not None and not ctx.abracadabra_unused:
        return False
    if any(c.currency in ctx.blocked for c in cards):
        return False
    if not payment.convert and any(c.currency is not ctx.currency for c in cards):
        return False
    value = sum(worth(c, ctx, payment.abracadabra) for c in cards)
    if value < ctx.amount:
        return False
    return all(value - worth(c, ctx, payment.abracadabra) < ctx.amount for c in cards)


def brute_force_best(hand: Sequence[CurrencyCard], ctx: PaymentContext) -> Payment | None:
    """The best payment by trying them all."""
    best: tuple[Key, Payment] | None = None
    ordered = sorted(hand, key=lambda c: c.id)
    for size in range(1, len(ordered) + 1):
        for cards in combinations(ordered, size):
            ids = tuple(c.id for c in cards)
            for convert in (False, True):
                for doubled in (None, *ids):
                    payment = Payment(ids, convert, doubled)
                    if accepted(cards, payment, ctx):
                        key = rules_key(cards, payment, ctx)
                        if best is None or key < best[0]:
                            best = (key, payment)
    return None if best is None else best[1]


def knapsack_best(hand: Sequence[CurrencyCard], ctx: PaymentContext) -> Payment | None:
    """The best payment by a slow programme over sums with tuple keys, for big hands.

    For each way of paying (Convert or not, a card doubled or not) and each value reached, it
    keeps the best set by the rules' key after the excess; the least excess then wins, and a
    least-excess payment needs every card (one that could go would leave a smaller excess, or
    a valid payment with one power fewer).
    """
    best: tuple[Key, Payment] | None = None
    width = len(ctx.column)
    for convert in (False, True) if ctx.convert_unused else (False,):
        for abra in (False, True) if ctx.abracadabra_unused else (False,):
            cards = sorted(
                (
                    c
                    for c in hand
                    if c.currency not in ctx.blocked and (convert or c.currency is ctx.currency)
                ),
                key=lambda c: c.id,
            )
            # (value, doubled id or None) -> (per-currency value, count, ids)
            states: dict[tuple[int, int | None], tuple[Any, ...]] = {
                (0, None): ((0,) * width, 0, ())
            }
            cap = ctx.amount + 2 * max((worth(c, ctx, None) for c in cards), default=0)
            for card in cards:
                pos = ctx.column.index(card.currency)
                updates: dict[tuple[int, int | None], tuple[Any, ...]] = {}
                for (total, doubled), (per, count, ids) in states.items():
                    choices = [(doubled, worth(card, ctx, None))]
                    if abra and doubled is None:
                        choices.append((card.id, worth(card, ctx, card.id)))
                    for new_doubled, adds in choices:
                        if total + adds >= cap:
                            continue
                        grown_per = list(per)
                        grown_per[pos] += adds
                        grown = (tuple(grown_per), count + 1, (*ids, card.id))
                        target = (total + adds, new_doubled)
                        old = updates.get(target, states.get(target))
                        if old is None or grown < old:
                            updates[target] = grown
                states.update(updates)
            for (total, doubled), (per, count, ids) in states.items():
                if total < ctx.amount or (abra and doubled is None):
                    continue
                payment = Payment(ids, convert, doubled)
                key = (convert + abra, total - ctx.amount, per, count, ids, doubled or -1)
                if best is None or key < best[0]:
                    best = (key, payment)
    return None if best is None else best[1]


# ----------------------------------------------------------------------------- random problems


def random_problem(rng: random.Random, most: int = 9) -> tuple[list[CurrencyCard], PaymentContext]:
    cards = rng.sample(currency_deck(), rng.randint(0, most))
    column = list(Currency)
    rng.shuffle(column)
    blocked = frozenset(rng.sample(column, rng.choice([0, 0, 0, 1, 2])))
    total = sum(c.value for c in cards)
    ctx = PaymentContext(
        amount=rng.randint(1, max(1, min(total + 6, 40))),
        currency=rng.choice(column),
        column=tuple(column),
        a_la_carte=rng.random() < 0.25,
        blocked=blocked,
        convert_unused=rng.random() < 0.6,
        abracadabra_unused=rng.random() < 0.6,
    )
    return cards, ctx


def big_bid_problem(rng: random.Random, most: int = 9) -> tuple[list[CurrencyCard], PaymentContext]:
    """A bid that spends most of what can pay it, with Abracadabra at hand: where the powers and
    the doubled card decide most."""
    cards, ctx = random_problem(rng, most)
    usable = [
        c
        for c in cards
        if c.currency not in ctx.blocked and (ctx.convert_unused or c.currency is ctx.currency)
    ]
    units = [1 if ctx.a_la_carte else c.value for c in usable] or [1]
    amount = rng.randint(max(1, sum(units) // 2), sum(units) + max(units))
    return cards, dataclasses.replace(ctx, amount=amount, abracadabra_unused=True)


def one_currency_problem(
    rng: random.Random, most: int = 9
) -> tuple[list[CurrencyCard], PaymentContext]:
    """Cards of the bid's currency only, Abracadabra at hand: the issue's kind of hand."""
    currency = rng.choice(list(Currency))
    cards = rng.sample([c for c in currency_deck() if c.currency is currency], rng.randint(1, most))
    column = list(Currency)
    rng.shuffle(column)
    alc = rng.random() < 0.2
    units = [1 if alc else c.value for c in cards]
    ctx = PaymentContext(
        amount=rng.randint(1, sum(units) + max(units)),
        currency=currency,
        column=tuple(column),
        a_la_carte=alc,
        blocked=frozenset(),
        convert_unused=rng.random() < 0.3,
        abracadabra_unused=True,
    )
    return cards, ctx


Problem = Callable[..., tuple[list[CurrencyCard], PaymentContext]]
Reference = Callable[[Sequence[CurrencyCard], PaymentContext], Payment | None]


def assert_best_as_the_rules_order(
    problem: Problem, reference: Reference, seed: str, count: int, most: int
) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        cards, ctx = problem(rng, most)
        assert best_payment(cards, ctx) == reference(cards, ctx), (cards, ctx)


@pytest.mark.parametrize("problem", [random_problem, big_bid_problem, one_currency_problem])
def test_the_suggestion_is_the_best_payment_in_the_rules_order(problem: Problem) -> None:
    assert_best_as_the_rules_order(problem, brute_force_best, problem.__name__, 1500, 8)


@pytest.mark.parametrize("problem", [random_problem, big_bid_problem])
def test_the_suggestion_for_a_big_hand_is_the_best_in_the_rules_order(problem: Problem) -> None:
    assert_best_as_the_rules_order(problem, knapsack_best, f"big {problem.__name__}", 400, 24)


def test_the_two_references_agree() -> None:
    rng = random.Random("refs")
    for _ in range(400):
        cards, ctx = big_bid_problem(rng, 8)
        assert knapsack_best(cards, ctx) == brute_force_best(cards, ctx), (cards, ctx)


# ----------------------------------------------------------------------------- the orders pinned


def dollars(*values: int) -> list[CurrencyCard]:
    """Dollar cards of these face values, with the deck's real ids."""
    deck = [c for c in currency_deck() if c.currency is D]
    chosen = []
    for v in values:
        card = next(c for c in deck if c.value == v and c not in chosen)
        chosen.append(card)
    return chosen


def test_with_abracadabra_fewer_cards_come_before_less_face_value_spent() -> None:
    """Issue 19: dollars 1, 2, 4, 5, Convert used, 13 dollars won. 1 + 2 + 5 doubled and 4
    doubled + 5 both make 13 exactly with one power; two cards beat three."""
    d1, d2, d4, d5 = dollars(1, 2, 4, 5)
    ctx = PaymentContext(13, D, tuple(Currency), False, frozenset(), False, True)
    assert best_payment([d1, d2, d4, d5], ctx) == Payment((d4.id, d5.id), abracadabra=d4.id)


def test_with_convert_the_doubled_card_is_of_the_weakest_currency_it_can_be() -> None:
    """Same cards, same value: doubling the peanut counts less toward the bid in camels."""
    cards = {c.id: c for c in currency_deck()}
    p2, c2, d3, p5, c5 = (cards[i] for i in (71, 48, 22, 90, 60))
    assert (p5.currency, p5.value, c5.currency, c5.value) == (
        Currency.PEANUTS,
        5,
        Currency.CAMELS,
        5,
    )
    column = (Currency.CAMELS, Currency.DOLLARS, Currency.PEANUTS)
    ctx = PaymentContext(20, Currency.PEANUTS, column, False, frozenset(), True, True)
    best = best_payment([p2, c2, d3, p5, c5], ctx)
    assert best == Payment(tuple(sorted((d3.id, c5.id, p2.id, p5.id))), True, p5.id)
