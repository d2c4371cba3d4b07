"""Computer players. They read their own view and return actions, like a person at that seat.

Levels, weakest first: "easy" (cautious random bids), "normal" (values lots for its own
collection and paces its money), "hard" (normal, plus what public facts say of its rivals).
"""

from __future__ import annotations

from peanutclub.games.peanut_club.bots.base import BaseBot, Bot, pay_as_suggested
from peanutclub.games.peanut_club.bots.hard_bot import HardBot
from peanutclub.games.peanut_club.bots.normal_bot import NormalBot
from peanutclub.games.peanut_club.bots.random_bot import RandomBot

LEVELS: dict[str, type[BaseBot]] = {
    "easy": RandomBot,
    "normal": NormalBot,
    "hard": HardBot,
}


def make_bot(level: str, seat: int, seed: int = 0) -> BaseBot:
    """A bot of the named level for `seat`; raises KeyError for an unknown level."""
    return LEVELS[level](seat, seed)


__all__ = [
    "LEVELS",
    "BaseBot",
    "Bot",
    "HardBot",
    "NormalBot",
    "RandomBot",
    "make_bot",
    "pay_as_suggested",
]
