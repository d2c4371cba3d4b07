"""The normal bot: values each lot for its own collection and paces its money over the game.

Its plan, in words: a lot is worth the points it adds (series progress, Luxury and Antique, its
Collector, Jokers placed best); money is worth what is left of the game to spend it on; it bids the
cheapest winning bid while that costs less than the lot is worth to it, and when a rival's bid is
out of reach it tries its powers (Niet on the rival's currency, À la carte when it holds many small
cards, Crash to put its own strong currency on top). Convert and Abracadabra need no decision: the
honour rule already counts them, and the pay suggestion uses them only when needed.

Playing for an away person (`stands_in`), it plays none of their powers: no Niet, À la carte or
Crash, and no bid that only Convert or Abracadabra could pay.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from peanutclub.games.peanut_club.bots.base import (
    BaseBot,
    pay_as_suggested,
    stands_in,
    without_powers,
)
from peanutclub.games.peanut_club.bots.valuation import (
    hand_worth,
    least_total_reaching,
    lot_value,
    place_weights,
    symbols_left,
    totals_reachable,
)
from peanutclub.games.peanut_club.engine import Action, ALaCarte, Crash, Currency, Niet, PlaceBid

#: Points an average object brings a player (two symbols, a share of series and bonuses).
POINTS_PER_OBJECT = 1.6
#: Extra cost, in weighted money, of a bid that can only be paid with Convert or Abracadabra.
POWER_PAY_COST = 2.0
#: Smallest lot value (points) worth spending a power token on.
POWER_WORTH = 2.5

_CURRENCY = {c.value: c for c in Currency}


class NormalBot(BaseBot):
    """Bids for what it can use, at a price paced over the game; see the module's docstring."""

    level = "normal"

    def __init__(self, seat: int, seed: int = 0) -> None:
        super().__init__(seat, seed)
        self.seen: set[str] = set()  # ids of every object this bot has seen on sale
        self.seen_symbols: Counter[str] = Counter()
        self.last_round = 0
        self.greed = 0.9 + 0.2 * self.rng.random()  # a little variety between seats
        self._value_key: tuple[Any, ...] | None = None
        self._value = 0.0
        # what depends only on the hand, the column and the round, not on each bid: rebuilt when
        # any of these changes (a few times per lot), not for each of the many decisions
        self._situation_key: tuple[Any, ...] | None = None
        self._rate = 0.0
        self._cap = 0.0  # the most this bot would pay for the lot on sale, in weighted money
        self._weights: dict[str, float] = {}
        self._own: dict[str, list[int]] = {}
        self._reach: dict[str, int] = {}  # currency -> totals its cards reach (a bitset)
        self._pool: list[tuple[float, int]] | None = None  # the cards Convert would pay with
        self._costs: dict[tuple[str, int], float] = {}
        self._mine: dict[str, int] | None = None  # money_by_currency, for the same situation
        # what the table showed when this bot last chose to wait (None: it last acted)
        self._waited_on: tuple[Any, ...] | None = None

    # ------------------------------------------------------------------ the decision

    def judge(self, view: dict[str, Any]) -> Action | None:
        if view["phase"] != "bidding":  # while bidding there is nothing to pay
            return pay_as_suggested(view, self.seat)
        high = view["high_bid"]
        if high is not None and high["seat"] == self.seat:
            return None
        # Nothing this bot weighs changed since it last chose to wait (a going call, a look at
        # the same table): it waits again. Its hand, its tokens, the lot and the rivals' money
        # move only with the round, a power or a payment, which these show.
        seen = (
            view["round"],
            high,
            tuple(view["column"]),
            tuple(view["niet"]),
            view["a_la_carte"],
            view.get("stand_in"),
        )
        if seen == self._waited_on:
            return None
        action = self.choose_bid(view, high)
        self._waited_on = seen if action is None else None
        return action

    def choose_bid(self, view: dict[str, Any], high: dict[str, Any] | None) -> Action | None:
        """A bid or a power for the lot on sale, or None to wait (the table changed since)."""
        # the public count, not the private hand: most looks need no card of it (`situation`)
        if not view["players"][self.seat]["hand_count"]:
            return self.powers_without_money(view)
        self.situation(view)
        cap = self._cap
        bid = self.cheapest_bid(view, cap)
        if bid is not None:
            return bid
        if high is not None and self._value >= POWER_WORTH and not stands_in(view):
            return self.power_play(view, cap)
        return None

    def powers_without_money(self, view: dict[str, Any]) -> Action | None:
        """A player with no cards may still Niet or Crash; this bot simply waits."""
        return None

    # ------------------------------------------------------------------ values

    def lot_points(self, view: dict[str, Any]) -> float:
        """What the lot on sale adds to this bot's collection, memoised for the round."""
        me = view["players"][self.seat]
        key = (view["round"], len(me["objects"]), *(o["id"] for o in view["lot"]))
        if key == self._value_key:
            return self._value
        self.remember(view)
        left = symbols_left(self.seen_symbols)
        value = lot_value(
            me["objects"], view["lot"], view["you"]["collector"], left, len(view["players"])
        )
        # A lot that adds nothing to our own collection is still worth a little: it is points a
        # rival does not get, and it keeps prices honest.
        value = max(value, 0.25 * len(view["lot"]))
        self._value_key, self._value = key, value
        return value

    def remember(self, view: dict[str, Any]) -> None:
        """Keep the objects seen on sale or won, so discarded ones still count as gone.

        A round number going back means a new game at the same table (a rematch): start over.
        """
        if view["round"] < self.last_round:
            self.seen.clear()
            self.seen_symbols.clear()
        self.last_round = view["round"]
        for obj in view["lot"]:
            if obj["id"] not in self.seen:
                self.seen.add(obj["id"])
                self.seen_symbols.update(obj["symbols"])
        for player in view["players"]:
            for obj in player["objects"]:
                if obj["id"] not in self.seen:
                    self.seen.add(obj["id"])
                    self.seen_symbols.update(obj["symbols"])

    def objects_to_come(self, view: dict[str, Any]) -> int:
        return int(view["objects_left"]) + len(view["lot"])

    def situation(self, view: dict[str, Any]) -> None:
        """Refresh what depends on the hand, the column, the Niet blocks and the round."""
        column, lot = view["column"], view["lot"]
        # Within a round only powers change these; a Niet list only grows, and two currencies
        # place the third (the round and the first object tell a rematch's round 1 apart). The
        # hand's size is read from the public entry, so the private hand is read only to rebuild.
        key = (
            view["round"],
            view["objects_left"],
            lot[0]["id"] if lot else None,
            view["players"][self.seat]["hand_count"],
            column[0],
            column[1],
            len(view["niet"]),
            view["a_la_carte"],
        )
        if key == self._situation_key:
            return
        self._situation_key = key
        self._rate = self.rate(view)
        self._cap = self.lot_points(view) * self._rate
        self._weights = place_weights(view["column"], view["niet"])
        own: dict[str, list[int]] = {}
        for c in view["you"]["hand"]:
            own.setdefault(c["currency"], []).append(c["value"])
        for values in own.values():
            values.sort()
        self._own = own
        self._reach = {}
        self._pool = None
        self._costs = {}
        self._mine = None

    def rate(self, view: dict[str, Any]) -> float:
        """Weighted money per point: what is left to spend over what is left to win.

        Money has no worth at the end, so the rate rises as the objects run out.
        """
        money = hand_worth(view["you"]["hand"], view["column"])
        expect = POINTS_PER_OBJECT * self.objects_to_come(view) / len(view["players"])
        return self.greed * money / max(expect, 1.0)

    def cost(self, view: dict[str, Any], currency: str, amount: int) -> float:
        """What paying `amount` in `currency` takes from the hand, in weighted money."""
        found = self._costs.get((currency, amount))
        if found is None:
            found = self._costs[(currency, amount)] = self._cost(view, currency, amount)
        return found

    def _cost(self, view: dict[str, Any], currency: str, amount: int) -> float:
        weights = self._weights
        own = self._own.get(currency, [])
        if view["a_la_carte"]:
            if amount <= len(own):
                return sum(own[:amount]) * weights[currency]
            spent: int | None = None
        else:
            reach = self._reach.get(currency)
            if reach is None:
                reach = self._reach[currency] = totals_reachable(own)
            spent = least_total_reaching(reach, amount)
        if spent is not None:
            return spent * weights[currency]
        # Only Convert (or Abracadabra) can pay it. The suggestion then spends the weakest
        # currencies first: take cards in that order until the amount is reached.
        alc = view["a_la_carte"]
        pool = self._pool  # the same cards in the same order for every amount of the situation
        if pool is None:
            pool = self._pool = sorted(
                (weights[cur], -v)
                for cur, values in self._own.items()
                if cur not in view["niet"]
                for v in values
            )
        reached = 0
        price = POWER_PAY_COST
        for weight, neg in pool:
            if reached >= amount:
                break
            reached += 1 if alc else -neg
            price += weight * -neg
        return price

    # ------------------------------------------------------------------ bids

    def cheapest_bid(self, view: dict[str, Any], cap: float) -> PlaceBid | None:
        """The winning bid that costs least, if it costs no more than `cap`."""
        best: tuple[float, str, int] | None = None
        costs = self._costs
        stand_in = stands_in(view)
        for currency, option in view["you"]["bid_options"].items():
            if option["reason"] is not None:
                continue
            amount = option["min"]
            if stand_in and amount > without_powers(view, currency):
                continue
            price = costs.get((currency, amount))
            if price is None:
                price = costs[(currency, amount)] = self._cost(view, currency, amount)
            if price <= cap and (best is None or price < best[0]):
                best = (price, currency, amount)
        if best is None:
            return None
        return PlaceBid(self.seat, best[2], _CURRENCY[best[1]])

    # ------------------------------------------------------------------ powers

    def power_play(self, view: dict[str, Any], cap: float) -> Action | None:
        """A rival holds a bid we cannot afford to beat: Niet, À la carte or Crash, if they pay."""
        tokens = view["players"][self.seat]["tokens"]
        column: list[str] = view["column"]
        niet: list[str] = view["niet"]
        free = [c for c in column if c not in niet]
        mine = self._mine  # the hand does not change within a situation
        if mine is None:
            mine = self._mine = self.money_by_currency(view)
        if not tokens["niet"] and len(free) > 1:
            target = self.niet_target(view, free, mine)
            others = [c for c in free if c != target]
            if target is not None and any(mine.get(c, 0) for c in others):
                after = self.cost_after(view, others, mine)
                if after is not None and after <= cap:
                    return Niet(self.seat, _CURRENCY[target])
        if not tokens["a_la_carte"]:
            play = self.a_la_carte_play(view, free, cap)
            if play is not None:
                return play
        if not tokens["crash"]:
            strong = max(free, key=lambda c: (mine.get(c, 0), -column.index(c)))
            if (
                mine.get(strong, 0)
                and strong != column[0]
                and self.cost_for(view, strong, 1) <= cap
            ):
                return Crash(self.seat, _CURRENCY[strong], 0)
        return None

    def niet_target(
        self, view: dict[str, Any], free: list[str], mine: dict[str, int]
    ) -> str | None:
        """The currency to block: the one the rival's high bid stands in."""
        return str(view["high_bid"]["currency"])

    def money_by_currency(self, view: dict[str, Any]) -> dict[str, int]:
        totals: dict[str, int] = {}
        for c in view["you"]["hand"]:
            totals[c["currency"]] = totals.get(c["currency"], 0) + c["value"]
        return totals

    def cost_for(self, view: dict[str, Any], currency: str, amount: int) -> float:
        """Cost of a plain bid after the auction restarts (no À la carte unless it is on)."""
        return self.cost(view, currency, amount)

    def cost_after(
        self, view: dict[str, Any], currencies: list[str], mine: dict[str, int]
    ) -> float | None:
        """The cheapest opening bid (amount 1) among `currencies` this bot holds cards of."""
        prices = [self.cost_for(view, c, 1) for c in currencies if mine.get(c, 0)]
        return min(prices) if prices else None

    def a_la_carte_play(self, view: dict[str, Any], free: list[str], cap: float) -> Action | None:
        """With many small cards of a strong currency, make every card count 1 and bid in cards."""
        weights = self._weights  # the situation's (`situation`, which ran before)
        for currency in free[:1]:  # only the strongest free currency is worth it
            own = self._own.get(currency, [])  # its cards' values, smallest first
            if len(own) < 4:
                return None
            amount = min(len(own), 1 + len(own) // 3)
            price = sum(own[:amount]) * weights[currency]
            if price <= cap:
                return ALaCarte(self.seat, amount, _CURRENCY[currency])
        return None
