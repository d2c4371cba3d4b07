"""The host's commands: start a game, seat or remove bots, remove a player, swap seats, change
the settings, ask for a rematch or end a game. Each checks the host and the phase, then commits
one room-log change."""

from __future__ import annotations

import secrets
from typing import Any

from peanutclub.core import refuse
from peanutclub.server.codes import new_token
from peanutclub.server.room_log import (
    GameEnded,
    GameStarted,
    Rematch,
    SeatJoined,
    SeatLeft,
    SeatPiloted,
    SeatsSwapped,
    SettingsChanged,
)
from peanutclub.server.room_seats import Viewer
from peanutclub.server.room_writer import RoomWriter


class HostCommands(RoomWriter):
    """A room that takes its host's commands."""

    def _require_host(self, viewer: Viewer) -> None:
        if not viewer.host:
            raise refuse("not_host")

    async def start(self, viewer: Viewer, ref: Any) -> None:
        async with self._lock:
            self._require_host(viewer)
            if self.game is not None:
                raise refuse("wrong_phase")
            fewest = self.game_class.players.start
            if len(self.seats) < fewest:
                raise refuse("not_enough_players", f"A game needs at least {fewest} players.")
            fixed = self.record.fixed_seed
            seed = secrets.randbits(63) if fixed is None else fixed + self.games_played
            await self._commit(GameStarted(seed), viewer=viewer, ref=ref)

    async def add_bot(self, viewer: Viewer, level: str, seat: int | None, ref: Any) -> None:
        async with self._lock:
            self._require_host(viewer)
            if level not in self.game_class.bots:
                raise refuse("bad_message", f"Unknown bot level {level!r}.")
            if self.game is None:
                if len(self.seats) >= self.max_players:
                    raise refuse("room_full")
                number = 1 + sum(1 for s in self.seats if s.bot_seat)
                name = f"Bot {number}"
                while any(s.name.casefold() == name.casefold() for s in self.seats):
                    number += 1
                    name = f"Bot {number}"
                joined = SeatJoined(name, new_token(), level, False)
                await self._commit(joined, viewer=viewer, ref=ref)
                return
            target = self._seat_index(seat)
            if self.seats[target].bot is not None or self.seats[target].online:
                raise refuse("wrong_phase", "Only an away player's seat can go to a bot.")
            await self._commit(SeatPiloted(target, level), viewer=viewer, ref=ref)

    async def remove_bot(self, viewer: Viewer, seat: int, ref: Any) -> None:
        async with self._lock:
            self._require_host(viewer)
            target = self._seat_index(seat)
            if self.seats[target].bot is None:
                raise refuse("wrong_phase", "No bot plays that seat.")
            if self.game is None:
                await self._commit(SeatLeft(target), viewer=viewer, ref=ref)
            elif self.seats[target].bot_seat:
                raise refuse("wrong_phase", "That bot has no player to hand its seat back to.")
            else:
                await self._commit(SeatPiloted(target, None), viewer=viewer, ref=ref)

    async def kick(self, viewer: Viewer, seat: int, ref: Any) -> None:
        async with self._lock:
            self._require_host(viewer)
            if self.game is not None:
                raise refuse("wrong_phase", "Players can only be removed in the lobby.")
            target = self._seat_index(seat)
            kicked = self.seat_viewers.get(target)
            if kicked is not None:
                self._detach(kicked)
                kicked.close(4001, "removed by the host")
            await self._commit(SeatLeft(target), viewer=viewer, ref=ref)

    async def swap(self, viewer: Viewer, one: int, other: int, ref: Any) -> None:
        async with self._lock:
            self._require_host(viewer)
            if self.game is not None:
                raise refuse("wrong_phase", "Seats can only change places in the lobby.")
            seats = sorted({self._seat_index(one), self._seat_index(other)})
            if len(seats) != 2:
                raise refuse("bad_message", "Name two different seats.")
            await self._commit(SeatsSwapped(*seats), viewer=viewer, ref=ref)

    async def change_settings(self, viewer: Viewer, values: dict[str, Any], ref: Any) -> None:
        async with self._lock:
            self._require_host(viewer)
            try:
                merged = self.game_settings.merged(values, dev=self.settings.dev)
            except ValueError as error:
                raise refuse("bad_settings", f"{error}.") from None
            await self._commit(SettingsChanged(merged.model_dump()), viewer=viewer, ref=ref)

    async def rematch(self, viewer: Viewer, ref: Any) -> None:
        async with self._lock:
            self._require_host(viewer)
            if self.game is None:
                raise refuse("wrong_phase")
            if not self.game.over:
                await self._keep_game(abandoned=True)
            await self._commit(Rematch(), viewer=viewer, ref=ref)

    async def end_game(self, viewer: Viewer, ref: Any) -> None:
        """The host ends a game before its end (friends leave, a round drags on): the game is
        kept for the history page marked abandoned, then everyone is back in the lobby."""
        async with self._lock:
            self._require_host(viewer)
            if self.game is None or self.game.over:
                raise refuse("wrong_phase", "No game is being played.")
            await self._keep_game(abandoned=True)
            await self._commit(GameEnded(), viewer=viewer, ref=ref)

    def _seat_index(self, seat: int | None) -> int:
        if seat is None or not 0 <= seat < len(self.seats):
            raise refuse("not_seated", "No such seat at this table.")
        return seat
