"""The easy bot plays by feel: a field looks good when it is worth a lot or is its own, it rolls
again on a whim when that is cheap, and it buys what catches its eye."""

from __future__ import annotations

from peanutclub.games.nur_peanuts.bots.base import BaseBot, Table


class EasyBot(BaseBot):
    level = "easy"

    def worth(self, table: Table, field: int) -> float:
        bonus = 800 if table.owners[field] == self.seat else 0
        return table.values[field] + bonus + self.rng.uniform(-300, 300)

    def cost_weight(self, table: Table, field: int) -> float:
        return 0.6  # it does not feel a reroll's price as much as it should

    def choose_field(self, table: Table, offered: list[int], *, preliminary: bool) -> int | None:
        if not offered:
            return None
        if not preliminary and self.rng.random() < 0.3:
            return None
        ranked = sorted(offered, key=lambda f: -table.values[f])
        return self.rng.choice(ranked[:5])
