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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from peanutclub.core.game import Game


@dataclass(frozen=True, slots=True)
class EveningAward:
    """One award a finished game gave (`award`, the game's own id for it) and to whom (`seat`):
    what the evening's recap tells of it. The award's details stay in the game's own view and
    history: the evening keeps only what every later view needs, so its frames stay small."""

    award: str
    seat: int

    def to_dict(self) -> dict[str, Any]:
        return {"award": self.award, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class EveningGame:
    """One game of the evening: its kind (`game`, the game's own id, never the room's current
    game), its history id (`record`), each seat's place (empty when abandoned), who sat in
    each seat then (`names`): points belong to the person, and a seat may change hands between
    games (a lobby swap, a kick and a new join), and the awards it gave (empty for an abandoned
    game and for a game that has none)."""

    game: str
    record: str
    placings: tuple[int, ...]
    abandoned: bool
    names: tuple[str, ...] = ()
    awards: tuple[EveningAward, ...] = ()

    def name(self, seat: int) -> str | None:
        """Who sat in `seat` in this game, when known."""
        return self.names[seat] if seat < len(self.names) else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "record": self.record,
            "placings": [
                {"seat": seat, "name": self.name(seat), "place": p}
                for seat, p in enumerate(self.placings)
            ],
            "abandoned": self.abandoned,
            "awards": [a.to_dict() for a in self.awards],
        }


@dataclass(frozen=True, slots=True)
class Standing:
    """A seat's points over the evening so far."""

    seat: int
    name: str
    points: float

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "points": self.points}


def closed_game(
    game: Game | None, record: str | None, names: Sequence[str] = ()
) -> EveningGame | None:
    """A game as the evening keeps it: finished, with each seat's place, the names of the seats
    that played it and its awards, or abandoned (left before its end: listed, no places, no
    awards). Keyed on the game's own id, so one evening lists games of several kinds. None when
    there is no game."""
    if game is None or record is None:
        return None
    placings = game.placings() if game.over else None
    players = tuple(names[: len(placings)]) if placings is not None else ()
    found = game_awards(game.public_view()) if placings is not None else ()
    return EveningGame(
        type(game).id, record, tuple(placings or ()), placings is None, players, found
    )


def game_awards(view: dict[str, Any]) -> tuple[EveningAward, ...]:
    """The awards a finished game's public view gives, in its order. A game that has awards
    says so in its view at `over` as `awards`, a list of `{"award", "seat", ...}` (Peanut
    Club's best deal, most lost, power of the night; docs/protocol.md); the others have no such
    field. Read from the view, never from the game's own classes: the evening serves every game
    alike, and the view is already what the game lets everyone see."""
    listed = view.get("awards")
    if not isinstance(listed, list):
        return ()
    return tuple(
        EveningAward(str(a["award"]), int(a["seat"]))
        for a in listed
        if isinstance(a, dict)
        and isinstance(a.get("award"), str)
        and isinstance(a.get("seat"), int)
    )


def award_names(game: type[Game]) -> Mapping[str, Mapping[str, str]]:
    """The names of a game's awards by language (`{award: {"en": ..., "fr": ...}}`), from the
    game's optional `award_names` class attribute: the evening's recap (the TV's and the image)
    names the awards of a game of any kind with them. A game without awards declares none."""
    declared = getattr(game, "award_names", None)
    if not isinstance(declared, Mapping):
        return {}
    return {str(k): dict(v) for k, v in declared.items() if isinstance(v, Mapping)}


def game_points(placings: Sequence[int]) -> list[float]:
    """Each seat's points for one finished game: one per player placed behind, a half per other
    player sharing the place."""
    return [
        sum(1.0 if other > mine else 0.5 if other == mine else 0.0 for other in placings) - 0.5
        for mine in placings
    ]


def standings(games: Sequence[EveningGame], names: Sequence[str]) -> list[Standing]:
    """The standings of the evening for the table's seats as they are now (`names`, by seat):
    most points first, then by seat. A game's points go to the name that sat in the seat then
    (names are unique at a table), so they follow the person when seats change hands; a game
    kept without names (none is today) gives them to the seat. Points of a person no longer at
    the table are not shown (a seat removed in the lobby leaves the league with its points)."""
    by_name: dict[str, float] = {}
    by_seat = [0.0] * len(names)
    for game in games:
        if game.abandoned:
            continue
        for seat, p in enumerate(game_points(game.placings)):
            who = game.name(seat)
            if who is not None:
                by_name[who] = by_name.get(who, 0.0) + p
            elif seat < len(by_seat):
                by_seat[seat] += p
    table = [
        Standing(seat, name, by_seat[seat] + by_name.get(name, 0.0))
        for seat, name in enumerate(names)
    ]
    return sorted(table, key=lambda s: (-s.points, s.seat))


def evening_view(games: Sequence[EveningGame], names: Sequence[str]) -> dict[str, Any]:
    """The view's `evening` field."""
    return {
        "games": [g.to_dict() for g in games],
        "standings": [s.to_dict() for s in standings(games, names)],
    }
