"""The WebSocket protocol as one sealed set of pydantic models: what may come in, what goes out.

Every client frame is parsed into exactly one `ClientMessage` (strict types; an unknown `type` or a
wrong field type is a `bad_message`). Server frames are built as plain dicts on the hot path, but
their shapes are declared here too, so that `docs/protocol.schema.json` is generated from the same
source and tests can check real frames against it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

Ref = Annotated[str, Field(max_length=64)] | int | None
Name = Annotated[str, Field(max_length=200)]
Secret = Annotated[str, Field(max_length=200)]
CurrencyName = Annotated[str, Field(max_length=20, examples=["dollars", "camels", "peanuts"])]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    ref: Ref = Field(default=None, description="Echoed in the reply or error this message causes.")


# ----------------------------------------------------------------------------- handshake


class Join(_Message):
    """Take a new seat (lobby only). With the host token, the seat is also the host."""

    type: Literal["join"]
    name: Name
    host_token: Secret | None = None


class Resume(_Message):
    """Take back one's seat, from any device, with the seat token from `welcome`."""

    type: Literal["resume"]
    token: Secret


class Watch(_Message):
    """Watch without a seat (the TV or a spectator); with the host token, also host controls."""

    type: Literal["watch"]
    host_token: Secret | None = None


# ----------------------------------------------------------------------------- host


class Start(_Message):
    type: Literal["start"]


class AddBot(_Message):
    """Lobby: seat a new bot. In a game: hand the away player at `seat` to a bot."""

    type: Literal["add_bot"]
    level: Annotated[str, Field(max_length=20)] = "easy"
    seat: int | None = None


class RemoveBot(_Message):
    """In a game: hand a seat back from its bot to its person. Lobby: remove a bot seat."""

    type: Literal["remove_bot"]
    seat: int


class Kick(_Message):
    """Lobby only: free a seat."""

    type: Literal["kick"]
    seat: int


class ChangeSettings(_Message):
    """Change the table's pace; fields left out keep their value."""

    type: Literal["settings"]
    going_step_seconds: float | None = None
    idle_seconds: float | None = None
    pay_seconds: float | None = None


class Rematch(_Message):
    """After the end (or to abandon a game): everyone back to the lobby, same seats."""

    type: Literal["rematch"]


# ----------------------------------------------------------------------------- players


class Bid(_Message):
    type: Literal["bid"]
    amount: int
    currency: CurrencyName


class ALaCarte(_Message):
    type: Literal["a_la_carte"]
    amount: int
    currency: CurrencyName


class Crash(_Message):
    type: Literal["crash"]
    currency: CurrencyName
    position: int = Field(description="New place in the column, 0 = top.")


class Niet(_Message):
    type: Literal["niet"]
    currency: CurrencyName


class Going(_Message):
    """Call "going once" (a seated player, or the host)."""

    type: Literal["going"]


class Pay(_Message):
    type: Literal["pay"]
    cards: Annotated[list[int], Field(max_length=100)]
    convert: bool = False
    abracadabra: int | None = None


class Resync(_Message):
    """Ask for a whole `state` (after a gap in `seq`)."""

    type: Literal["resync"]


Handshake = Join | Resume | Watch
HostCommand = Start | AddBot | RemoveBot | Kick | ChangeSettings | Rematch
PlayerAction = Bid | ALaCarte | Crash | Niet | Going | Pay
ClientMessage = Annotated[
    Join
    | Resume
    | Watch
    | Start
    | AddBot
    | RemoveBot
    | Kick
    | ChangeSettings
    | Rematch
    | Bid
    | ALaCarte
    | Crash
    | Niet
    | Going
    | Pay
    | Resync,
    Field(discriminator="type"),
]
CLIENT_MESSAGE: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


class BadMessage(ValueError):
    """A frame that is not one of the client messages; `ref` is salvaged when possible."""

    def __init__(self, ref: str | int | None) -> None:
        super().__init__("bad_message")
        self.ref = ref


def parse_client_message(text: str | bytes) -> ClientMessage:
    """One frame -> one message, or `BadMessage` (invalid JSON, unknown type, wrong field type)."""
    try:
        return CLIENT_MESSAGE.validate_json(text)
    except ValidationError:
        raise BadMessage(salvage_ref(text)) from None


def salvage_ref(text: str | bytes) -> str | int | None:
    """The `ref` of a frame that failed validation, if it had a usable one."""
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    ref = data.get("ref") if isinstance(data, dict) else None
    if isinstance(ref, bool):
        return None
    if isinstance(ref, int) or (isinstance(ref, str) and len(ref) <= 64):
        return ref
    return None


# ----------------------------------------------------------------------------- server frames
# Declared for documentation and tests; the server builds these as dicts (see `views`/`fanout`).


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class HighBid(_Out):
    seat: int
    amount: int
    currency: str


class Card(_Out):
    id: int
    currency: str
    value: int


class PaidCard(Card):
    seat: int


class ObjectName(_Out):
    en: str
    fr: str


class ObjectCard(_Out):
    id: str
    name: ObjectName
    symbols: list[str]


class BidOption(_Out):
    min: int | None
    max: int
    reason: str | None


class PaySuggestion(_Out):
    cards: list[int]
    convert: bool
    abracadabra: int | None


class PlayerInfo(_Out):
    seat: int
    name: str
    connected: bool
    bot: str | None = Field(description="The level of the bot playing this seat, or null.")
    hand_count: int
    objects: list[ObjectCard]
    tokens: dict[str, bool] = Field(description="power -> used?")
    collector: str | None = Field(default=None, description="Only at `over`.")
    hand: list[Card] | None = Field(default=None, description="Only at `over`.")


class You(_Out):
    seat: int
    hand: list[Card]
    collector: str | None
    pay_suggestion: PaySuggestion | None
    bid_options: dict[str, BidOption]


class ScoreLine(BaseModel):
    model_config = ConfigDict(extra="allow")
    place: int
    seat: int
    total: int
    collector: str


class RoomSettingsOut(_Out):
    going_step_seconds: float
    idle_seconds: float
    pay_seconds: float


class View(_Out):
    """One viewer's whole view: the engine's `view(game, seat)` plus the room's fields."""

    code: str
    phase: Literal["lobby", "bidding", "paying", "over"]
    settings: RoomSettingsOut
    host_seat: int | None
    deadline: int | None = Field(description="Server time (ms) of the next clock step, or null.")
    deadline_kind: Literal["going", "idle", "pay"] | None
    now: int = Field(description="Server time (ms) when this view was made.")
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
    you: You | None


class Event(BaseModel):
    """Something that happened; always public. `type` names it, other fields depend on it."""

    model_config = ConfigDict(extra="allow")
    type: str


class Welcome(_Out):
    type: Literal["welcome"]
    seat: int | None
    token: str | None = Field(description="This seat's secret: only ever sent to its owner.")
    host: bool
    seq: int
    state: View
    ref: str | int | None = None


class State(_Out):
    type: Literal["state"]
    seq: int
    state: View
    events: list[Event]
    ref: str | int | None = None


class Patch(_Out):
    """After a plain bid or a step of the going call: public, the same bytes for every viewer."""

    type: Literal["patch"]
    seq: int
    high_bid: HighBid | None
    going: int
    deadline: int | None
    deadline_kind: Literal["going", "idle", "pay"] | None
    now: int
    min_bids: dict[str, int | None]
    events: list[Event]


class Error(_Out):
    type: Literal["error"]
    code: str
    message: str
    ref: str | int | None = None


ServerMessage = Annotated[Welcome | State | Patch | Error, Field(discriminator="type")]
SERVER_MESSAGE: TypeAdapter[ServerMessage] = TypeAdapter(ServerMessage)


def json_schema() -> dict[str, Any]:
    """The protocol's JSON Schema: every client message and every server frame."""
    client = CLIENT_MESSAGE.json_schema()
    server = SERVER_MESSAGE.json_schema()
    defs = {**client.pop("$defs", {}), **server.pop("$defs", {})}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Peanut Club online WebSocket protocol",
        "description": "Frames on /ws/{code}: JSON text, each an object with a `type`.",
        "$defs": dict(sorted(defs.items())),
        "properties": {"client": client, "server": server},
    }


def schema_text() -> str:
    return orjson.dumps(json_schema(), option=orjson.OPT_INDENT_2).decode() + "\n"
