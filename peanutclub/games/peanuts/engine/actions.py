"""Actions: the only inputs of a game. Frozen values, so a game is its seed plus a list of these.

`seat` is the acting player; the clock's actions (`StartPlay`, `Stall`) have none, and
`NextRound` has none when the between-rounds clock starts the next round rather than the host.
Every action serialises to a plain dict and back, for the log, exports and replays.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar


class Target(StrEnum):
    """Where a moved card goes."""

    FOUNDATION = "foundation"
    BUILDING = "building"


@dataclass(frozen=True, slots=True)
class Action:
    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind}


@dataclass(frozen=True, slots=True)
class MoveCard(Action):
    """Move one card (a top card) onto a foundation or a building pile.

    `pile` None lets the engine choose: a foundation that takes the card (a new one for an Ace),
    or a building pile that takes it.
    """

    kind: ClassVar[str] = "move"
    seat: int
    card: int
    to: Target
    pile: int | None = None
    #: when the move reached the room (ms on the room's clock), set by the room for a move to a
    #: foundation: what a photo finish measures. The engine has no clock of its own.
    at: int | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "type": self.kind,
            "seat": self.seat,
            "card": self.card,
            "to": self.to.value,
            "pile": self.pile,
        }
        if self.at is not None:
            data["at"] = self.at
        return data


@dataclass(frozen=True, slots=True)
class Flip(Action):
    """Turn up to three cards from the stock onto the waste (or the waste back over)."""

    kind: ClassVar[str] = "flip"
    seat: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class DeclareStuck(Action):
    """Say that one's deck has no play left (`on`), or take that back."""

    kind: ClassVar[str] = "stuck"
    seat: int
    on: bool

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat, "on": self.on}


@dataclass(frozen=True, slots=True)
class CallPeanuts(Action):
    """ "Peanuts!": the caller's peanuts pile is empty, and the round ends for everyone."""

    kind: ClassVar[str] = "peanuts"
    seat: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class StartPlay(Action):
    """The count-down is over: everyone plays at once (the room's clock)."""

    kind: ClassVar[str] = "start_play"


@dataclass(frozen=True, slots=True)
class Stall(Action):
    """No card reached a foundation or a building pile for the stall time (the room's clock)."""

    kind: ClassVar[str] = "stall"


@dataclass(frozen=True, slots=True)
class NextRound(Action):
    """Deal the next round: the host says so (`seat` is the host's, or None from the TV), or the
    between-rounds clock runs out (`by_clock`)."""

    kind: ClassVar[str] = "next_round"
    seat: int | None = None
    by_clock: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat, "by_clock": self.by_clock}


@dataclass(frozen=True, slots=True)
class SkipRound(Action):
    """The host ends the round being played (or counted down) at once, and it scores nothing:
    a deal nobody can finish, friends called away (`seat` is the host's, or None from the TV)."""

    kind: ClassVar[str] = "skip_round"
    seat: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class PhotoFinish(Action):
    """Two cards raced for the same foundation and `loser`'s arrived `margin_ms` after
    `winner`'s: the room applies this right after refusing the loser's move (the refusal itself
    changes nothing), so that every screen can show who won and by how much."""

    kind: ClassVar[str] = "photo_finish"
    pile: int
    winner: int
    loser: int
    card: int
    margin_ms: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.kind,
            "pile": self.pile,
            "winner": self.winner,
            "loser": self.loser,
            "card": self.card,
            "margin_ms": self.margin_ms,
        }


def action_from_dict(d: dict[str, Any]) -> Action:
    """Inverse of `Action.to_dict`; raises `ValueError` (or `KeyError`) on a malformed dict."""
    kind = d["type"]
    if kind == "move":
        pile = d.get("pile")
        at = d.get("at")
        return MoveCard(
            int(d["seat"]),
            int(d["card"]),
            Target(d["to"]),
            None if pile is None else int(pile),
            None if at is None else int(at),
        )
    if kind == "flip":
        return Flip(int(d["seat"]))
    if kind == "stuck":
        return DeclareStuck(int(d["seat"]), bool(d["on"]))
    if kind == "peanuts":
        return CallPeanuts(int(d["seat"]))
    if kind == "start_play":
        return StartPlay()
    if kind == "stall":
        return Stall()
    if kind == "next_round":
        seat = d.get("seat")
        return NextRound(None if seat is None else int(seat), bool(d.get("by_clock")))
    if kind == "skip_round":
        seat = d.get("seat")
        return SkipRound(None if seat is None else int(seat))
    if kind == "photo_finish":
        return PhotoFinish(
            int(d["pile"]), int(d["winner"]), int(d["loser"]), int(d["card"]), int(d["margin_ms"])
        )
    raise ValueError(f"unknown action type {kind!r}")
