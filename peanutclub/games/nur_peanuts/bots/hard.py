"""The hard bot: expected values like the normal bot, but it looks at the pieces still to move.

For each pawn and stone that has still to move this round (a piece it would bump among them) it
works out where that piece is likely to end: a stone exactly, from its start place (two white
dice, on again after a 0); a pawn as the better of about one and a half throws of two white
dice. From those it has the chance that nobody beats a field, and what it would pay, and to
whom, when somebody does (twice to an owner on their own field, nothing from its own field
unless the bank wins). It places its pawn where rich fields lie ahead, and after each round it
wins it buys the cheapest field on offer while it keeps a reserve of cash: every field is a step
towards the fields that end the game, a place where it pays nobody and where its win is paid
twice, and where the others' rerolls pay it. It stops buying once a rival runs short of cash:
that rival may soon be unable to pay, and a game that ends so is won by the most cash, not by
fields. (Buying only cheap fields late, as it once did, left it no better than the normal bot at
four to six players; see docs/bots.md.)
"""

from __future__ import annotations

from functools import cache

from peanutclub.games.nur_peanuts.bots.base import BaseBot, Table, stone_offsets
from peanutclub.games.nur_peanuts.engine import FIELDS, OUTCOMES, WAYS, Dice


@cache
def _landing(start: int) -> list[float]:
    """The chance of each field for one throw of two white dice from `start`."""
    chances = [0.0] * FIELDS
    for o in OUTCOMES[Dice.TWO_WHITE]:
        chances[(start + o.moved) % FIELDS] += o.ways / WAYS
    return chances


@cache
def _stone(start: int) -> list[float]:
    chances = [0.0] * FIELDS
    for offset, chance in stone_offsets():
        chances[(start + offset) % FIELDS] += chance
    return chances


class HardBot(BaseBot):
    level = "hard"
    margin = 40.0
    #: A pawn's final field is taken as the best of this many throws (it may roll again).
    pawn_tries = 1.6
    #: The cash it keeps in hand when it buys a field after a round it won.
    reserve = 3000
    #: It buys only while every rival holds at least this much (the game is not about to end
    #: on cash).
    rivals_floor = 4000

    def __init__(self, seat: int, seed: int = 0) -> None:
        super().__init__(seat, seed)
        self._memo: dict[int, float] = {}
        self._order: list[int] = []
        #: (start field, a pawn?) -> its CDF: the board never changes within a game
        self._cdfs: dict[tuple[int, bool], list[float]] = {}

    def prepare(self) -> None:
        self._memo.clear()  # what a field is worth holds for one view only

    def _cdf(self, start: int, chances: list[float], pawn: bool) -> list[float]:
        """P(the piece ends on a field worth at most the k-th lowest value), k = 0..23."""
        known = self._cdfs.get((start, pawn))
        if known is not None:
            return known
        cumulative, total = [], 0.0
        for field in self._order:
            total += chances[field]
            cumulative.append(min(1.0, total) ** self.pawn_tries if pawn else min(1.0, total))
        self._cdfs[(start, pawn)] = cumulative
        return cumulative

    def worth(self, table: Table, field: int) -> float:
        known = self._memo.get(field)
        if known is not None:
            return known
        values, owners, me = table.values, table.owners, self.seat
        if not self._order:
            self._order = sorted(range(FIELDS), key=lambda f: values[f])
        order = self._order
        value = values[field]
        own = owners[field] == me
        rank = order.index(field)
        # the pieces still to move: (field it starts from, seat or None for a stone)
        moving: list[tuple[int, int | None]] = [(p["field"], p["seat"]) for p in table.waiting]
        if field in table.parked:
            moving.append((field, table.parked[field]["seat"]))
        parked = [(f, p["seat"]) for f, p in table.parked.items() if f != field]
        leader = max((values[f] for f, _ in parked), default=0)
        # where each moving piece ends, and the chance all of them stay at or below each value
        ends = [
            (start, seat, _stone(start) if seat is None else _landing(start))
            for start, seat in moving
        ]
        below = [1.0 if values[order[k]] >= leader else 0.0 for k in range(FIELDS)]
        for start, seat, chances in ends:
            cdf = self._cdf(start, chances, seat is not None)
            below = [b * c for b, c in zip(below, cdf, strict=True)]
        win = below[rank]
        # what winning pays: the parked pawns exactly, the moving ones from where they may end
        double = 2 if own else 1
        gain = 0.0
        for f, seat in parked:
            if seat is not None and owners[f] != seat:
                gain += double * (value - values[f])
        for _, seat, chances in ends:
            if seat is None:
                continue
            lower = sum(chances[f] for f in order[:rank])
            if lower > 0:
                mean = sum(chances[f] * values[f] for f in order[:rank]) / lower
                gain += double * (value - mean)
        # what losing costs: the winner's field beyond this one, and who stands on it
        loss = 0.0
        for k in range(rank + 1, FIELDS):
            chance = below[k] - below[k - 1]
            if chance <= 0:
                continue
            top = order[k]
            stone = sum(c[top] for _, s, c in ends if s is None)
            pawns = sum(c[top] for _, s, c in ends if s is not None)
            if any(f == top for f, _ in parked):
                stone_share = 1.0 if dict(parked)[top] is None else 0.0
            else:
                stone_share = stone / (stone + pawns) if stone + pawns > 0 else 0.0
            owner = owners[top]
            double_share = 0.0
            if isinstance(owner, int) and owner != me:
                owner_chance = sum(c[top] for _, s, c in ends if s == owner)
                if any(f == top and s == owner for f, s in parked):
                    double_share = 1.0
                elif pawns > 0:
                    double_share = owner_chance / pawns
            pawn_mult = 0.0 if own else 1.0 + double_share
            mult = stone_share + (1 - stone_share) * pawn_mult
            loss += chance * mult * (values[top] - value)
        result = win * gain - loss
        self._memo[field] = result
        return result

    def cost_weight(self, table: Table, field: int) -> float:
        owner = table.owners[field]
        return 1.1 if isinstance(owner, int) and owner != self.seat else 1.0

    def choose_field(self, table: Table, offered: list[int], *, preliminary: bool) -> int | None:
        if not offered:
            return None
        mine = len(table.fields[self.seat])
        values = table.values
        if not preliminary:
            if mine + 1 >= table.fields_to_end:
                return max(offered, key=lambda f: values[f])  # this purchase wins the game
            cash = table.cash[self.seat]
            if min(c for s, c in enumerate(table.cash) if s != self.seat) < self.rivals_floor:
                return None
            kept = [f for f in offered if cash - values[f] >= self.reserve]
            return min(kept, key=lambda f: values[f]) if kept else None
        if table.position is None and self._pawn_purchase(table):
            # this purchase places the pawn: a cheap field with rich fields ahead of it
            return max(offered, key=lambda f: self._ahead(values, f) - values[f])
        return min(offered, key=lambda f: values[f])

    @staticmethod
    def _ahead(values: list[int], start: int) -> float:
        """The mean value a throw of two white dice reaches from `start`."""
        return sum(
            o.ways / WAYS * values[(start + o.moved) % FIELDS] for o in OUTCOMES[Dice.TWO_WHITE]
        )

    def _pawn_purchase(self, table: Table) -> bool:
        """Whether this preliminary purchase puts the pawn down: the second one at 2–4
        players (one field held already), the only one at 5–6."""
        return table.fields_to_end == 5 or len(table.fields[self.seat]) >= 1
