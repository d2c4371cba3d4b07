"""What `peanutclub simulate` counts in Peanut Club games, and how it stands in for the host.

The generic driver (`peanutclub/simulate.py`) plays the games; this module tallies each game's
events (lots, powers, payments, the value lost to "no change") and sums the games up by level,
seat and collector.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from peanutclub.core import EngineReadings
from peanutclub.core.game import Played, Simulation
from peanutclub.games.peanut_club.engine import Action, Game

POWERS = ("a_la_carte", "crash", "niet", "convert", "abracadabra")


def host_action(game: EngineReadings[Game]) -> Action:
    """What moves the game on when no bot acts and no clock runs: with no high bid, no clock
    runs and the host calls "going" (otherwise it is what the clock would do)."""
    return game.engine.auctioneer_action()


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

    def result(self, game: EngineReadings[Game], played: Played) -> GameResult:
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


#: The game's part of `peanutclub simulate` (its class's `tools.simulation` loads it).
SIMULATION = Simulation(tally=Tally, summary=Summary, host_action=host_action)
