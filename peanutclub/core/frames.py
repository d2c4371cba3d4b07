"""The shapes of the server's frames, declared for the protocol's JSON Schema and for tests that
check real frames against it. The server builds frames as bytes; each game declares its view
and its patch with these bases."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlacingOut(Out):
    seat: int
    name: str | None = Field(description="Who sat in the seat in that game (points follow it).")
    place: int = Field(description="1 = first; seats that tie share the number (1, 1, 3).")


class EveningAwardOut(Out):
    award: str = Field(description="The game's own id of the award (GET /api/games names it).")
    seat: int


class EveningGameOut(Out):
    game: str = Field(description="The game's own id (an evening mixes kinds).")
    record: str = Field(description="Its history id: /api/games/{record}/history.")
    placings: list[PlacingOut] = Field(description="Empty when abandoned.")
    abandoned: bool
    awards: list[EveningAwardOut] = Field(
        description="The awards the game gave, in its order: empty when abandoned or for a "
        "game that has none."
    )


class StandingOut(Out):
    seat: int
    name: str
    points: float


class EveningOut(Out):
    """The room's games so far and the standings they add up to (docs/protocol.md)."""

    games: list[EveningGameOut]
    standings: list[StandingOut]


class EventOut(BaseModel):
    """Something that happened; always public. `type` names it, other fields depend on it."""

    model_config = ConfigDict(extra="allow")
    type: str


class PatchOut(Out):
    """What every game's `patch` frame carries besides the view fields it replaces (each game's
    patch model adds those): its place in the room's changes, the room's clock's `now`, its
    events, and, when it acknowledges a person's action, whose (`by`, their seat, null for the
    host's TV) and which `ref` that person sent."""

    type: Literal["patch"]
    seq: int
    now: int
    events: list[EventOut]
    by: int | None = None
    ref: str | int | None = None


class WordsOut(Out):
    """The same words in both of the pages' languages."""

    en: str
    fr: str


class HandicapOut(Out):
    """A handicap or a head start the host gave a seat: which per-seat setting (`setting`, as
    `GET /api/games` lists it), the step (`value`), and words for both (`title`, `label`)."""

    setting: str
    value: int
    title: WordsOut
    label: WordsOut


class SeatOut(Out):
    """What the room adds to every game's entry for a player (each game's `PlayerInfo`
    extends it with its own fields)."""

    seat: int
    name: str
    connected: bool
    bot: str | None = Field(description="The level of the bot playing this seat, or null.")
    link: Literal["good", "fair", "poor"] | None = Field(
        description="The player's connection as the server times it (null: a bot, away, or "
        "not measured yet)."
    )
    handicap: list[HandicapOut] = Field(
        default_factory=list,
        description="What the host gave this seat beyond the rule (empty: plays by the rule).",
    )


class ClaimOut(Out):
    """A device's pending request for an away seat (`claim`); the host admits or refuses `id`."""

    seat: int
    id: str


class Error(Out):
    type: Literal["error"]
    code: str
    message: str
    ref: str | int | None = None


#: What a patch frame carries besides the view's fields it replaces: its place in the room's
#: changes, its events, and whose action it acknowledges (`by`, the seat, and the `ref` that seat
#: sent, when the action came from a person with a `ref`).
PATCH_ENVELOPE = frozenset({"type", "seq", "events", "by", "ref"})


def replace_fields(view: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """What every client does with a `patch`: each public field it carries replaces the view's
    (the game names them; the room adds its clock's). `you` is never in a patch: a game sends
    one only where what a viewer reads from `you` can be judged with the patch's fields."""
    updated = dict(view)
    for key, value in patch.items():
        if key not in PATCH_ENVELOPE:
            updated[key] = value
    return updated
