"""What `peanutclub simulate --game nur-peanuts` counts, and the figures a designer asks for.

The generic driver (`peanutclub/simulate.py`) plays the games through the plug-in; this module
tallies each game's events (rounds, rerolls, bumps, who won each round) and sums the games up:
rounds per game and their spread, how the games end, win rates by seat and by level, and how
often a game passes 200 rounds (a reviewer feared the game might never end). No host action is
needed: some clock always runs until the game is over.

`python -m peanutclub.games.nur_peanuts.figures --games 10000 --players 4` prints the same
summary for several table sizes in one run (figures.py: it drives the simulator, which this
module, loaded by the game's class, must not import).
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from peanutclub.core import EngineReadings
from peanutclub.core.game import Played, Simulation
from peanutclub.games.nur_peanuts.engine import Action, Engine, Event, bot_view, private_view

#: A game this long is what the reviewer's worry is about.
LONG_GAME = 200
REASONS = ("six_fields", "five_fields", "bank_chips", "all_sold", "bankrupt")
#: Where a player's money goes and comes from, in this order in `GameResult.flows`.
FLOWS = (
    "first purchases",
    "later purchases",
    "rerolls paid",
    "rerolls received",
    "rounds paid",
    "rounds received",
)


@dataclass
class GameResult:
    """One finished game, reduced to what the summary needs (plain values, cheap to pickle)."""

    played: Played
    rounds: int
    reason: str
    winners: tuple[int, ...]
    cash: tuple[int, ...]  # per seat, at the end
    fields: tuple[int, ...]  # fields held, per seat, at the end
    bank_chips: int
    bank_rounds: int  # rounds the bank won
    throws: int  # pawns' throws
    rerolls_paid: int
    rerolls_free: int
    bumps: int
    #: per seat, the Peanuts of each of FLOWS over the game
    flows: tuple[tuple[int, ...], ...]


class Tally:
    """One game's events, counted as they happen."""

    def __init__(self) -> None:
        self.throws = self.paid = self.free = self.bumps = self.bank_rounds = 0
        self._zero = False
        self._preliminary = True
        self.flows: defaultdict[int, list[int]] = defaultdict(lambda: [0] * len(FLOWS))

    def _flow(self, seat: object, name: str, amount: int) -> None:
        if isinstance(seat, int):  # not the bank
            self.flows[seat][FLOWS.index(name)] += amount

    def add(self, events: Iterable[Any]) -> None:
        for e in events:
            kind = e.kind
            if kind == "thrown" and e.data["seat"] is not None:
                self.throws += 1
                if e.data["paid"]:
                    self.paid += 1
            elif kind == "bumped":
                self.bumps += 1
            elif kind == "round_over":
                self.bank_rounds += e.data["winner"] == "bank"
                for pay in e.data["payments"]:
                    self._flow(pay["from"], "rounds paid", pay["amount"])
                    self._flow(pay["to"], "rounds received", pay["amount"])
            elif kind == "reroll_paid":
                self._flow(e.data["seat"], "rerolls paid", e.data["amount"])
                self._flow(e.data["to"], "rerolls received", e.data["amount"])
            elif kind == "bought":
                flow = "first purchases" if self._preliminary else "later purchases"
                self._flow(e.data["seat"], flow, e.data["price"])
            elif kind == "round":
                self._preliminary = False
            if kind == "thrown" and e.data["seat"] is not None:
                # a throw after a 0 on a white die was a free roll again
                if self._zero:
                    self.free += 1
                self._zero = bool(e.data["zero"])
            elif kind in ("turn", "parked"):
                self._zero = False

    def result(self, game: EngineReadings[Engine], played: Played) -> GameResult:
        engine = game.engine
        assert engine.result is not None
        return GameResult(
            played=played,
            rounds=engine.round,
            reason=engine.result.reason.value,
            winners=engine.result.winners,
            cash=tuple(engine.cash),
            fields=tuple(len(engine.fields_of(s)) for s in range(engine.players)),
            bank_chips=len(engine.fields_of("bank")),
            bank_rounds=self.bank_rounds,
            throws=self.throws,
            rerolls_paid=self.paid,
            rerolls_free=self.free,
            bumps=self.bumps,
            flows=tuple(tuple(self.flows[s]) for s in range(engine.players)),
        )


@dataclass
class Summary:
    """Totals over many games. Wins are shared: a tie for first gives each winner a fraction."""

    games: int = 0
    rounds: list[int] = field(default_factory=list)
    reasons: Counter[str] = field(default_factory=Counter)
    long_games: int = 0
    bank_rounds: int = 0
    throws: int = 0
    rerolls_paid: int = 0
    rerolls_free: int = 0
    bumps: int = 0
    seats_played: Counter[str] = field(default_factory=Counter)  # by level
    wins_by_level: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    wins_by_seat: defaultdict[int, float] = field(default_factory=lambda: defaultdict(float))
    games_by_players: Counter[int] = field(default_factory=Counter)
    #: by level, the Peanuts of each of FLOWS summed over its seats
    flows_by_level: defaultdict[str, list[int]] = field(
        default_factory=lambda: defaultdict(lambda: [0] * len(FLOWS))
    )

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.games_by_players[r.played.players] += 1
        self.rounds.append(r.rounds)
        self.reasons[r.reason] += 1
        self.long_games += r.rounds > LONG_GAME
        self.bank_rounds += r.bank_rounds
        self.throws += r.throws
        self.rerolls_paid += r.rerolls_paid
        self.rerolls_free += r.rerolls_free
        self.bumps += r.bumps
        share = 1.0 / len(r.winners)
        for seat, level in enumerate(r.played.levels):
            self.seats_played[level] += 1
            totals = self.flows_by_level[level]
            for i, amount in enumerate(r.flows[seat]):
                totals[i] += amount
            if seat in r.winners:
                self.wins_by_level[level] += share
                self.wins_by_seat[seat] += share

    def spread(self) -> dict[str, float]:
        """Rounds per game: mean, standard deviation, quartiles, 99th percentile, longest."""
        rounds = sorted(self.rounds) or [0]
        cuts = statistics.quantiles(rounds, n=100) if len(rounds) > 1 else [rounds[0]] * 99
        return {
            "mean": statistics.fmean(rounds),
            "stdev": statistics.pstdev(rounds),
            "min": rounds[0],
            "p25": cuts[24],
            "median": statistics.median(rounds),
            "p75": cuts[74],
            "p99": cuts[98],
            "max": rounds[-1],
        }

    def report(self) -> list[str]:
        """The game's part of the summary, as lines of a plain text table."""
        g = max(self.games, 1)
        s = self.spread()
        lines = [
            f"rounds per game: mean {s['mean']:.1f}, sd {s['stdev']:.1f}, min {s['min']},"
            f" quartiles {s['p25']:.0f}/{s['median']:.0f}/{s['p75']:.0f}, p99 {s['p99']:.0f},"
            f" max {s['max']}",
            f"games over {LONG_GAME} rounds: {self.long_games} ({self.long_games / g:.2%})",
            "",
            f"{'the game ended by':<20}{'games':>7}{'share':>9}",
        ]
        for reason in REASONS:
            n = self.reasons[reason]
            if n:
                lines.append(f"{reason:<20}{n:>7}{n / g:>9.1%}")
        lines += ["", f"{'level':<10}{'seats':>8}{'win rate':>10}"]
        for level in sorted(self.seats_played):
            played = self.seats_played[level]
            lines.append(f"{level:<10}{played:>8}{self.wins_by_level[level] / played:>10.1%}")
        lines += ["", f"{'seat':<10}{'win rate':>10}"]
        for seat in sorted({*self.wins_by_seat, *range(max(self.games_by_players, default=0))}):
            played = sum(n for p, n in self.games_by_players.items() if p > seat) or 1
            lines.append(f"{seat:<10}{self.wins_by_seat[seat] / played:>10.1%}")
        rounds = max(sum(self.rounds), 1)
        lines += [
            "",
            f"per round: {self.throws / rounds:.2f} pawn throws, {self.rerolls_paid / rounds:.2f}"
            f" paid rerolls, {self.rerolls_free / rounds:.2f} free rerolls,"
            f" {self.bumps / rounds:.2f} bumps; the bank won {self.bank_rounds / rounds:.1%}"
            " of rounds",
            "",
            "where the money goes, Peanuts per seat per game (everyone starts with 9,700):",
            f"{'level':<10}" + "".join(f"{name:>18}" for name in FLOWS),
        ]
        for level in sorted(self.seats_played):
            played = self.seats_played[level]
            flows = self.flows_by_level[level]
            lines.append(f"{level:<10}" + "".join(f"{f / played:>18,.0f}" for f in flows))
        return lines


#: The game's part of `peanutclub simulate` (its class's `tools.simulation` loads it).
#: The tournament's line-ups (`peanutclub tournament`): the three levels in turn, and the two
#: best laid alternately (at odd sizes normal holds one seat more).
def bots_view(game: EngineReadings[Engine], seat: int) -> dict[str, Any]:
    """A bot's view: the table with the turn's odds worked out only if read (`bot_view`)."""
    engine = game.engine
    return {**bot_view(engine), "you": private_view(engine, seat)}


def step(game: EngineReadings[Engine], action: Action) -> list[Event]:
    """An action applied by the engine, without the patch a room would send (its odds)."""
    return game.engine.apply(action)


SIMULATION = Simulation(
    tally=Tally,
    summary=Summary,
    host_action=None,
    matches={"mixed": ("easy", "normal", "hard"), "hard vs normal": ("hard", "normal")},
    bot_view=bots_view,
    step=step,
)
