"""The room's one clock: the game says which timer should run (`timer()`), the room sets it,
shortens it while the awaited person is away, and applies its action when it comes due."""

from __future__ import annotations

import functools
import logging

from peanutclub.core import Action
from peanutclub.server.room_base import RoomBase
from peanutclub.server.room_log import GameMove

log = logging.getLogger("peanutclub.server.room")


class ClockedRoom(RoomBase):
    """A room that runs its game's clock."""

    __slots__ = ()  # the fields are RoomBase's

    def _hurried(self, seat: int | None) -> bool:
        """Whether the clock waiting for `seat` should only wait its short grace: that seat's
        person has no connection and no bot plays for them, while another person sits at the
        table (nobody is hurried at an empty table, as after a restart)."""
        if seat is None or seat >= len(self.seats):
            return False
        waited = self.seats[seat]
        if waited.online or waited.bot is not None:
            return False
        return any(s.online for i, s in enumerate(self.seats) if i != seat)

    def _rearm(self) -> None:
        """Set the one clock that should run now; only a change of the game, or of the presence
        of the person it waits for, resets it."""
        game = self.game
        key = (
            None
            if game is None
            else (self.games_played, game.clock_key, self._hurried(self._waits_for))
        )
        if key == self._timer_key:
            return
        self._armed += 1  # a clock set before this one must not fire any more
        if self._timer is not None:
            self._timer.cancel()
        self._timer, self.deadline, self.deadline_kind = None, None, None
        timer = None if game is None else game.timer()
        self._waits_for = None if timer is None else timer.seat
        hurried = self._hurried(self._waits_for)
        self._timer_key = None if game is None else (self.games_played, game.clock_key, hurried)
        if timer is None:
            return
        kind, delay = timer.kind, timer.seconds
        if hurried and timer.away_seconds is not None:
            delay = min(delay, timer.away_seconds)

        # A bound method, not a closure over the timer: a timer that refers to itself is a
        # reference cycle, left for the collector at every step of every clock.
        self._timer = self.clock.call_later(
            delay, functools.partial(self._fire, self._armed, kind, timer.action)
        )
        self.deadline, self.deadline_kind = self.clock.time() + delay, kind

    async def _fire(self, armed: int, kind: str, action: Action) -> None:
        """The clock set by `_rearm` comes due: apply its action, unless it was set again since."""
        async with self._lock:
            if armed != self._armed or self._timer is None or self.closed:
                return
            self._timer = None
            try:
                await self._commit(GameMove(action))
            except Exception:
                log.exception("room %s: the clock's %s failed", self.code, kind)
