"""The normal bot weighs each throw by its expected value and sets it against the reroll's price.

A field's worth is what the round would pay or cost if it ended with this bot there, judging the
pieces still to move only roughly: it expects the winning field to be worth at least `expected`
while anyone else has still to move.
"""

from __future__ import annotations

from peanutclub.games.nur_peanuts.bots.base import BaseBot, Table

#: What a round's winning field is usually worth (in Peanuts) while pieces are still to move.
TYPICAL_WINNER = 2000
#: What a pawn still to move is guessed to end on.
TYPICAL_FIELD = 1300


class NormalBot(BaseBot):
    level = "normal"
    margin = 50.0

    def worth(self, table: Table, field: int) -> float:
        value = table.values[field]
        own = table.owners[field] == self.seat
        leader = table.leader(field)
        best = table.values[leader] if leader >= 0 else 0
        moving = bool(table.waiting) or field in table.parked
        expected = max(best, TYPICAL_WINNER) if moving else best
        if value > expected:
            return self.winnings(table, field) + (200 if own else 0)
        if own:
            return 0.0
        return -float(expected - value)

    def winnings(self, table: Table, field: int) -> float:
        """What the others would pay this bot winning on `field` (twice on its own field)."""
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
                total += double * max(0, value - TYPICAL_FIELD)
        return total

    def choose_field(self, table: Table, offered: list[int], *, preliminary: bool) -> int | None:
        """Cash decides most games, and a field seldom earns its price back before the end: the
        cheapest field when it must buy, and after a round only the purchase that wins."""
        if not offered:
            return None
        if preliminary:
            return min(offered, key=lambda f: table.values[f])
        if len(table.fields[self.seat]) + 1 >= table.fields_to_end:
            return max(offered, key=lambda f: table.values[f])
        return None
