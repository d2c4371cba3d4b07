"""The league of the night: the games a room has played, in order, and the standings they add up
to. Pure values and one pure function, so that the standings are the same wherever they are
computed (a live room, a room rebuilt from its log, another process).

The rule (docs/rules.md, "The evening"): a finished game gives each of its players one point per
player they finished ahead of, and half a point per other player who shares their place (a shared
place shares the points the tied players would have taken from each other: two players tied first
of three each get 1 + 0.5 = 1.5). Every game so hands out n(n-1)/2 points among its n players,
whatever its kind. A game the host ended before its end (`abandoned`) is listed but gives none.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from peanutclub.core.game import Game


@dataclass(frozen=True, slots=True)
class EveningGame:
    """One game of the evening: its kind (`game`, the game's own id, never the room's current
    game), its history id (`record`), each seat's place (empty when abandoned)."""

    game: str
    record: str
    placings: tuple[int, ...]
    abandoned: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "record": self.record,
            "placings": [{"seat": seat, "place": p} for seat, p in enumerate(self.placings)],
            "abandoned": self.abandoned,
        }


@dataclass(frozen=True, slots=True)
class Standing:
    """A seat's points over the evening so far."""

    seat: int
    name: str
    points: float

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "points": self.points}


def closed_game(game: Game | None, record: str | None) -> EveningGame | None:
    """A game as the evening keeps it: finished, with each seat's place, or abandoned (left
    before its end: listed, no places). Keyed on the game's own id, so one evening lists games
    of several kinds. None when there is no game."""
    if game is None or record is None:
        return None
    placings = game.placings() if game.over else None
    return EveningGame(type(game).id, record, tuple(placings or ()), placings is None)


def game_points(placings: Sequence[int]) -> list[float]:
    """Each seat's points for one finished game: one per player placed behind, a half per other
    player sharing the place."""
    return [
        sum(1.0 if other > mine else 0.5 if other == mine else 0.0 for other in placings) - 0.5
        for mine in placings
    ]


def standings(games: Sequence[EveningGame], names: Sequence[str]) -> list[Standing]:
    """The standings of the evening for the table's seats as they are now (`names`, by seat):
    most points first, then by seat. Points a game gave a seat the table no longer has are not
    shown (a seat removed in the lobby leaves the league with its points)."""
    points = [0.0] * len(names)
    for game in games:
        if game.abandoned:
            continue
        for seat, p in enumerate(game_points(game.placings)):
            if seat < len(points):
                points[seat] += p
    table = [Standing(seat, name, points[seat]) for seat, name in enumerate(names)]
    return sorted(table, key=lambda s: (-s.points, s.seat))


def evening_view(games: Sequence[EveningGame], names: Sequence[str]) -> dict[str, Any]:
    """The view's `evening` field."""
    return {
        "games": [g.to_dict() for g in games],
        "standings": [s.to_dict() for s in standings(games, names)],
    }
