"""The room directory: where a room runs and who may reach it, for this process alone
(`LocalDirectory`) or for every process sharing rooms through Redis (cluster.py's
`RedisDirectory`).

One of them is chosen at start (`peanutclub serve --redis URL` picks the shared one, as a
broadcaster picks its backend by URL), and the rest of the server never asks which: it finds
rooms, links connections to them, counts connections and room allowances, and hears of rooms
opened and closed through the one interface below. The directory owns the rooms running in this
process (`rooms`, `created_by`) and the counts kept against the limits; nothing else writes them.
"""

from __future__ import annotations

import asyncio
import logging
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from peanutclub.core import refuse
from peanutclub.server.clock import Clock
from peanutclub.server.codes import normalise_code
from peanutclub.server.connection import Link, LocalLink
from peanutclub.server.ratelimit import AddressThrottle
from peanutclub.server.room import Room
from peanutclub.server.settings import ServerSettings
from peanutclub.server.store import RoomRecord, Store

log = logging.getLogger(__name__)


class Directory(ABC):
    """Where rooms run and how a client reaches one. The rooms running in this process and the
    limits counted here are the same for both kinds; what the other processes run and count is
    the shared kind's alone."""

    def __init__(self, settings: ServerSettings, store: Store, clock: Clock) -> None:
        self.settings = settings
        self.store = store
        self.clock = clock
        #: The rooms running in this process, by code.
        self.rooms: dict[str, Room] = {}
        #: The rooms running here, by the address that opened them.
        self.created_by: Counter[str] = Counter()
        #: This process's open connections, by address and by room code.
        self.connections_by: Counter[str] = Counter()
        self.connections_in: Counter[str] = Counter()
        self.guesses = AddressThrottle(settings.room_guess_rate, settings.room_guess_burst)

    # ------------------------------------------------------------------ rooms running here

    def get(self, code: str) -> Room | None:
        return self.rooms.get(normalise_code(code))

    def add(self, room: Room) -> None:
        """A room now runs in this process (created, restored, reopened or taken over): it
        counts against its creator's allowance here while it does."""
        creator = room.record.creator
        if creator and room.code not in self.rooms:
            self.created_by[creator] += 1
        self.rooms[room.code] = room

    def discard(self, code: str) -> None:
        """A room no longer runs in this process (handed to another, or closed)."""
        room = self.rooms.pop(code, None)
        creator = None if room is None else room.record.creator
        if creator:
            self.created_by[creator] -= 1
            if self.created_by[creator] <= 0:
                del self.created_by[creator]

    # ------------------------------------------------------------------ finding a room

    async def find(self, code: str, address: str) -> Room | None:
        """The room `code` running here for a client at `address`, brought back if it was closed
        for idleness (`reopen`): unknown codes count as guesses, and an address that has
        guessed too much is refused (`rate_limited`) until its allowance refills. A room another
        process runs is no guess (but is not returned either)."""
        await self.check_guesser(address)
        room = self.get(code) or await self.reopen(code)
        if room is None and not await self.runs_elsewhere(normalise_code(code)):
            await self.guessed(address)
        return room

    async def knows(self, code: str, address: str) -> bool:
        """Whether the room `code` exists anywhere (`find`'s counting of guesses)."""
        return await self.find(code, address) is not None or await self.runs_elsewhere(
            normalise_code(code)
        )

    async def check_guesser(self, address: str) -> None:
        """Refuse (`rate_limited`) an address that has tried too many unknown codes, on every
        route that answers for a code, so that a guesser cannot tell a hit from a miss."""
        if self.guesses.blocked(address) or await self.guesser_blocked_elsewhere(address):
            raise refuse("rate_limited", "Too many unknown room codes; wait a little.")

    async def guessed(self, address: str) -> None:
        """`address` asked for a code no room has: one attempt of its allowance spent."""
        self.guesses.failed(address)

    async def guesser_blocked_elsewhere(self, address: str) -> bool:
        """Whether the allowance shared with the other processes is spent (none here)."""
        return False

    @abstractmethod
    async def reopen(self, code: str) -> Room | None:
        """A room closed for idleness, rebuilt here from the store; None if not."""

    @abstractmethod
    async def runs_elsewhere(self, code: str) -> bool:
        """Whether another process may run the room `code`."""

    @abstractmethod
    async def link(self, code: str, address: str) -> Link | None:
        """How a connection from `address` reaches the room `code` (wherever it runs), or None
        for an unknown code (counted as a guess)."""

    async def record_elsewhere(self, code: str) -> RoomRecord | None:
        """The creation record of a room another process runs (its game, say); None if none."""
        return None

    async def summary_elsewhere(self, code: str) -> dict[str, Any] | None:
        """The public summary of a room another process runs; None if none."""
        return None

    async def view_elsewhere(self, code: str) -> dict[str, Any] | None:
        """The public view (what a TV is sent, `you` aside) of a room another process runs,
        as its log stands; None if none. The evening's recap image reads it."""
        return None

    # ------------------------------------------------------------------ rooms opened and closed

    async def claim(self, creator: str, code: str) -> bool:
        """Count a new room against its creator's allowance across processes: False (nothing
        counted) when it is spent. This process's own count is `created_by`."""
        return True

    async def unclaim(self, creator: str, code: str) -> None:
        """A claimed room was not made after all, or is gone."""
        return None

    async def opened(self, room: Room) -> None:
        """A room just created here: it runs in this process."""
        self.add(room)

    async def closed(self, room: Room) -> None:
        """A room closed here (idle, or pruned): it runs nowhere until a client comes again."""
        self.discard(room.code)

    # ------------------------------------------------------------------ connections

    async def admit(self, code: str, address: str) -> None:
        """Count a connection from `address` to the room `code`, or refuse it (`room_full`,
        `rate_limited`) with nothing counted. Counted from the moment of connecting, with no
        await between the check and the count, so that a burst of simultaneous connections
        cannot slip past a limit."""
        settings = self.settings
        if self.connections_in[code] >= settings.max_connections_per_room:
            raise refuse("room_full", "This room has too many viewers.")
        if self.connections_by[address] >= settings.max_connections_per_address:
            raise refuse("rate_limited", "Too many connections.")
        self.connections_by[address] += 1
        self.connections_in[code] += 1

    async def left(self, code: str, address: str) -> None:
        """A connection counted by `admit` has gone."""
        for counter, key in ((self.connections_by, address), (self.connections_in, code)):
            counter[key] -= 1
            if counter[key] <= 0:
                del counter[key]

    # ------------------------------------------------------------------ start and stop

    @abstractmethod
    async def start(self, restore_all: Callable[[], Awaitable[int]]) -> int:
        """Start serving; how many stored rooms were rebuilt at once (`restore_all`)."""

    async def close(self) -> None:
        """Stop serving (the rooms themselves are closed by their owner, `Rooms`)."""
        return None


class LocalDirectory(Directory):
    """One process holds every room: a room not running here is either in the store (closed for
    idleness, reopened on demand) or unknown."""

    def __init__(self, settings: ServerSettings, store: Store, clock: Clock) -> None:
        super().__init__(settings, store, clock)
        #: Rooms being rebuilt from the store for a visitor (`reopen`), by code.
        self._reopening: dict[str, asyncio.Task[Room | None]] = {}

    async def reopen(self, code: str) -> Room | None:
        """A room the sweeper closed (nobody came for `room_idle_ttl_seconds`) still has its log
        in the store: rebuild it as a restart would, with its clocks set going again from their
        full times, when someone opens its link. None if the store does not hold it. Requests
        that come together share one rebuild."""
        code = normalise_code(code)
        task = self._reopening.get(code)
        if task is None:
            task = self._reopening[code] = asyncio.get_running_loop().create_task(
                self._rebuild(code)
            )
            task.add_done_callback(lambda _: self._reopening.pop(code, None))
        return await asyncio.shield(task)

    async def _rebuild(self, code: str) -> Room | None:
        loaded = await self.store.load(code)
        room = self.rooms.get(code)
        if loaded is None or room is not None:
            return room
        if len(self.rooms) >= self.settings.max_rooms:
            raise refuse("rate_limited", "The server is full; try again later.")
        record, entries = loaded
        try:
            room = Room.restore(record, entries, self.settings, self.store, self.clock)
        except Exception:  # as at start-up: a damaged room stays in the store, unopened
            log.exception("room %s could not be reopened; it is left in the store", code)
            return None
        self.add(room)
        await room.resume_clocks()
        log.info("room %s reopened from the store", code)
        return room

    async def runs_elsewhere(self, code: str) -> bool:
        return False

    async def link(self, code: str, address: str) -> Link | None:
        room = await self.find(code, address)
        return None if room is None else LocalLink(room)

    async def start(self, restore_all: Callable[[], Awaitable[int]]) -> int:
        """Every stored room is rebuilt at once: this process is the only one to run them."""
        return await restore_all()
