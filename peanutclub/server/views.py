"""What each viewer is sent: the game's view plus the room's own fields, encoded as few times
as possible.

The game's `public_view()` is shared by every viewer; the room adds `game`, `code`, `settings`,
`host_seat`, `deadline`, `deadline_kind`, `now` and, per player, `name`, `connected`, `bot`,
`link` and `handicap` (what the host gave that seat: a per-seat setting's step, with its words).
That public part is encoded once per change; each seated viewer's frame splices their own `you`
(from `private_view`, the only source of secrets) into those bytes. Before a game starts the view
is the game's `lobby`: phase `lobby` and neutral values for the game's fields.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import orjson

from peanutclub.core import Game, GameSettings
from peanutclub.core.evening import EveningGame, closed_game, evening_view
from peanutclub.server.clock import Clock, ms


class SeatShown(Protocol):
    """What every viewer is told of a seat besides the game's own fields."""

    @property
    def name(self) -> str: ...
    @property
    def connected(self) -> bool: ...
    @property
    def bot(self) -> str | None: ...
    @property
    def link(self) -> str | None: ...


class ClaimShown(Protocol):
    """What every viewer is told of a pending claim: its seat and the id the host answers."""

    @property
    def id(self) -> str: ...
    @property
    def seat(self) -> int: ...


class Room(Protocol):
    """What the views read of a room (room.py's `Room` keeps it): declared here, below the room,
    so that the room can use its views without the views depending on the room."""

    @property
    def code(self) -> str: ...
    @property
    def clock(self) -> Clock: ...
    @property
    def game(self) -> Game | None: ...
    @property
    def game_class(self) -> type[Game]: ...
    @property
    def game_settings(self) -> GameSettings: ...
    @property
    def seats(self) -> Sequence[SeatShown]: ...
    @property
    def host_seat(self) -> int | None: ...
    @property
    def playing(self) -> int: ...
    @property
    def deadline(self) -> float | None: ...
    @property
    def deadline_kind(self) -> str | None: ...
    @property
    def claims(self) -> Mapping[str, ClaimShown]: ...
    @property
    def evening_games(self) -> Sequence[EveningGame]: ...
    @property
    def record_id(self) -> str | None: ...
    @property
    def view_memo(self) -> ViewMemo: ...


class ViewMemo:
    """The pieces of a room's public part that change far more rarely than the game: kept
    between fan-outs, each with what it was made from, and made again only when that changed.

    Every change of a game is sent to every viewer with the room's own fields around it; most of
    those fields (the settings, each seat's handicap and entry, the evening's standings) stay the
    same for a whole game, and the evening alone cost a fan-out more than its frames' encoding.
    What is kept is shared by the frames built from it: never change it in place."""

    __slots__ = (
        "evening",
        "evening_key",
        "handicap_table",
        "handicaps",
        "players",
        "settings",
        "settings_dump",
    )

    def __init__(self) -> None:
        self.settings: GameSettings | None = None
        self.settings_dump: dict[str, Any] = {}
        #: Each seat's handicap entries, for `handicap_table` (the settings the game was dealt
        #: with, or the room's in the lobby: frozen models, so their identity is their key).
        self.handicap_table: GameSettings | None = None
        self.handicaps: dict[int, list[dict[str, Any]]] = {}
        #: Each seat's entry: what it was made from (the game's entry, by identity) and the entry.
        self.players: dict[int, tuple[tuple[Any, ...], dict[str, Any]]] = {}
        self.evening_key: tuple[Any, ...] | None = None
        self.evening: dict[str, Any] = {}

    def settings_of(self, settings: GameSettings) -> dict[str, Any]:
        """`settings.model_dump()`, once per settings (frozen models, replaced when changed)."""
        if settings is not self.settings:
            self.settings, self.settings_dump = settings, settings.model_dump()
        return self.settings_dump

    def handicap(self, table: GameSettings, seat: int) -> list[dict[str, Any]]:
        """`table.seat_handicaps(seat)`, once per seat and settings."""
        if table is not self.handicap_table:
            self.handicap_table, self.handicaps = table, {}
        found = self.handicaps.get(seat)
        if found is None:
            found = self.handicaps[seat] = table.seat_handicaps(seat)
        return found

    def player(self, seat: int, entry: dict[str, Any], shown: SeatShown, handicap: Any) -> Any:
        """The game's entry for `seat` with the room's fields for it, made again only when the
        game's entry (the same dict while unchanged, in games that keep it) or a room field
        changed."""
        key = (shown.name, shown.connected, shown.bot, shown.link)
        found = self.players.get(seat)
        if (
            found is not None
            and found[0][0] is entry
            and found[0][1] is handicap
            and found[0][2:] == key
        ):
            return found[1]
        merged = player_entry(entry, shown, handicap)
        self.players[seat] = ((entry, handicap, *key), merged)
        return merged


def player_entry(entry: dict[str, Any], shown: SeatShown, handicap: Any) -> dict[str, Any]:
    """The game's entry for a seat with the room's fields for it (a new dict: the game's may be
    kept and shared)."""
    merged = {**entry, "name": shown.name, "connected": shown.connected, "bot": shown.bot}
    merged["link"], merged["handicap"] = shown.link, handicap
    return merged


def public_state(room: Room) -> dict[str, Any]:
    """The part of the view every viewer shares (no `you`)."""
    game = room.game
    base = (
        game.public_view()
        if game is not None
        else room.game_class.lobby(room.playing, room.game_settings)
    )
    result = dict(base)  # the game's dict may be cached and shared: never change it in place
    seats = room.seats
    if len(seats) > len(base["players"]):  # seats beyond the game's most watch it
        result["watching"] = [
            {"seat": i, "name": s.name, "connected": s.connected}
            for i, s in enumerate(seats)
            if i >= len(base["players"])
        ]
        seats = seats[: len(base["players"])]
    # Who plays with a handicap or a head start: the game's own settings once it is dealt
    # (they keep the steps it was dealt with), the room's in the lobby.
    table = game.settings if game is not None else room.game_settings
    memo = room.view_memo
    if game is None:
        # The lobby's entries are made afresh: its view is made anew at each of its rare
        # fan-outs, so keeping them would save nothing, and an idle room in its lobby would
        # hold two dicts a seat for nothing (issue 30's memory per idle connection).
        memo.players.clear()
        result["players"] = [
            player_entry(p, s, memo.handicap(table, i))
            for i, (p, s) in enumerate(zip(base["players"], seats, strict=True))
        ]
    else:
        result["players"] = [
            memo.player(i, p, s, memo.handicap(table, i))
            for i, (p, s) in enumerate(zip(base["players"], seats, strict=True))
        ]
    now = room.clock.time()
    result["game"] = room.game_class.id
    result["code"] = room.code
    result["settings"] = memo.settings_of(room.game_settings)
    result["host_seat"] = room.host_seat
    result["deadline"] = None if room.deadline is None else ms(room.deadline)
    result["deadline_kind"] = room.deadline_kind
    result["now"] = ms(now)
    result["claims"] = [{"seat": c.seat, "id": c.id} for c in room.claims.values()]
    result["evening"] = evening(room)
    return result


def evening(room: Room) -> dict[str, Any]:
    """The evening so far: the games the room has left behind and, once over, the one on the
    table (it counts from its last action, not from the host's next command)."""
    game = room.game
    over = game is not None and game.over
    names = tuple(s.name for s in room.seats)
    # What the evening is made from: the games left behind (a copy: the room's list grows in
    # place), the game on the table once over, and the seats' names (points follow a name).
    key = (tuple(room.evening_games), game if over else None, room.record_id, names)
    memo = room.view_memo
    if memo.evening_key is not None and memo.evening_key == key:
        return memo.evening
    games = list(key[0])
    if over:
        current = closed_game(game, room.record_id, names)
        if current is not None:
            games.append(current)
    memo.evening_key, memo.evening = key, evening_view(games, names)
    return memo.evening


def you(room: Room, seat: int | None) -> dict[str, Any] | None:
    """What only `seat` may see (None for the TV and spectators)."""
    if seat is None or seat >= room.playing:
        return None  # the TV's view, for a seat that watches this game too
    if room.game is None:
        return room.game_class.lobby_private(seat)
    return room.game.private_view(seat)


def dumps(value: Any) -> bytes:
    return orjson.dumps(value)


def envelope(
    kind: str,
    seq: int,
    public_bytes: bytes,
    you_bytes: bytes,
    *,
    events: bytes | None = None,
    ref: str | int | None = None,
    extra: dict[str, Any] | None = None,
) -> bytes:
    """A `state` or `welcome` frame around an encoded public view, the viewer's encoded `you`
    spliced into it, and encoded events: one join, the public part never re-encoded nor copied
    but once (a whole view is several KB late in a game, and a fan-out makes one per seat).

    Frames stay UTF-8 bytes all the way to the socket: a late view carries objects' French names,
    and decoding such a frame into a `str` and encoding it back cost four times its join."""
    head: dict[str, Any] = {"type": kind, "seq": seq, **(extra or {})}
    if ref is not None:
        head["ref"] = ref
    parts: list[bytes | memoryview] = [orjson.dumps(head)[:-1]]
    if events is not None:
        parts += (b',"events":', events)
    # {"state": {...public, "you": you}}
    parts += (b',"state":', memoryview(public_bytes)[:-1], b',"you":', you_bytes, b"}}")
    return b"".join(parts)


def patch_frame(
    room: Room,
    seq: int,
    fields: dict[str, Any],
    events: list[Any],
    ack: tuple[int | None, str | int] | None = None,
) -> bytes:
    """A public patch: the fields the game says an action changed, the room's clock, and the
    events, encoded once for every viewer.

    When the action came from a person who sent a `ref`, the patch is their acknowledgement
    (`ack`: their seat, None for the host's TV, and that `ref`), and it names both (`by`,
    `ref`): the sender can tell which of its actions it confirms while every viewer still gets
    the same bytes (a ref is at most 64 characters; a seat is public)."""
    frame = {
        "type": "patch",
        "seq": seq,
        **fields,
        "deadline": None if room.deadline is None else ms(room.deadline),
        "deadline_kind": room.deadline_kind,
        "now": ms(room.clock.time()),
        "events": events,
    }
    if ack is not None:
        frame["by"], frame["ref"] = ack
    return orjson.dumps(frame)


def error_frame(
    code: str,
    message: str,
    ref: str | int | None = None,
    fields: Mapping[str, Any] | None = None,
) -> bytes:
    """An `error` frame; `fields` are a refusal's facts beside its code (`table_size`'s range)."""
    frame: dict[str, Any] = {**(fields or {}), "type": "error", "code": code, "message": message}
    if ref is not None:
        frame["ref"] = ref
    return orjson.dumps(frame)
