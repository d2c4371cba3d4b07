"""Nur Peanuts!' client messages: each a strict model naming its engine action.

The engine judges every value (a field off the board, a field sold, a throw out of turn); a
move only turns a frame's fields into the action for the seat that sent it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from peanutclub.core import Message, Move, seated
from peanutclub.games.nur_peanuts.engine import actions as engine
from peanutclub.games.nur_peanuts.engine.dice import Dice


class BuyMove(Move):
    """Buy a field: in the preliminary round, or as a round's winner."""

    type: Literal["buy"]
    field: int = Field(description="The field's index on the ring, 0 to 23.")

    def to_action(self, seat: int | None, host: bool) -> engine.Buy:
        return engine.Buy(seated(seat), self.field)


class PassMove(Move):
    """The round's winner buys nothing."""

    type: Literal["pass"]

    def to_action(self, seat: int | None, host: bool) -> engine.Pass:
        return engine.Pass(seated(seat))


class ThrowMove(Move):
    """Throw, or roll again: the black die, one white die, or both white dice."""

    type: Literal["throw"]
    dice: Literal["black", "white", "two_white"]

    def to_action(self, seat: int | None, host: bool) -> engine.ThrowDice:
        return engine.ThrowDice(seated(seat), Dice(self.dice))


class ParkMove(Move):
    """Park the pawn where it stands; the turn ends."""

    type: Literal["park"]

    def to_action(self, seat: int | None, host: bool) -> engine.Park:
        return engine.Park(seated(seat))


#: The busiest first: the server's parser tries the union in this order.
MOVES: tuple[type[Message], ...] = (ThrowMove, ParkMove, BuyMove, PassMove)
