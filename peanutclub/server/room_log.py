"""The room's log entries as typed values: one frozen dataclass per kind, each applying itself.

A room is its record plus its log (store.py's `LogEntry`: a `kind` string and a `data` dict).
Each kind here knows its stored name (`KIND`), how to read itself back (`decode`), what it stores
(`data()`, the same bytes as ever: old logs replay unchanged) and how it changes the table in
memory (`apply`, which returns the change's public events). The room's single writer takes one
of these values, applies it, stores it and fans it out, without knowing any kind by name.

The entries change a `Table` (what the room keeps of its seats and its game), declared here as a
protocol so that this module depends on no room.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping, MutableSequence, Set
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from peanutclub.core import Action, Game, GameSettings
from peanutclub.core.evening import EveningGame, closed_game
from peanutclub.games import find_game
from peanutclub.server.room_seats import Seat, Viewer
from peanutclub.server.store import LogEntry


class Table(Protocol):
    """What a log entry changes: the room's seats, connections, settings and game."""

    @property
    def seats(self) -> MutableSequence[Seat]: ...
    @property
    def viewers(self) -> Set[Viewer]: ...
    @property
    def seat_viewers(self) -> MutableMapping[int, Viewer]: ...
    @property
    def record_id(self) -> str | None: ...

    host_seat: int | None
    game_class: type[Game]
    game: Game | None
    game_settings: GameSettings
    games_played: int
    evening_games: list[EveningGame]


@dataclass(frozen=True, slots=True)
class GameMove:
    """One game action (`action`), the hot path: its undo is the game's own log."""

    KIND: ClassVar[str] = "action"
    action: Action

    @classmethod
    def decode(cls, data: dict[str, Any], game_class: type[Game]) -> GameMove:
        return cls(game_class.action_from_dict(data["action"]))

    def data(self) -> dict[str, Any]:
        return {"action": self.action.to_dict()}

    def play(self, table: Table) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
        """The action applied: its events, ready for the wire, and the patch the game says it
        makes (None: whole states)."""
        assert table.game is not None
        events, patch = table.game.apply(self.action)
        return [e.to_dict() for e in events], patch

    def apply(self, table: Table) -> list[Any]:
        return self.play(table)[0]


@dataclass(frozen=True, slots=True)
class SeatJoined:
    """A person (`bot` None) or a bot takes the next seat (`seat`); `online` is stored only for
    a person who joined with a live connection, as it always was."""

    KIND: ClassVar[str] = "seat"
    name: str
    token: str
    bot: str | None
    host: bool
    online: bool = False

    @classmethod
    def decode(cls, data: dict[str, Any], game_class: type[Game]) -> SeatJoined:
        return cls(
            data["name"],
            data["token"],
            data["bot"],
            bool(data.get("host")),
            data.get("online", False),
        )

    def data(self) -> dict[str, Any]:
        stored = {"name": self.name, "token": self.token, "bot": self.bot, "host": self.host}
        if self.online:
            stored["online"] = True
        return stored

    def apply(self, table: Table) -> list[Any]:
        seat = len(table.seats)
        table.seats.append(
            Seat(
                self.name,
                self.token,
                bot=self.bot,
                bot_seat=self.bot is not None,
                online=self.online,
            )
        )
        if self.host:
            table.host_seat = seat
        return [{"type": "player_joined", "seat": seat, "name": self.name, "bot": self.bot}]


@dataclass(frozen=True, slots=True)
class SeatLeft:
    """A seat is taken away in the lobby (`unseat`): the seats after it move down one, each with
    its handicap (a per-seat setting); the seat that leaves takes its own with it."""

    KIND: ClassVar[str] = "unseat"
    seat: int

    @classmethod
    def decode(cls, data: dict[str, Any], game_class: type[Game]) -> SeatLeft:
        return cls(data["seat"])

    def data(self) -> dict[str, Any]:
        return {"seat": self.seat}

    def apply(self, table: Table) -> list[Any]:
        seat = self.seat
        moves: dict[int, int | None] = {s: s - 1 for s in range(seat + 1, len(table.seats))}
        moves[seat] = None
        table.game_settings = table.game_settings.seats_moved(moves)
        table.seats.pop(seat)
        if table.host_seat is not None:
            table.host_seat = (
                None if table.host_seat == seat else table.host_seat - (table.host_seat > seat)
            )
        table.seat_viewers.clear()
        for v in table.viewers:
            if v.seat is not None and v.seat > seat:
                v.seat -= 1
            if v.seat is not None:
                table.seat_viewers[v.seat] = v
        return [{"type": "player_left", "seat": seat}]


@dataclass(frozen=True, slots=True)
class SeatsSwapped:
    """Two seats change places in the lobby, with their connections and their handicaps
    (`swap`): a handicap is its person's, wherever they sit."""

    KIND: ClassVar[str] = "swap"
    one: int
    other: int

    @classmethod
    def decode(cls, data: dict[str, Any], game_class: type[Game]) -> SeatsSwapped:
        one, other = data["seats"]
        return cls(one, other)

    def data(self) -> dict[str, Any]:
        return {"seats": [self.one, self.other]}

    def apply(self, table: Table) -> list[Any]:
        one, other = self.one, self.other
        table.seats[one], table.seats[other] = table.seats[other], table.seats[one]
        moved = {one: other, other: one}
        table.game_settings = table.game_settings.seats_moved(moved)
        if table.host_seat in moved:
            table.host_seat = moved[table.host_seat]
        for v in table.viewers:
            if v.seat in moved:
                v.seat = moved[v.seat]
        table.seat_viewers.clear()
        table.seat_viewers.update({v.seat: v for v in table.viewers if v.seat is not None})
        return [{"type": "seats_swapped", "seats": [one, other]}]


@dataclass(frozen=True, slots=True)
class SeatPiloted:
    """A bot of level `bot` plays an away person's seat, or (None) hands it back (`pilot`)."""

    KIND: ClassVar[str] = "pilot"
    seat: int
    bot: str | None

    @classmethod
    def decode(cls, data: dict[str, Any], game_class: type[Game]) -> SeatPiloted:
        return cls(data["seat"], data["bot"])

    def data(self) -> dict[str, Any]:
        return {"seat": self.seat, "bot": self.bot}

    def apply(self, table: Table) -> list[Any]:
        table.seats[self.seat].bot = self.bot
        if self.bot is None:
            return [{"type": "seat_to_player", "seat": self.seat}]
        return [{"type": "seat_to_bot", "seat": self.seat, "level": self.bot}]


@dataclass(frozen=True, slots=True)
class PresenceChanged:
    """A seated person's connection comes or goes (`presence`)."""

    KIND: ClassVar[str] = "presence"
    seat: int
    online: bool

    @classmethod
    def decode(cls, data: dict[str, Any], game_class: type[Game]) -> PresenceChanged:
        return cls(data["seat"], data["online"])

    def data(self) -> dict[str, Any]:
        return {"seat": self.seat, "online": self.online}

    def apply(self, table: Table) -> list[Any]:
        table.seats[self.seat].online = self.online
        return [{"type": "player_back" if self.online else "player_away", "seat": self.seat}]


@dataclass(frozen=True, slots=True)
class SettingsChanged:
    """The host changes the table's settings: `values` is the whole of them, as stored."""

    KIND: ClassVar[str] = "settings"
    values: dict[str, Any] = field(hash=False)

    @classmethod
    def decode(cls, data: dict[str, Any], game_class: type[Game]) -> SettingsChanged:
        return cls(data)

    def data(self) -> dict[str, Any]:
        return self.values

    def apply(self, table: Table) -> list[Any]:
        table.game_settings = table.game_class.Settings.model_validate(self.values)
        if table.game is not None:
            table.game.settings = table.game_settings
        return [{"type": "settings_changed", **self.values}]


@dataclass(frozen=True, slots=True)
class GameStarted:
    """A game starts from `seed` (`start`)."""

    KIND: ClassVar[str] = "start"
    seed: int

    @classmethod
    def decode(cls, data: dict[str, Any], game_class: type[Game]) -> GameStarted:
        return cls(data["seed"])

    def data(self) -> dict[str, Any]:
        return {"seed": self.seed}

    def apply(self, table: Table) -> list[Any]:
        # Seats beyond the game's most watch it (a switch with fit="watch"); else all play.
        playing = min(len(table.seats), table.game_class.players.stop - 1)
        table.game = table.game_class(playing, self.seed, table.game_settings)
        table.games_played += 1
        return [e.to_dict() for e in table.game.start_events]


def _back_to_lobby(table: Table) -> None:
    """The game is dropped and every person's seat is theirs again (a bot's own seat stays).
    The game joins the evening first: replaying the log rebuilds the evening the same way."""
    closed = closed_game(table.game, table.record_id, [s.name for s in table.seats])
    if closed is not None:
        table.evening_games.append(closed)
    table.game = None
    for s in table.seats:
        if not s.bot_seat:
            s.bot = None


def _guide_for_next_game(table: Table) -> None:
    """The guided first game is on by default only for the evening's first game of its kind:
    once the evening holds a game of the table's kind (after a rematch, an ended game or a
    switch back), the next one starts with the guide off. The host may turn it on again."""
    played = any(g.game == table.game_class.id for g in table.evening_games)
    if played:
        table.game_settings = table.game_settings.guided(False)


@dataclass(frozen=True, slots=True)
class Rematch:
    """The host sends everyone back to the lobby for another game (`rematch`)."""

    KIND: ClassVar[str] = "rematch"

    @classmethod
    def decode(cls, data: dict[str, Any], game_class: type[Game]) -> Rematch:
        return cls()

    def data(self) -> dict[str, Any]:
        return {}

    def apply(self, table: Table) -> list[Any]:
        _back_to_lobby(table)
        _guide_for_next_game(table)
        return [{"type": "rematch"}]


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The host ends a game before its end (`end_game`): back to the lobby."""

    KIND: ClassVar[str] = "end_game"

    @classmethod
    def decode(cls, data: dict[str, Any], game_class: type[Game]) -> GameEnded:
        return cls()

    def data(self) -> dict[str, Any]:
        return {}

    def apply(self, table: Table) -> list[Any]:
        _back_to_lobby(table)
        _guide_for_next_game(table)
        return [{"type": "game_ended"}]


@dataclass(frozen=True, slots=True)
class SeatClaimed:
    """Another device is admitted to an away person's seat (`claim`): the seat gets `token`, so
    the old one is dead; a bot playing for the seat hands it back."""

    KIND: ClassVar[str] = "claimed"
    seat: int
    token: str

    @classmethod
    def decode(cls, data: dict[str, Any], game_class: type[Game]) -> SeatClaimed:
        return cls(data["seat"], data["token"])

    def data(self) -> dict[str, Any]:
        return {"seat": self.seat, "token": self.token}

    def apply(self, table: Table) -> list[Any]:
        seat = table.seats[self.seat]
        events: list[Any] = []
        if seat.bot is not None and not seat.bot_seat:
            seat.bot = None
            events.append({"type": "seat_to_player", "seat": self.seat})
        seat.token, seat.online = self.token, True
        events.append({"type": "seat_claimed", "seat": self.seat})
        return events


@dataclass(frozen=True, slots=True)
class GameSwitched:
    """The host moves the table to another game (`switch_game`), in the lobby or after the end:
    the seats, names, tokens and bots stay; the settings become the new game's defaults; `bots`
    are seated with it when the host chose to fill a table too small for the new game (one entry,
    so a restart never finds the switch without them). `previous` names the game left, so a log
    read from its start knows which game its first entries belong to."""

    KIND: ClassVar[str] = "switch"
    game: str
    previous: str
    bots: tuple[SeatJoined, ...] = ()

    @classmethod
    def decode(cls, data: dict[str, Any], game_class: type[Game]) -> GameSwitched:
        bots = tuple(
            SeatJoined(b["name"], b["token"], b["bot"], False) for b in data.get("bots", ())
        )
        return cls(data["game"], data["previous"], bots)

    def data(self) -> dict[str, Any]:
        stored: dict[str, Any] = {"game": self.game, "previous": self.previous}
        if self.bots:
            stored["bots"] = [{"name": b.name, "token": b.token, "bot": b.bot} for b in self.bots]
        return stored

    def apply(self, table: Table) -> list[Any]:
        _back_to_lobby(table)
        table.game_class = find_game(self.game)
        table.game_settings = table.game_class.Settings()
        _guide_for_next_game(table)
        events: list[Any] = [{"type": "game_switched", "game": self.game}]
        for bot in self.bots:
            events += bot.apply(table)
        return events


#: Any change a room logs.
RoomChange = (
    GameMove
    | SeatJoined
    | SeatLeft
    | SeatsSwapped
    | SeatPiloted
    | PresenceChanged
    | SettingsChanged
    | GameStarted
    | Rematch
    | GameEnded
    | SeatClaimed
    | GameSwitched
)

_DECODERS: dict[str, Callable[[dict[str, Any], type[Game]], RoomChange]] = {
    kind.KIND: kind.decode
    for kind in (
        GameMove,
        SeatJoined,
        SeatLeft,
        SeatsSwapped,
        SeatPiloted,
        PresenceChanged,
        SettingsChanged,
        GameStarted,
        Rematch,
        GameEnded,
        SeatClaimed,
        GameSwitched,
    )
}


def first_game(entries: list[LogEntry], created_with: str) -> str:
    """The game a room's log starts with: the one its first switch left, else the one it was
    created with (a room that never switched)."""
    for entry in entries:
        if entry.kind == GameSwitched.KIND:
            return str(entry.data["previous"])
    return created_with


def decode(entry: LogEntry, game_class: type[Game]) -> RoomChange:
    """The typed change a stored entry holds; an unknown kind is a broken log."""
    decoder = _DECODERS.get(entry.kind)
    if decoder is None:
        raise ValueError(f"unknown log entry {entry.kind!r}")
    return decoder(entry.data, game_class)


def encode(seq: int, change: RoomChange) -> LogEntry:
    """The entry stored for a change, given its `seq`."""
    return LogEntry(seq, change.KIND, change.data())
