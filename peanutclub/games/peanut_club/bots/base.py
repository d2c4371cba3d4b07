"""What a computer player is: something that reads its own view and may answer with an action.

Bots get exactly what a person at that seat gets (`view(game, seat)`), so they cannot cheat, and
the server can seat them through the same path as people.

Every level has the same reflexes, a person's (`BaseBot.pause`): at a table, a bot reacts to what
it sees a few seconds after it sees it, and levels differ only in what they then decide
(`judge`). A bot nobody paces (simulations, benchmarks, tests calling `decide` in a loop) judges
at once, as it always did, so their figures do not depend on the reflexes.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from peanutclub.games.peanut_club.engine import Action, Pay

#: Seconds before a bot's first look at a new game.
FIRST_LOOK = (1.0, 3.0)
#: Seconds from the look at which a bot takes in something new that calls for it (a lot on
#: sale, a new high bid, a power played, a lot it must pay for) to the look at which it acts:
#: a person's reaction, with jitter.
REACTION = (2.5, 6.0)
#: Seconds between two looks when nothing new was seen: a person keeps an eye on the table, so a
#: change is taken in within a second or two and answered a reaction later (2.5 to 8 s in all,
#: inside the 8 s before the idle call).
GLANCE = (1.0, 2.0)
#: The table's pace these reflexes are made for: the default idle call and going step (seconds).
#: A quicker table (down to the fastest its settings allow, idle 3 s and step 1 s) gets quicker
#: bots in proportion, so that a bot can still answer a bid before the lot is called.
USUAL_IDLE = 8.0
USUAL_STEP = 2.0
#: The quickest reflexes, as a share of a person's: a table in development mode with clocks far
#: under the bounds does not turn its bots into machines.
QUICKEST = 0.25


def pace_of(view: dict[str, Any] | None) -> float:
    """How much quicker than a person's usual reflexes this table asks a bot to be (1 = as
    usual, less = quicker), from the room's settings in the view: in proportion to its idle
    call (when it has one) and to its going step, never slower than usual.

    The reflexes (at most 8 s from a change to an answer) fit the default 8 s before the idle
    call; at the fastest pace (idle 3 s, step 1 s) they shrink to 3/8 of that, so the answer still
    comes before the call."""
    settings = (view or {}).get("settings") or {}
    factor = 1.0
    idle = settings.get("idle_seconds")
    if isinstance(idle, int | float) and idle > 0:
        factor = min(factor, idle / USUAL_IDLE)
    step = settings.get("going_step_seconds")
    if isinstance(step, int | float) and step > 0:
        factor = min(factor, step / USUAL_STEP)
    return max(QUICKEST, factor)


class Bot(Protocol):
    level: str
    seat: int

    def decide(self, view: dict[str, Any]) -> Action | None:
        """An action to try now, or None to wait. The view is this bot's own."""
        ...


def pay_as_suggested(view: dict[str, Any], seat: int) -> Pay | None:
    """Pay with the server's suggested payment when this seat owes a lot."""
    if view.get("phase") != "paying" or view.get("payer") != seat:
        return None  # read before `you`: every seat looks while one pays
    suggestion = (view.get("you") or {}).get("pay_suggestion")
    if not suggestion:
        return None
    return Pay(seat, tuple(suggestion["cards"]), suggestion["convert"], suggestion["abracadabra"])


def stands_in(view: dict[str, Any]) -> bool:
    """Whether this bot plays for a person who is away (the room says so in the view): their
    power tokens are theirs, so it plays none of them (our choice)."""
    return bool(view.get("stand_in"))


def without_powers(view: dict[str, Any], currency: str) -> int:
    """The most this seat could pay in `currency` with its own cards of that currency alone, no
    Convert and no Abracadabra (each card at 1 in an À la carte round): a stand-in's ceiling,
    so the suggested payment never needs a power (it uses none when it can)."""
    if currency in view["niet"]:
        return 0
    alc = view["a_la_carte"]
    return sum(1 if alc else c["value"] for c in view["you"]["hand"] if c["currency"] == currency)


def situation_of(view: dict[str, Any]) -> tuple[Any, ...]:
    """What a person reacts to: the lot, the high bid, the column, blocks, À la carte, who pays
    (not the going calls: a call does not change what is worth doing)."""
    high = view.get("high_bid")
    return (
        view.get("phase"),
        view.get("round"),
        None if high is None else (high["seat"], high["amount"], high["currency"]),
        tuple(view.get("column") or ()),
        tuple(view.get("niet") or ()),
        view.get("a_la_carte"),
        view.get("payer"),
    )


class BaseBot:
    """Shared plumbing: a seat, a level name, a private seeded generator, and the reflexes."""

    level = "base"

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(f"{self.level}:{seed}:{seat}")
        # the reflexes draw from their own generator, so pacing never changes a judgment
        self.pace_rng = random.Random(f"pace:{seed}:{seat}")
        self._paced = False
        self._seen: tuple[Any, ...] | None = None
        self._reacting = False

    def decide(self, view: dict[str, Any]) -> Action | None:
        """An action to try now, or None to wait.

        Once paced (the room asks for `pause`), a look that shows something new calling for this
        seat only takes it in: the bot acts at its next look, a reaction time later, if the
        table still calls for it. Unpaced, it judges at once.
        """
        if self._paced:
            seen = situation_of(view)
            if seen != self._seen:
                self._seen = seen
                self._reacting = self._called_on(view)
                if self._reacting:
                    return None
            self._reacting = False
        return self.judge(view)

    def _called_on(self, view: dict[str, Any]) -> bool:
        """Whether the table waits on this seat: a lot it may bid on, or a lot it must pay."""
        phase = view.get("phase")
        if phase == "paying":
            return bool(view.get("payer") == self.seat)
        if phase != "bidding":
            return False
        high = view.get("high_bid")
        return high is None or high["seat"] != self.seat

    def pause(self, view: dict[str, Any] | None) -> float:
        """Seconds until this bot looks again, at a person's pace, from the view it last saw
        (None before its first look): a reaction time after taking in something new, a glance
        otherwise, both quicker at a quicker table (`pace_of`). The same for every level."""
        self._paced = True
        rng = self.pace_rng
        if view is None:
            return rng.uniform(*FIRST_LOOK)
        pace = pace_of(view)
        if self._reacting:
            return rng.uniform(*REACTION) * pace
        return rng.uniform(*GLANCE) * pace

    def judge(self, view: dict[str, Any]) -> Action | None:
        """What this level decides to do on seeing `view`: its whole judgment."""
        raise NotImplementedError
