"""Paying for a lot: checking a payment, and finding the best one.

`best_payment` is a small dynamic programme over (sum reached, Abracadabra spent) rather than a
search over subsets, so the server can offer it to the winner after every change at no real cost.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from peanutclub.engine.bidding import unit, usable_cards
from peanutclub.engine.components import Currency, CurrencyCard
from peanutclub.engine.errors import BadPayment, PowerUsed


@dataclass(frozen=True, slots=True)
class Payment:
    cards: tuple[int, ...]
    convert: bool = False
    abracadabra: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"cards": list(self.cards), "convert": self.convert, "abracadabra": self.abracadabra}

    @property
    def powers(self) -> int:
        return int(self.convert) + int(self.abracadabra is not None)


@dataclass(frozen=True, slots=True)
class PaymentContext:
    """Everything a payment is judged against: the bid, the round's state and the payer's tokens."""

    amount: int
    currency: Currency
    column: tuple[Currency, ...]
    a_la_carte: bool
    blocked: frozenset[Currency]
    convert_unused: bool
    abracadabra_unused: bool


def payment_value(cards: Sequence[CurrencyCard], abracadabra: int | None, a_la_carte: bool) -> int:
    total = sum(unit(c, a_la_carte) for c in cards)
    for c in cards:
        if c.id == abracadabra:
            total += unit(c, a_la_carte)
    return total


def check_payment(hand: Sequence[CurrencyCard], payment: Payment, ctx: PaymentContext) -> int:
    """Return the payment's value, or raise a rule error saying why it is refused."""
    if payment.convert and not ctx.convert_unused:
        raise PowerUsed("Your Convert token is already used.")
    if payment.abracadabra is not None and not ctx.abracadabra_unused:
        raise PowerUsed("Your Abracadabra token is already used.")
    by_id = {c.id: c for c in hand}
    if not payment.cards or len(set(payment.cards)) != len(payment.cards):
        raise BadPayment("Choose each card at most once, and at least one card.")
    if any(cid not in by_id for cid in payment.cards):
        raise BadPayment("You can only pay with cards from your own hand.")
    cards = [by_id[cid] for cid in payment.cards]
    if any(c.currency in ctx.blocked for c in cards):
        raise BadPayment("A currency under Niet cannot be paid with, even with Convert.")
    if not payment.convert and any(c.currency is not ctx.currency for c in cards):
        raise BadPayment("Without Convert, every card must be of the bid's currency.")
    if payment.abracadabra is not None and payment.abracadabra not in payment.cards:
        raise BadPayment("Abracadabra must double one of the cards you pay with.")
    value = payment_value(cards, payment.abracadabra, ctx.a_la_carte)
    if value < ctx.amount:
        raise BadPayment(f"Those cards are worth {value}; the bid is {ctx.amount}.")
    for c in cards:
        worth = unit(c, ctx.a_la_carte) * (2 if c.id == payment.abracadabra else 1)
        if value - worth >= ctx.amount:
            raise BadPayment("Every card must be needed: one of them could stay in your hand.")
    return value


def best_payment(hand: Sequence[CurrencyCard], ctx: PaymentContext) -> Payment | None:
    """The payment the server suggests, and pays by itself when the winner's time runs out.

    Best, in order: the fewest powers; the least value lost to "no change"; the least face value
    spent, counted currency by currency from the strongest of the column down (so with Convert the
    weakest currency goes first, and in an À la carte round the smallest cards go first); the
    fewest cards; the lowest card ids; and with Abracadabra, the lowest id for the doubled card.
    The winner always has every card needed: a card that could go would leave a smaller excess,
    or, if it is the doubled card, a payment with one power fewer.
    """
    modes = [(False, False)]
    if ctx.abracadabra_unused:
        modes.append((False, True))
    if ctx.convert_unused:
        modes.append((True, False))
        if ctx.abracadabra_unused:
            modes.append((True, True))
    best: tuple[Any, ...] | None = None
    for convert, abra in modes:  # modes come in order of how many powers they use
        if best is not None and best[0] < convert + abra:
            break  # fewer powers wins first: a mode using more cannot beat what was found
        found = _best_in_mode(hand, ctx, convert, abra)
        if found is None:
            continue
        excess, key, doubled = found
        payment = Payment(key[-1], convert, doubled)
        candidate = (payment.powers, excess, key, payment)
        if best is None or candidate[:3] < best[:3]:
            best = candidate
    return None if best is None else best[3]


def _best_in_mode(
    hand: Sequence[CurrencyCard], ctx: PaymentContext, convert: bool, abra: bool
) -> tuple[int, tuple[Any, ...], int | None] | None:
    cards = sorted(usable_cards(hand, ctx.currency, convert, ctx.blocked), key=lambda c: c.id)
    if not cards:
        return None
    strength = {cur: i for i, cur in enumerate(ctx.column)}
    width = len(ctx.column)
    max_unit = max(unit(c, ctx.a_la_carte) for c in cards)
    cap = ctx.amount + 2 * max_unit  # a least-excess payment is always below this
    # state (sum, doubled card id or None) -> key (face spent per currency strongest first...,
    # card count, card ids). Keys compare lexicographically; adding a card keeps their order.
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
        # equal keys differ only in which card of the same worth is doubled: take the lowest id,
        # so the suggestion never depends on the order the states were found in
        if result is None or (candidate[:2], doubled or 0) < (result[:2], result[2] or 0):
            result = candidate
    return result
