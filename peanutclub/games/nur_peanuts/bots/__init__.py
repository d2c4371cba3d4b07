"""Computer players for Nur Peanuts!. They read the public view and return actions, like a person.

Levels, weakest first: "easy" (plays by feel), "normal" (the expected value of each throw and of
parking, against the price of rolling again), "hard" (normal, plus the pawns and stones still to
move this round).
"""

from __future__ import annotations

from peanutclub.games.nur_peanuts.bots.base import BaseBot, Table
from peanutclub.games.nur_peanuts.bots.easy import EasyBot
from peanutclub.games.nur_peanuts.bots.hard import HardBot
from peanutclub.games.nur_peanuts.bots.normal import NormalBot

LEVELS: dict[str, type[BaseBot]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def make_bot(level: str, seat: int, seed: int = 0) -> BaseBot:
    """A bot of the named level for `seat`; raises KeyError for an unknown level."""
    return LEVELS[level](seat, seed)


__all__ = ["LEVELS", "BaseBot", "EasyBot", "HardBot", "NormalBot", "Table", "make_bot"]
