"""Peanuts!' client messages: each one a strict model that names its engine action.

The engine checks every value (a card that is not on top, a pile that does not take it); a move
only turns a frame's fields into the action for the seat that sent it.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from peanutclub.core import Message, Move, Query, refuse, seated
from peanutclub.games.peanuts.engine import actions as engine

#: A frame's `to` -> the engine's target: a dict, not `Target(name)`, whose lookup by value
#: runs in Python (a few µs, once for every card moved).
TARGETS: dict[str, engine.Target] = {name: target for target, name in engine.TARGET_NAMES.items()}


class MoveCardMove(Move):
    """Move one top card onto a foundation or a building pile (`pile` null: the server picks a
    foundation that takes it, a new one for an Ace, or a building pile that takes it)."""

    type: Literal["move"]
    card: int = Field(ge=0, lt=1_000_000)
    to: Literal["foundation", "building"]
    pile: int | None = Field(default=None, ge=0, lt=1000)

    def to_action(self, seat: int | None, host: bool) -> engine.MoveCard:
        return engine.MoveCard(seated(seat), self.card, TARGETS[self.to], self.pile)


class FlipMove(Move):
    type: Literal["flip"]

    def to_action(self, seat: int | None, host: bool) -> engine.Flip:
        return engine.Flip(seated(seat))


class StuckMove(Move):
    """Declare one's deck stuck (`on`), or take the declaration back."""

    type: Literal["stuck"]
    on: bool

    def to_action(self, seat: int | None, host: bool) -> engine.DeclareStuck:
        return engine.DeclareStuck(seated(seat), self.on)


class PeanutsMove(Move):
    """Call "Peanuts!" (the caller's peanuts pile must be empty)."""

    type: Literal["peanuts"]

    def to_action(self, seat: int | None, host: bool) -> engine.CallPeanuts:
        return engine.CallPeanuts(seated(seat))


class NextRoundMove(Move):
    """The host starts the next round's count-down before the between-rounds clock does."""

    type: Literal["next_round"]

    def to_action(self, seat: int | None, host: bool) -> engine.NextRound:
        if not host:
            raise refuse("not_host")
        return engine.NextRound(seat)


class SkipRoundMove(Move):
    """The host ends the round at once; it scores nothing (a deal that drags on)."""

    type: Literal["skip_round"]

    def to_action(self, seat: int | None, host: bool) -> engine.SkipRound:
        if not host:
            raise refuse("not_host")
        return engine.SkipRound(seat)


class HintQuery(Query):
    """A player who has looked too long asks for a playable card: answered to that phone alone
    with `{"type": "hint", "card", "to", "pile"}` (card null: only the stock can help), or
    `hints_off` when the table's `hint_seconds` is 0. It changes nothing and is not logged."""

    type: Literal["hint"]

    def answer(self, game: Any, seat: int | None, host: bool) -> dict[str, Any]:
        from peanutclub.games.peanuts.engine.errors import HintsOff

        if not game.settings.hint_seconds:
            raise HintsOff()
        move = game.engine.hint(seated(seat))
        if move is None:
            return {"type": "hint", "card": None, "to": None, "pile": None}
        return {"type": "hint", "card": move.card, "to": move.to.value, "pile": move.pile}


#: The busiest first: the server's parser tries the union in this order.
MOVES: tuple[type[Message], ...] = (
    MoveCardMove,
    FlipMove,
    StuckMove,
    PeanutsMove,
    NextRoundMove,
    SkipRoundMove,
    HintQuery,
)
