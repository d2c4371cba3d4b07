"""Actions: the only inputs of a game. Frozen values, so a game is its seed plus a list of these.

A player's actions carry their seat. The room's clock has two of its own (a stone's step, the
start of the next round); when a player's turn clock runs out, the clock plays an ordinary action
for that seat (throw black, park, pass, buy the cheapest field), so the log reads as the table
played. Dice results are never in an action: the game draws them from its seeded generator when
an action is accepted, so replaying the log throws the same dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from peanutclub.games.nur_peanuts.engine.dice import Dice


@dataclass(frozen=True, slots=True)
class Action:
    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind}


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Buy an unsold field: in the preliminary round, or as the winner of a round."""

    kind: ClassVar[str] = "buy"
    seat: int
    field: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat, "field": self.field}


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """The winner of a round buys nothing."""

    kind: ClassVar[str] = "pass"
    seat: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class ThrowDice(Action):
    """Throw (the turn's first throw) or roll again (free, or paid for) with `dice`."""

    kind: ClassVar[str] = "throw"
    seat: int
    dice: Dice

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat, "dice": self.dice.value}


@dataclass(frozen=True, slots=True)
class Park(Action):
    """Park the pawn where it stands: the turn ends."""

    kind: ClassVar[str] = "park"
    seat: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class StoneStep(Action):
    """The room's clock throws for the neutral stone whose move it is (one throw per step)."""

    kind: ClassVar[str] = "stone_step"


@dataclass(frozen=True, slots=True)
class NextRound(Action):
    """The room's clock ends the pause after a round: every piece back to a start place."""

    kind: ClassVar[str] = "next_round"


def action_from_dict(d: dict[str, Any]) -> Action:
    """Inverse of `Action.to_dict`; raises `ValueError` (or `KeyError`) on a malformed dict."""
    kind = d["type"]
    if kind == "buy":
        return Buy(int(d["seat"]), int(d["field"]))
    if kind == "pass":
        return Pass(int(d["seat"]))
    if kind == "throw":
        return ThrowDice(int(d["seat"]), Dice(d["dice"]))
    if kind == "park":
        return Park(int(d["seat"]))
    if kind == "stone_step":
        return StoneStep()
    if kind == "next_round":
        return NextRound()
    raise ValueError(f"unknown action type {kind!r}")
