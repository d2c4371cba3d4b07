"""The fast `best_payment` against the first, slower one it replaced, on many random hands.

The reference below is the original dynamic programme over tuple keys, kept verbatim so that any
difference in the suggestion (and so in auto-pay, replays and simulations) shows up here.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from peanutclub.games.peanut_club.engine import (
    Currency,
    CurrencyCard,
    Payment,
    PaymentContext,
    best_payment,
)
from peanutclub.games.peanut_club.engine.bidding import unit, usable_cards
from peanutclub.games.peanut_club.engine.components import currency_deck


def reference_best_payment(hand: Sequence[CurrencyCard], ctx: PaymentContext) -> Payment | None:
    modes = [(False, False)]
    if ctx.abracadabra_unused:
        modes.append((False, True))
    if ctx.convert_unused:
        modes.append((True, False))
        if ctx.abracadabra_unused:
            modes.append((True, True))
    best: tuple[Any, ...] | None = None
    for convert, abra in modes:
        if best is not None and best[0] < convert + abra:
            break
        found = _reference_in_mode(hand, ctx, convert, abra)
        if found is None:
            continue
        excess, key, doubled = found
        payment = Payment(key[-1], convert, doubled)
        candidate = (payment.powers, excess, key, payment)
        if best is None or candidate[:3] < best[:3]:
            best = candidate
    return None if best is None else best[3]


def _reference_in_mode(
    hand: Sequence[CurrencyCard], ctx: PaymentContext, convert: bool, abra: bool
) -> tuple[int, tuple[Any, ...], int | None] | None:
    cards = sorted(usable_cards(hand, ctx.currency, convert, ctx.blocked), key=lambda c: c.id)
    if not cards:
        return None
    strength = {cur: i for i, cur in enumerate(ctx.column)}
    width = len(ctx.column)
    max_unit = max(unit(c, ctx.a_la_carte) for c in cards)
    cap = ctx.amount + 2 * max_unit
    states: dict[tuple[int, int | None], tuple[Any, ...]] = {(0, None): (*([0] * width), 0, ())}
    for card in cards:
        u = unit(card, ctx.a_la_carte)
        pos = strength[card.currency]
        updates: dict[tuple[int, int | None], tuple[Any, ...]] = {}
        for (total, doubled), key in states.items():
            faces = list(key[:width])
            faces[pos] += card.value
            grown = (*faces, key[width] + 1, (*key[width + 1], card.id))
            options = [(total + u, doubled)]
            if abra and doubled is None:
                options.append((total + 2 * u, card.id))
            for new_total, new_doubled in options:
                if new_total >= cap:
                    continue
                target = (new_total, new_doubled)
                old = updates.get(target, states.get(target))
                if old is None or grown < old:
                    updates[target] = grown
        states.update(updates)
    result: tuple[int, tuple[Any, ...], int | None] | None = None
    for (total, doubled), key in states.items():
        if total < ctx.amount or (abra and doubled is None):
            continue
        candidate = (total - ctx.amount, key, doubled)
        if result is None or (candidate[:2], doubled or 0) < (result[:2], result[2] or 0):
            result = candidate
    return result


def random_problem(rng: random.Random) -> tuple[list[CurrencyCard], PaymentContext]:
    deck = currency_deck()
    cards = rng.sample(deck, rng.randint(0, 24))
    rng.shuffle(cards)
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


Problem = Callable[[random.Random], tuple[list[CurrencyCard], PaymentContext]]


def assert_paid_as_the_reference_pays(problem: Problem, seed: str, count: int = 1500) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        cards, ctx = problem(rng)
        assert best_payment(cards, ctx) == reference_best_payment(cards, ctx), (cards, ctx)


@pytest.mark.parametrize("seed", range(4))
def test_best_payment_is_the_same_as_the_reference_on_random_hands(seed: int) -> None:
    assert_paid_as_the_reference_pays(random_problem, f"pay:{seed}")


def big_bid_problem(rng: random.Random) -> tuple[list[CurrencyCard], PaymentContext]:
    """A bid that spends most of what can pay it, with Abracadabra at hand: the search then
    starts from the cards that stay."""
    cards, ctx = random_problem(rng)
    usable = [
        c
        for c in cards
        if c.currency not in ctx.blocked and (ctx.convert_unused or c.currency is ctx.currency)
    ]
    units = [1 if ctx.a_la_carte else c.value for c in usable] or [1]
    worth = sum(units)
    amount = rng.randint(max(1, worth // 2), worth + max(units))
    return cards, dataclasses.replace(ctx, amount=amount, abracadabra_unused=True)


@pytest.mark.parametrize("seed", range(2))
def test_a_big_bid_is_paid_as_the_reference_pays_it(seed: int) -> None:
    assert_paid_as_the_reference_pays(big_bid_problem, f"big:{seed}")
