"""A room: the only writer of its table. Authorise, apply through the engine, store, fan out.

Every change goes through `_commit` under the room's lock, one at a time in arrival order: the
change is applied in memory (the engine refuses an illegal action before changing anything), given
the next `seq`, appended to the store and awaited, and only then sent to the viewers. The room is
its record plus that log: `Room.restore` rebuilds it by replaying the entries.

The room knows no game's rules: its game (`record.game`, found in the registry) decides every
action, says which one clock should run (`timer()`) and what may be sent as a patch. The room runs
that clock and the bots seated at its table, whose actions take the same path as a person's.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
from typing import Any

import orjson

from peanutclub.core import Action, Query, RuleError, refuse
from peanutclub.server.clock import Clock, ms
from peanutclub.server.codes import new_token
from peanutclub.server.links import Link
from peanutclub.server.room_claims import ClaimsRoom
from peanutclub.server.room_log import (
    GameMove,
    PresenceChanged,
    SeatJoined,
    SeatPiloted,
    decode,
    first_game,
)
from peanutclub.server.room_seats import NAME_LENGTH, Seat, Viewer, clean_name, same_secret
from peanutclub.server.settings import ServerSettings
from peanutclub.server.store import LogEntry, RoomRecord, Store

__all__ = ["NAME_LENGTH", "Room", "Seat", "Viewer", "clean_name", "same_secret"]

log = logging.getLogger("peanutclub.server.room")


class Room(ClaimsRoom):
    """The room the server uses: its handshake, game actions, restore and shutdown, on top of the
    layers (room_base.py says which) that hold its other concerns."""

    __slots__ = ()  # the fields are RoomBase's

    # ------------------------------------------------------------------ handshake

    async def join(self, viewer: Viewer, name: str, host_token: str | None, ref: Any) -> None:
        async with self._lock:
            host = self._check_host_token(host_token)
            if self.game is not None:
                raise refuse("wrong_phase", "The game has started: watch, or resume your seat.")
            if len(self.seats) >= self.max_players:
                raise refuse("room_full")
            name = clean_name(name)
            self._check_name_free(name)
            seat = len(self.seats)
            token = new_token()
            await self._commit(SeatJoined(name, token, None, host, online=True))
            viewer.seat, viewer.host = seat, host
            self._attach(viewer)
            self._welcome(viewer, token, ref)

    async def resume(self, viewer: Viewer, token: str, ref: Any) -> None:
        async with self._lock:
            seat = next(
                (i for i, s in enumerate(self.seats) if same_secret(s.token, token)),
                None,
            )
            if seat is None or self.seats[seat].bot_seat:
                raise refuse("unknown_token")
            claims_dropped = self._drop_claims_of_seat(seat)
            viewer.seat, viewer.host = seat, seat == self.host_seat
            previous = self.seat_viewers.get(seat)
            if previous is not None:
                self._detach(previous)
                previous.close(4000, "replaced by a newer connection")
            if self.seats[seat].bot is not None and not self.seats[seat].bot_seat:
                await self._commit(SeatPiloted(seat, None), skip=viewer)
            if not self.seats[seat].online:
                await self._commit(PresenceChanged(seat, True), skip=viewer)
            elif claims_dropped:
                self._send_states([], None, None, viewer)
            self._attach(viewer)
            self._welcome(viewer, self.seats[seat].token, ref)

    async def watch(self, viewer: Viewer, host_token: str | None, ref: Any) -> None:
        async with self._lock:
            viewer.seat, viewer.host = None, self._check_host_token(host_token)
            self._attach(viewer)
            self._welcome(viewer, None, ref)

    async def leave(self, viewer: Viewer) -> None:
        """A connection ended. Its seat stays; it is shown as away."""
        async with self._lock:
            if viewer not in self.viewers:
                return
            self._detach(viewer)
            if self._drop_claims_of_viewer(viewer):
                self._send_states([], None, None, None)
            seat = viewer.seat
            if (
                seat is not None
                and seat not in self.seat_viewers
                and seat < len(self.seats)
                and self.seats[seat].online
            ):
                await self._commit(PresenceChanged(seat, False))

    async def ask(self, viewer: Viewer, query: Query, ref: Any) -> None:
        """Answer a game's question to the viewer who asked it alone; nothing changes."""
        async with self._lock:
            if self.game is None:
                raise refuse("wrong_phase", "The game has not started.")
            seat = viewer.seat if viewer.seat is None or viewer.seat < self.playing else None
            answer = query.answer(self.game, seat, viewer.host)
            viewer.send(orjson.dumps({**answer, "ref": ref} if ref is not None else answer))

    def pong(self, viewer: Viewer, t: float | None, ref: Any) -> None:
        """Answer a `ping` at once, under no lock: the round trip a phone measures is the
        network's and the server's loop, not a wait behind the room's changes. The server times
        its own round trip from here to the page's `echo` (`echo`)."""
        now = self.clock.time()
        if viewer.seat is not None:
            self.links.setdefault(viewer, Link()).pong_sent(now)
        frame = {"type": "pong", "t": t, "now": int(now * 1000)}
        viewer.send(orjson.dumps(frame if ref is None else {**frame, "ref": ref}))

    async def echo(self, viewer: Viewer) -> None:
        """A page's echo of its last pong: a round trip timed on the server's clock. The table
        hears of it only when the seat's quality changes."""
        link = self.links.get(viewer)
        quality = None if link is None else link.echo_heard(self.clock.time())
        seat = viewer.seat
        if quality is None or seat is None or seat >= len(self.seats):
            return
        async with self._lock:
            if self.seat_viewers.get(seat) is not viewer or self.seats[seat].link == quality:
                return
            self.seats[seat].link = quality.value
            self._send_states([], None, None, None)

    async def resync(self, viewer: Viewer, ref: Any) -> None:
        async with self._lock:
            if viewer in self.viewers:
                viewer.send(self._state_for(viewer.seat, ref=ref))

    def _check_host_token(self, host_token: str | None) -> bool:
        if host_token is None:
            return False
        if not same_secret(host_token, self.record.host_token):
            raise refuse("unknown_token")
        return True

    def _check_name_free(self, name: str) -> None:
        folded = name.casefold()
        if any(s.name.casefold() == folded for s in self.seats):
            raise refuse("name_taken")

    # ------------------------------------------------------------------ game actions

    async def act(self, action: Action, viewer: Viewer | None = None, ref: Any = None) -> None:
        """Apply one game action (the action names its seat). Raises `RuleError` if refused."""
        async with self._lock:
            game = self.game
            if game is None:
                raise refuse("wrong_phase", "The game has not started.")
            action = game.arrived(action, ms(self.clock.time()))
            try:
                await self._commit(GameMove(action), viewer=viewer, ref=ref)
            except RuleError as error:
                # The refusal changed nothing; the game may still record a public fact about
                # it (a race lost by a few ms), as an action of its own, before the refusal
                # goes back to its sender.
                after = game.after_refusal(action, error.code)
                if after is not None and self.game is game:
                    with contextlib.suppress(RuleError):
                        await self._commit(GameMove(after))
                raise

    # ------------------------------------------------------------------ life and death

    def stop(self) -> None:
        """Stop the clock and the bots; the viewers stay connected (another process takes the
        room over, see cluster.py)."""
        self.closed = True
        if self._timer is not None:
            self._timer.cancel()
        for task in self._bots.values():
            task.cancel()
        self._bots.clear()
        for task in self._claim_waits.values():
            task.cancel()
        self._claim_waits.clear()
        self.claims.clear()

    async def close(self) -> None:
        """Stop the clock and the bots (the server is shutting down or the room expired)."""
        self.stop()
        for v in list(self.viewers):
            v.close(1001, "the room is closing")

    @classmethod
    def restore(
        cls,
        record: RoomRecord,
        entries: list[LogEntry],
        settings: ServerSettings,
        store: Store,
        clock: Clock,
    ) -> Room:
        """Rebuild a room from its log. Nobody is connected; clocks wait for `resume_clocks`.

        The log starts with the game the room was created with (a switch names the game it
        left); each switch replayed changes the game whose actions the entries after it hold."""
        room = cls(
            dataclasses.replace(record, game=first_game(entries, record.game)),
            settings,
            store,
            clock,
        )
        for entry in entries:
            decode(entry, room.game_class).apply(room)
            room.seq = entry.seq
        for s in room.seats:
            s.online = False
        return room

    async def resume_clocks(self) -> None:
        """After a restore: set the clock and the bots going again, from their full times.

        Nothing happens for anyone while nobody could be connected: the game says what a
        restart takes back (`restarted()`: a running call, say), logged like any action so that
        replays agree, and every clock starts over with its full time.
        """
        async with self._lock:
            game = self.game
            taken_back = None if game is None or game.over else game.restarted()
            if taken_back is not None:
                await self._commit(GameMove(taken_back))
            elif (
                game is not None
                and game.over
                and self.record_id is not None
                and await self.store.load_game(self.record_id) is None
            ):
                await self._keep_game()  # the process died between the end and keeping it
            self._rearm()
            self._manage_bots()
