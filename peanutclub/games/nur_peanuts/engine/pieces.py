"""The pieces on the board and the three places of a field they stand on."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Place(StrEnum):
    """The three places of a field: where a piece waits, moves, and ends its move."""

    START = "start"
    TRACK = "track"
    PARKING = "parking"


@dataclass(slots=True)
class Piece:
    """A pawn (`seat` set) or a neutral stone (`seat` None), and where it stands."""

    id: str
    seat: int | None
    field: int
    place: Place

    @property
    def kind(self) -> str:
        return "stone" if self.seat is None else "pawn"

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "id": self.id,
            "seat": self.seat,
            "field": self.field,
            "place": self.place.value,
        }
