"""What every bot shares: its seat, a seeded generator, the reading of the public view, and the
shape of a decision (buy or pass, throw, park or roll again).

A bot reads exactly the public view a person at the table reads (nothing in this game is
secret), plus the dice's odds, which are the rules. Each level says only how much a field is
worth to it (`worth`) and how it buys; the arithmetic of throws is here, once.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from peanutclub.games.nur_peanuts.engine import (
    FIELDS,
    OUTCOMES,
    WAYS,
    Action,
    Buy,
    Dice,
    Park,
    Pass,
    ThrowDice,
)

#: Seconds before a bot's first look at a new game.
FIRST_LOOK = (1.0, 2.0)
#: Seconds between two looks when nothing calls for this bot: a person keeps an eye on the table.
GLANCE = (0.4, 0.8)
#: Seconds from taking in a decision of its own (a turn's first throw, a purchase of the first
#: round) to making it: a person's reaction, with jitter.
REACTION = (1.2, 2.5)
#: Seconds to read a round's result (who won, who paid whom and why) before buying or passing.
READING = (2.5, 4.0)
#: Seconds, beyond one stone's step, from seeing its own throw land to parking or rolling
#: again: the table shows every throw for a stone's step, and a bot's throw stays on it as long.
WATCH = (0.6, 1.4)
#: The stone's step when the view does not say the room's (`stone_step_seconds`).
STONE_STEP = 1.2


@dataclass
class Table:
    """The public view, read once per decision into plain lists."""

    seat: int
    values: list[int]
    owners: list[Any]
    cash: list[int]
    fields: list[list[int]]
    #: field -> the piece parked there (its id and seat)
    parked: dict[int, dict[str, Any]]
    #: pieces that still have to move this round: other pawns, stones, not parked
    waiting: list[dict[str, Any]]
    players: int
    fields_to_end: int
    position: int | None  # where this bot's pawn stands, when it is on the board

    @classmethod
    def read(cls, view: dict[str, Any], seat: int) -> Table:
        parked: dict[int, dict[str, Any]] = {}
        waiting = []
        position = None
        for piece in view["pieces"]:
            if piece["seat"] == seat:
                position = piece["field"]
                continue
            if piece["place"] == "parking":
                parked[piece["field"]] = piece
            else:
                waiting.append(piece)
        return cls(
            seat=seat,
            values=[f["value"] for f in view["board"]],
            owners=[f["owner"] for f in view["board"]],
            cash=[p["cash"] for p in view["players"]],
            fields=[p["fields"] for p in view["players"]],
            parked=parked,
            waiting=waiting,
            players=len(view["players"]),
            fields_to_end=view["fields_to_end"],
            position=position,
        )

    def reroll_cost(self, field: int) -> int:
        return 0 if self.owners[field] == self.seat else self.values[field]

    def leader(self, field: int) -> int:
        """The most valuable parked field but `field` (whose piece would be bumped), or -1."""
        best = -1
        for f in self.parked:
            if f != field and (best < 0 or self.values[f] > self.values[best]):
                best = f
        return best


@cache
def stone_offsets() -> tuple[tuple[int, float], ...]:
    """How far a neutral stone ends from its start place, with each distance's chance: it throws
    two white dice and goes on while a 0 shows (cut where chances fall below one in a million)."""
    moving = {0: 1.0}
    final: dict[int, float] = {}
    while moving:
        after: dict[int, float] = {}
        for offset, chance in moving.items():
            for o in OUTCOMES[Dice.TWO_WHITE]:
                stop = (o.ways - o.zero_ways) / WAYS
                go = o.zero_ways / WAYS
                if stop:
                    final[offset + o.moved] = final.get(offset + o.moved, 0.0) + chance * stop
                if go and chance * go > 1e-6:
                    after[offset + o.moved] = after.get(offset + o.moved, 0.0) + chance * go
        moving = after
    return tuple(sorted(final.items()))


class BaseBot:
    """The decision's shape; a level fills in `worth` (and may change how it buys)."""

    level = "base"
    #: How much better rolling again must look than parking, in Peanuts.
    margin = 0.0

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(f"{self.level}:{seed}:{seat}")
        # the pace draws from its own generator, so pacing never changes a judgment
        self.pace_rng = random.Random(f"pace:{seed}:{seat}")
        self._paced = False
        self._seen: tuple[Any, ...] | None = None
        #: What the bot is taking in before it acts (a key of `pause`), or None.
        self._reacting: str | None = None

    def pause(self, view: dict[str, Any] | None) -> float:
        """Seconds until this bot looks again, at a person's pace (the room scales them by its
        `bot_pace`), from the view it last saw (None before its first look): a reaction to a
        decision of its own, a round's result read before buying, its own throw watched for
        at least a stone's step, a glance otherwise. The same for every level."""
        self._paced = True
        rng = self.pace_rng
        if view is None:
            return rng.uniform(*FIRST_LOOK)
        reacting = self._reacting
        if reacting == "read":
            return rng.uniform(*READING)
        if reacting == "watch":
            settings = view.get("settings") or {}
            return float(settings.get("stone_step_seconds", STONE_STEP)) + rng.uniform(*WATCH)
        if reacting == "react":
            return rng.uniform(*REACTION)
        return rng.uniform(*GLANCE)

    def _called_on(self, view: dict[str, Any]) -> str | None:
        """What the table waits on this seat for, as `pause` paces it: a round's winner's
        purchase ("read"), a park or roll again after its throw ("watch"), a throw or a first
        purchase ("react"); None when it waits on someone else."""
        purchase = view.get("purchase")
        if purchase is not None and purchase["seat"] == self.seat:
            return "read" if purchase.get("may_pass") else "react"
        turn = view.get("turn")
        if view.get("phase") == "turns" and turn is not None and turn["seat"] == self.seat:
            return "watch" if turn["thrown"] else "react"
        return None

    def decide(self, view: dict[str, Any]) -> Action | None:
        """An action to try now, or None to wait.

        Once paced (the room asks for `pause`), a look that shows a new decision for this seat
        only takes it in: the bot acts at its next look, a person's while later, if the table
        still waits on it. Unpaced (the simulator, the tournaments), it judges at once.
        """
        if self._paced:
            turn = view.get("turn") or {}
            last = view.get("last_throw") or {}
            purchase = view.get("purchase") or {}
            seen = (
                view.get("phase"),
                view.get("round"),
                purchase.get("seat"),
                len(purchase.get("fields") or ()),
                turn.get("seat"),
                turn.get("thrown"),
                last.get("by"),
                last.get("from"),
                last.get("to"),
                last.get("faces") and tuple(last["faces"]),
            )
            if seen != self._seen:
                self._seen = seen
                self._reacting = self._called_on(view)
                if self._reacting is not None:
                    return None
            self._reacting = None
        return self.judge(view)

    def judge(self, view: dict[str, Any]) -> Action | None:
        """What this bot does on seeing `view`: buy or pass, throw, park or roll again."""
        purchase = view.get("purchase")
        if purchase is not None and purchase["seat"] == self.seat:
            self.prepare()
            return self.buy(view, purchase)
        turn = view.get("turn")
        if view.get("phase") != "turns" or turn is None or turn["seat"] != self.seat:
            return None
        self.prepare()
        table = Table.read(view, self.seat)
        here = table.position or 0
        worths = [self.worth(table, f) for f in range(FIELDS)]
        if not turn["thrown"]:
            return ThrowDice(self.seat, self.best_throw(worths, here)[0])
        if not turn["can_reroll"]:
            return Park(self.seat)
        cost = turn["reroll_cost"] or 0
        dice, expected = self.best_throw(worths, here)
        if expected - self.cost_weight(table, here) * cost > worths[here] + self.margin:
            return ThrowDice(self.seat, dice)
        return Park(self.seat)

    # ------------------------------------------------------------------ what a level decides

    def prepare(self) -> None:
        """Forget what held for the previous view (a level's memo)."""

    def worth(self, table: Table, field: int) -> float:
        """What parking on `field` is worth to this bot, in Peanuts it expects to gain."""
        raise NotImplementedError

    def cost_weight(self, table: Table, field: int) -> float:
        """How much a Peanut paid to roll again weighs (more when it goes to a rival)."""
        return 1.0

    @staticmethod
    def best_throw(worths: list[float], start: int) -> tuple[Dice, float]:
        """The throw with the best expected worth from `start`, looking one free roll ahead
        (`worths`: what parking on each field is worth)."""
        once: dict[int, float] = {}

        def one_more(field: int) -> float:
            if field not in once:
                once[field] = max(
                    sum(o.ways / WAYS * worths[(field + o.moved) % FIELDS] for o in OUTCOMES[d])
                    for d in Dice
                )
            return once[field]

        best: tuple[Dice, float] | None = None
        for dice in Dice:
            expected = 0.0
            for o in OUTCOMES[dice]:
                field = (start + o.moved) % FIELDS
                stay = worths[field]
                expected += (o.ways - o.zero_ways) / WAYS * stay
                if o.zero_ways:
                    expected += o.zero_ways / WAYS * max(stay, one_more(field))
            if best is None or expected > best[1]:
                best = (dice, expected)
        assert best is not None
        return best

    def buy(self, view: dict[str, Any], purchase: dict[str, Any]) -> Action:
        """Buy the most valuable field on offer, keeping a reserve after the preliminary round."""
        table = Table.read(view, self.seat)
        choice = self.choose_field(table, purchase["fields"], preliminary=not purchase["may_pass"])
        if choice is None:
            return Pass(self.seat)
        return Buy(self.seat, choice)

    def choose_field(self, table: Table, offered: list[int], *, preliminary: bool) -> int | None:
        if not offered:
            return None
        return max(offered, key=lambda f: table.values[f])
