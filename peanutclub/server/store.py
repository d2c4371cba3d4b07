"""Where rooms live durably: a room is its creation record plus an append-only log of changes.

Each entry is one change of the room (a seat taken, a setting, a game started with its seed, an
engine action, a connection coming or going), numbered by the room's `seq`. Replaying the log
rebuilds the room, games included, through the engine. The room appends every change here and
awaits it before anyone hears of it. `SqliteStore` (sqlite_store.py) is the default; `MemoryStore`
keeps everything in memory, for tests. Finished games are kept too, as exports (seed + actions),
for their history page and `peanutclub replay`.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Awaitable, Collection
from dataclasses import dataclass, field
from typing import Any, Protocol

#: The game of a room or an export written before rooms named theirs: there was only one.
FIRST_GAME = "peanut-club"


@dataclass(frozen=True, slots=True)
class RoomRecord:
    code: str
    host_token: str
    created: float
    settings: dict[str, Any]
    creator: str = ""
    fixed_seed: int | None = None
    #: The id of the game this room plays (the registry's `find_game`).
    game: str = FIRST_GAME


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One change: `kind` (seat, unseat, swap, pilot, settings, start, action, rematch, end_game,
    presence, claimed, switch)."""

    seq: int
    kind: str
    data: dict[str, Any] = field(default_factory=dict)


#: A room as stored: its record and its log, oldest entry first.
Loaded = tuple[RoomRecord, list[LogEntry]]


def games_in_log(entries: list[LogEntry]) -> list[tuple[int, int, list[dict[str, Any]]]]:
    """(players, seed, action dicts) for every game a room's log holds, oldest first: what the
    soak and the tests replay through the engine to check the log against the live game."""
    seats = 0
    games: list[tuple[int, int, list[dict[str, Any]]]] = []
    for entry in entries:
        if entry.kind == "seat":
            seats += 1
        elif entry.kind == "unseat":
            seats -= 1
        elif entry.kind == "switch":  # a switch may seat bots to fill the table
            seats += len(entry.data.get("bots", ()))
        elif entry.kind == "start":
            games.append((seats, entry.data["seed"], []))
        elif entry.kind == "action":
            games[-1][2].append(entry.data["action"])
    return games


class Store(Protocol):
    async def create_room(self, record: RoomRecord) -> None:
        """Record a new room; its code must be new."""
        ...

    def append(self, code: str, entry: LogEntry) -> Awaitable[None]:
        """Make one change durable: awaiting the result returns once it would survive a crash
        of the process. (An `async def` does; a store may also return a future, one object
        fewer per change on the hot path.)"""
        ...

    async def load(self, code: str) -> Loaded | None:
        """A room's record and its whole log, or None."""
        ...

    async def set_game(self, code: str, game: str) -> None:
        """The game a room plays now, after a switch: its record names it, so that a process
        that does not run the room serves the room's pages as that game's. (Its log still
        replays from the game it started with: the first switch in it names that one.)"""
        ...

    async def room_codes(self) -> list[str]:
        """Every room the store knows (to restore them after a restart)."""
        ...

    async def load_all(self) -> list[Loaded]:
        """Every room with its log, oldest room first: what a restart restores."""
        ...

    async def save_game(self, record_id: str, code: str, export: dict[str, Any]) -> None:
        """Keep a finished game's export (seed + actions + names + result) under `record_id`."""
        ...

    async def load_game(self, record_id: str) -> dict[str, Any] | None:
        """A finished game's export, or None."""
        ...

    async def games_of(self, code: str) -> list[GameInfo]:
        """The finished games kept for a room, oldest first."""
        ...

    async def prune(
        self, *, rooms_older_than: float, games_older_than: float, keep: Collection[str] = ()
    ) -> tuple[int, int]:
        """Delete rooms untouched since, and finished games older than, these Unix times (but
        not the rooms in `keep`, still in use)."""
        ...

    async def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A finished game kept in the store: its id, its room, when it ended (Unix time), and
    which game it was."""

    id: str
    code: str
    finished: float
    game: str = FIRST_GAME


class MemoryStore:
    """Keeps everything in memory: rooms survive a dropped connection, not a restart."""

    def __init__(self) -> None:
        self.rooms: dict[str, RoomRecord] = {}
        self.logs: dict[str, list[LogEntry]] = {}
        self.updated: dict[str, float] = {}
        self.games: dict[str, tuple[GameInfo, dict[str, Any]]] = {}

    async def create_room(self, record: RoomRecord) -> None:
        if record.code in self.rooms:
            raise KeyError(record.code)
        self.rooms[record.code] = record
        self.logs[record.code] = []
        self.updated[record.code] = record.created

    async def append(self, code: str, entry: LogEntry) -> None:
        log = self.logs[code]
        if log and entry.seq <= log[-1].seq:
            raise ValueError(f"seq {entry.seq} after {log[-1].seq}: the log only grows")
        log.append(entry)
        self.updated[code] = time.time()

    async def set_game(self, code: str, game: str) -> None:
        self.rooms[code] = dataclasses.replace(self.rooms[code], game=game)

    async def load(self, code: str) -> Loaded | None:
        if code not in self.rooms:
            return None
        return self.rooms[code], list(self.logs[code])

    async def room_codes(self) -> list[str]:
        return list(self.rooms)

    async def load_all(self) -> list[Loaded]:
        return [(record, list(self.logs[code])) for code, record in self.rooms.items()]

    async def save_game(self, record_id: str, code: str, export: dict[str, Any]) -> None:
        info = GameInfo(record_id, code, time.time(), export.get("game") or FIRST_GAME)
        self.games[record_id] = (info, export)

    async def load_game(self, record_id: str) -> dict[str, Any] | None:
        kept = self.games.get(record_id)
        return None if kept is None else kept[1]

    async def games_of(self, code: str) -> list[GameInfo]:
        found = [info for info, _ in self.games.values() if info.code == code]
        return sorted(found, key=lambda info: (info.finished, info.id))

    async def prune(
        self, *, rooms_older_than: float, games_older_than: float, keep: Collection[str] = ()
    ) -> tuple[int, int]:
        rooms = [c for c, when in self.updated.items() if when < rooms_older_than and c not in keep]
        for code in rooms:
            del self.rooms[code], self.logs[code], self.updated[code]
        games = [g for g, (info, _) in self.games.items() if info.finished < games_older_than]
        for record_id in games:
            del self.games[record_id]
        return len(rooms), len(games)

    async def close(self) -> None:
        return None
