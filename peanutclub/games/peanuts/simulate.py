"""What `peanutclub simulate --game peanuts` counts, and how it sums the games up.

The generic driver (`peanutclub/simulate.py`) plays the games through the plug-in, bots only,
standing in for the room's clock (the count-down, the stall clock, the pause between rounds)
whenever no bot acts. This module tallies each game's events: rounds, cards played, how rounds
end (a "Peanuts!" call or a stall), rotations, and the points by bot level. It also declares
the line-ups `peanutclub tournament` plays, and its stand-in for a person at a person's speed.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from peanutclub.core import EngineReadings
from peanutclub.core.game import Played, Simulation
from peanutclub.games.peanuts.bots import BaseBot
from peanutclub.games.peanuts.engine import Action, Engine, Event
from peanutclub.games.peanuts.engine.view import bot_view as engine_bot_view


@dataclass
class GameResult:
    """One finished game, reduced to what the summary needs (plain values, cheap to pickle)."""

    played: Played
    scores: tuple[int, ...]  # per seat (teammates share their team's)
    winners: tuple[int, ...]  # seats sharing the victory
    rounds: int
    called: int  # rounds ended by "Peanuts!"
    stalled: int  # rounds ended after the rotations ran out
    rotations: int
    moves: int  # cards moved onto a foundation or a building pile
    to_foundations: int
    flips: int
    decks: int = 0  # decks in play (one per team with teams)
    #: cards moved per deck and round, one entry per deck of each round (the spread of a deal)
    deck_moves: tuple[int, ...] = ()


class Tally:
    """One game's events, counted as they happen."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.round_moves: Counter[int] = Counter()  # seat -> cards moved this round
        self.deck_moves: list[int] = []
        self.decks: list[int] = []

    def add(self, events: Iterable[Any]) -> None:
        counts = self.counts
        for e in events:
            kind = e.kind
            if kind == "moved":
                counts["moves"] += 1
                self.round_moves[e.data["seat"]] += 1
            elif kind == "flipped":
                counts["flips"] += 1
            elif kind == "rotated":
                counts["rotations"] += 1
            elif kind == "round_over":
                counts["called" if e.data["reason"] == "peanuts" else "stalled"] += 1
                counts["to_foundations"] += sum(s["played"] for s in e.data["round_scores"])
                for score in e.data["round_scores"]:
                    self.deck_moves.append(sum(self.round_moves[s] for s in score["seats"]))
                self.round_moves.clear()

    def result(self, game: EngineReadings[Engine], played: Played) -> GameResult:
        engine = game.engine
        scores = tuple(engine.totals[d] for d in engine.deck_of)
        c = self.counts
        return GameResult(
            played=played,
            scores=scores,
            winners=tuple(engine.winners or ()),
            rounds=engine.round,
            called=c["called"],
            stalled=c["stalled"],
            rotations=c["rotations"],
            moves=c["moves"],
            to_foundations=c["to_foundations"],
            flips=c["flips"],
            decks=len(engine.decks),
            deck_moves=tuple(self.deck_moves),
        )


@dataclass
class Summary:
    """Totals over many games. Wins are shared: a tie for first gives each winner a fraction."""

    games: int = 0
    rounds: int = 0
    called: int = 0
    stalled: int = 0
    rotations: int = 0
    moves: int = 0
    to_foundations: int = 0
    flips: int = 0
    deck_rounds: int = 0  # rounds × decks
    deck_moves: Counter[int] = field(default_factory=Counter)  # cards moved -> deck-rounds
    points: Counter[str] = field(default_factory=Counter)  # by level
    seats_played: Counter[str] = field(default_factory=Counter)  # by level
    wins_by_level: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))
    wins_by_seat: defaultdict[int, float] = field(default_factory=lambda: defaultdict(float))
    games_by_players: Counter[int] = field(default_factory=Counter)

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.games_by_players[r.played.players] += 1
        self.rounds += r.rounds
        self.called += r.called
        self.stalled += r.stalled
        self.rotations += r.rotations
        self.moves += r.moves
        self.to_foundations += r.to_foundations
        self.flips += r.flips
        self.deck_rounds += r.rounds * r.decks
        self.deck_moves.update(r.deck_moves)
        share = 1.0 / max(len(r.winners), 1)
        for seat, (level, score) in enumerate(zip(r.played.levels, r.scores, strict=True)):
            self.points[level] += score
            self.seats_played[level] += 1
            if seat in r.winners:
                self.wins_by_level[level] += share
                self.wins_by_seat[seat] += share

    def _quartile(self, part: float) -> int:
        """The number of cards a deck moved in a round, at `part` of the deck-rounds."""
        total = sum(self.deck_moves.values())
        seen = 0
        for moved in sorted(self.deck_moves):
            seen += self.deck_moves[moved]
            if seen >= part * total:
                return moved
        return 0

    def report(self) -> list[str]:
        """The game's part of the summary, as lines of a plain text table."""
        g = max(self.games, 1)
        rounds = max(self.rounds, 1)
        lines = [
            f"rounds per game: {self.rounds / g:.2f}"
            f"  (ended by Peanuts!: {self.called / rounds:.1%},"
            f" stalled: {self.stalled / rounds:.1%})",
            f"rotations per round: {self.rotations / rounds:.2f}",
            f"cards played per round: {self.moves / rounds:.1f}"
            f" ({self.to_foundations / rounds:.1f} onto foundations);"
            f" flips per round: {self.flips / rounds:.1f}",
            f"cards played per deck and round: {self.moves / max(self.deck_rounds, 1):.1f}"
            f" (a quarter of the decks {self._quartile(0.25)} or fewer,"
            f" the median {self._quartile(0.5)})",
            "",
            f"{'level':<10}{'seats':>8}{'points/game':>13}{'points/round':>14}"
            f"{'win share':>11}{'fair share':>12}",
        ]
        seats_total = sum(self.seats_played.values()) or 1
        per_game_rounds = self.rounds / g
        for level in sorted(self.seats_played):
            n = self.seats_played[level]
            per_game = self.points[level] / n
            lines.append(
                f"{level:<10}{n:>8}{per_game:>13.1f}{per_game / max(per_game_rounds, 1):>14.2f}"
                f"{self.wins_by_level.get(level, 0.0) / g:>11.1%}{n / seats_total:>12.1%}"
            )
        return lines


# ---------------------------------------------------------------------------- the tournament

#: A person's time per move, in seconds (uniform between the two).
HUMAN_PACE = (0.8, 1.5)
PERSON = "person"


class HumanSpeedPlayer(BaseBot):
    """A person playing the obvious way at a person's speed, for the tournament: the bots'
    common way of playing (foundations first, then its building piles, else it turns the stock;
    stuck after a whole pass without a play), with nothing overlooked and no rearranging of
    building piles, at 0.8 to 1.5 s per move. Its speed is the point."""

    level: ClassVar[str] = PERSON
    reaction_seconds: ClassVar[float] = sum(HUMAN_PACE) / 2

    def delay(self) -> float:
        return self._clock_rng.uniform(*HUMAN_PACE)


def bot_view(game: EngineReadings[Engine], seat: int) -> dict[str, Any]:
    """A bot's view with the players' entries built as read: a bot reads only its own, and
    looks after nearly every change (`peanuts.engine.view.bot_view`)."""
    return engine_bot_view(game.engine, seat)


def step(game: EngineReadings[Engine], action: Action) -> list[Event]:
    """An action applied by the engine, without the outcome a room sends."""
    return game.engine.apply(action)


#: The game's part of `peanutclub simulate` and `peanutclub tournament` (its class's
#: `tools.simulation` loads it): each level against itself (a control), against the others and
#: against a person's speed, the sides laid alternately; and all four at one table.
SIMULATION = Simulation(
    tally=Tally,
    summary=Summary,
    host_action=None,
    matches={
        "easy vs easy (control)": ("easy", "easy"),
        "normal vs normal (control)": ("normal", "normal"),
        "hard vs hard (control)": ("hard", "hard"),
        "normal vs easy": ("normal", "easy"),
        "hard vs normal": ("hard", "normal"),
        "hard vs easy": ("hard", "easy"),
        "person vs easy": (PERSON, "easy"),
        "person vs normal": (PERSON, "normal"),
        "person vs hard": (PERSON, "hard"),
        "all four at one table": ("hard", "normal", "easy", PERSON),
    },
    people={PERSON: HumanSpeedPlayer},
    bot_view=bot_view,
    step=step,
)
