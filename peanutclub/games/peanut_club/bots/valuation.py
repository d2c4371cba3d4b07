"""What a lot is worth to a collection, and what a bid costs a hand: the arithmetic of the bots.

Everything here reads plain view data (symbol names, card dicts, currency names), never an `Engine`,
so a bot sees what a person at its seat sees and nothing more. The deck's symbol counts are public
knowledge (they are printed on the cards), so they may be used like a rulebook.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from peanutclub.games.peanut_club.engine import CATEGORIES, Symbol, standard_deck
from peanutclub.games.peanut_club.engine.components import BONUS_SYMBOLS
from peanutclub.games.peanut_club.engine.scoring import SERIES_POINTS, SERIES_SIZE

#: The scoring rules, as the engine keeps them (a bot reads the rulebook like a person).
SERIES = SERIES_SIZE
BONUS = frozenset(s.value for s in BONUS_SYMBOLS)
JOKER = Symbol.JOKER.value
CATEGORY_NAMES: tuple[str, ...] = tuple(s.value for s in CATEGORIES)

#: How many times each symbol is printed in the standard deck (7 per category, 2 Jokers).
DECK_SYMBOLS: dict[str, int] = dict(
    Counter(s.value for o in standard_deck().objects for s in o.symbols)
)

#: What a card is worth to its holder by its currency's place in the column (top first): a card
#: of the top currency wins lots, one at the bottom mostly waits for a Niet or a Crash.
PLACE_WEIGHTS: tuple[float, ...] = (1.0, 0.65, 0.4)


def potential(
    counts: Mapping[str, int], jokers: int, collector: str, left: Mapping[str, int], players: int
) -> float:
    """Points a collection is worth now, plus a share of the series it may still complete.

    A series of three scores only when complete, so an unfinished one is counted at a fraction of
    its points that shrinks with how few copies of that symbol are still to come and how many
    rivals could take them. Jokers go one at a time where they add most, as the scoring does.
    """
    counts = dict(counts)
    known = _VALUES

    def value(n: int, s: str) -> float:  # the Jokers' trials: the same values, kept
        key = (n, s, collector, left.get(s, 0), players)
        v = known.get(key)
        if v is None:
            v = known[key] = _symbol_value(n, s, collector, left, players)
        return v

    for _ in range(jokers):
        best, gain = CATEGORY_NAMES[0], -1.0
        for s in CATEGORY_NAMES:
            n = counts.get(s, 0)
            g = value(n + 1, s) - value(n, s)
            if g > gain:
                best, gain = s, g
        counts[best] = counts.get(best, 0) + 1
    values = []
    for s, n in counts.items():
        if n:
            key = (n, s, collector, left.get(s, 0), players)
            v = known.get(key)
            if v is None:
                v = known[key] = _symbol_value(n, s, collector, left, players)
            values.append(v)
    return sum(values)  # summed in the same order as always: the same float to the last bit


#: (count, symbol, collector, copies left, players) -> `_symbol_value`: a few thousand entries at
#: most, and the bots ask for the same ones over and over.
_VALUES: dict[tuple[int, str, str, int, int], float] = {}


def _symbol_value(
    n: int, symbol: str, collector: str, left: Mapping[str, int], players: int
) -> float:
    value = float(SERIES_POINTS * (n // SERIES))
    if symbol in BONUS:
        value += n
    if symbol == collector:
        value += n
    rest = n % SERIES
    if rest:
        need = SERIES - rest
        chance = min(1.0, 1.5 * left.get(symbol, 0) / (need * max(players, 1)))
        value += SERIES_POINTS * rest / SERIES * chance * (0.7 if need == 2 else 0.9)
    return value


def lot_value(
    mine: Sequence[Mapping[str, Any]],
    lot: Sequence[Mapping[str, Any]],
    collector: str,
    left: Mapping[str, int],
    players: int,
) -> float:
    """How much winning `lot` adds to the potential of the objects in `mine`."""
    # plain dicts in the order Counter's `+` would give: mine's symbols first, then the lot's new
    # ones (the order the potentials are summed in)
    before: dict[str, int] = {}
    for o in mine:
        for s in o["symbols"]:
            before[s] = before.get(s, 0) + 1
    after = dict(before)
    for o in lot:
        for s in o["symbols"]:
            after[s] = after.get(s, 0) + 1
    jb, ja = before.pop(JOKER, 0), after.pop(JOKER, 0)
    return potential(after, ja, collector, left, players) - potential(
        before, jb, collector, left, players
    )


def symbols_left(seen: Counter[str]) -> dict[str, int]:
    """Copies of each symbol not yet seen (still in the pile, or discarded unseen)."""
    return {s: max(0, n - seen.get(s, 0)) for s, n in DECK_SYMBOLS.items()}


def least_face_reaching(values: Sequence[int], amount: int) -> int | None:
    """The smallest total of a subset of `values` that reaches `amount` (None: out of reach).

    A bitset subset-sum: bit k of `reach` says some subset adds up to k.
    """
    return least_total_reaching(totals_reachable(values), amount)


def totals_reachable(values: Sequence[int]) -> int:
    """Every total a subset of `values` adds up to, as a bitset: bit k set when some subset sums
    to k (bit 0 always: no card). A bot keeps it for its hand while it asks many amounts."""
    reach = 1
    for v in values:
        reach |= reach << v
    return reach


def least_total_reaching(reach: int, amount: int) -> int | None:
    """The smallest total of `reach` (`totals_reachable`) that is at least `amount` (None: none
    is, the cards' sum being below it)."""
    if amount <= 0:
        return 0
    above = reach >> amount
    if not above:
        return None
    return amount + ((above & -above).bit_length() - 1)


def place_weights(column: Sequence[str], niet: Sequence[str]) -> dict[str, float]:
    """Each currency's weight this round: by its place among the currencies not under Niet."""
    free = [c for c in column if c not in niet]
    weights = {c: PLACE_WEIGHTS[-1] * 0.5 for c in column}
    for i, c in enumerate(free):
        weights[c] = PLACE_WEIGHTS[i]
    return weights


def hand_worth(hand: Sequence[Mapping[str, Any]], column: Sequence[str]) -> float:
    """A hand's buying power: face values weighted by each currency's place in the column."""
    weights = place_weights(column, ())
    return float(sum(c["value"] * weights[c["currency"]] for c in hand))
