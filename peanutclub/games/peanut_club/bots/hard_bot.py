"""The hard bot: the normal bot, plus what public facts say about its rivals' money and needs.

Public facts are enough to estimate a rival's money: every hand starts at about the same total (a
player stops drawing at 35, or 30 with six), every paid card is shown face up, and the currency
deck's make-up is known (per currency ten 1s, eight 2s, six 3s, four 4s, two 5s). So a rival's
money left is about the starting total minus what they paid, spread over the currencies in the
proportions of the cards nobody has seen. The bot uses this to price points at the table's rate
rather than at its own, and to block with Niet the currency its rivals are strongest in.

Tried and left out, because it lost games in simulation: counting a share of what a lot would give
the rival who needs it most (denial) made the bot overpay.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from peanutclub.games.peanut_club.bots.normal_bot import POINTS_PER_OBJECT, NormalBot
from peanutclub.games.peanut_club.bots.valuation import hand_worth, place_weights
from peanutclub.games.peanut_club.engine.components import CURRENCY_VALUES

#: Average starting hand total: a player stops drawing at 35 (30 with six players), usually after
#: overshooting a little.
START_TOTAL = {3: 36.5, 4: 36.5, 5: 36.5, 6: 31.5}


class HardBot(NormalBot):
    """The normal bot with estimates of its rivals' money; see the module's docstring."""

    level = "hard"

    def __init__(self, seat: int, seed: int = 0) -> None:
        super().__init__(seat, seed)
        self._money_key: tuple[Any, ...] | None = None
        self._rivals: dict[int, dict[str, float]] = {}

    # ------------------------------------------------------------------ estimates

    def rival_money(self, view: dict[str, Any]) -> dict[int, dict[str, float]]:
        """Per rival seat, the estimated money left in each currency (face value)."""
        key = (len(view["paid"]), *(p["hand_count"] for p in view["players"]))
        if key == self._money_key:
            return self._rivals
        players = view["players"]
        unseen: dict[str, float] = {}
        for currency in view["column"]:
            unseen[currency] = float(sum(v * n for v, n in CURRENCY_VALUES.items()))
        for card in view["you"]["hand"]:
            unseen[card["currency"]] -= card["value"]
        paid_by: Counter[int] = Counter()
        for card in view["paid"]:
            unseen[card["currency"]] -= card["value"]
            paid_by[card["seat"]] += card["value"]
        total_unseen = sum(unseen.values()) or 1.0
        start = START_TOTAL.get(len(players), 36.5)
        rivals: dict[int, dict[str, float]] = {}
        for p in players:
            seat = p["seat"]
            if seat == self.seat:
                continue
            left = (
                0.0 if not p["hand_count"] else max(float(p["hand_count"]), start - paid_by[seat])
            )
            rivals[seat] = {c: left * v / total_unseen for c, v in unseen.items()}
        self._money_key, self._rivals = key, rivals
        return rivals

    def rate(self, view: dict[str, Any]) -> float:
        """Money per point at the table's rate: everyone's money over everyone's points to come.

        A bot richer than the table can then afford more lots than its share, and a poorer one
        does not spend itself out early; the own-money rate still bounds it from below late on.
        """
        weights = place_weights(view["column"], ())
        mine = hand_worth(view["you"]["hand"], view["column"])
        rivals = sum(
            v * weights[c] for money in self.rival_money(view).values() for c, v in money.items()
        )
        points = POINTS_PER_OBJECT * self.objects_to_come(view)
        table = (mine + rivals) / max(points, 1.0)
        own = mine / max(points / len(view["players"]), 1.0)
        return float(self.greed * max(min(table * 1.15, own), own * 0.6))

    def niet_target(
        self, view: dict[str, Any], free: list[str], mine: dict[str, int]
    ) -> str | None:
        """Block the free currency where the richest rival most out-guns us (any Niet restarts)."""
        rivals = self.rival_money(view)
        high_seat = view["high_bid"]["seat"]

        def threat(currency: str) -> float:
            strongest = max((m[currency] for m in rivals.values()), default=0.0)
            holder = rivals.get(high_seat, {}).get(currency, 0.0)
            return max(strongest, holder) - mine.get(currency, 0)

        return max(free, key=threat)
