"""The bots seated at a room's table: one task per seat a bot plays while a game runs, whose
actions take the same path as a person's (`act`)."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections.abc import Callable
from typing import Any

from peanutclub.core import Game, RuleError
from peanutclub.server.room_base import RoomBase

log = logging.getLogger("peanutclub.server.room")


#: The pauses of bots without a pace of their own, shared by every room: nothing a game does
#: depends on them, so a room needs no generator of its own (its state is 2.5 KB, and most
#: rooms have no bot: issue 30's memory per idle connection).
BOT_PAUSES = random.Random(secrets.randbits(64))


class BotsRoom(RoomBase):
    """A room that runs the bots at its table."""

    __slots__ = ()  # the fields are RoomBase's

    def _manage_bots(self) -> None:
        """Run one task per seat a bot plays while a game runs; stop the others."""
        if not self._bots:
            for s in self.seats:
                if s.bot is not None:
                    break
            else:
                return  # no bot seated and none running: the usual table, at every change
        game = self.game
        wanted = set()
        if game is not None and not game.over and not self.closed:
            wanted = {
                i for i, s in enumerate(self.seats) if s.bot is not None and i < game.seat_count
            }
        for seat in list(self._bots):
            if seat not in wanted:
                self._bots.pop(seat).cancel()
        for seat in wanted - set(self._bots):
            assert game is not None
            level = self.seats[seat].bot
            assert level is not None
            task = asyncio.get_running_loop().create_task(self._bot_loop(seat, level, game))
            self._bots[seat] = task

    async def _bot_loop(self, seat: int, level: str, game: Game) -> None:
        """A bot looks at its own view every so often, like a person would, and may act."""
        bot = self.game_class.bots[level](seat, game.seed + seat)
        low, high = self.settings.bot_delay_min, self.settings.bot_delay_max
        pace = self.settings.bot_pace
        paced: Callable[[dict[str, Any] | None], float] | None = getattr(bot, "pause", None)
        view: dict[str, Any] | None = None
        while True:
            if paced is None:
                await self.clock.sleep(BOT_PAUSES.uniform(low, high))
            else:
                await self.clock.sleep(max(0.0, paced(view)) * pace)
            if self.game is not game or self.seats[seat].bot != level:
                return
            async with self._lock:
                try:
                    # the table's settings, as every view a person reads has them (a bot's
                    # pace may follow the table's, a stone's step say)
                    view = {
                        "settings": self.game_settings.model_dump(),
                        **game.public_view(),
                        "you": game.private_view(seat),
                    }
                    if not self.seats[seat].bot_seat:
                        view["stand_in"] = True  # it plays for a person who is away
                    action = bot.decide(view)
                except Exception:
                    log.exception("room %s: bot at seat %d failed to decide", self.code, seat)
                    continue
            if action is None:
                continue
            if getattr(action, "seat", seat) not in (seat, None):
                continue
            try:
                await self.act(action)
            except RuleError:
                pass  # a bot can lose a race like anyone else
            except Exception:
                log.exception("room %s: the bot at seat %d broke the room", self.code, seat)
