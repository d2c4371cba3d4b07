"""Peanut Club's server frames, declared for the protocol's JSON Schema and for the tests that
check real frames against it (the server builds them as bytes; see `peanutclub.server.views`)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from peanutclub.core.frames import ClaimOut, EveningOut, Out, PatchOut, SeatOut
from peanutclub.core.game import Frames


class HighBid(Out):
    seat: int
    amount: int
    currency: str


class Card(Out):
    id: int
    currency: str
    value: int


class PaidCard(Card):
    seat: int


class ObjectName(Out):
    en: str
    fr: str


class ObjectCard(Out):
    id: str
    name: ObjectName
    symbols: list[str]


class BidOption(Out):
    min: int | None
    max: int
    reason: str | None
    needs: list[Literal["convert", "abracadabra"]] = Field(
        description="The powers `max` counts on: without each, the most would be lower."
    )
    plain: int = Field(
        description="The most this currency's own cards pay, without any power (0 if none)."
    )


class ALaCarteOption(Out):
    """What an À la carte bid in one currency may be now (every card counting 1)."""

    min: int | None = Field(description="1, or null when the currency is under Niet.")
    max: int
    reason: str | None = Field(description="`currency_blocked`, `cannot_honour` or null.")


class LotFit(Out):
    """What one object on sale would do for this player's collection."""

    id: str
    collector: bool = Field(description="It shows this player's collector symbol.")
    sets: list[str] = Field(
        description="Its symbols that would make a set of three with the objects already won."
    )


class PowerOption(Out):
    usable: bool = Field(description="Whether using this power now could be accepted.")
    reason: str | None = Field(
        description="The code the server would answer (`wrong_phase`, `not_your_payment`, "
        "`power_used`, `last_currency`, `cannot_honour`), or null when usable."
    )


class Award(Out):
    award: Literal["best_deal", "most_lost", "power_of_the_night"]
    seat: int
    value: int
    detail: dict[str, Any]


class PaySuggestion(Out):
    cards: list[int]
    convert: bool
    abracadabra: int | None


class PlayerInfo(SeatOut):
    hand_count: int
    objects: list[ObjectCard]
    tokens: dict[str, bool] = Field(description="power -> used?")
    collector: str | None = Field(default=None, description="Only at `over`.")
    hand: list[Card] | None = Field(default=None, description="Only at `over`.")


class You(Out):
    seat: int
    hand: list[Card]
    collector: str | None
    pay_suggestion: PaySuggestion | None
    bid_options: dict[str, BidOption]
    a_la_carte: dict[str, ALaCarteOption] | None = Field(
        description="Null when the À la carte token is used or nobody is bidding."
    )
    powers: dict[Literal["a_la_carte", "crash", "niet", "convert", "abracadabra"], PowerOption]
    lot_fit: list[LotFit] = Field(description="Per object on sale, how it fits (lot order).")


class ScoreLine(BaseModel):
    model_config = ConfigDict(extra="allow")
    place: int
    seat: int
    total: int
    collector: str


class RoomSettingsOut(Out):
    guide: bool = Field(
        default=True,
        description="The guided first game (every game has it): the TV and the phones show "
        "what is happening and what each player can do now. It changes no rule.",
    )
    going_step_seconds: float
    idle_seconds: float
    pay_seconds: float
    setup_money: dict[str, int] = Field(
        default_factory=dict,
        description="Each handicapped seat's step from the setup's stopping total (seat -> step).",
    )


class View(Out):
    """One viewer's whole view: the engine's `view(game, seat)` plus the room's fields."""

    game: Literal["peanut-club"]
    code: str
    phase: Literal["lobby", "bidding", "paying", "over"]
    settings: RoomSettingsOut
    host_seat: int | None
    deadline: int | None = Field(description="Server time (ms) of the next clock step, or null.")
    deadline_kind: Literal["going", "idle", "pay"] | None
    now: int = Field(description="Server time (ms) when this view was made.")
    claims: list[ClaimOut] = Field(description="Pending requests for away seats.")
    evening: EveningOut
    round: int
    column: list[str]
    niet: list[str]
    a_la_carte: bool
    high_bid: HighBid | None
    going: int
    payer: int | None
    lot: list[ObjectCard]
    next_lot_size: int | None
    refresh_next: bool
    objects_left: int
    min_bids: dict[str, int | None]
    players: list[PlayerInfo]
    paid: list[PaidCard]
    scores: list[ScoreLine] | None
    awards: list[Award] | None = Field(description="Only at `over`; null before.")
    you: You | None


class Patch(PatchOut):
    """After a plain bid or a step of the going call: public, the same bytes for every viewer."""

    high_bid: HighBid | None
    going: int
    min_bids: dict[str, int | None]
    deadline: int | None
    deadline_kind: Literal["going", "idle", "pay"] | None


class PayCheck(Out):
    """The answer to `check_pay`, to the payer alone: what paying with those cards would do."""

    type: Literal["pay_check"]
    ok: bool
    amount: int
    value: int | None = Field(description="What the cards count for toward the bid.")
    code: str | None = Field(description="Why `pay` would be refused (a rule code), or null.")
    message: str | None
    unneeded: int | None = Field(description="A card that could stay in hand, if one could.")
    ref: str | int | None = None


#: The answers to this game's questions (`Query` messages), each sent to the asker alone.
ANSWERS: tuple[type[Out], ...] = (PayCheck,)


#: The game's frames for the protocol's schema (its class's `tools.frames`).
FRAMES = Frames(view=View, patch=Patch, answers=ANSWERS)
