"""What `peanutclub simulate` counts in Peanut Club games, and how it stands in for the host;
the line-ups `peanutclub tournament` plays, and its stand-in for a casual person.

The generic driver (`peanutclub/simulate.py`) plays the games; this module tallies each game's
events (lots, powers, payments, the value lost to "no change") and sums the games up by level,
seat and collector.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from peanutclub.core import EngineReadings
from peanutclub.core.game import Outcome, Played, Simulation
from peanutclub.games.peanut_club.bots.base import pay_as_suggested, situation_of, without_powers
from peanutclub.games.peanut_club.engine import (
    Action,
    Currency,
    Engine,
    Event,
    PlaceBid,
    SeatView,
    public_view,
)
from peanutclub.games.peanut_club.engine.view import keep_patched_public_view, kept_public_view

POWERS = ("a_la_carte", "crash", "niet", "convert", "abracadabra")


def host_action(game: EngineReadings[Engine]) -> Action:
    """What moves the game on when no bot acts and no clock runs: with no high bid, no clock
    runs and the host calls "going" (otherwise it is what the clock would do)."""
    return game.engine.auctioneer_action()


def bot_view(game: EngineReadings[Engine], seat: int) -> dict[str, Any]:
    """A bot's view with its `you` built as the bot reads it (`SeatView`): a bot's look read
    few of the private fields, and most looks none."""
    engine = game.engine
    return {**public_view(engine), "you": SeatView(engine, seat)}


class Plugged(Protocol):
    """The plug-in as `step` uses it (its engine, and `apply` as a room calls it), named here
    rather than imported, since the plug-in's module loads this one for its tools."""

    @property
    def engine(self) -> Engine: ...

    def apply(self, action: Action) -> Outcome: ...


def step(game: Plugged, action: Action) -> list[Event]:
    """An action applied as a room applies it (the plug-in's `apply`); when it answers with a
    patch (a plain bid, a going call: two actions in three), the next public view is the last
    one with the patch's fields replaced, as every client makes it, instead of one built anew."""
    engine = game.engine
    before = kept_public_view(engine)
    outcome = game.apply(action)
    if outcome.patch and before is not None:
        keep_patched_public_view(engine, before, outcome.patch)
    return outcome.events


@dataclass
class GameResult:
    """One finished game, reduced to what the summary needs (plain values, cheap to pickle)."""

    played: Played
    collectors: tuple[str, ...]  # per seat
    scores: tuple[int, ...]  # per seat
    objects: tuple[int, ...]  # objects won, per seat
    winners: tuple[int, ...]  # seats sharing first place
    lots: int  # lots put up for sale
    discarded: int  # lots closed with no bid
    powers: dict[str, int]  # power name -> times used
    payments: int
    payments_with_loss: int  # payments that gave away value to "no change"
    value_lost: int  # total value given away to "no change"
    cards_paid: int


class Tally:
    """One game's events, counted as they happen."""

    def __init__(self) -> None:
        self.powers: Counter[str] = Counter()
        self.payments = self.with_loss = self.lost = self.cards = self.discarded = 0

    def add(self, events: Iterable[Any]) -> None:
        for e in events:
            kind = e.kind
            if kind == "power":
                self.powers[e.data["power"]] += 1
            elif kind == "paid":
                data = e.data
                self.payments += 1
                self.cards += len(data["cards"])
                if data["convert"]:
                    self.powers["convert"] += 1
                if data["abracadabra"] is not None:
                    self.powers["abracadabra"] += 1
                if data["excess"]:
                    self.with_loss += 1
                    self.lost += data["excess"]
            elif kind == "discarded":
                self.discarded += 1

    def result(self, game: EngineReadings[Engine], played: Played) -> GameResult:
        engine = game.engine
        by_seat = sorted(engine.scores or [], key=lambda s: s.seat)
        best = max((s.total, s.objects) for s in by_seat)
        return GameResult(
            played=played,
            collectors=tuple(c.value for c in engine.collectors),
            scores=tuple(s.total for s in by_seat),
            objects=tuple(s.objects for s in by_seat),
            winners=tuple(s.seat for s in by_seat if (s.total, s.objects) == best),
            lots=engine.round,
            discarded=self.discarded,
            powers=dict(self.powers),
            payments=self.payments,
            payments_with_loss=self.with_loss,
            value_lost=self.lost,
            cards_paid=self.cards,
        )


@dataclass
class Summary:
    """Totals over many games. Wins are shared: a tie for first gives each winner a fraction."""

    games: int = 0
    lots: int = 0
    discarded: int = 0
    payments: int = 0
    payments_with_loss: int = 0
    value_lost: int = 0
    cards_paid: int = 0
    points: Counter[str] = field(default_factory=Counter)  # by level
    seats_played: Counter[str] = field(default_factory=Counter)  # by level
    wins_by_level: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    wins_by_seat: defaultdict[int, float] = field(default_factory=lambda: defaultdict(float))
    wins_by_collector: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    collector_seats: Counter[str] = field(default_factory=Counter)
    points_by_seat: Counter[int] = field(default_factory=Counter)
    games_by_players: Counter[int] = field(default_factory=Counter)
    powers: Counter[str] = field(default_factory=Counter)

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.games_by_players[r.played.players] += 1
        self.lots += r.lots
        self.discarded += r.discarded
        self.payments += r.payments
        self.payments_with_loss += r.payments_with_loss
        self.value_lost += r.value_lost
        self.cards_paid += r.cards_paid
        self.powers.update(r.powers)
        share = 1.0 / len(r.winners)
        for seat, (level, collector, pts) in enumerate(
            zip(r.played.levels, r.collectors, r.scores, strict=True)
        ):
            self.points[level] += pts
            self.points_by_seat[seat] += pts
            self.seats_played[level] += 1
            self.collector_seats[collector] += 1
            if seat in r.winners:
                self.wins_by_level[level] += share
                self.wins_by_seat[seat] += share
                self.wins_by_collector[collector] += share

    def report(self) -> list[str]:
        """The game's part of the summary, as lines of a plain text table."""
        g = max(self.games, 1)
        lines = [
            f"lots per game: {self.lots / g:.2f}  (closed with no bid: {self.discarded / g:.2f})",
            "",
            f"{'level':<10}{'seats':>8}{'points/game':>13}{'win share':>11}{'fair share':>12}",
        ]
        seats_total = sum(self.seats_played.values()) or 1
        for level in sorted(self.seats_played):
            n = self.seats_played[level]
            lines.append(
                f"{level:<10}{n:>8}{self.points[level] / n:>13.2f}"
                f"{self.wins_by_level[level] / g:>11.1%}{n / seats_total:>12.1%}"
            )
        lines += ["", f"{'seat':<10}{'points/game':>13}{'win rate':>11}"]
        for seat in sorted(self.points_by_seat):
            played = sum(n for p, n in self.games_by_players.items() if p > seat) or 1
            lines.append(
                f"{seat:<10}{self.points_by_seat[seat] / played:>13.2f}"
                f"{self.wins_by_seat[seat] / played:>11.1%}"
            )
        lines += ["", f"{'collector':<12}{'held':>8}{'win rate':>11}"]
        for collector in sorted(self.collector_seats):
            held = self.collector_seats[collector]
            lines.append(
                f"{collector:<12}{held:>8}{self.wins_by_collector[collector] / held:>11.1%}"
            )
        lines += ["", f"{'power':<14}{'per game':>9}"]
        for power in POWERS:
            lines.append(f"{power:<14}{self.powers[power] / g:>9.2f}")
        pay = max(self.payments, 1)
        lines += [
            "",
            f"payments: {self.payments / g:.2f} per game, {self.cards_paid / pay:.2f} cards each;"
            f" {self.payments_with_loss / pay:.1%} lose value to no change,"
            f" {self.value_lost / g:.2f} value lost per game",
        ]
        return lines


# ---------------------------------------------------------------------------- the tournament

#: A casual person's reaction to a change that concerns them, in seconds.
HUMAN_REACTION = (3.0, 6.0)
#: Symbols every player scores a point for.
BONUS = frozenset({"luxury", "antique", "joker"})
PERSON = "person"


class CasualPlayer:
    """A person playing casually, reduced to a simple sensible rule, for the tournament.

    It follows the table all the time and answers each change that concerns it (a new lot, a new
    high bid, a power, a lot it must pay for) once, 3 to 6 seconds later (`notice`). It spends its
    money evenly over the lots it can expect to win: a lot is worth its fair share of the money in
    hand per object, half as much again when it shows a symbol the player wants (their
    Collector's, Luxury, Antique, a Joker, or one they already hold), half as much when it does
    not. It bids the cheapest lowest winning bid its own cards of that currency can pay (a
    stronger currency counting for more) when that is no more than the lot's worth, never uses a
    power, and pays the suggested payment.
    """

    level = PERSON

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(f"person:{seed}:{seat}")
        self._situation: tuple[Any, ...] | None = None

    def notice(self, public: dict[str, Any]) -> float | None:
        """After a change: seconds until it answers, or None when nothing it reacts to moved."""
        seen = situation_of(public)
        if seen == self._situation:
            return None
        self._situation = seen
        return self.rng.uniform(*HUMAN_REACTION)

    def decide(self, view: dict[str, Any]) -> Action | None:
        pay = pay_as_suggested(view, self.seat)
        if pay is not None or view["phase"] != "bidding":
            return pay
        high = view["high_bid"]
        if high is not None and high["seat"] == self.seat:
            return None
        you = view["you"]
        if not you["hand"]:
            return None
        strength = {c: 1.5 - 0.5 * i for i, c in enumerate(view["column"])}  # 1.5, 1, 0.5
        best: tuple[float, str, int] | None = None
        for currency, option in you["bid_options"].items():
            low = option["min"]
            if option["reason"] is not None or low > without_powers(view, currency):
                continue
            price = low * strength[currency]
            if best is None or price < best[0]:
                best = (price, currency, low)
        if best is None or best[0] > self.worth(view):
            return None
        return PlaceBid(self.seat, best[2], Currency(best[1]))

    def worth(self, view: dict[str, Any]) -> float:
        you = view["you"]
        money = sum(c["value"] for c in you["hand"])
        objects_to_come = view["objects_left"] + len(view["lot"])
        fair = money / max(1.0, objects_to_come / len(view["players"]))
        owned = {s for o in view["players"][self.seat]["objects"] for s in o["symbols"]}
        wanted = BONUS | owned | {you["collector"]}
        worth = 0.0
        for obj in view["lot"]:
            worth += fair * (1.5 if wanted & set(obj["symbols"]) else 0.5)
        return worth


#: The game's part of `peanutclub simulate` and `peanutclub tournament` (its class's
#: `tools.simulation` loads it): each level against casual people, and the two best levels.
SIMULATION = Simulation(
    tally=Tally,
    summary=Summary,
    host_action=host_action,
    matches={
        "easy vs people": ("easy", PERSON),
        "normal vs people": ("normal", PERSON),
        "hard vs people": ("hard", PERSON),
        "hard vs normal": ("hard", "normal"),
    },
    people={PERSON: CasualPlayer},
    bot_view=bot_view,
    step=step,
)
