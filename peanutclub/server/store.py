"""Where rooms live durably: a room is its creation record plus an append-only log of changes.

Each entry is one change of the room (a seat taken, a setting, a game started with its seed, an
engine action, a connection coming or going), numbered by the room's `seq`. Replaying the log
rebuilds the room, games included, through the engine. The room appends every change here and
awaits it before anyone hears of it; `MemoryStore` keeps them in memory, and a SQLite store with the
same methods can replace it without touching the room.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class RoomRecord:
    code: str
    host_token: str
    created: float
    settings: dict[str, Any]
    creator: str = ""
    fixed_seed: int | None = None


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One change: `kind` (seat, unseat, pilot, settings, start, action, rematch, presence)."""

    seq: int
    kind: str
    data: dict[str, Any] = field(default_factory=dict)


class Store(Protocol):
    async def create_room(self, record: RoomRecord) -> None:
        """Record a new room; its code must be new."""
        ...

    async def append(self, code: str, entry: LogEntry) -> None:
        """Make one change durable. Returns once it would survive a crash of the process."""
        ...

    async def load(self, code: str) -> tuple[RoomRecord, list[LogEntry]] | None:
        """A room's record and its whole log, or None."""
        ...

    async def room_codes(self) -> list[str]:
        """Every room the store knows (to restore them after a restart)."""
        ...

    async def close(self) -> None: ...


class MemoryStore:
    """Keeps everything in memory: rooms survive a dropped connection, not a restart."""

    def __init__(self) -> None:
        self.rooms: dict[str, RoomRecord] = {}
        self.logs: dict[str, list[LogEntry]] = {}

    async def create_room(self, record: RoomRecord) -> None:
        if record.code in self.rooms:
            raise KeyError(record.code)
        self.rooms[record.code] = record
        self.logs[record.code] = []

    async def append(self, code: str, entry: LogEntry) -> None:
        log = self.logs[code]
        if log and entry.seq <= log[-1].seq:
            raise ValueError(f"seq {entry.seq} after {log[-1].seq}: the log only grows")
        log.append(entry)

    async def load(self, code: str) -> tuple[RoomRecord, list[LogEntry]] | None:
        if code not in self.rooms:
            return None
        return self.rooms[code], list(self.logs[code])

    async def room_codes(self) -> list[str]:
        return list(self.rooms)

    async def close(self) -> None:
        return None
