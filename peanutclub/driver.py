"""The one timed driver: a real `Room` on a manual clock and the memory store, for the tools.

A tournament asks how bots fare in time, against each other or against a person's pace. The
only faithful answer is the room itself: its clock (set again whenever the game changes), its
arrival stamps, its refusals and its fan-out are what a table in play has. So the tools do not
rebuild any of it: `TimedTable` opens a room on a `ManualClock` (time stands still until the
next thing falls due, so an hour of play takes no hour) and the `MemoryStore`, seats a person at
every seat, starts the game and lets the tool's participants act through `Room.act`, as a
person's connection does.

A participant is driven by the tool: it sets a wake-up (`at`), reads its seat's view (`view`,
the same dict the room's bot loop hands a bot) and may act (`act`, False when refused); or the
tool seats it to play as the room's bot loop plays a bot (`seat_player`). The events of every
accepted change reach `on_events`, read from the frames a watcher receives: what any client sees.
This module knows no game; the game is the class it is given.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import orjson

from peanutclub.core import Action, Bot, Game, RuleError
from peanutclub.games import GAMES
from peanutclub.server.clock import ManualClock, Timer, TimerCallback
from peanutclub.server.room import Room
from peanutclub.server.settings import ServerSettings
from peanutclub.server.store import MemoryStore, RoomRecord

#: The host's secret of every driven room (nobody else ever connects to it).
HOST_TOKEN = "driver-host"
#: The room code of a driven table (one room per store, so one code does).
CODE = "DRIVE"

#: How long a party host lets a still table wait, with no clock running, before moving it on.
HOST_WAIT = 15.0
#: A game that runs longer than this (virtual seconds) is a bug in a participant.
LONGEST_GAME = 6 * 3600.0

#: What a tool is told after every change the room makes once the game has started (every
#: accepted action, the clock's too): the change's public events, perhaps none.
EventsListener = Callable[[list[dict[str, Any]]], None]


class Stalled(RuntimeError):
    """A driven game did not end in the time given: a participant keeps it from moving on."""


class _Seat:
    """A connection's side of one seat, or of the watcher: frames arrive here and are dropped,
    but for the watcher's, which are read for their events."""

    def __init__(self, listener: Callable[[bytes], None] | None = None) -> None:
        self.seat: int | None = None
        self.host = False
        self.shaken = True
        self._listener = listener

    def send(self, frame: bytes) -> None:
        if self._listener is not None:
            self._listener(frame)

    def close(self, code: int, reason: str) -> None:
        """A driven room closes only at the end; nothing to do."""


class TimedTable:
    """One game of `game` for `players` people on virtual time, through a real room.

    The room's seed is fixed, so the same `seed` deals the same game. `settings` are the table's
    settings beyond the game's defaults.
    """

    def __init__(
        self,
        game: type[Game],
        players: int,
        seed: int,
        settings: dict[str, Any] | None = None,
        on_events: EventsListener | None = None,
    ) -> None:
        self.game_class = game
        self.players = players
        self.clock = ManualClock()
        self.store = MemoryStore()
        self.start = self.clock.time()
        self.on_events = on_events
        record = RoomRecord(
            code=CODE,
            host_token=HOST_TOKEN,
            created=self.start,
            settings=game.Settings(**(settings or {})).model_dump(),
            fixed_seed=seed,
            game=game.id,
        )
        self.record = record
        self._room: Room | None = None
        self._seats = [_Seat() for _ in range(players)]
        self._settings: dict[str, Any] = {}
        #: The participants' actions the room accepted (the host's and the clock's not), and
        #: those it refused, by rule error code: what a tool reports of its players.
        self.actions = 0
        self.refused: Counter[str] = Counter()

    # ------------------------------------------------------------------ opening

    async def open(self) -> None:
        """Create the room, seat a person at every seat, watch, and start the game."""
        listed = GAMES.get(self.game_class.id)
        GAMES[self.game_class.id] = self.game_class  # a game the registry does not list yet
        try:
            await self.store.create_room(self.record)
            room = self._room = Room(self.record, ServerSettings(), self.store, self.clock)
        finally:
            if listed is None:
                GAMES.pop(self.game_class.id, None)
            else:
                GAMES[self.game_class.id] = listed
        for s, seat in enumerate(self._seats):
            await room.join(seat, f"P{s + 1}", HOST_TOKEN if s == 0 else None, None)
        await room.watch(_Seat(self._frame), None, None)
        await room.start(self._seats[0], None)
        # read once: a table's settings are fixed while its game runs
        self._settings = room.game_settings.model_dump()

    def _frame(self, frame: bytes) -> None:
        if self.on_events is None or self._room is None or self._room.game is None:
            return
        data = orjson.loads(frame)
        if data.get("type") in ("state", "patch"):
            self.on_events(data.get("events") or [])

    # ------------------------------------------------------------------ reading

    @property
    def room(self) -> Room:
        assert self._room is not None, "open() the table first"
        return self._room

    @property
    def game(self) -> Game:
        game = self.room.game
        assert game is not None
        return game

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def now(self) -> float:
        """Seconds since the table opened."""
        return self.clock.time() - self.start

    def view(self, seat: int) -> dict[str, Any]:
        """What the room's bot loop hands a bot at `seat`: the table's settings, the public
        view and the seat's own."""
        game = self.game
        return {
            "settings": self._settings,
            **game.public_view(),
            "you": game.private_view(seat),
        }

    # ------------------------------------------------------------------ acting

    def at(self, delay: float, callback: TimerCallback) -> Timer:
        """Run `callback` after `delay` seconds of virtual time (a participant's next look)."""
        return self.clock.call_later(max(0.0, delay), callback)

    async def act(self, action: Action, player: bool = True) -> bool:
        """Hand `action` to the room as its seat's connection would; False if it was refused.
        A player's outcome is counted (`actions`, `refused`); the host's (`player` False) not."""
        try:
            await self.room.act(action, self._seat_of(action))
        except RuleError as error:
            if player:
                self.refused[error.code] += 1
            return False
        if player:
            self.actions += 1
        return True

    @property
    def clock_running(self) -> bool:
        """Whether the room's clock waits to move the game on (a deadline is set)."""
        return self.room.deadline is not None

    def seat_player(self, seat: int, player: Bot) -> None:
        """Let `player` play `seat` as the room's bot loop plays a bot: it waits its `pause`
        (a player without one, the room's bot delay), looks at its seat's view, may act, and
        waits again, until the game ends. The wait follows the view it last saw."""
        paced: Callable[[dict[str, Any] | None], float] | None = getattr(player, "pause", None)
        settings = self.room.settings
        draw = random.Random(f"driver:{self.record.fixed_seed}:{seat}").uniform

        def pause(view: dict[str, Any] | None) -> float:
            if paced is not None:
                return paced(view)
            return draw(settings.bot_delay_min, settings.bot_delay_max)

        async def look() -> None:
            if self.over:
                return
            view = self.view(seat)
            action = player.decide(view)
            if action is not None:
                if getattr(action, "seat", seat) in (seat, None):
                    await self.act(action)
                else:  # a player speaks only for its own seat (the simulator counts it so)
                    self.refused["not_seated"] += 1
            self.at(pause(view), look)

        self.at(pause(None), look)

    def _seat_of(self, action: Action) -> _Seat | None:
        seat = getattr(action, "seat", None)
        return self._seats[seat] if isinstance(seat, int) and 0 <= seat < self.players else None

    async def play(self, longest: float) -> None:
        """Move time from one due thing to the next until the game ends; `Stalled` if it runs
        past `longest` seconds or nothing is left to happen."""
        clock = self.clock
        while not self.over:
            due = clock.next_due()
            if due is None or due - self.start > longest:
                raise Stalled(f"{self.game_class.id} game {self.record.fixed_seed} does not end")
            await clock.step()
        self.room.stop()


async def play_table(
    game: type[Game],
    players: Sequence[Bot],
    seed: int,
    settings: dict[str, Any] | None = None,
    host_action: Callable[[Any], Action] | None = None,
    on_events: EventsListener | None = None,
    longest: float = LONGEST_GAME,
) -> TimedTable:
    """One whole game at a `TimedTable`, `players[seat]` at each seat, and the finished table.

    What the tools share (the tournament, the simulator's timed play), so they play alike:

    - a player with no `notice` is seated as the room's bot loop plays a bot (`seat_player`);
    - a stand-in for a person that answers the table's changes (`notice(public_view)`, the
      seconds until it looks, or None to keep the look it has) looks once, that long after a
      change that concerns it;
    - where the game waits on its host while no clock runs (`host_action`, e.g. Peanut Club's
      "going" on a lot nobody bids on), a party host takes that action after `HOST_WAIT`
      seconds of a still table.

    `on_events` hears the events of every change after the start (the deal's, which no step
    made, not: the untimed simulator's tally never sees them either), after the host and the
    stand-ins have.
    """
    host: Timer | None = None
    started = False
    looks: dict[int, Timer] = {}  # a stand-in's one look, set at the change it answers

    def changed(events: list[dict[str, Any]]) -> None:
        """After every change the room makes: the host watches for a still table; stand-ins
        take in the change and answer it a few seconds later."""
        nonlocal host
        if host_action is not None:
            if host is not None:
                host.cancel()
            host = table.at(HOST_WAIT, call)
        public: dict[str, Any] | None = None
        for seat, stand_in in enumerate(players):
            notice: Callable[[dict[str, Any]], float | None] | None
            notice = getattr(stand_in, "notice", None)
            if notice is None:
                continue
            public = public or table.game.public_view()
            delay = notice(public)
            if delay is not None:
                if seat in looks:
                    looks[seat].cancel()
                looks[seat] = table.at(delay, functools.partial(look, seat))
        if started and on_events is not None:
            on_events(events)

    table = TimedTable(game, len(players), seed, settings, on_events=changed)

    async def call() -> None:
        if host_action is not None and not table.over and not table.clock_running:
            await table.act(host_action(table.game), player=False)

    async def look(seat: int) -> None:
        looks.pop(seat, None)
        if not table.over:
            action = players[seat].decide(table.view(seat))
            if action is not None:
                await table.act(action)

    await table.open()
    started = True
    for seat, p in enumerate(players):
        if getattr(p, "notice", None) is None:
            table.seat_player(seat, p)
    await table.play(longest)
    return table
