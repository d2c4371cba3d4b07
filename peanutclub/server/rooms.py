"""The rooms of one server process: creating them with a fresh code, finding them, expiring them."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from typing import Any

from peanutclub.server.clock import Clock
from peanutclub.server.codes import new_code, new_token, normalise_code
from peanutclub.server.errors import refuse
from peanutclub.server.room import Room
from peanutclub.server.settings import RoomSettings, Settings
from peanutclub.server.store import RoomRecord, Store

log = logging.getLogger(__name__)


class Rooms:
    def __init__(self, settings: Settings, store: Store, clock: Clock) -> None:
        self.settings = settings
        self.store = store
        self.clock = clock
        self.rooms: dict[str, Room] = {}
        self.created_by: Counter[str] = Counter()
        self.connections_by: Counter[str] = Counter()
        self._sweeper: asyncio.Task[None] | None = None

    def get(self, code: str) -> Room | None:
        return self.rooms.get(normalise_code(code))

    async def create(
        self, values: dict[str, Any], *, seed: int | None = None, creator: str = ""
    ) -> Room:
        """A new room. Raises `RuleError` (bad_settings, rate_limited) when it cannot be made."""
        if seed is not None and not self.settings.dev:
            raise refuse("bad_settings", "A fixed seed is only accepted in development mode.")
        try:
            room_settings = self.settings.check_room_settings(values, RoomSettings())
        except ValueError as error:
            raise refuse("bad_settings", f"Out of bounds: {error}.") from None
        if len(self.rooms) >= self.settings.max_rooms:
            raise refuse("rate_limited", "The server is full; try again later.")
        if creator and self.created_by[creator] >= self.settings.max_rooms_per_address:
            raise refuse("rate_limited", "Too many rooms opened from this address.")
        code = self._fresh_code()
        record = RoomRecord(
            code=code,
            host_token=new_token(),
            created=self.clock.time(),
            settings=room_settings.model_dump(),
            creator=creator,
            fixed_seed=seed,
        )
        await self.store.create_room(record)
        room = Room(record, self.settings, self.store, self.clock)
        self.rooms[code] = room
        if creator:
            self.created_by[creator] += 1
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

    async def sweep(self) -> None:
        """Close rooms nobody has been connected to for a long time (their log stays stored)."""
        now = self.clock.time()
        for code, room in list(self.rooms.items()):
            if room.is_idle(now):
                await room.close()
                del self.rooms[code]
                if room.record.creator:
                    self.created_by[room.record.creator] -= 1

    def start(self) -> None:
        self._sweeper = asyncio.get_running_loop().create_task(self.sweep_forever())

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        for room in self.rooms.values():
            await room.close()
        await self.store.close()
