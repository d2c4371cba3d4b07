"""The host's commands: start a game, seat or remove bots, remove a player, swap seats, change
the settings, ask for a rematch or end a game. Each checks the host and the phase, then commits
one room-log change."""

from __future__ import annotations

import logging
import secrets
from typing import Any

from peanutclub.core import refuse
from peanutclub.games import find_game
from peanutclub.server.codes import new_token
from peanutclub.server.room_log import (
    GameEnded,
    GameStarted,
    GameSwitched,
    Rematch,
    SeatJoined,
    SeatLeft,
    SeatPiloted,
    SeatsSwapped,
    SettingsChanged,
)
from peanutclub.server.room_seats import Viewer
from peanutclub.server.room_writer import RoomWriter

log = logging.getLogger("peanutclub.server.room")


class HostCommands(RoomWriter):
    """A room that takes its host's commands."""

    __slots__ = ()  # the fields are RoomBase's

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
                joined = SeatJoined(self._bot_name(), new_token(), level, False)
                await self._commit(joined, viewer=viewer, ref=ref)
                return
            target = self._seat_index(seat)
            if target >= self.playing:
                raise refuse("wrong_phase", "That seat watches this game.")
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
            self._check_handicaps(values)
            try:
                merged = self.game_settings.merged(values, dev=self.settings.dev)
            except ValueError as error:
                raise refuse("bad_settings", f"{error}.") from None
            await self._commit(SettingsChanged(merged.model_dump()), viewer=viewer, ref=ref)

    def _check_handicaps(self, values: dict[str, Any]) -> None:
        """What only the room can judge of a per-seat setting (a handicap): it is given in the
        lobby, before a game deals it; to a seat someone sits in; and to a person, never to a
        bot's own seat (a bot needs no help and gets no handicap: the table would only be
        misled about who is being helped). Each refusal is `bad_settings` and names the
        setting first, as every settings refusal does, so the lobby marks the right field."""
        cls = self.game_class.Settings
        for name in cls.per_seat_names():
            given = values.get(name)
            if not isinstance(given, dict) or not given:
                continue  # an empty change, or a shape the settings' own check refuses
            if self.game is not None:
                raise refuse(
                    "bad_settings",
                    f"{name} is given in the lobby, before a game starts: "
                    "change it for the next game, after this one.",
                )
            problem = cls.problem(name, given, dev=self.settings.dev)
            if problem is not None:
                raise refuse("bad_settings", f"{problem.message}.")
            normal = cls.describe()[name]["normal"]
            for key, step in given.items():
                seat = int(key)
                if seat >= len(self.seats):
                    raise refuse(
                        "bad_settings", f"{name} names seat {seat + 1}, where nobody sits yet."
                    )
                if self.seats[seat].bot_seat and step != normal:
                    raise refuse(
                        "bad_settings",
                        f"{name} is for people: seat {seat + 1} is a bot's "
                        "(choose an easier or harder bot instead).",
                    )

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

    async def switch_game(self, viewer: Viewer, game_id: str, fit: str | None, ref: Any) -> None:
        """The host moves the whole table to another game, in the lobby or once a game is over:
        same code, seats, names, tokens and bots; the new game's default settings.

        A table outside the new game's player range is refused `table_size` (saying the range
        and the seats) unless the host chose how: `fit="bots"` seats bots up to the game's
        fewest players; `fit="watch"` lets the seats beyond its most watch it (they keep their
        seat, name and token, and play again in the next game that seats them). Nothing is ever
        dropped silently."""
        async with self._lock:
            self._require_host(viewer)
            new = find_game(game_id)
            if self.game is not None and not self.game.over:
                raise refuse("wrong_phase", "Switch games in the lobby or once the game is over.")
            fewest, most, seats = new.players.start, new.players.stop - 1, len(self.seats)
            bots: list[SeatJoined] = []
            if (seats > most and fit != "watch") or (seats < fewest and fit != "bots"):
                raise refuse(
                    "table_size",
                    f"{new.id} takes {fewest} to {most} players; the table has {seats}.",
                    fields={"min": fewest, "max": most, "seats": seats},
                )
            level = "normal" if "normal" in new.bots else next(iter(new.bots))
            taken = [s.name for s in self.seats]
            while seats + len(bots) < fewest:
                bots.append(SeatJoined(self._bot_name(taken), new_token(), level, False))
                taken.append(bots[-1].name)
            change = GameSwitched(new.id, self.game_class.id, tuple(bots))
            await self._commit(change, viewer=viewer, ref=ref)
            try:
                await self.store.set_game(self.code, new.id)
            except Exception:  # the log holds the switch; only pages served elsewhere lag
                log.exception("room %s: could not record its new game %s", self.code, new.id)

    def _bot_name(self, taken: list[str] | None = None) -> str:
        """A new bot's name, "Bot n", not yet at the table (nor in `taken`)."""
        names = {n.casefold() for n in (taken or [s.name for s in self.seats])}
        number = 1 + sum(1 for s in self.seats if s.bot_seat)
        while f"bot {number}" in names:
            number += 1
        return f"Bot {number}"

    def _seat_index(self, seat: int | None) -> int:
        if seat is None or not 0 <= seat < len(self.seats):
            raise refuse("not_seated", "No such seat at this table.")
        return seat
