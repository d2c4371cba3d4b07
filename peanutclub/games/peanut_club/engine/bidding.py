"""Bid order and the honour check: the arithmetic of who may bid what.

Pure functions over plain values, so the game, the views and the bots share one definition.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from peanutclub.games.peanut_club.engine.components import CURRENCY_NAMES, Currency, CurrencyCard


@dataclass(frozen=True, slots=True)
class Bid:
    seat: int
    amount: int
    currency: Currency

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "amount": self.amount, "currency": CURRENCY_NAMES[self.currency]}


def rank(column: Sequence[Currency], currency: Currency) -> int:
    """Higher is stronger: the top of the column has rank 2 (with three currencies)."""
    return len(column) - 1 - column.index(currency)


def beats(column: Sequence[Currency], amount: int, currency: Currency, high: Bid | None) -> bool:
    """A bid beats another in a stronger currency, or in the same one with a larger amount."""
    if high is None:
        return True
    # higher in the column is stronger (`rank`), read as places from the top: every bid and
    # every view asks, so without a call per currency
    place, high_place = column.index(currency), column.index(high.currency)
    return place < high_place or (place == high_place and amount > high.amount)


def min_to_win(column: Sequence[Currency], currency: Currency, high: Bid | None) -> int | None:
    """The lowest amount in `currency` that beats `high`; None if no amount can."""
    if high is None:
        return 1
    place, high_place = column.index(currency), column.index(high.currency)  # as in `beats`
    if place < high_place:
        return 1
    if place == high_place:
        return high.amount + 1
    return None


def unit(card: CurrencyCard, a_la_carte: bool) -> int:
    """What a card is worth when paying: its face value, or 1 in an À la carte round."""
    return 1 if a_la_carte else card.value


def usable_cards(
    hand: Iterable[CurrencyCard], currency: Currency, convert: bool, blocked: Iterable[Currency]
) -> list[CurrencyCard]:
    """Cards that can pay a bid in `currency`: that currency, or with Convert any unblocked one."""
    blocked_set = set(blocked)
    if convert:
        return [c for c in hand if c.currency not in blocked_set]
    if currency in blocked_set:
        return []
    return [c for c in hand if c.currency is currency]


def max_honourable(
    hand: Iterable[CurrencyCard],
    currency: Currency,
    *,
    a_la_carte: bool,
    convert_unused: bool,
    abracadabra_unused: bool,
    blocked: Iterable[Currency],
) -> int:
    """The largest bid in `currency` its bidder could pay now (0 = none).

    Counts the usable cards (widened by an unused Convert) at their paying value, plus the best of
    them once more when Abracadabra is still unused.
    """
    blocked_set = set(blocked)
    if currency in blocked_set:
        return 0
    units = [unit(c, a_la_carte) for c in usable_cards(hand, currency, convert_unused, blocked_set)]
    if not units:
        return 0
    return sum(units) + (max(units) if abracadabra_unused else 0)
