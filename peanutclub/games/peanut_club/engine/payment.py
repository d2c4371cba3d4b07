"""Paying for a lot: checking a payment, and finding the best one.

`best_payment` is a small dynamic programme over the sums a hand can reach (with or without a card
doubled by Abracadabra) rather than a search over subsets, so the server can offer it to the winner
after every change at no real cost. The order of "best" is packed into one integer per set of
cards (`_Order`), so the programme compares and extends plain integers, not tuples.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from peanutclub.games.peanut_club.engine.bidding import unit, usable_cards
from peanutclub.games.peanut_club.engine.components import Currency, CurrencyCard
from peanutclub.games.peanut_club.engine.errors import BadPayment, PowerUsed, RuleError


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
    if unneeded_card(cards, payment.abracadabra, ctx) is not None:
        raise BadPayment("Every card must be needed: one of them could stay in your hand.")
    return value


def unneeded_card(
    cards: Sequence[CurrencyCard], abracadabra: int | None, ctx: PaymentContext
) -> CurrencyCard | None:
    """A card the payment could leave in hand and still cover the bid (the first one): no
    change is given, so every card paid must be needed."""
    value = payment_value(cards, abracadabra, ctx.a_la_carte)
    for c in cards:
        worth = unit(c, ctx.a_la_carte) * (2 if c.id == abracadabra else 1)
        if value - worth >= ctx.amount:
            return c
    return None


@dataclass(frozen=True, slots=True)
class Judgement:
    """What paying with some cards would do, said before the payer commits to it: the value the
    cards count for, the bid, and, when the payment would be refused, why (`code`, `message`)
    and which card could stay in hand (`unneeded`)."""

    amount: int
    value: int | None
    code: str | None = None
    message: str | None = None
    unneeded: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.code is None,
            "amount": self.amount,
            "value": self.value,
            "code": self.code,
            "message": self.message,
            "unneeded": self.unneeded,
        }


def judge_payment(hand: Sequence[CurrencyCard], payment: Payment, ctx: PaymentContext) -> Judgement:
    """`check_payment`'s verdict as a value: the same rules, nothing raised, nothing changed."""
    by_id = {c.id: c for c in hand}
    cards = [by_id[cid] for cid in dict.fromkeys(payment.cards) if cid in by_id]
    value = payment_value(cards, payment.abracadabra, ctx.a_la_carte)
    try:
        check_payment(hand, payment, ctx)
    except RuleError as error:
        spare = unneeded_card(cards, payment.abracadabra, ctx) if value >= ctx.amount else None
        return Judgement(
            ctx.amount, value, error.code, str(error), None if spare is None else spare.id
        )
    return Judgement(ctx.amount, value)


def best_payment(hand: Sequence[CurrencyCard], ctx: PaymentContext) -> Payment | None:
    """The payment the server suggests, and pays by itself when the winner's time runs out.

    Best, in the order of rules/peanut-club.md: the fewest powers; the least value lost to "no
    change"; the weakest currency of the column first, that is the least value counted toward
    the bid in the strongest currency, then in the next, then in the weakest (a card counts its
    paying value, the doubled card twice, so without Convert, where one currency pays it all,
    this step never decides); the fewest cards; the lowest card ids; and with Abracadabra, the
    lowest id for the doubled card. Face value spent is no step of its own: with Abracadabra,
    two cards beat three that spend less face value.
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
    order = _Order(hand, ctx)
    best: tuple[int, int, int, Payment] | None = None
    for convert, abra in modes:  # modes come in order of how many powers they use
        powers = convert + abra
        if best is not None and best[0] < powers:
            break  # fewer powers wins first: a mode using more cannot beat what was found
        found = _best_in_mode(order, ctx, convert, abra)
        if found is None:
            continue
        excess, key, doubled = found
        if best is None or (powers, excess, key) < best[:3]:
            best = (powers, excess, key, Payment(order.ids_of(key), convert, doubled))
    return None if best is None else best[3]


class _Order:
    """The order of "best" within a count of powers, as one integer per set of cards.

    A set's key packs, from the most significant bits down: the value it counts for toward the
    bid in each currency (strongest of the column first), its number of cards, and the
    complement of a mask whose highest bit stands for the lowest card id. Smaller key = better,
    exactly as comparing (values..., count, sorted ids) would rank two sets (sets of one size:
    the first differing id decides, and it is the highest differing bit). Each field only grows
    as cards are added and is wide enough never to carry into the next, so a set's key is a sum
    of per-card parts (`step`, and `extra` once more for the doubled card), and adding one card
    to two sets keeps their order: a knapsack over sums can keep the least key for each sum, in
    plain integers.
    """

    __slots__ = ("cards", "extra", "n", "step")

    def __init__(self, hand: Sequence[CurrencyCard], ctx: PaymentContext) -> None:
        cards = sorted(hand, key=lambda c: c.id)
        n = len(cards)
        strength = {cur: i for i, cur in enumerate(ctx.column)}
        width = len(ctx.column)
        alc = ctx.a_la_carte
        count_bits = n.bit_length() + 1
        value_bits = (2 * sum(unit(c, alc) for c in cards) + 1).bit_length() + 1
        top = 1 << n
        self.cards = cards
        self.n = n
        # card id -> its part of a key; the base (an empty set) is top - 1
        shifts = {cur: n + count_bits + value_bits * (width - 1 - i) for cur, i in strength.items()}
        # card id -> what doubling it adds: its paying value once more, in its currency's field
        self.extra = {c.id: unit(c, alc) << shifts[c.currency] for c in cards}
        self.step = {c.id: self.extra[c.id] + top - (1 << (n - 1 - i)) for i, c in enumerate(cards)}

    def ids_of(self, key: int) -> tuple[int, ...]:
        """The sorted card ids of the set a key stands for."""
        n = self.n
        taken = ~key & ((1 << n) - 1)
        return tuple(c.id for i, c in enumerate(self.cards) if taken >> (n - 1 - i) & 1)


def _best_in_mode(
    order: _Order, ctx: PaymentContext, convert: bool, abra: bool
) -> tuple[int, int, int | None] | None:
    """(excess, key, doubled card) of the best payment with these powers, or None."""
    usable = usable_cards(order.cards, ctx.currency, convert, ctx.blocked)
    if not usable:
        return None
    alc = ctx.a_la_carte
    amount = ctx.amount
    step = order.step
    if alc:
        max_unit, worth = 1, len(usable)
    else:
        max_unit, worth = max(c.value for c in usable), sum(c.value for c in usable)
    if worth + (max_unit if abra else 0) < amount:
        return None  # out of reach: no need to search
    if abra and worth - amount < amount:
        return _best_by_what_stays(order, usable, amount, worth, max_unit, alc)
    cap = amount + 2 * max_unit  # a least-excess payment is always below this
    # plain[t]: least key of a set summing to t; None: no set does
    plain: list[int | None] = [None] * cap
    plain[0] = (1 << order.n) - 1
    reach = 0  # the largest sum the cards so far can make: no state lies above it
    if not abra:
        for c in usable:
            u = 1 if alc else c.value
            d = step[c.id]
            for t in range(min(reach, cap - 1 - u), -1, -1):
                k = plain[t]
                if k is not None:
                    old = plain[t + u]
                    if old is None or k + d < old:
                        plain[t + u] = k + d
            reach += u
        for t in range(amount, cap):
            k = plain[t]
            if k is not None:
                return t - amount, k, None
        return None
    # doubled[t]: least (key, doubled card id) of a set summing to t with one card doubled,
    # packed as key << id_bits | id so that one integer comparison orders both
    id_bits = max(c.id for c in usable).bit_length()
    extra = order.extra
    doubled: list[int | None] = [None] * cap
    spent = most = 0
    for c in usable:
        u = 1 if alc else c.value
        d = step[c.id]
        twice = d + extra[c.id]  # this card paid and doubled
        dd = d << id_bits
        for t in range(min(reach, cap - 1 - u), -1, -1):
            k = doubled[t]
            if k is not None:
                old = doubled[t + u]
                if old is None or k + dd < old:
                    doubled[t + u] = k + dd
            k = plain[t]
            if k is not None:
                old = plain[t + u]
                if old is None or k + d < old:
                    plain[t + u] = k + d
                if t + 2 * u < cap:
                    new = ((k + twice) << id_bits) | c.id
                    old = doubled[t + 2 * u]
                    if old is None or new < old:
                        doubled[t + 2 * u] = new
        spent += u
        most = max(most, u)
        reach = spent + most  # a doubled card adds its worth once more
    for t in range(amount, cap):
        k = doubled[t]
        if k is not None:
            return t - amount, k >> id_bits, k & ((1 << id_bits) - 1)
    return None


def _best_by_what_stays(
    order: _Order, usable: list[CurrencyCard], amount: int, worth: int, max_unit: int, alc: bool
) -> tuple[int, int, int] | None:
    """`_best_in_mode` with Abracadabra, searched from the cards that stay in the hand.

    A big bid spends most of the usable cards: the cards that stay are worth at most
    `worth - amount` plus the doubled card's worth, a much shorter search than every sum up to
    the amount. Keeping the most that can stay is paying the least that suffices; and since a
    set's key is the sum of its cards' parts, the best set paid is what remains of the set kept
    with the greatest sum of parts.

    `m` is the worth kept less the doubled card's worth (what doubling it gives back): a payment
    covers the amount when `m <= slack`, and its excess is `slack - m`. The doubled card adds its
    `extra` to the key of the set paid, so it is taken off the parts kept (which may then be
    negative: packing and unpacking below work on negative integers too).
    """
    slack = worth - amount
    step = order.step
    extra = order.extra
    id_bits = max(c.id for c in usable).bit_length()
    low_id = (1 << id_bits) - 1  # minus a card id: the greater, the lower the id
    # before[m]: no card doubled yet: greatest sum of parts of a kept set worth m
    top = slack + max_unit  # above it, no doubled card brings m back under the slack
    before: list[int | None] = [None] * (top + 1)
    before[0] = 0
    # after[m + max_unit]: one card doubled (and paid): greatest (parts << id_bits | low_id - id)
    after: list[int | None] = [None] * (top + 1)
    reach = 0
    for c in usable:
        u = 1 if alc else c.value
        d = step[c.id]
        dd = d << id_bits
        for i in range(top - u, -1, -1):  # this card kept, one doubled earlier
            k = after[i]
            if k is not None:
                old = after[i + u]
                if old is None or k + dd > old:
                    after[i + u] = k + dd
        mark = low_id - c.id
        for m in range(min(reach, top), -1, -1):  # this card doubled
            k = before[m]
            if k is not None and m - u <= slack:
                i = m - u + max_unit
                new = (k - extra[c.id]) << id_bits | mark
                old = after[i]
                if old is None or new > old:
                    after[i] = new
        for m in range(min(reach, top - u), -1, -1):  # this card kept, none doubled yet
            k = before[m]
            if k is not None:
                old = before[m + u]
                if old is None or k + d > old:
                    before[m + u] = k + d
        reach += u
    for i in range(top, -1, -1):
        k = after[i]
        if k is not None:
            every = (1 << order.n) - 1 + sum(step[c.id] for c in usable)
            return top - i, every - (k >> id_bits), low_id - (k & low_id)
    return None
