"""What Peanuts!' clients do under the load tools: the bench's players (`peanutclub bench` and
`python -m peanutclub.bench.inprocess`) and the soak's bot players (`peanutclub soak`).

The bench's rooms play whole games of the race, four racers to a table (`--seats`): each seat
on its own schedule (`--rates` moves per second per seat, 1 by default) looks at the table as a
hard bot would and makes its move (a card, a flip, a stuck declaration); a move is delivered when
the last seat of its room has the `patch` that carries it. Calls, rotations and new rounds come
as whole states.

Every client here brings its view up to date from a patch by the game's one rule
(`patch.apply_patch`), as the pages do.
"""

from __future__ import annotations

import time
from typing import Any

import orjson

from peanutclub.bench.table import GameRoom, Plan, Stats, message_of
from peanutclub.core.game import BenchPlan, SoakPlan
from peanutclub.games.peanuts.bots import LEVELS
from peanutclub.games.peanuts.engine import Action
from peanutclub.games.peanuts.patch import apply_patch

#: The bench's tables: no count-down, no pause between rounds, a short stall clock and a short
#: game (development mode lifts the bounds).
PACE = {
    "countdown_seconds": 0,
    "between_rounds_seconds": 0,
    "stall_seconds": 1,
    "target_score": 60,
}
#: Players at a bench table (`peanutclub bench --seats` plays others).
PLAYERS = 4
#: Every seat moves on its own schedule: the rate is moves per second per seat.
PER_SEAT = True
RATE_UNIT = "moves/s per seat"
#: `peanutclub bench --game peanuts` by default: 200 tables of four, one move a second each.
ROOMS = "200"
RATES = "1"
#: About how many ticks one of the bench's games lasts at four seats, in ticks of the whole room
#: (`python -m peanutclub.bench.inprocess --game peanuts` records about 1,150 steps a game of five
#: rounds): nearly five minutes at one move a second per seat.
GAME_TICKS = 1150
#: The rooms' starts are spread over one round (230 ticks of the room: 57.5 s at one move a
#: second per seat), so that the tables are at every point of a round when measured, its end
#: included (stalls, rotations, whole states); a whole game would take minutes per run.
SPREAD_TICKS = 230


def relay_frame(ref: int) -> dict[str, Any]:
    """What the relay's clients send on a tick: a move frame of the same shape as ours."""
    return {"type": "move", "card": ref % 312, "to": "foundation", "pile": None, "ref": ref}


#: How each kind of patch names its change record (its first event).
PATCH_KINDS = (
    b'"events":[{"type":"moved"',
    b'"events":[{"type":"flipped"',
    b'"events":[{"type":"stuck"',
)


def key_of(action: Action, deck: int) -> Any:
    """What identifies a move in flight until its patch arrives."""
    data = action.to_dict()
    kind = data["type"]
    if kind == "move":
        return ("move", data["card"])
    if kind == "flip":
        return ("flip", deck)
    if kind == "stuck":
        return ("stuck", deck, data["on"])
    return None  # a call: answered by whole states, not timed


# ---------------------------------------------------------------------------- peanutclub bench


class Table(GameRoom):
    """Racers at one table, over WebSockets, each moving on their own schedule."""

    def __init__(self, plan: Plan, stats: Stats, index: int) -> None:
        super().__init__(plan, stats, index)
        self.bots = [LEVELS["hard"](seat, index) for seat in range(self.seat_count)]

    def started(self) -> bool:
        return bool(self.view["phase"] == "playing")

    def patch_kind(self, raw: bytes) -> str:
        """A card's move, a flip or a stuck declaration: the kind of the patch's change record."""
        for kind in PATCH_KINDS:
            if raw.find(kind) >= 0:
                return kind.decode().rsplit('"', 2)[-2]
        return "patch"

    def apply_patch(self, view: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
        return apply_patch(view, patch)

    def arrived(self, seat: int, message: dict[str, Any]) -> None:
        if message["type"] != "patch":
            return
        for change in message["events"]:
            kind = change["type"]
            if kind == "moved":
                self.delivered(("move", change["card"]), seat)
            elif kind == "flipped":
                self.delivered(("flip", change["deck"]), seat)
            elif kind == "stuck":
                self.delivered(("stuck", change["deck"], change["on"]), seat)

    def tick_seat(self, seat: int) -> None:
        stats = self.stats
        view = self.view
        if view["phase"] != "playing":
            stats.skipped += 1
            return
        action = self.bots[seat].decide(view)
        if action is None:
            stats.skipped += 1
            return
        key = key_of(action, view["players"][seat]["deck"])
        if key is not None and key in self.pending:
            stats.skipped += 1  # the same move is still in flight
            return
        ref = self.next_ref
        self.next_ref += 1
        if key is not None:
            self.pending[key] = [time.perf_counter(), self.seat_count, ref, stats.measuring]
            self.by_ref[ref] = key
            if stats.measuring:
                stats.bids += 1
        self.seats[seat].send(orjson.dumps({**message_of(action), "ref": ref}))


# ---------------------------------------------------------------------------- in process


class Recorder:
    """The bench's clients' choices, made from the game's views, for `bench.inprocess`."""

    def __init__(self) -> None:
        self.bots: list[Any] = []
        self.turn = 0

    def next(self, table: Any) -> tuple[int, dict[str, Any]] | None:
        """(seat, message) for the table's next step, or None: the clock's next step."""
        public = table.public_view()
        if public["phase"] != "playing":
            return None
        seats = len(public["players"])
        if len(self.bots) != seats:
            self.bots = [LEVELS["hard"](seat, 3) for seat in range(seats)]
        for step in range(seats):
            seat = (self.turn + step) % seats
            action = self.bots[seat].decide({**public, "you": table.private_view(seat)})
            if action is not None:
                self.turn = seat + 1
                return seat, message_of(action)
        return None


# ---------------------------------------------------------------------------- peanutclub soak

#: The soak's quick clocks and short games (a round or two: the soak's players act every 0.1 to
#: 0.4 s, so a round lasts about half a minute).
SOAK_PACE = {
    "countdown_seconds": 0.2,
    "between_rounds_seconds": 0.5,
    "stall_seconds": 3,
    "target_score": 10,
}
#: The phases in which a bot may act (a player whose bot waits does nothing: the stall clock
#: moves the table on).
SOAK_PHASES = frozenset({"playing"})
#: The moves a soak player sends.
SOAK_SENT = frozenset({"move", "flip", "stuck", "peanuts"})


def acknowledges(action: dict[str, Any], event: dict[str, Any], seat: int) -> bool:
    """Whether a patch's event is `action` applied (a call is acknowledged by its state's ref)."""
    kind = action["type"]
    if event.get("seat") != action.get("seat"):
        return False
    if kind == "move":
        return bool(event["type"] == "moved" and event.get("card") == action["card"])
    if kind == "flip":
        return bool(event["type"] == "flipped")
    if kind == "stuck":
        return bool(event["type"] == "stuck" and event.get("on") == action["on"])
    return False


#: The game's part of `peanutclub bench` and of the in-process replay (its class's
#: `tools.bench` loads it).
BENCH = BenchPlan(
    pace=PACE,
    table=Table,
    recorder=Recorder,
    relay_frame=relay_frame,
    game_ticks=GAME_TICKS,
    spread_ticks=SPREAD_TICKS,
    players=PLAYERS,
    per_seat=PER_SEAT,
    rate_unit=RATE_UNIT,
    rooms=ROOMS,
    rates=RATES,
)

#: The game's part of `peanutclub soak` (its class's `tools.soak` loads it).
SOAK = SoakPlan(
    pace=SOAK_PACE,
    phases=SOAK_PHASES,
    sent=SOAK_SENT,
    acknowledges=acknowledges,
    apply_patch=apply_patch,
)
