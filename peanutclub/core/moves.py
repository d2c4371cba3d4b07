"""The base of every client message: strict pydantic models, one per `type`.

A game's moves subclass `Move` and say, in `to_action`, which engine action they are for the
seat that sent them; its questions subclass `Query` and say, in `answer`, what the game would
make of something without doing it. The server parses each frame into exactly one message of
the room's game (one parse per frame) and never looks inside a move.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from peanutclub.core.errors import refuse

Ref = Annotated[str, Field(max_length=64)] | int | None


class Message(BaseModel):
    """Any client message: strict types, no unknown fields, and an optional `ref`."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    #: Each message's own `Literal`: what the parser tells the messages apart by.
    type: str
    ref: Ref = Field(default=None, description="Echoed in the reply or error this message causes.")


class Move(Message):
    """A game's own message: a player's (or the host's) move, turned into an engine action."""

    def to_action(self, seat: int | None, host: bool) -> Any:
        """The engine action this move is for `seat` (None: a viewer without a seat, the host's
        TV among them); raises `RuleError` when that viewer may not make it."""
        raise NotImplementedError


class Query(Message):
    """A question a viewer asks about the game as it stands, answered to that connection alone:
    a dry run of a move, say, so that a page can tell a player what the server would decide
    without deciding anything itself. It changes nothing and is never logged."""

    def answer(self, game: Any, seat: int | None, host: bool) -> dict[str, Any]:
        """The reply frame's fields (`type` among them) for this viewer; raises `RuleError`
        when that viewer may not ask it now."""
        raise NotImplementedError


def seated(seat: int | None) -> int:
    """`seat`, or `not_seated` for a viewer who has none."""
    if seat is None:
        raise refuse("not_seated")
    return seat
