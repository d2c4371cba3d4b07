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

import asyncio
import contextlib
import dataclasses
import functools
import logging
import random
import secrets
from collections.abc import Callable
from typing import Any

import orjson

from peanutclub.core import Action, Game, Query, RuleError, export_game, refuse, replay
from peanutclub.games import find_game
from peanutclub.server import views
from peanutclub.server.changelock import ChangeLock
from peanutclub.server.clock import Clock, Timer, ms
from peanutclub.server.codes import new_token
from peanutclub.server.room_log import (
    GameEnded,
    GameMove,
    GameStarted,
    PresenceChanged,
    Rematch,
    RoomChange,
    SeatJoined,
    SeatLeft,
    SeatPiloted,
    SeatsSwapped,
    SettingsChanged,
    decode,
    encode,
)
from peanutclub.server.room_seats import NAME_LENGTH, Seat, Viewer, clean_name, same_secret
from peanutclub.server.settings import Settings
from peanutclub.server.store import LogEntry, RoomRecord, Store

__all__ = ["NAME_LENGTH", "Room", "Seat", "Viewer", "clean_name", "same_secret"]

log = logging.getLogger(__name__)


class Room:
    def __init__(self, record: RoomRecord, settings: Settings, store: Store, clock: Clock) -> None:
        self.code = record.code
        self.record = record
        self.settings = settings
        self.store = store
        self.clock = clock
        #: The game this room plays (its plug-in class) and the table's settings for it.
        self.game_class = find_game(record.game)
        self.game_settings = self.game_class.Settings.model_validate(record.settings)
        self.seats: list[Seat] = []
        self.host_seat: int | None = None
        self.game: Game | None = None
        self.games_played = 0
        self.seq = 0
        self.viewers: set[Viewer] = set()
        self.seat_viewers: dict[int, Viewer] = {}
        self.deadline: float | None = None
        self.deadline_kind: str | None = None
        self.last_activity = clock.time()
        self.closed = False
        self._lock = ChangeLock()
        self._timer: Timer | None = None
        self._timer_key: tuple[int, int, bool] | None = None
        #: The seat the clock set now waits for, if any (see `_hurried`).
        self._waits_for: int | None = None
        #: How many times the clock was set: a step that was due before the last setting is void.
        self._armed = 0
        self._bots: dict[int, asyncio.Task[None]] = {}
        self._bot_rng = random.Random(secrets.randbits(64))

    # ------------------------------------------------------------------ reading

    @property
    def phase(self) -> str:
        return "lobby" if self.game is None else self.game.phase

    @property
    def max_players(self) -> int:
        return self.game_class.players.stop - 1

    def summary(self) -> dict[str, Any]:
        """The public summary served at `GET /api/rooms/{code}` (no secrets)."""
        return {
            "code": self.code,
            "game": self.game_class.id,
            "phase": self.phase,
            "players": [
                {"seat": i, "name": s.name, "connected": s.connected, "bot": s.bot}
                for i, s in enumerate(self.seats)
            ],
            "seats_free": self.max_players - len(self.seats) if self.game is None else 0,
            "settings": self.game_settings.model_dump(),
            "watchers": sum(1 for v in self.viewers if v.seat is None),
        }

    def is_idle(self, now: float) -> bool:
        return not self.viewers and now - self.last_activity > self.settings.room_idle_ttl_seconds

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
            viewer.seat, viewer.host = seat, seat == self.host_seat
            previous = self.seat_viewers.get(seat)
            if previous is not None:
                self._detach(previous)
                previous.close(4000, "replaced by a newer connection")
            if self.seats[seat].bot is not None and not self.seats[seat].bot_seat:
                await self._commit(SeatPiloted(seat, None), skip=viewer)
            if not self.seats[seat].online:
                await self._commit(PresenceChanged(seat, True), skip=viewer)
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
            answer = query.answer(self.game, viewer.seat, viewer.host)
            viewer.send(orjson.dumps({**answer, "ref": ref} if ref is not None else answer))

    def pong(self, viewer: Viewer, t: float | None, ref: Any) -> None:
        """Answer a `ping` at once, under no lock: the round trip a phone measures is the
        network's and the server's loop, not a wait behind the room's changes."""
        frame = {"type": "pong", "t": t, "now": int(self.clock.time() * 1000)}
        viewer.send(orjson.dumps(frame if ref is None else {**frame, "ref": ref}))

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

    def _attach(self, viewer: Viewer) -> None:
        self.viewers.add(viewer)
        if viewer.seat is not None:
            self.seat_viewers[viewer.seat] = viewer
        self.last_activity = self.clock.time()

    def _detach(self, viewer: Viewer) -> None:
        self.viewers.discard(viewer)
        if viewer.seat is not None and self.seat_viewers.get(viewer.seat) is viewer:
            del self.seat_viewers[viewer.seat]
        self.last_activity = self.clock.time()

    def _welcome(self, viewer: Viewer, token: str | None, ref: Any) -> None:
        public = views.dumps(views.public_state(self))
        you = views.dumps(views.you(self, viewer.seat))
        extra = {"seat": viewer.seat, "token": token, "host": viewer.host}
        viewer.send(views.envelope("welcome", self.seq, public, you, ref=ref, extra=extra))

    # ------------------------------------------------------------------ host commands

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

    # ------------------------------------------------------------------ the single writer

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
        viewer_seats = {v: v.seat for v in self.viewers}
        seat_viewers = dict(self.seat_viewers)

        def restore() -> None:
            self.seats, self.host_seat, self.game = seats, host_seat, game
            self.game_settings, self.games_played = game_settings, games_played
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
        events = change.apply(self)
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
        action = change.action if isinstance(change, GameMove) else None
        fields = None if action is None or game is None else game.patch(action)
        if fields is None and action is not None and game is not None and game.over:
            await self._keep_game()  # this action ended it: none is accepted after the end
        self.last_activity = self.clock.time()
        self._rearm()
        self._manage_bots()
        if fields is not None:
            frame = views.patch_frame(self, self.seq, fields, events)
            for v in self.viewers:
                if v is not skip:
                    v.send(frame)
            return
        self._send_states(events, viewer, ref, skip)

    def _send_states(
        self, events: list[Any], sender: Viewer | None, ref: Any, skip: Viewer | None
    ) -> None:
        public = views.dumps(views.public_state(self))
        encoded_events = views.dumps(events)
        by_seat: dict[int | None, bytes] = {}
        for v in self.viewers:
            if v is skip:
                continue
            if v is sender and ref is not None:
                v.send(self._state_bytes(public, v.seat, encoded_events, ref))
                continue
            frame = by_seat.get(v.seat)
            if frame is None:
                frame = by_seat[v.seat] = self._state_bytes(public, v.seat, encoded_events, None)
            v.send(frame)

    def _state_bytes(self, public: bytes, seat: int | None, events: bytes, ref: Any) -> bytes:
        you = views.dumps(views.you(self, seat))
        return views.envelope("state", self.seq, public, you, events=events, ref=ref)

    def _state_for(self, seat: int | None, ref: Any = None) -> bytes:
        public = views.dumps(views.public_state(self))
        return self._state_bytes(public, seat, b"[]", ref)

    # ------------------------------------------------------------------ finished games

    @property
    def game_id(self) -> str | None:
        """The id the current (or last) game of this room is kept under once it is over."""
        if self.game is None:
            return None
        return f"{self.code}-{int(self.record.created)}-{self.games_played}"

    async def _keep_game(self, abandoned: bool = False) -> None:
        """Store a game's export for its history page once it is over, or once the host ended
        it before its end (`abandoned`: no action is accepted after either)."""
        game, game_id = self.game, self.game_id
        if game is None or game_id is None or not (game.over or abandoned):
            return
        try:
            export = export_game(game, [s.name for s in self.seats])
            kept = {"id": game_id, "code": self.code, **export}
            if abandoned:
                kept["abandoned"] = True
            await self.store.save_game(game_id, self.code, kept)
        except Exception:
            log.exception("room %s: could not keep game %s", self.code, game_id)

    # ------------------------------------------------------------------ the clock

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
            else (self.games_played, game.version, self._hurried(self._waits_for))
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
        self._timer_key = None if game is None else (self.games_played, game.version, hurried)
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

    # ------------------------------------------------------------------ bots

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
            wanted = {i for i, s in enumerate(self.seats) if s.bot is not None}
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
                await self.clock.sleep(self._bot_rng.uniform(low, high))
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
        settings: Settings,
        store: Store,
        clock: Clock,
    ) -> Room:
        """Rebuild a room from its log. Nobody is connected; clocks wait for `resume_clocks`."""
        room = cls(record, settings, store, clock)
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
                and self.game_id is not None
                and await self.store.load_game(self.game_id) is None
            ):
                await self._keep_game()  # the process died between the end and keeping it
            self._rearm()
            self._manage_bots()
