"""Computer players of the race. They read their own seat's view and return actions, like a
person at that seat; `delay()` tells a room how long each one takes per move.

Levels, weakest first: "easy", "normal", "hard" (see `levels`).
"""

from __future__ import annotations

from peanutclub.games.peanuts.bots.base import JITTER, BaseBot
from peanutclub.games.peanuts.bots.levels import EasyBot, HardBot, NormalBot

LEVELS: dict[str, type[BaseBot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def make_bot(level: str, seat: int, seed: int = 0) -> BaseBot:
    """A bot of the named level for `seat`; raises KeyError for an unknown level."""
    return LEVELS[level](seat, seed)


__all__ = ["JITTER", "LEVELS", "BaseBot", "EasyBot", "HardBot", "NormalBot", "make_bot"]
