"""What Peanut Club's clients do under the load tools: the bench's bidders (`peanutclub bench`
and `python -m peanutclub.bench.inprocess`) and the soak's bot players (`peanutclub soak`).

The bench's rooms play whole games built around bids: on each tick the next seat that can honour
a raise of 1 to 3 bids; when nobody can go higher the host calls `going` (the bench's tables step
the call at once), the buyer pays with the server's own suggestion. A bid is delivered when a
seat has the `patch` that carries it.

Every client here brings its view up to date from a patch by the game's one rule
(`patch.apply_patch`), as the pages do.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Container
from typing import Any

import orjson

from peanutclub.bench.table import SEATS, SELL_TIMEOUT, GameRoom, Plan, Stats
from peanutclub.core.game import BenchPlan, SoakPlan, without_seat
from peanutclub.games.peanut_club.engine import Engine, Phase
from peanutclub.games.peanut_club.engine.view import private_view
from peanutclub.games.peanut_club.patch import apply_patch

#: The bench's tables: a going call steps at once, nobody is called for idling, a buyer who does
#: not pay is paid for after a few seconds (the clients pay at once; this only unsticks a room).
PACE = {"going_step_seconds": 0, "idle_seconds": 0, "pay_seconds": 5}
#: How much a bid raises the last one, drawn at random: tables drift apart as they would.
RAISES = (1, 1, 2, 3)
#: About how many ticks one of the bench's games lasts (measured, docs/performance.md): the
#: rooms' starts are spread over one game (`peanutclub.bench.load.start_spread`).
GAME_TICKS = 135


def relay_frame(ref: int) -> dict[str, Any]:
    """What the relay's clients send on a tick: a bid frame of the same shape as ours."""
    return {"type": "bid", "amount": ref, "currency": "dollars", "ref": ref}


def choose_bid(
    top: int, raised: int, barred: Container[int], turn: int, most: Callable[[int], int]
) -> tuple[int, int] | None:
    """(seat, amount): the next seat from `turn` on, not barred, that can pay `top + raised`, or
    else `top + 1`; None when nobody can go higher. `most(seat)`: what it can bid at most."""
    for amount in (top + raised, top + 1):
        for step in range(SEATS):
            seat = (turn + step) % SEATS
            if seat not in barred and most(seat) >= amount:
                return seat, amount
    return None


# ---------------------------------------------------------------------------- peanutclub bench


class Table(GameRoom):
    """Six bidders at one table, over WebSockets."""

    def __init__(self, plan: Plan, stats: Stats, index: int) -> None:
        super().__init__(plan, stats, index)
        self.maxima: list[dict[str, int]] = [{} for _ in range(SEATS)]
        self.suggestions: list[Any] = [None] * SEATS
        self.seq = 0
        #: The table's public view, the latest any seat has (a whole state or a patched one).
        self.view: dict[str, Any] = {"phase": "lobby", "column": [], "high_bid": None}
        self.last_sent: tuple[int, int, str] | None = None
        self.selling_since: float | None = None
        self.paid_for: Any = None

    def started(self) -> bool:
        return bool(self.view["phase"] == "bidding")

    # ------------------------------------------------------------------ what arrives

    def received(self, seat: int, raw: bytes) -> None:
        if self.stats.measuring:
            self.stats.deliveries += 1
        message = orjson.loads(raw)
        kind = message["type"]
        if kind == "patch":
            if message["seq"] > self.seq:
                self.seq = message["seq"]
                self.view = apply_patch(self.view, message)
            high = message["high_bid"]
            if high is not None:
                self.delivered((high["seat"], high["amount"], high["currency"]), seat)
        elif kind == "state" or kind == "welcome":
            self.state(seat, message)
        elif kind == "error":
            self.refused(message)

    def state(self, seat: int, message: dict[str, Any]) -> None:
        state = message["state"]
        if message["type"] == "welcome":
            self.welcomed[seat] = True
        you = state.get("you")
        if you is not None:
            # the most a seat can bid: no patch changes it (a patch moves `min`, not `max`)
            self.maxima[seat] = {c: o["max"] for c, o in you["bid_options"].items()}
            self.suggestions[seat] = you["pay_suggestion"]
        if message["seq"] >= self.seq:
            self.seq = message["seq"]
            self.view = {**state, "you": None}  # the table's view: no seat's own part
            if state["phase"] == "bidding" and state["high_bid"] is None:
                self.selling_since = None  # a new lot is open
                self.last_sent = None
                self.start_sent = self.rematch_sent = False
        self.changed.set()
        if not self.playing:
            return
        phase = state["phase"]
        if phase == "paying" and state["payer"] == seat:
            key = (self.stats.games, state["objects_left"], state["round"])
            suggestion = self.suggestions[seat]
            if key != self.paid_for and suggestion is not None:
                self.paid_for = key
                self.seats[seat].send(orjson.dumps({"type": "pay", **suggestion}))
        else:
            self.next_game(seat, phase)

    # ------------------------------------------------------------------ what goes out

    def tick(self) -> None:
        stats = self.stats
        now = time.perf_counter()
        if self.selling_since is not None and now - self.selling_since > SELL_TIMEOUT:
            self.selling_since = None
        view = self.view
        if view["phase"] != "bidding" or self.selling_since is not None or not view["column"]:
            stats.skipped += 1
            return
        currency = view["column"][0]
        high = view["high_bid"]
        if high is not None and high["currency"] != currency:
            self.sell(now)
            return
        top = 0 if high is None else high["amount"]
        barred = {-1 if high is None else high["seat"]}
        last = self.last_sent
        if last is not None and last[2] == currency:
            top = max(top, last[1])
            barred.add(last[0])
        maxima = self.maxima
        bid = choose_bid(
            top, random.choice(RAISES), barred, self.turn, lambda s: maxima[s].get(currency, 0)
        )
        if bid is None:
            if self.pending:
                stats.skipped += 1  # let the bids in flight land before calling the sale
            else:
                self.sell(now)
            return
        seat, amount = bid
        self.turn += 1
        ref = self.next_ref
        self.next_ref += 1
        key = (seat, amount, currency)
        self.last_sent = key
        self.pending[key] = [now, SEATS, ref, stats.measuring]
        self.by_ref[ref] = key
        if stats.measuring:
            stats.bids += 1
        message = {"type": "bid", "amount": amount, "currency": currency, "ref": ref}
        self.seats[seat].send(orjson.dumps(message))

    def sell(self, now: float) -> None:
        self.selling_since = now
        self.stats.skipped += 1
        self.seats[0].send(b'{"type":"going"}')


# ---------------------------------------------------------------------------- in process


class Recorder:
    """The bench's clients' choices, made from the engine, for `bench.inprocess` to record."""

    def __init__(self) -> None:
        self.rng = random.Random(3)
        self.turn = 0

    def next(self, table: Any) -> tuple[int, dict[str, Any]] | None:
        """(seat, message) for the table's next step, or None: the clock's next step."""
        game = table.engine
        assert isinstance(game, Engine)
        if game.phase is Phase.PAYING:
            suggestion = game.pay_suggestion()
            assert suggestion is not None and game.payer is not None
            return game.payer, {"type": "pay", **suggestion.to_dict()}
        if game.going:
            return None
        currency, high = game.column[0], game.high_bid
        if high is not None and high.currency is not currency:
            return 0, {"type": "going"}
        top = 0 if high is None else high.amount
        barred = {-1 if high is None else high.seat}
        bid = choose_bid(
            top,
            self.rng.choice(RAISES),
            barred,
            self.turn,
            lambda s: int(private_view(game, s)["bid_options"][currency.value]["max"]),
        )
        if bid is None:
            return 0, {"type": "going"}
        self.turn += 1
        seat, amount = bid
        return seat, {"type": "bid", "amount": amount, "currency": currency.value}


# ---------------------------------------------------------------------------- peanutclub soak

#: The soak's fast clocks: a lot is called soon after the last bid, payment has a short deadline.
SOAK_PACE = {"going_step_seconds": 0.05, "idle_seconds": 0.2, "pay_seconds": 2.0}
#: The phases in which a bot may act.
SOAK_PHASES = frozenset({"bidding", "paying"})
#: The moves a soak player sends (a bot's other actions are not client messages).
SOAK_SENT = frozenset({"bid", "a_la_carte", "crash", "niet", "going", "pay"})


def soak_nudge(view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any] | None:
    """What a player does when its bot waits: now and then, call a lot nobody bids on, as at a
    real table. The action as the log will hold it."""
    if view["phase"] == "bidding" and not view["going"] and rng.random() < 0.1:
        return {"type": "going", "seat": seat}
    return None


def client_message(action: dict[str, Any]) -> dict[str, Any]:
    """The message a client sends for an action as the log holds it (a payment's cards as the
    list a client sends)."""
    message = without_seat(action)
    if message["type"] == "pay":
        message["cards"] = list(message["cards"])
    return message


def acknowledges(action: dict[str, Any], event: dict[str, Any], seat: int) -> bool:
    """Whether a patch's event is `action` applied: a plain bid's own event (a going step's
    patch repeats the high bid without being that bid), or this seat's call."""
    if action["type"] == "bid":
        return (
            event["type"] == "bid"
            and not event.get("a_la_carte")
            and all(event.get(k) == action[k] for k in ("seat", "amount", "currency"))
        )
    if action["type"] == "going":
        return event["type"] == "going" and event.get("level") == 1 and event.get("by") == seat
    return False


#: The game's part of `peanutclub bench` and of the in-process replay (its class's
#: `tools.bench` loads it).
BENCH = BenchPlan(
    pace=PACE,
    table=Table,
    recorder=Recorder,
    relay_frame=relay_frame,
    game_ticks=GAME_TICKS,
)

#: The game's part of `peanutclub soak` (its class's `tools.soak` loads it).
SOAK = SoakPlan(
    pace=SOAK_PACE,
    phases=SOAK_PHASES,
    sent=SOAK_SENT,
    acknowledges=acknowledges,
    nudge=soak_nudge,
    client_message=client_message,
    apply_patch=apply_patch,
)
