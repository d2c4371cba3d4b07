"""`peanutclub tournament --game NAME`: are a game's bot levels ordered? Line-ups in time.

`peanutclub simulate` lets one seat act per step with no time at all, which says how well a
level judges but not how it fares where speed and reactions count (the card race, an auction).
Here every game is played at a real room on virtual time, through the one timed driver
(`peanutclub.driver.play_table` at a `TimedTable`: the room's own clock, arrival order and
refusals; no sleeping), as `peanutclub simulate --timed` plays its games:

- each seat's player looks after each `pause` it gives (the room's bot delay if it gives none),
  reads its seat's view and may act: what a room's bot loop does, at `bot_pace` 1;
- a stand-in for a person that answers the table's changes (`notice`) looks once, that many
  seconds after a change that concerns it;
- where the game waits on its host while no clock runs (Peanut Club: a lot nobody bids on), a
  party host takes the game's `host_action` after `driver.HOST_WAIT` seconds of a still table.

What differs between games is declared by the game, on its class: its levels (`bots`), its
line-ups and its stand-ins for people (`tools.simulation().matches` and `.people`), who won
(`result()`: `winners`, a `winner`, or `scores` with places). This module knows no game.

For every table size and line-up, game g has seed `seed + g` (the same deals for every line-up)
and the line-up laid round the table, turned a seat further each game, so no side keeps a seat.
A side's **win share** is the share of games it won (a victory shared by k seats counts 1/k to
each), with its 95% interval (±1.96 sd of a proportion over that many games); its **fair share**
is its share of the seats, what it would win if every side played alike.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import multiprocessing
import statistics
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from peanutclub.core import Bot, Game
from peanutclub.core.game import Simulation
from peanutclub.driver import play_table
from peanutclub.games import DEFAULT_GAME, GAMES, find_game
from peanutclub.simulate import simulation, table_levels, typed_settings

#: The line-up of a game that declares none.
EVERY_LEVEL = "every level"

Settings = tuple[tuple[str, float], ...]


# ---------------------------------------------------------------------------- one game


@dataclass(frozen=True)
class TimedGame:
    """What one game on the virtual clock came to (plain values, cheap to pickle)."""

    levels: tuple[str, ...]  # per seat
    winners: tuple[int, ...]
    seconds: float


def line_ups(cls: type[Game]) -> dict[str, tuple[str, ...]]:
    """The line-ups the game declares, or one of every bot level."""
    declared = simulation(cls.id).matches
    return dict(declared) if declared else {EVERY_LEVEL: tuple(cls.bots)}


def player(cls: type[Game], sim: Simulation, level: str, seat: int, seed: int) -> Bot:
    """A bot of `level`, or the game's stand-in for a person of that name."""
    factory = cls.bots.get(level) or sim.people.get(level)
    if factory is None:
        raise ValueError(f"{cls.id} has no bot level or stand-in {level!r}")
    return factory(seat, seed)


def winners_of(result: Mapping[str, Any] | None) -> tuple[int, ...]:
    """The seats a finished game's `result()` names as winning: its `winners`, its `winner`, or
    the seats placed first among its `scores`."""
    if not result:
        return ()
    if "winners" in result:
        return tuple(int(s) for s in result["winners"])
    if "winner" in result:
        return (int(result["winner"]),)
    return tuple(int(s["seat"]) for s in result.get("scores", ()) if s.get("place") == 1)


def play_timed_game(
    game_id: str, levels: Sequence[str], seed: int, settings: Settings = ()
) -> TimedGame:
    """One game, `levels[seat]` at each seat, on virtual time. Same arguments, same game."""
    return asyncio.run(_timed_game(find_game(game_id), tuple(levels), seed, settings))


async def _timed_game(
    cls: type[Game], levels: tuple[str, ...], seed: int, settings: Settings
) -> TimedGame:
    sim = simulation(cls.id)
    players = [player(cls, sim, level, s, seed) for s, level in enumerate(levels)]
    table = await play_table(cls, players, seed, typed_settings(cls, settings), sim.host_action)
    return TimedGame(levels, winners_of(table.game.result()), table.now)


# ---------------------------------------------------------------------------- a line-up's games


@dataclass(frozen=True)
class Share:
    """One side's result over a line-up's games."""

    side: str
    wins: float  # games won (shared wins split)
    games: int
    fair: float  # its share of the seats

    @property
    def share(self) -> float:
        return self.wins / max(self.games, 1)

    @property
    def margin(self) -> float:
        """Half the 95% interval of the win share."""
        p = self.share
        return 1.96 * math.sqrt(max(p * (1 - p), 0.0) / max(self.games, 1))

    def cell(self) -> str:
        return f"{self.share:.1%} ± {self.margin:.1%} ({self.fair:.0%})"


@dataclass
class Match:
    """A line-up's games at one table size, summed up per side (a line-up may name one level
    twice, a control match: its sides are kept apart by their place in the line-up)."""

    name: str
    sides: tuple[str, ...]
    players: int
    games: int = 0
    wins: list[float] = field(default_factory=list)  # per side
    seats: list[int] = field(default_factory=list)  # seat-games per side
    minutes: list[float] = field(default_factory=list)  # each game's length

    def __post_init__(self) -> None:
        self.wins = [0.0] * len(self.sides)
        self.seats = [0] * len(self.sides)

    def add(self, game: TimedGame, sides: Sequence[int]) -> None:
        """Add a game in which seat s held side `sides[s]`."""
        self.games += 1
        for side in sides:
            self.seats[side] += 1
        for seat in game.winners:
            self.wins[sides[seat]] += 1.0 / len(game.winners)
        self.minutes.append(game.seconds / 60)

    def shares(self) -> list[Share]:
        total = max(sum(self.seats), 1)
        return [
            Share(name, self.wins[i], self.games, self.seats[i] / total)
            for i, name in enumerate(self.sides)
        ]

    def data(self) -> dict[str, Any]:
        """The figures as plain values (equal for equal runs)."""
        return {
            "match": self.name,
            "players": self.players,
            "games": self.games,
            "sides": [
                {
                    "side": s.side,
                    "wins": s.wins,
                    "share": s.share,
                    "margin": s.margin,
                    "fair": s.fair,
                }
                for s in self.shares()
            ],
            "median_minutes": statistics.median(self.minutes) if self.minutes else None,
        }

    def line(self) -> str:
        cells = " | ".join(s.cell() for s in self.shares())
        median = statistics.median(self.minutes) if self.minutes else float("nan")
        return f"| {self.players} | {cells} | {median:.0f} min |"


def table_sides(sides: int, players: int, index: int) -> list[int]:
    """The side at each seat in the `index`-th game of a line-up of `sides` (simulate's
    turning of the table, read as places in the line-up)."""
    return [int(s) for s in table_levels([str(i) for i in range(sides)], players, index)]


#: One game of a tournament: (game id, players, line-up name, its levels, game index, seed,
#: settings).
Job = tuple[str, int, str, tuple[str, ...], int, int, Settings]


def jobs(
    game_id: str,
    sizes: Sequence[int],
    matches: Mapping[str, tuple[str, ...]],
    games: int,
    seed: int,
    settings: Settings = (),
) -> Iterator[Job]:
    for players in sizes:
        for name, sides in matches.items():
            for g in range(games):
                yield game_id, players, name, sides, g, seed + g, settings


def _play(job: Job) -> tuple[int, str, list[int], TimedGame]:
    game_id, players, name, line_up, index, seed, settings = job
    sides = table_sides(len(line_up), players, index)
    levels = [line_up[s] for s in sides]
    return players, name, sides, play_timed_game(game_id, levels, seed, settings)


def run(
    game_id: str,
    sizes: Sequence[int],
    matches: Mapping[str, tuple[str, ...]],
    games: int,
    seed: int = 1,
    processes: int = 1,
    settings: Settings = (),
) -> dict[tuple[int, str], Match]:
    """Play every line-up at every table size; results do not depend on `processes`."""
    results = {
        (players, name): Match(name, sides, players)
        for players in sizes
        for name, sides in matches.items()
    }
    work = list(jobs(game_id, sizes, matches, games, seed, settings))
    if processes > 1:
        with multiprocessing.Pool(processes) as pool:
            for players, name, sides, game in pool.imap(_play, work, chunksize=4):
                results[players, name].add(game, sides)
    else:
        for players, name, sides, game in map(_play, work):
            results[players, name].add(game, sides)
    return results


# ---------------------------------------------------------------------------- the command


def register(subparsers: Any) -> None:
    """Add `tournament` to the `peanutclub` command line."""
    parser = subparsers.add_parser(
        "tournament",
        help="play bot levels against each other in time, per table size",
        description="Line-ups of a game's bot levels (and its stand-ins for people) at real "
        "rooms on virtual time: each side's win share, its 95%% interval and fair share.",
    )
    parser.add_argument(
        "--game", default=DEFAULT_GAME, choices=tuple(GAMES), help="the game to play"
    )
    parser.add_argument(
        "--players", default=None, help="table sizes, comma-separated (default: every size)"
    )
    parser.add_argument("--games", type=int, default=200, help="games per size and line-up")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument(
        "--match",
        default=None,
        help="line-ups, comma-separated, by name (default: every one the game declares)",
    )
    parser.add_argument("--jobs", "-j", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--set",
        type=_setting,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a table setting beyond the game's defaults, e.g. --set teams=1 (repeatable)",
    )
    parser.add_argument(
        "--json", type=Path, default=None, metavar="FILE", help="also write the figures here"
    )
    parser.set_defaults(func=main)


def _setting(item: str) -> tuple[str, float]:
    """`NAME=VALUE` as the pair the tables take (argparse refuses a value that is no number)."""
    name, _, value = item.partition("=")
    return name.strip(), float(value)


def main(args: argparse.Namespace) -> int:
    cls = find_game(args.game)
    declared = line_ups(cls)
    problems: list[str] = []
    try:
        sizes = (
            list(cls.players)
            if args.players is None
            else [int(p) for p in args.players.split(",") if p.strip()]
        )
    except ValueError:
        sizes = []
    if not sizes or any(p not in cls.players for p in sizes):
        low, high = cls.players.start, cls.players.stop - 1
        problems.append(f"--players: sizes from {low} to {high} for {cls.id}")
    names = list(declared) if args.match is None else [n.strip() for n in args.match.split(",")]
    if not names or any(n not in declared for n in names):
        problems.append(f"--match: choose from {', '.join(declared)}")
    if args.games < 1 or args.jobs < 1:
        problems.append("--games and --jobs must be at least 1")
    settings: Settings = tuple(args.set)
    try:
        typed_settings(cls, settings)
    except ValueError as error:
        problems.append(f"--set: {error}")
    if problems:
        for p in problems:
            print(f"peanutclub tournament: {p}", file=sys.stderr)
        return 2
    matches = {n: declared[n] for n in names}
    results = run(args.game, sizes, matches, args.games, args.seed, args.jobs, settings)
    for name, sides in matches.items():
        print(
            f"\n{cls.id}, {name}: {args.games} games per size, seed {args.seed}; "
            "win share ± 95% interval (fair share)\n"
        )
        print("| players | " + " | ".join(sides) + " | median game |")
        print("| --- | " + " | ".join("---" for _ in sides) + " | --- |")
        for players in sizes:
            print(results[players, name].line())
        sys.stdout.flush()
    if args.json is not None:
        figures = {
            "game": cls.id,
            "games": args.games,
            "seed": args.seed,
            "settings": dict(settings),
            "matches": [match.data() for match in results.values()],
        }
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0
