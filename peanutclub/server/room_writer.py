"""The room's single writer: every change goes through `_commit` under the room's lock, one at
a time in arrival order. The change (a room_log.py value) is applied in memory, given the next
`seq`, appended to the store and awaited, and only then sent to the viewers; if the store refuses
it, the room goes back to what its log holds. A game that ends is kept for its history page."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from typing import Any

from peanutclub.core import export_game, replay
from peanutclub.server import views
from peanutclub.server.room_bots import BotsRoom
from peanutclub.server.room_clock import ClockedRoom
from peanutclub.server.room_fanout import FanOutRoom
from peanutclub.server.room_log import GameMove, RoomChange, encode
from peanutclub.server.room_seats import Viewer

log = logging.getLogger("peanutclub.server.room")


class RoomWriter(ClockedRoom, BotsRoom, FanOutRoom):
    """A room that changes only through `_commit`."""

    __slots__ = ()  # the fields are RoomBase's

    def _undo_point(self, change: RoomChange) -> Callable[[], None] | None:
        """A way back to the room as it is now, taken before a change is applied.

        None for an action, the hot path: the game's own log is the way back (an action that
        the engine accepts adds exactly one entry to it), so nothing is made here for a bid.
        The other changes are rare, so a snapshot of the seats and settings is cheap enough.
        """
        if isinstance(change, GameMove):
            return None
        game = self.game
        seats = [dataclasses.replace(s) for s in self.seats]
        host_seat, game_settings, games_played = (
            self.host_seat,
            self.game_settings,
            self.games_played,
        )
        game_class = self.game_class
        evening_games = list(self.evening_games)
        viewer_seats = {v: v.seat for v in self.viewers}
        seat_viewers = dict(self.seat_viewers)

        def restore() -> None:
            self.seats, self.host_seat, self.game = seats, host_seat, game
            self.game_class = game_class
            self.game_settings, self.games_played = game_settings, games_played
            self.evening_games = evening_games
            if game is not None:
                game.settings = game_settings
            for viewer, seat in viewer_seats.items():
                viewer.seat = seat
            self.seat_viewers = seat_viewers

        return restore

    def _take_back_action(self) -> None:
        """Rebuild the game without its last action (the one the store refused)."""
        game = self.game
        assert game is not None
        self.game = replay(
            self.game_class, game.seat_count, game.seed, game.settings, game.log[:-1]
        )

    async def _commit(
        self,
        change: RoomChange,
        *,
        viewer: Viewer | None = None,
        ref: Any = None,
        skip: Viewer | None = None,
    ) -> None:
        """Apply, store, then tell everyone. Must be called with the lock held.

        If the store refuses the change (a full disk, a broken file), the room goes back to what
        its log holds, so memory and log never part ways and nobody hears of the change.
        """
        undo = self._undo_point(change)
        move = change if isinstance(change, GameMove) else None
        events, fields = (change.apply(self), None) if move is None else move.play(self)
        self.seq += 1
        try:
            await self.store.append(self.code, encode(self.seq, change))
        except BaseException:
            self.seq -= 1
            if undo is None:
                self._take_back_action()
            else:
                undo()
            raise
        game = self.game
        if fields is None and move is not None and game is not None and game.over:
            await self._keep_game()  # this action ended it: none is accepted after the end
        self.last_activity = self.clock.time()
        self._rearm()
        self._manage_bots()
        if fields is not None and not (game is not None and game.over):
            ack = None if viewer is None or ref is None else (viewer.seat, ref)
            frame = views.patch_frame(self, self.seq, fields, events, ack)
            for v in self.viewers:
                if v is not skip:
                    v.send(frame)
            return
        self._send_states(events, viewer, ref, skip)

    async def _keep_game(self, abandoned: bool = False) -> None:
        """Store a game's export for its history page once it is over, or once the host ended
        it before its end (`abandoned`: no action is accepted after either)."""
        game, record_id = self.game, self.record_id
        if game is None or record_id is None or not (game.over or abandoned):
            return
        try:
            export = export_game(game, [s.name for s in self.seats][: game.seat_count])
            kept = {"id": record_id, "code": self.code, **export}
            if abandoned:
                kept["abandoned"] = True
            await self.store.save_game(record_id, self.code, kept)
        except Exception:
            log.exception("room %s: could not keep game %s", self.code, record_id)
