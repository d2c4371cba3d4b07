"""The rooms of one server process: creating them with a fresh code, finding them, expiring them."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from typing import Any

from peanutclub.core import Game, refuse
from peanutclub.server.clock import Clock
from peanutclub.server.codes import new_code, new_token
from peanutclub.server.directory import Directory
from peanutclub.server.room import Room
from peanutclub.server.settings import ServerSettings
from peanutclub.server.store import RoomRecord, Store

log = logging.getLogger(__name__)

DAY = 86400.0
#: The store is pruned at start-up and then about once a day (checked by the sweeper).
PRUNE_EVERY = DAY


class Rooms:
    """The server's rooms as the routes see them: made, swept, pruned and closed here; found,
    linked and counted through the directory chosen at start (directory.py), never by asking
    which one it is."""

    def __init__(self, directory: Directory) -> None:
        self.directory = directory
        self._sweeper: asyncio.Task[None] | None = None
        self.pruned_at = 0.0

    def use(self, directory: Directory) -> None:
        """Start-up: the directory the server runs with (its store opened in the lifespan)."""
        self.directory = directory

    @property
    def settings(self) -> ServerSettings:
        return self.directory.settings

    @property
    def store(self) -> Store:
        return self.directory.store

    @property
    def clock(self) -> Clock:
        return self.directory.clock

    @property
    def rooms(self) -> dict[str, Room]:
        """The rooms running in this process, by code (the directory's)."""
        return self.directory.rooms

    @property
    def created_by(self) -> Counter[str]:
        return self.directory.created_by

    def get(self, code: str) -> Room | None:
        return self.directory.get(code)

    async def find(self, code: str, address: str) -> Room | None:
        """`Directory.find`: the room running here, reopened if closed for idleness."""
        return await self.directory.find(code, address)

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
        for name in game.Settings.per_seat_names():
            if values.get(name):  # nobody sits yet: a handicap is given to a person, in the lobby
                raise refuse(
                    "bad_settings",
                    f"{name} is given seat by seat in the lobby, once people have sat down.",
                )
        try:
            game_settings = game.Settings().merged(values, dev=self.settings.dev)
        except ValueError as error:
            raise refuse("bad_settings", f"{error}.") from None
        if len(self.rooms) >= self.settings.max_rooms:
            raise refuse("rate_limited", "The server is full; try again later.")
        if creator and self.created_by[creator] >= self.settings.max_rooms_per_address:
            raise refuse("rate_limited", "Too many rooms opened from this address.")
        directory = self.directory
        for _ in range(20):
            code = self._fresh_code()
            if creator and not await directory.claim(creator, code):
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
                if creator:
                    await directory.unclaim(creator, code)
                continue
        else:
            raise RuntimeError("no free room code")
        room = Room(record, self.settings, self.store, self.clock)
        await directory.opened(room)
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
            self.directory.add(room)
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
        self.directory.guesses.prune()
        now = self.clock.time()
        for code, room in list(self.rooms.items()):
            if room.is_idle(now):
                await self._drop(code, room)

    async def _drop(self, code: str, room: Room) -> None:
        """Close a room and free its memory (its log stays in the store until retention)."""
        await room.close()
        await self.directory.closed(room)

    async def open(self) -> int:
        """Start-up: the directory starts serving (the local one rebuilds every stored room at
        once, `restore_all`); how many rooms were rebuilt."""
        return await self.directory.start(self.restore_all)

    def start(self) -> None:
        self._sweeper = asyncio.get_running_loop().create_task(self.sweep_forever())

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        await self.directory.close()
        for room in list(self.rooms.values()):
            await room.close()
        await self.store.close()
