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
        """The piece as every view lists it: one dict per piece and position, made at its first
        use and shared by every view after it (read-only: never change it in place). Every
        throw, park and stone's step sends all the pieces again while only one of them moved,
        and a piece's position is one of a few hundred (its field and place)."""
        key = (self.id, self.seat, self.field, self.place)
        found = _DICTS.get(key)
        if found is None:
            found = _DICTS[key] = {
                "kind": self.kind,
                "id": self.id,
                "seat": self.seat,
                "field": self.field,
                "place": self.place.value,
            }
        return found


#: `Piece.to_dict`'s dicts by (id, seat, field, place): at most the pieces' ids (a pawn a seat,
#: the stones) times the 24 fields times the three places, shared by every game in the process.
_DICTS: dict[tuple[str, int | None, int, Place], dict[str, Any]] = {}
