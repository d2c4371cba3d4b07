"""The WebSocket protocol as sealed sets of pydantic models: what may come in, what goes out.

A room knows its game before its first frame, so every client frame is parsed once, into exactly
one message of that game's set: the platform's messages (handshake, host commands, `resync`)
plus the game's moves and a `settings` message made from the game's `Settings` (strict types; an
unknown `type`, another game's move or a wrong field type is a `bad_message`). Server frames are
built as bytes on the hot path; their shapes are declared here too, with each game's view, so
that `docs/protocol.schema.json` is generated from the same source and tests can check real
frames against it.
"""

from __future__ import annotations

import functools
from typing import Annotated, Any, Literal, Union

import orjson
from pydantic import BaseModel, Field, TypeAdapter, ValidationError, WithJsonSchema, create_model

from peanutclub.core import Game, Message
from peanutclub.core.frames import Error, EventOut, Out

#: A name's length is judged by the room (`bad_name`, naming the limit); a frame's size bounds it.
Name = str
Secret = Annotated[str, Field(max_length=200)]


# ----------------------------------------------------------------------------- handshake


class Join(Message):
    """Take a new seat (lobby only). With the host token, the seat is also the host."""

    type: Literal["join"]
    name: Name
    host_token: Secret | None = None


class Resume(Message):
    """Take back one's seat, from any device, with the seat token from `welcome`."""

    type: Literal["resume"]
    token: Secret


class Watch(Message):
    """Watch without a seat (the TV or a spectator); with the host token, also host controls."""

    type: Literal["watch"]
    host_token: Secret | None = None


# ----------------------------------------------------------------------------- host


class Start(Message):
    type: Literal["start"]


class AddBot(Message):
    """Lobby: seat a new bot. In a game: hand the away player at `seat` to a bot."""

    type: Literal["add_bot"]
    level: Annotated[str, Field(max_length=20)] = "easy"
    seat: int | None = None


class RemoveBot(Message):
    """In a game: hand a seat back from its bot to its person. Lobby: remove a bot seat."""

    type: Literal["remove_bot"]
    seat: int


class Kick(Message):
    """Lobby only: free a seat."""

    type: Literal["kick"]
    seat: int


class SwapSeats(Message):
    """Lobby only: two seats change places (who sits where decides the teams of a game that
    pairs neighbouring seats, and the order of play)."""

    type: Literal["swap"]
    seats: tuple[int, int]


class ChangeSettings(Message):
    """Change the table's settings; fields left out keep their value. Each game's own model
    (`settings_message`) adds its settings' fields, all optional."""

    type: Literal["settings"]


class Rematch(Message):
    """After the end (or to abandon a game): everyone back to the lobby, same seats."""

    type: Literal["rematch"]


class EndGame(Message):
    """End the game being played before its end: it is kept in the room's history marked
    abandoned, and everyone goes back to the lobby with the same seats."""

    type: Literal["end_game"]


class Claim(Message):
    """A watching device asks for an away person's seat (its phone died): the host answers it,
    or, with no host connected, it is granted after a wait. Answered with `claim_pending`."""

    type: Literal["claim"]
    seat: int


class Admit(Message):
    """Host: give the claimed seat to the device that asked (`claim` is the id in `claims`)."""

    type: Literal["admit"]
    claim: Annotated[str, Field(max_length=64)]


class RefuseClaim(Message):
    """Host: say no to a claim; the device that asked gets `claim_refused`."""

    type: Literal["refuse"]
    claim: Annotated[str, Field(max_length=64)]


class ClaimPending(Out):
    """To the claiming device alone: its claim waits for the host, under this id."""

    type: Literal["claim_pending"]
    claim: str
    seat: int
    ref: str | int | None = None


class SwitchGame(Message):
    """Host, in the lobby or once a game is over: the same table moves to another game (its
    default settings). A table outside the game's player range is refused `table_size` unless
    `fit` says how: `bots` seats bots up to the game's fewest players; `watch` lets the seats
    beyond its most watch this game."""

    type: Literal["switch_game"]
    game: Annotated[str, Field(max_length=40)]
    fit: Literal["bots", "watch"] | None = None


class Resync(Message):
    """Ask for a whole `state` (after a gap in `seq`)."""

    type: Literal["resync"]


class Ping(Message):
    """Measure the round trip: answered at once with `pong`, to this connection alone, carrying
    `t` back unchanged (the client's own clock) and the server's `now` (ms)."""

    type: Literal["ping"]
    t: int | float | None = None


class Echo(Message):
    """Sent by a page the moment a `pong` arrives: the server times the round trip from the pong
    it sent to this echo, on its own clock (server/links.py), for the table's view of each
    player's connection. Nothing is answered."""

    type: Literal["echo"]


class Pong(Out):
    type: Literal["pong"]
    t: int | float | None
    now: int = Field(description="The server's time when it answered, in ms since the epoch.")
    ref: str | int | None = None


Handshake = Join | Resume | Watch
PLATFORM_MESSAGES: tuple[type[Message], ...] = (
    Join,
    Resume,
    Watch,
    Start,
    AddBot,
    RemoveBot,
    Kick,
    SwapSeats,
    Rematch,
    EndGame,
    SwitchGame,
    Resync,
    Ping,
    Echo,
    Claim,
    Admit,
    RefuseClaim,
)


def optional_fields(model: type[BaseModel]) -> dict[str, Any]:
    """`model`'s fields, each optional (None: left as it is), for `create_model`."""
    fields: dict[str, Any] = {}
    for name, field in model.model_fields.items():
        annotation: Any = field.annotation
        fields[name] = (annotation | None, None)
    return fields


def loose_fields(model: type[BaseModel]) -> dict[str, Any]:
    """`model`'s fields, each optional and taking any JSON value, but documented in the schema
    with its own type: a wrong value is then judged by the settings themselves, which name the
    setting and say why (`bad_settings`), instead of failing the whole frame (`bad_message`)."""
    fields: dict[str, Any] = {}
    for name, field in model.model_fields.items():
        annotation: Any = field.annotation
        documented = TypeAdapter(annotation | None).json_schema()
        fields[name] = (Annotated[Any, WithJsonSchema(documented)], None)
    return fields


@functools.cache
def settings_message(game: type[Game]) -> type[ChangeSettings]:
    """`game`'s `settings` message: each of its settings, optional, checked by the room."""
    fields = loose_fields(game.Settings)
    model: type[ChangeSettings] = create_model(
        f"{game.Settings.__qualname__}Change",
        __base__=ChangeSettings,
        __doc__=ChangeSettings.__doc__,
        **fields,
    )
    return model


def message_types(game: type[Game]) -> tuple[type[Message], ...]:
    """Every message a room of `game` accepts: its moves first (the busiest), then the rest."""
    return (*game.moves, *PLATFORM_MESSAGES, settings_message(game))


@functools.cache
def client_messages(game: type[Game]) -> TypeAdapter[Message]:
    """One parser for every message a room of `game` accepts."""
    union: Any = Union[message_types(game)]  # noqa: UP007 (a union built from a tuple)
    adapter: TypeAdapter[Message] = TypeAdapter(Annotated[union, Field(discriminator="type")])
    return adapter


class UnreadableFrame(ValueError):
    """A frame that is not one of the client messages; `ref` is salvaged when possible, and
    `message` says what is wrong in it (which field, and what it takes)."""

    def __init__(self, ref: str | int | None, message: str | None = None) -> None:
        super().__init__("bad_message")
        self.ref = ref
        self.message = message or "That message could not be understood."


def parse_client_message(game: type[Game], text: str | bytes) -> Message:
    """One frame -> one message of `game`'s, or `UnreadableFrame` (invalid JSON, unknown type, wrong
    field type) saying what is wrong."""
    try:
        return client_messages(game).validate_json(text)
    except ValidationError as error:
        raise UnreadableFrame(salvage_ref(text), what_is_wrong(error)) from None


def _short(value: object) -> str:
    text = str(value)
    return text if len(text) <= 30 else text[:29] + "…"


def what_is_wrong(error: ValidationError) -> str:
    """The first problem of a frame in words a developer acts on: the field it names and what the
    field takes ("dice must be one of black, white, two_white."), in English like every error
    message (pages translate by code). Nothing of the frame is echoed beyond a short tag."""
    problems = error.errors(include_url=False, include_input=False)
    if not problems:
        return "That message could not be understood."
    first = problems[0]
    kind, ctx = first["type"], first.get("ctx") or {}
    field = ".".join(str(part) for part in first["loc"][1:])
    if kind == "json_invalid":
        return "That frame is not valid JSON."
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return "A message must be a JSON object with a type."
    if kind == "union_tag_not_found":
        return "A message must have a type."
    if kind == "union_tag_invalid":
        return f"There is no message of type '{_short(ctx.get('tag'))}' here."
    if not field:
        return f"{first['msg']}."
    if kind == "literal_error":
        expected = str(ctx.get("expected", "")).replace("'", "").replace(" or ", ", ")
        return f"{field} must be one of {expected}."
    if kind == "missing":
        return f"{field} is missing."
    if kind == "extra_forbidden":
        return f"{field} is not a field of this message."
    return f"{field}: {first['msg']}."


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
# Declared for documentation and tests; the server builds these as bytes (see `views`). A game
# declares its view and its patch's fields; the envelopes are the same for every game.


def server_messages(
    view: type[BaseModel], patch: type[BaseModel], answers: tuple[type[BaseModel], ...] = ()
) -> Any:
    """The server frames of a game whose whole view is `view`, whose patch is `patch`, and
    whose questions are answered with `answers`."""

    class Welcome(Out):
        type: Literal["welcome"]
        seat: int | None
        token: str | None = Field(description="This seat's secret: only ever sent to its owner.")
        host: bool
        seq: int
        state: view  # type: ignore[valid-type]
        ref: str | int | None = None

    class State(Out):
        type: Literal["state"]
        seq: int
        state: view  # type: ignore[valid-type]
        events: list[EventOut]
        ref: str | int | None = None

    frames: Any = Union[(Welcome, State, patch, Error, Pong, ClaimPending, *answers)]
    return Annotated[frames, Field(discriminator="type")]


def json_schema(
    game: type[Game],
    view: type[BaseModel],
    patch: type[BaseModel],
    answers: tuple[type[BaseModel], ...] = (),
) -> dict[str, Any]:
    """The protocol's JSON Schema for `game`: every client message and every server frame."""
    union: Any = Union[message_types(game)]  # noqa: UP007
    client = TypeAdapter(Annotated[union, Field(discriminator="type")]).json_schema()
    server = TypeAdapter(server_messages(view, patch, answers)).json_schema()
    defs = {**client.pop("$defs", {}), **server.pop("$defs", {})}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"Peanut Club online WebSocket protocol: {game.name['en']}",
        "description": "Frames on /ws/{code}: JSON text, each an object with a `type`.",
        "$defs": dict(sorted(defs.items())),
        "properties": {"client": client, "server": server},
    }


def schema_text(
    game: type[Game],
    view: type[BaseModel],
    patch: type[BaseModel],
    answers: tuple[type[BaseModel], ...] = (),
) -> str:
    schema = json_schema(game, view, patch, answers)
    return orjson.dumps(schema, option=orjson.OPT_INDENT_2).decode() + "\n"
