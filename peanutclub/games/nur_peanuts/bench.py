"""What Nur Peanuts!' clients do under the load tools: the bench's players (`peanutclub bench
--game nur-peanuts` and `python -m peanutclub.bench.inprocess --game nur-peanuts`).

The bench's rooms play whole games, four players to a table (`--seats`), a turn every two
seconds per room (`--rates 0.5`, turns per second per room). On each tick the seat whose decision
it is, as the view says, makes it (`choose`): the player to move throws (one of the three throws
at random), and as soon as the whole room has the throw, rolls again if the view offers a free
roll (a white 0 showed), else parks; a buyer (the preliminary round, a round's winner) buys one of
the fields the view says they can afford, at random, or passes when they may and can afford none.
The clock moves the neutral stones and starts the next round. A player never pays to roll again,
and decides at once: a bot's weighing of its chances costs the load far more than the server's
work per frame. An action is delivered when the last seat of its room has the frame that carries
its event (a `patch` for a throw or a park that moved no money, else whole states): `thrown`,
`parked`, `bought` or `passed`, by that seat.
"""

from __future__ import annotations

import random
import time
from typing import Any

import orjson

from peanutclub.bench.table import GameRoom, Plan, Stats
from peanutclub.core.game import BenchPlan

#: The bench's tables: the turn clock never plays for a bench player (they decide on their
#: tick); the stones step, and a round's result stays on view, at the quickest pace a host may set.
PACE = {"turn_seconds": 120, "stone_step_seconds": 0.5, "between_rounds_seconds": 2}
#: The in-process replay steps its clock a millisecond at a time: its clocks run out at once.
REPLAY_PACE = {"turn_seconds": 120, "stone_step_seconds": 0.001, "between_rounds_seconds": 0.001}
#: Players at a bench table (`peanutclub bench --seats` plays others).
PLAYERS = 4
RATE_UNIT = "turns/s per room"
#: `peanutclub bench --game nur-peanuts` by default: 500 tables of four, a turn every 2 s each.
ROOMS = "500"
RATES = "0.5"
#: About how many ticks one of the bench's games lasts at four seats: its players' first decisions
#: of a turn and its purchases, about 44 a game of some seven rounds (the in-process replay's
#: recorder, three games). At a turn every 2 s that is a minute and a half of ticks alone.
GAME_TICKS = 44
#: The rooms' starts are spread over about one round (four turns and a purchase, 12 s at a turn
#: every 2 s), not a whole game, to keep a run short: the rooms are then at every point of a
#: round, whose frames differ (throws and parks as patches, payments and purchases as whole
#: states), while the games' starts (the preliminary purchases) fall within that spread together.
SPREAD_TICKS = 6

#: The event that shows each message applied, by the seat that sent it.
EVENT_OF = {"throw": "thrown", "park": "parked", "buy": "bought", "pass": "passed"}
DELIVERED_BY = frozenset(EVENT_OF.values())
#: A turn whose action never came back is given up after this long (and counted undelivered).
STUCK_SECONDS = 3.0


def relay_frame(ref: int) -> dict[str, Any]:
    """What the relay's clients send on a tick: a throw frame of the same shape as ours."""
    return {"type": "throw", "dice": "black", "ref": ref}


def decider(view: dict[str, Any]) -> int | None:
    """The seat whose decision the table waits for, or None (the clock's: stones, a pause)."""
    purchase = view.get("purchase")
    if purchase is not None:
        return int(purchase["seat"])
    turn = view.get("turn")
    if view["phase"] == "turns" and turn is not None:
        return int(turn["seat"])
    return None


THROWS = ("black", "white", "two_white")


def choose(view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any] | None:
    """`seat`'s decision, as the view offers it (None: none it can make; the clock will)."""
    purchase = view.get("purchase")
    if purchase is not None:
        if purchase["seat"] != seat:
            return None
        if purchase["fields"]:
            return {"type": "buy", "field": rng.choice(purchase["fields"])}
        return {"type": "pass"} if purchase["may_pass"] else None
    turn = view.get("turn")
    if view["phase"] != "turns" or turn is None or turn["seat"] != seat:
        return None
    if not turn["thrown"] or turn["free_reroll"]:
        return {"type": "throw", "dice": rng.choice(THROWS)}
    return {"type": "park"}


# ---------------------------------------------------------------------------- peanutclub bench


class Table(GameRoom):
    """Players at one table, over WebSockets: a turn (or a purchase) per tick."""

    def __init__(self, plan: Plan, stats: Stats, index: int) -> None:
        super().__init__(plan, stats, index)
        self.rng = random.Random(f"{plan.seed}:{plan.worker}:{index}")
        #: The seat whose turn the last tick began, until its turn ends; and since when.
        self.acting: int | None = None
        self.acted_at = 0.0

    def started(self) -> bool:
        return bool(self.view["phase"] != "lobby")

    def arrived(self, seat: int, message: dict[str, Any]) -> None:
        if message["type"] == "error":
            self.acting = None
            return
        for event in message.get("events", ()):
            if event["type"] in DELIVERED_BY and event.get("seat") is not None:
                self.delivered((event["type"], event["seat"]), seat)
        if self.acting is not None and not self.pending:
            self.follow()

    def follow(self) -> None:
        """The whole room has the last action: the same player goes on while it is still their
        decision (park after a throw, or roll again); otherwise their turn is over."""
        seat = self.acting
        if seat is not None and decider(self.view) == seat and self.view["phase"] == "turns":
            self.act(seat)
        else:
            self.acting = None

    def tick(self) -> None:
        stats = self.stats
        now = time.perf_counter()
        if self.acting is not None and now - self.acted_at > STUCK_SECONDS:
            self.acting = None  # an action that never came back: its loss is counted at the end
        seat = decider(self.view)
        if self.acting is not None or self.pending or seat is None:
            stats.skipped += 1
            return
        self.acting = seat
        self.act(seat)

    def act(self, seat: int) -> None:
        stats = self.stats
        message = choose(self.view, seat, self.rng)
        if message is None:
            self.acting = None
            stats.skipped += 1
            return
        key = (EVENT_OF[message["type"]], seat)
        ref = self.next_ref
        self.next_ref += 1
        self.acted_at = now = time.perf_counter()
        self.pending[key] = [now, self.seat_count, ref, stats.measuring]
        self.by_ref[ref] = key
        if stats.measuring:
            stats.bids += 1
        self.seats[seat].send(orjson.dumps({**message, "ref": ref}))


# ---------------------------------------------------------------------------- in process


class Recorder:
    """The bench's clients' choices, made from the game's view, for `bench.inprocess`."""

    def __init__(self) -> None:
        self.rng = random.Random(3)

    def next(self, table: Any) -> tuple[int, dict[str, Any]] | None:
        """(seat, message) for the table's next step, or None: the clock's next step."""
        view = table.public_view()
        seat = decider(view)
        if seat is None:
            return None
        message = choose(view, seat, self.rng)
        return None if message is None else (seat, message)


#: The game's part of `peanutclub bench` and of the in-process replay (its class's
#: `tools.bench` loads it).
BENCH = BenchPlan(
    pace=PACE,
    table=Table,
    recorder=Recorder,
    relay_frame=relay_frame,
    game_ticks=GAME_TICKS,
    spread_ticks=SPREAD_TICKS,
    replay_pace=REPLAY_PACE,
    players=PLAYERS,
    rate_unit=RATE_UNIT,
    rooms=ROOMS,
    rates=RATES,
)
