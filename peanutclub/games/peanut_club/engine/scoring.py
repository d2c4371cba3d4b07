"""End-of-game scoring: series of three, the bonus symbols, the collector, Jokers chosen best."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Any

from peanutclub.games.peanut_club.engine.components import (
    BONUS_SYMBOLS,
    CATEGORIES,
    ObjectCard,
    Symbol,
)

SERIES_SIZE = 3
SERIES_POINTS = 3


@dataclass(frozen=True, slots=True)
class Score:
    seat: int
    total: int
    series: int
    bonus: int
    collector_points: int
    collector: Symbol
    jokers: tuple[Symbol, ...]
    objects: int
    counts: tuple[tuple[Symbol, int], ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "total": self.total,
            "collector": self.collector.value,
            "breakdown": {
                "series": self.series,
                "bonus": self.bonus,
                "collector": self.collector_points,
            },
            "jokers": [s.value for s in self.jokers],
            "objects": self.objects,
            "symbols": {s.value: n for s, n in self.counts},
        }


def points(counts: Counter[Symbol], collector: Symbol) -> tuple[int, int, int]:
    """(series, bonus, collector) points for a count of real symbols."""
    series = sum(SERIES_POINTS * (n // SERIES_SIZE) for n in counts.values())
    bonus = sum(n for s, n in counts.items() if s in BONUS_SYMBOLS)
    return series, bonus, counts[collector]


def score(seat: int, objects: Sequence[ObjectCard], collector: Symbol) -> Score:
    """Score one player's objects, turning each Joker into the symbol that scores most.

    Ties between Joker choices go to the first assignment in category order, so the result is
    deterministic.
    """
    symbols = [s for o in objects for s in o.symbols]
    base = Counter(s for s in symbols if s is not Symbol.JOKER)
    jokers = symbols.count(Symbol.JOKER)
    best: tuple[int, tuple[int, int, int], tuple[Symbol, ...], Counter[Symbol]] | None = None
    for choice in combinations_with_replacement(CATEGORIES, jokers):
        counts = base + Counter(choice)
        parts = points(counts, collector)
        if best is None or sum(parts) > best[0]:
            best = (sum(parts), parts, choice, counts)
    assert best is not None
    total, (series, bonus, coll), choice, counts = best
    ordered = tuple((s, counts[s]) for s in CATEGORIES if counts[s])
    return Score(seat, total, series, bonus, coll, collector, choice, len(objects), ordered)


def ranking(scores: Iterable[Score]) -> list[tuple[int, Score]]:
    """(place, score) best first: most points, then most objects; equal on both = shared place."""
    ordered = sorted(scores, key=lambda s: (-s.total, -s.objects, s.seat))
    result: list[tuple[int, Score]] = []
    for i, s in enumerate(ordered):
        if i and (s.total, s.objects) == (ordered[i - 1].total, ordered[i - 1].objects):
            result.append((result[-1][0], s))
        else:
            result.append((i + 1, s))
    return result
