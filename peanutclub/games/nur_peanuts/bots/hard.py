"""The hard bot: the normal bot's expected values, plus the pieces still to move.

It asks how likely each waiting pawn and stone is to end on a more valuable field than the one it
considers (a stone exactly, from its start place; a pawn from the best throw it could choose), so
it parks early on a field nobody is likely to beat and rolls on when the lead is fragile. Money
paid to a rival weighs more than money paid to the bank, and it buys with the end in sight.
"""

from __future__ import annotations

from peanutclub.games.nur_peanuts.bots.base import BaseBot, Table, stone_offsets
from peanutclub.games.nur_peanuts.engine import FIELDS, OUTCOMES, WAYS, Dice


class HardBot(BaseBot):
    level = "hard"
    margin = 30.0

    def __init__(self, seat: int, seed: int = 0) -> None:
        super().__init__(seat, seed)
        self._memo: dict[tuple[int, int, int], float] = {}

    def prepare(self) -> None:
        self._memo.clear()  # the chances hold for one view only

    def beaten(self, table: Table, piece_field: int, stone: bool, value: int) -> float:
        """The chance a piece waiting on `piece_field` ends on a field worth more than `value`."""
        key = (piece_field, int(stone), value)
        known = self._memo.get(key)
        if known is not None:
            return known
        values = table.values
        if stone:
            chance = sum(
                p for o, p in stone_offsets() if values[(piece_field + o) % FIELDS] > value
            )
        else:
            once = max(
                sum(o.ways for o in OUTCOMES[d] if values[(piece_field + o.moved) % FIELDS] > value)
                / WAYS
                for d in Dice
            )
            chance = 1 - (1 - once) ** 1.6  # it may roll again, at a price
        self._memo[key] = chance
        return chance

    def worth(self, table: Table, field: int) -> float:
        values = table.values
        value = values[field]
        own = table.owners[field] == self.seat
        leader = table.leader(field)
        if leader >= 0 and values[leader] > value:
            # someone parked already beats this: pay the difference unless on one's own field
            double = 2 if table.owners[leader] == table.parked[leader]["seat"] else 1
            return 0.0 if own else -float(double * (values[leader] - value))
        waiting = [(p["field"], p["seat"] is None) for p in table.waiting]
        if field in table.parked:
            waiting.append((field, table.parked[field]["seat"] is None))
        keep = 1.0
        for start, stone in waiting:
            keep *= 1 - self.beaten(table, start, stone, value)
        winnings = self._winnings(table, field)
        better = [v for v in values if v > value]
        lost_to = sum(better) / len(better) if better else value
        loss = 0.0 if own else 1.3 * (lost_to - value)
        return keep * winnings - (1 - keep) * loss

    def _winnings(self, table: Table, field: int) -> float:
        value = table.values[field]
        double = 2 if table.owners[field] == self.seat else 1
        total = 0.0
        for piece in table.parked.values():
            seat = piece["seat"]
            if seat is None or piece["field"] == field or table.owners[piece["field"]] == seat:
                continue
            total += double * (value - table.values[piece["field"]])
        for piece in table.waiting:
            if piece["seat"] is not None:
                total += double * max(0, value - 1200) * 0.8
        return total

    def cost_weight(self, table: Table, field: int) -> float:
        owner = table.owners[field]
        return 1.25 if isinstance(owner, int) and owner != self.seat else 1.0

    def choose_field(self, table: Table, offered: list[int], *, preliminary: bool) -> int | None:
        if not offered:
            return None
        mine = len(table.fields[self.seat])
        if not preliminary and mine + 1 >= table.fields_to_end:
            return max(offered, key=lambda f: table.values[f])  # this purchase wins the game
        reserve = 0 if preliminary else 1500 + 300 * (table.players - 1)
        budget = table.cash[self.seat] - reserve
        affordable = [f for f in offered if table.values[f] <= budget]
        if not affordable:
            return None
        return max(affordable, key=lambda f: table.values[f])
