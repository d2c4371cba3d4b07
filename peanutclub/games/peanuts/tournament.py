"""The race in time: bot levels against each other and against a human-speed player.

`peanutclub simulate --game peanuts` lets one seat act per step, in a seeded random order, with
no time at all, so speed, the heart of the race, plays no part there. Here every seat acts at
its own pace at a real room on virtual time (`peanutclub.driver.TimedTable`: no sleeping, the
earliest due event is always the next):

- a seat waits its `pause`, then looks at its own view and, if it decides to, acts at once:
  what a room's bot loop does (`Room._bot_loop`), at `bot_pace` 1. The room takes actions in
  time order, its arrival order, so the first to a pile wins it;
- the table's clocks are the room's own, running the plug-in's `Peanuts.timer()` (the 3 s
  count-down, the 60 s stall clock, 20 s between rounds).

`HumanSpeedPlayer` stands for a person: a sensible greedy player (foundations first, then its
building piles, else it turns the stock; stuck after a whole pass without a play) that never
misses a play and takes 0.8 to 1.5 s per move. Its speed is the point.

`python -m peanutclub.games.peanuts.tournament --games 200 --jobs 2` prints the table of
docs/bots.md. The engine holds every rule; this module holds none.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import multiprocessing
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

from peanutclub.driver import TimedTable
from peanutclub.games.peanuts.bots import LEVELS, BaseBot
from peanutclub.games.peanuts.game import Peanuts

#: A person's time per move, in seconds (uniform between the two).
HUMAN_PACE = (0.8, 1.5)
PERSON = "person"
#: A game that runs longer than this (virtual seconds) is a bug in a participant.
LONGEST_GAME = 6 * 3600.0


class HumanSpeedPlayer(BaseBot):
    """A person playing the obvious way at a person's speed (see the module docstring): the
    bots' common way of playing, with nothing overlooked and no rearranging of building piles."""

    level: ClassVar[str] = PERSON
    reaction_seconds: ClassVar[float] = sum(HUMAN_PACE) / 2

    def delay(self) -> float:
        return self._clock_rng.uniform(*HUMAN_PACE)


def participant(level: str, seat: int, seed: int) -> BaseBot:
    if level == PERSON:
        return HumanSpeedPlayer(seat, seed)
    return LEVELS[level](seat, seed)


@dataclass
class TimedGame:
    """What one game on the virtual clock came to."""

    levels: tuple[str, ...]
    scores: tuple[int, ...]  # per seat
    winners: tuple[int, ...]
    rounds: int
    stalled: int  # rounds that ended with no "Peanuts!" call
    moves: tuple[int, ...]  # cards each seat moved onto a foundation or a building pile
    refused: tuple[int, ...]  # each seat's actions the engine refused (races lost)
    play_seconds: float  # time spent playing rounds (count-downs and pauses left out)
    seconds: float


def play_timed_game(levels: Sequence[str], seed: int) -> TimedGame:
    """One game with `levels[seat]` at each seat (`"person"` for a `HumanSpeedPlayer`)."""
    return asyncio.run(_timed_game(levels, seed))


async def _timed_game(levels: Sequence[str], seed: int) -> TimedGame:
    seats = [participant(level, s, seed) for s, level in enumerate(levels)]
    moves = [0] * len(seats)
    refused = [0] * len(seats)
    stalled = 0
    play_seconds = 0.0
    playing_since: float | None = None

    def changed(events: list[dict[str, Any]]) -> None:
        nonlocal stalled, play_seconds, playing_since
        for e in events:
            kind = e["type"]
            if kind == "moved":
                moves[e["seat"]] += 1
            elif kind == "round_started":
                playing_since = table.now
            elif kind == "round_over":
                stalled += e["reason"] != "peanuts"
                if playing_since is not None:
                    play_seconds += table.now - playing_since
                playing_since = None

    table = TimedTable(Peanuts, len(levels), seed, on_events=changed)

    async def look(seat: int) -> None:
        """What the room's bot loop does for a bot: wait its pause, look, maybe act."""
        if table.over:
            return
        player = seats[seat]
        view = table.view(seat)
        action = player.decide(view)
        if action is not None and not await table.act(action):
            refused[seat] += 1
        table.at(player.pause(view), functools.partial(look, seat))

    await table.open()
    for seat, player in enumerate(seats):
        table.at(player.pause(None), functools.partial(look, seat))
    await table.play(LONGEST_GAME)
    engine = cast(Peanuts, table.game).engine
    return TimedGame(
        levels=tuple(levels),
        scores=tuple(engine.totals[d] for d in engine.deck_of),
        winners=tuple(engine.winners or ()),
        rounds=engine.round,
        stalled=stalled,
        moves=tuple(moves),
        refused=tuple(refused),
        play_seconds=play_seconds,
        seconds=table.now,
    )


# ---------------------------------------------------------------------------- matches


@dataclass
class Match:
    """Games of one line-up, summed up per level (sides of the same level are kept apart by
    `sides`: in a control match both sides are one level)."""

    name: str
    sides: tuple[str, ...]  # the line-up, laid round the table and turned each game
    games: int = 0
    rounds: int = 0
    stalled: int = 0
    play_seconds: float = 0.0
    wins: list[float] = field(default_factory=list)  # per side (shared wins split)
    points: list[int] = field(default_factory=list)  # per side, summed over its seats
    seats: list[int] = field(default_factory=list)  # seat-games per side
    moves: list[int] = field(default_factory=list)
    refused: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        n = len(self.sides)
        self.wins, self.points, self.seats = [0.0] * n, [0] * n, [0] * n
        self.moves, self.refused = [0] * n, [0] * n

    def add(self, game: TimedGame, turn: int) -> None:
        """Add a game played with the line-up turned `turn` seats."""
        self.games += 1
        self.rounds += game.rounds
        self.stalled += game.stalled
        self.play_seconds += game.play_seconds
        share = 1.0 / max(len(game.winners), 1)
        for seat in range(len(game.levels)):
            side = (seat + turn) % len(self.sides)
            self.seats[side] += 1
            self.points[side] += game.scores[seat]
            self.moves[side] += game.moves[seat]
            self.refused[side] += game.refused[seat]
            if seat in game.winners:
                self.wins[side] += share

    def win_share(self, side: int) -> float:
        return self.wins[side] / max(self.games, 1)

    def fair_share(self, side: int) -> float:
        return self.seats[side] / max(sum(self.seats), 1)

    def points_per_seat(self, side: int) -> float:
        """Points per seat per game."""
        return self.points[side] / max(self.seats[side], 1)

    def line(self) -> str:
        n = range(len(self.sides))
        shares = ", ".join(
            f"{self.sides[s]} {self.win_share(s):.1%} ({self.fair_share(s):.0%})" for s in n
        )
        points = " vs ".join(f"{self.points_per_seat(s):.1f}" for s in n)
        per_round = " vs ".join(
            f"{self.points_per_seat(s) * self.games / max(self.rounds, 1):.1f}" for s in n
        )
        minutes = max(self.play_seconds / max(self.games, 1) / 60, 1e-9)  # per game
        cards = " vs ".join(f"{self.moves[s] / max(self.seats[s], 1) / minutes:.1f}" for s in n)
        return (
            f"| {self.name} | {shares} | {points} | {per_round} | {cards} | "
            f"{self.rounds / max(self.games, 1):.1f} | "
            f"{self.play_seconds / max(self.rounds, 1) / 60:.1f} min | "
            f"{self.stalled / max(self.rounds, 1):.1%} | {sum(self.refused)} |"
        )


HEADER = (
    "| match | win share (fair share) | points per seat per game | points per seat per round "
    "| cards played per seat per minute | rounds per game | mean round | rounds stalled "
    "| refused |\n"
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
)

#: The line-ups of the tournament: four seats, the sides laid alternately (or all four apart).
LINE_UPS: dict[str, tuple[str, ...]] = {
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
}

#: One game of a tournament: (line-up name, turn, seats' levels, seed).
Job = tuple[str, int, tuple[str, ...], int]


def jobs(line_ups: Sequence[str], games: int, seed: int, players: int = 4) -> list[Job]:
    """Every game of the tournament: game g of a line-up has seed `seed + g` (the same deals
    for every line-up) and the line-up turned by g seats."""
    work: list[Job] = []
    for name in line_ups:
        sides = LINE_UPS[name]
        for g in range(games):
            turn = g % len(sides)
            levels = tuple(sides[(seat + turn) % len(sides)] for seat in range(players))
            work.append((name, turn, levels, seed + g))
    return work


def _play(job: Job) -> tuple[str, int, TimedGame]:
    name, turn, levels, seed = job
    return name, turn, play_timed_game(levels, seed)


def run(
    line_ups: Sequence[str], games: int, seed: int = 1, processes: int = 1, players: int = 4
) -> dict[str, Match]:
    """Play the tournament; results do not depend on `processes`."""
    matches = {name: Match(name, LINE_UPS[name]) for name in line_ups}
    work = jobs(line_ups, games, seed, players)
    if processes > 1:
        with multiprocessing.Pool(processes) as pool:
            for name, turn, game in pool.imap(_play, work, chunksize=4):
                matches[name].add(game, turn)
    else:
        for name, turn, game in map(_play, work):
            matches[name].add(game, turn)
    return matches


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m peanutclub.games.peanuts.tournament",
        description="Peanuts! bot levels and a human-speed player, in time.",
    )
    parser.add_argument("--games", type=int, default=200, help="games per line-up")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4, help="players per table (2 to 6)")
    parser.add_argument(
        "--line-ups", default=",".join(LINE_UPS), help="line-ups to play, comma-separated"
    )
    parser.add_argument("--jobs", "-j", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.line_ups.split(",") if n.strip()]
    unknown = [n for n in names if n not in LINE_UPS]
    if unknown or not 2 <= args.players <= 6 or args.games < 1:
        print(f"choose line-ups from: {', '.join(LINE_UPS)}; 2 to 6 players", file=sys.stderr)
        return 2
    print(
        f"{args.games} games per line-up, {args.players} players, seed {args.seed}: the line-up "
        "laid round the table and turned a seat each game; a person takes "
        f"{HUMAN_PACE[0]}-{HUMAN_PACE[1]} s per move."
    )
    print(HEADER)
    matches = run(names, args.games, args.seed, args.jobs, args.players)
    for name in names:
        print(matches[name].line())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
