"""Peanuts!' server frames, declared for the protocol's JSON Schema (`peanutclub schema --game
peanuts`) and for the tests that check real views and patches against them (the server builds
them as bytes; see `peanutclub.server.views`)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from peanutclub.core.frames import ClaimOut, EveningOut, EventOut, Out, PatchOut, SeatOut
from peanutclub.core.game import Frames

Suit = Literal["spades", "hearts", "diamonds", "clubs"]
DeadlineKind = Literal["countdown", "stall", "next_round"]


class Card(Out):
    id: int = Field(description="Unique in the room.")
    rank: int = Field(ge=1, le=13, description="1 is the Ace, 13 the King.")
    suit: Suit
    deck: int = Field(description="The seat whose deck (and back colour) the card is.")


class FoundationOut(Out):
    index: int
    suit: Suit
    top: Card
    count: int
    by_deck: dict[str, int] = Field(description="deck (a seat, as a string) -> its cards here")
    complete: bool = Field(description="It reached its King: closed to plays.")


class PeanutsPile(Out):
    top: Card | None = Field(description="The face-up top card; null once the pile is empty.")
    left: int = Field(description="Cards in the pile, counting the top one.")


class PlayerInfo(SeatOut):
    deck: int = Field(description="The deck this seat plays (its team's, with teams).")
    team: int | None
    peanuts: PeanutsPile
    pile_size: int = Field(
        default=13,
        description="The peanuts pile's size at the deal (13 unless the host gave a handicap).",
    )
    building: list[list[Card]] = Field(description="The 4 building piles, each bottom first.")
    waste: list[Card] = Field(description="Up to the 3 top cards of the waste, top last.")
    waste_count: int
    stock_count: int
    stuck: bool = Field(description="The deck's stuck declaration.")
    score: int = Field(description="The total of the rounds played.")
    round_points: int = Field(description="This round's points so far, as if it ended now.")


class RoundScoreOut(Out):
    seat: int = Field(description="The deck's seat (the team's first seat).")
    seats: list[int]
    played: int
    peanuts_left: int
    points: int


class RoundEnd(Out):
    reason: Literal["peanuts", "stalled", "skipped"]
    caller: int | None


class PhotoFinishOut(Out):
    """A race to foundation `pile` that `loser` lost to `winner` by `margin_ms` (the room's
    arrival times)."""

    pile: int
    winner: int
    loser: int
    margin_ms: int


class RoomSettingsOut(Out):
    guide: bool = Field(
        default=True,
        description="The guided first game (every game has it): the TV and the phones show "
        "what is happening and what each player can do now. It changes no rule.",
    )
    teams: bool
    target_score: int
    stall_seconds: float
    between_rounds_seconds: float
    countdown_seconds: float
    hint_seconds: float
    pile: dict[str, int] = Field(
        default_factory=dict,
        description="Each handicapped seat's peanuts pile (seat -> cards; others have 13).",
    )


class You(Out):
    seat: int
    deck: int
    teammates: list[int]


class View(Out):
    """One viewer's whole view: the engine's public view, the room's fields and `you`."""

    game: Literal["peanuts"]
    code: str
    phase: Literal["lobby", "countdown", "playing", "round_over", "over"]
    settings: RoomSettingsOut
    host_seat: int | None
    deadline: int | None = Field(description="Server time (ms) the clock runs out, or null.")
    deadline_kind: DeadlineKind | None
    now: int = Field(description="Server time (ms) when this view was made.")
    claims: list[ClaimOut] = Field(description="Pending requests for away seats.")
    evening: EveningOut
    round: int
    target_score: int | None
    teams: bool
    rotations: int = Field(description="Rotations in a row with no card played.")
    max_rotations: int = Field(description="The round ends at the next stall after this many.")
    foundations: list[FoundationOut]
    players: list[PlayerInfo]
    round_scores: list[RoundScoreOut] | None
    round_end: RoundEnd | None
    winners: list[int] | None
    photo_finish: PhotoFinishOut | None = Field(
        description="The round's last race to a foundation lost by at most 1 s, or null."
    )
    you: You | None


class Moved(EventOut):
    """A card moved: the change record a client applies (see `peanutclub.games.peanuts.patch`)."""

    type: Literal["moved"]
    seat: int
    deck: int
    card: int
    to: Literal["foundation", "building"]
    pile: int
    reveal: Card | None
    points: int


class Flipped(EventOut):
    """Cards turned from the stock onto the waste, or the waste turned back as the stock."""

    type: Literal["flipped"]
    seat: int
    deck: int
    count: int
    turned: list[Card]
    recycled: bool


class StuckChange(EventOut):
    """A deck's stuck declaration set or taken back."""

    type: Literal["stuck"]
    seat: int
    deck: int
    on: bool


class Patch(PatchOut):
    """After a move, a flip, a stuck declaration or a photo finish: public, the same bytes for
    every viewer; its events are the change records (see `peanutclub.games.peanuts.patch`)."""

    photo_finish: PhotoFinishOut | None = None
    deadline: int | None
    deadline_kind: DeadlineKind | None
    events: list[Moved | Flipped | StuckChange | EventOut]


#: The game's frames for the protocol's schema (its class's `tools.frames`).
FRAMES = Frames(view=View, patch=Patch)
