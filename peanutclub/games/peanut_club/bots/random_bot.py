"""The easy bot: legal, cautious, random. It bids small amounts now and then, never overreaching.

Playing for an away person (`stands_in`) it bids only what their own cards of that currency pay
without a power.
"""

from __future__ import annotations

from typing import Any

from peanutclub.games.peanut_club.bots.base import (
    BaseBot,
    pay_as_suggested,
    stands_in,
    without_powers,
)
from peanutclub.games.peanut_club.engine import Action, Currency, PlaceBid


class RandomBot(BaseBot):
    level = "easy"

    def __init__(self, seat: int, seed: int = 0, eagerness: float = 0.35) -> None:
        super().__init__(seat, seed)
        self.eagerness = eagerness

    def judge(self, view: dict[str, Any]) -> Action | None:
        pay = pay_as_suggested(view, self.seat)
        if pay is not None or view.get("phase") != "bidding":
            return pay
        if self.rng.random() > self.eagerness:
            return None
        options = view["you"]["bid_options"]
        choices = [(c, o["min"], o["max"]) for c, o in options.items() if o["reason"] is None]
        if stands_in(view):
            choices = [
                (c, low, most)
                for c, low, high in choices
                if (most := min(high, without_powers(view, c))) >= low
            ]
        if not choices:
            return None
        currency, low, high = self.rng.choice(choices)
        amount = self.rng.randint(low, min(high, low + 2))
        return PlaceBid(self.seat, amount, Currency(currency))
