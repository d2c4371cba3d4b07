"""The rooms of one server process: creating them with a fresh code, finding them, expiring them."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from typing import TYPE_CHECKING, Any

from peanutclub.core import Game, refuse
from peanutclub.server.clock import Clock
from peanutclub.server.codes import new_code, new_token, normalise_code
from peanutclub.server.connection import Link, LocalLink
from peanutclub.server.ratelimit import AddressThrottle
from peanutclub.server.room import Room
from peanutclub.server.settings import Settings
from peanutclub.server.store import RoomRecord, Store

if TYPE_CHECKING:
    from peanutclub.server.cluster import Cluster

log = logging.getLogger(__name__)

DAY = 86400.0
#: The store is pruned at start-up and then about once a day (checked by the sweeper).
PRUNE_EVERY = DAY


class Rooms:
    def __init__(self, settings: Settings, store: Store, clock: Clock) -> None:
        self.settings = settings
        self.store = store
        self.clock = clock
        self.rooms: dict[str, Room] = {}
        self.created_by: Counter[str] = Counter()
        self.connections_by: Counter[str] = Counter()
        self.connections_in: Counter[str] = Counter()  # room code -> open connections
        self.guesses = AddressThrottle(settings.room_guess_rate, settings.room_guess_burst)
        self._sweeper: asyncio.Task[None] | None = None
        #: Rooms being rebuilt from the store for a visitor (`reopen`), by code.
        self._reopening: dict[str, asyncio.Task[Room | None]] = {}
        self.pruned_at = 0.0
        #: With several processes sharing rooms through Redis (cluster.py); None on one process.
        self.cluster: Cluster | None = None

    def get(self, code: str) -> Room | None:
        return self.rooms.get(normalise_code(code))

    async def find(self, code: str, address: str) -> Room | None:
        """`get` for a client at `address`, bringing back a room closed for idleness (`reopen`):
        unknown codes count as guesses, and an address that has guessed too much is refused
        (`rate_limited`) until its allowance refills."""
        await self.check_guesser(address)
        room = self.get(code) or await self.reopen(code)
        if room is None and not (self.cluster is not None and await self.cluster.exists(code)):
            await self.guessed(address)  # (a room another process runs is no guess)
        return room

    async def reopen(self, code: str) -> Room | None:
        """A room the sweeper closed (nobody came for `room_idle_ttl_seconds`) still has its log
        in the store: rebuild it as a restart would, with its clocks set going again from their
        full times, when someone opens its link. None if the store does not hold it. Requests
        that come together share one rebuild. With several processes, the room's lease decides
        where it is rebuilt (cluster.py), so this is for one process only."""
        code = normalise_code(code)
        if self.cluster is not None:
            return None
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

    async def link(self, code: str, address: str) -> Link | None:
        """How a connection from `address` reaches the room `code` (wherever it runs), or None
        for an unknown code (counted as a guess)."""
        if self.cluster is not None:
            return await self.cluster.link(code, address)
        room = await self.find(code, address)
        return None if room is None else LocalLink(room)

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

    async def check_guesser(self, address: str) -> None:
        """Refuse (`rate_limited`) an address that has tried too many unknown codes, on every
        route that answers for a code, so that a guesser cannot tell a hit from a miss. With
        several processes, the allowance is one for all of them (kept in Redis)."""
        if self.guesses.blocked(address) or (
            self.cluster is not None and await self.cluster.guesser_blocked(address)
        ):
            raise refuse("rate_limited", "Too many unknown room codes; wait a little.")

    async def guessed(self, address: str) -> None:
        """`address` asked for a code no room has: one attempt of its allowance spent."""
        self.guesses.failed(address)
        if self.cluster is not None:
            await self.cluster.guessed(address)

    async def create(
        self,
        game: type[Game],
        values: dict[str, Any],
        *,
        seed: int | None = None,
        creator: str = "",
    ) -> Room:
        """A new room of `game`. Raises `RuleError` (bad_settings, rate_limited) when it cannot
        be made."""
        if seed is not None and not self.settings.dev:
            raise refuse("bad_settings", "A fixed seed is only accepted in development mode.")
        try:
            game_settings = game.Settings().merged(values, dev=self.settings.dev)
        except ValueError as error:
            raise refuse("bad_settings", f"{error}.") from None
        if len(self.rooms) >= self.settings.max_rooms:
            raise refuse("rate_limited", "The server is full; try again later.")
        if creator and self.created_by[creator] >= self.settings.max_rooms_per_address:
            raise refuse("rate_limited", "Too many rooms opened from this address.")
        for _ in range(20):
            code = self._fresh_code()
            if creator and self.cluster is not None:  # the allowance holds across processes
                limit = self.settings.max_rooms_per_address
                if not await self.cluster.claim_room(creator, code, limit):
                    raise refuse("rate_limited", "Too many rooms opened from this address.")
            record = RoomRecord(
                code=code,
                host_token=new_token(),
                created=self.clock.time(),
                settings=game_settings.model_dump(),
                creator=creator,
                fixed_seed=seed,
                game=game.id,
            )
            try:
                await self.store.create_room(record)
                break
            except KeyError:  # a closed room's code, still kept in the store: pick another
                if creator and self.cluster is not None:
                    await self.cluster.unclaim_room(creator, code)
                continue
        else:
            raise RuntimeError("no free room code")
        room = Room(record, self.settings, self.store, self.clock)
        if self.cluster is not None:
            await self.cluster.adopt(room)
        self.add(room)
        return room

    def _fresh_code(self) -> str:
        length = 4
        for attempt in range(200):
            code = new_code(length + attempt // 50)  # grow the code if the space gets crowded
            if code not in self.rooms:
                return code
        raise RuntimeError("no free room code")

    async def sweep_forever(self, every: float = 60.0) -> None:
        while True:
            await asyncio.sleep(every)
            await self.sweep()
            if self.clock.time() - self.pruned_at >= PRUNE_EVERY:
                try:
                    await self.prune()
                except Exception:
                    log.exception("pruning the store failed")

    async def restore_all(self) -> int:
        """Start-up: prune what the retention settings no longer keep, then rebuild every stored
        room from its record and log, and set its clocks going again. Returns how many."""
        await self.prune()
        restored = 0
        for record, entries in await self.store.load_all():
            code = record.code
            if code in self.rooms:
                continue
            try:
                room = Room.restore(record, entries, self.settings, self.store, self.clock)
            except Exception:  # one damaged room must not keep the others down
                log.exception("room %s could not be restored; it is left in the store", code)
                continue
            self.add(room)
            await room.resume_clocks()
            restored += 1
        return restored

    async def prune(self) -> tuple[int, int]:
        """Delete rooms untouched for `keep_rooms_days` and finished games older than
        `keep_games_days` from the store (0 keeps them forever); close such rooms in memory."""
        self.pruned_at = now = self.clock.time()
        rooms_days, games_days = self.settings.keep_rooms_days, self.settings.keep_games_days
        pruned = await self.store.prune(
            rooms_older_than=now - rooms_days * DAY if rooms_days > 0 else float("-inf"),
            games_older_than=now - games_days * DAY if games_days > 0 else float("-inf"),
            keep=[code for code, room in self.rooms.items() if room.viewers],
        )
        if pruned[0]:
            kept = set(await self.store.room_codes())
            for code, room in list(self.rooms.items()):
                if code not in kept:
                    await self._drop(code, room)
        if any(pruned):
            log.info("retention: %d rooms and %d finished games deleted", *pruned)
        return pruned

    async def sweep(self) -> None:
        """Close rooms nobody has been connected to for a long time (their log stays stored)."""
        self.guesses.prune()
        now = self.clock.time()
        for code, room in list(self.rooms.items()):
            if room.is_idle(now):
                await self._drop(code, room)

    async def _drop(self, code: str, room: Room) -> None:
        """Close a room and free its memory (its log stays in the store until retention)."""
        await room.close()
        self.discard(code)
        if self.cluster is not None:
            await self.cluster.dropped(code)
            if room.record.creator:
                await self.cluster.unclaim_room(room.record.creator, code)

    def start(self) -> None:
        self._sweeper = asyncio.get_running_loop().create_task(self.sweep_forever())

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        if self.cluster is not None:
            await self.cluster.close()
        for room in list(self.rooms.values()):
            await room.close()
        await self.store.close()
