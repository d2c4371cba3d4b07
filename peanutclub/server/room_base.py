"""A room's state: its record, seats, connections, game and clock fields, and the reads that
change nothing (`phase`, `summary`, `record_id`).

The room is built in layers, one concern to a module, each a class on top of this one:
room_clock.py (the one clock), room_bots.py (the bots' loops), room_fanout.py (the frames sent to
the viewers), room_writer.py (the single writer, `_commit`), room_host.py (the host's commands),
room_claims.py (an away seat claimed from another device) and room.py (the handshake, game
actions, restore and shutdown: the `Room` the server uses).
"""

from __future__ import annotations

import asyncio
import functools
from typing import Any

import orjson

from peanutclub.core import Action, Game, GameSettings
from peanutclub.core.evening import EveningGame
from peanutclub.games import find_game
from peanutclub.server.changelock import ChangeLock
from peanutclub.server.clock import Clock, Timer
from peanutclub.server.links import Link
from peanutclub.server.ratelimit import TokenBucket
from peanutclub.server.room_log import RoomChange
from peanutclub.server.room_seats import Claim, Seat, Viewer
from peanutclub.server.settings import ServerSettings
from peanutclub.server.store import RoomRecord, Store
from peanutclub.server.views import ViewMemo


def settings_model(game_class: type[Game], values: dict[str, Any]) -> GameSettings:
    """The game's settings model for `values`, one for every room with the same values (most
    rooms keep the defaults): the models are frozen, so rooms can share one, and a model is
    about 1 KB that a room in its lobby would otherwise hold for its few seats (issue 30)."""
    return _settings_model(game_class, orjson.dumps(values, option=orjson.OPT_SORT_KEYS))


@functools.lru_cache(maxsize=256)
def _settings_model(game_class: type[Game], values: bytes) -> GameSettings:
    return game_class.Settings.model_validate(orjson.loads(values))


class RoomBase:
    """A room's state and what it tells without changing anything; the layers above add the
    clock, the bots, the fan-out, the single writer, the host's commands and the handshake.

    Its fields are slots, declared here for every layer (each layer declares none of its own):
    an idle room costs its lobby's memory to every seat, and CPython 3.11 gives an instance of
    30 or more attributes a dict of its own (1.6 KB) where slots cost 8 bytes each (issue 30).
    A field the layers need is added here, in `__slots__` and `__init__`."""

    __slots__ = (
        "_armed",
        "_bots",
        "_claim_buckets",
        "_claim_waits",
        "_lock",
        "_timer",
        "_timer_key",
        "_waits_for",
        "claims",
        "clock",
        "closed",
        "code",
        "deadline",
        "deadline_kind",
        "evening_games",
        "game",
        "game_class",
        "game_settings",
        "games_played",
        "host_seat",
        "last_activity",
        "links",
        "record",
        "seat_viewers",
        "seats",
        "seq",
        "settings",
        "store",
        "view_memo",
        "viewers",
    )

    def __init__(
        self, record: RoomRecord, settings: ServerSettings, store: Store, clock: Clock
    ) -> None:
        self.code = record.code
        self.record = record
        self.settings = settings
        self.store = store
        self.clock = clock
        #: The game this room plays (its plug-in class) and the table's settings for it.
        self.game_class = find_game(record.game)
        self.game_settings = settings_model(self.game_class, record.settings)
        self.seats: list[Seat] = []
        self.host_seat: int | None = None
        self.game: Game | None = None
        self.games_played = 0
        #: The games this room has left behind, in order (room_log.py's `_back_to_lobby`).
        self.evening_games: list[EveningGame] = []
        self.seq = 0
        self.viewers: set[Viewer] = set()
        self.seat_viewers: dict[int, Viewer] = {}
        #: Each seated connection's round trips as the server times them (server/links.py).
        self.links: dict[Viewer, Link] = {}
        #: What the views keep of the room's own fields between fan-outs (views.py).
        self.view_memo = ViewMemo()
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
        #: Pending claims of away seats by id, in arrival order (room_claims.py): in memory
        #: only, a restart drops them; each one's wait for a host, and each device's bucket.
        self.claims: dict[str, Claim] = {}
        self._claim_waits: dict[str, asyncio.Task[None]] = {}
        self._claim_buckets: dict[Viewer, TokenBucket] = {}

    # ------------------------------------------------------------------ reading

    @property
    def phase(self) -> str:
        return "lobby" if self.game is None else self.game.phase

    @property
    def max_players(self) -> int:
        return self.game_class.players.stop - 1

    @property
    def playing(self) -> int:
        """How many seats play this game: all of them, unless the host moved a larger table to
        a game for fewer (`switch_game` with `fit="watch"`): the seats beyond its most watch it,
        and play again at the next game that seats them."""
        return min(len(self.seats), self.max_players)

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
            "seats_free": max(0, self.max_players - len(self.seats)) if self.game is None else 0,
            "settings": self.game_settings.model_dump(),
            "watchers": sum(1 for v in self.viewers if v.seat is None),
        }

    def is_idle(self, now: float) -> bool:
        return not self.viewers and now - self.last_activity > self.settings.room_idle_ttl_seconds

    @property
    def record_id(self) -> str | None:
        """The id the current (or last) game of this room is kept under once it is over."""
        if self.game is None:
            return None
        return f"{self.code}-{int(self.record.created)}-{self.games_played}"

    def _attach(self, viewer: Viewer) -> None:
        self.viewers.add(viewer)
        if viewer.seat is not None:
            self.seat_viewers[viewer.seat] = viewer
        self.last_activity = self.clock.time()

    def _detach(self, viewer: Viewer) -> None:
        self.viewers.discard(viewer)
        self.links.pop(viewer, None)
        if viewer.seat is not None and self.seat_viewers.get(viewer.seat) is viewer:
            del self.seat_viewers[viewer.seat]
            if viewer.seat < len(self.seats):
                self.seats[viewer.seat].link = None  # measured again when it comes back
        self.last_activity = self.clock.time()

    # ------------------------------------------------------------------ given by the layers above

    async def _commit(
        self,
        change: RoomChange,
        *,
        viewer: Viewer | None = None,
        ref: Any = None,
        skip: Viewer | None = None,
    ) -> None:
        """Apply, store, then tell everyone (room_writer.py's `RoomWriter`)."""
        raise NotImplementedError

    async def act(self, action: Action, viewer: Viewer | None = None, ref: Any = None) -> None:
        """Apply one game action (room.py's `Room`)."""
        raise NotImplementedError
