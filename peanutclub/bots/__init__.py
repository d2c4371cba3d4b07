"""Computer players. They read their own view and return actions, like a person at that seat.

Levels, weakest first: "easy" (cautious random bids), "normal" (values lots for its own
collection and paces its money), "hard" (normal, plus what public facts say of its rivals).
"""

from __future__ import annotations

from peanutclub.bots.base import BaseBot, Bot, pay_as_suggested
from peanutclub.bots.hard_bot import HardBot
from peanutclub.bots.normal_bot import NormalBot
from peanutclub.bots.random_bot import RandomBot

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
