"""What a computer player is: something that reads its own view and may answer with an action.

Bots get exactly what a person at that seat gets (`view(game, seat)`), so they cannot cheat, and
the server can seat them through the same path as people.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from peanutclub.games.peanut_club.engine import Action, Pay


class Bot(Protocol):
    level: str
    seat: int

    def decide(self, view: dict[str, Any]) -> Action | None:
        """An action to try now, or None to wait. The view is this bot's own."""
        ...


def pay_as_suggested(view: dict[str, Any], seat: int) -> Pay | None:
    """Pay with the server's suggested payment when this seat owes a lot."""
    you = view.get("you") or {}
    suggestion = you.get("pay_suggestion")
    if view.get("phase") != "paying" or view.get("payer") != seat or not suggestion:
        return None
    return Pay(seat, tuple(suggestion["cards"]), suggestion["convert"], suggestion["abracadabra"])


class BaseBot:
    """Shared plumbing: a seat, a level name, and a private seeded generator."""

    level = "base"

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(f"{self.level}:{seed}:{seat}")

    def decide(self, view: dict[str, Any]) -> Action | None:
        raise NotImplementedError
