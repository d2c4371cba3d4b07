"""`peanutclub simulate --game NAME`: play many bot games quickly and summarise what happened.

The simulator is how the bots are tuned and how the rules' balance is checked (does a seat win
too often? are the powers used?). It drives games through the game plug-in only, as a room
would: each bot reads `{**public_view(), "you": private_view(seat)}` and may act; when none does,
it stands in for the room's clock and applies the action of the game's `timer()`. A game may
give its bots that view built as they read it (`bot_view`) and apply actions without the patch
only a room sends (`step`): the same fields, values and rule answers, for less work. Where a game
needs its host to move it on while no clock runs (Peanut Club: nobody bids, the host calls
"going"), the game's package says what the host does.

What is counted in a game, and how the games are summed up, is the game's: its class declares
it (`tools.simulation`, a `core.game.Simulation`, kept in the game's `simulate` module, e.g.
`peanutclub/games/peanut_club/simulate.py`):

- `tally()`: `add(events)` after every step, `result(game, played)` at the end: one game's
  result, a plain value with `played` (a `Played`), cheap to pickle;
- `summary()`: `add(result)` for every game, its figures as dataclass fields, `report()` lines;
- `host_action(game)`, or None: the action when no bot acts and no clock runs;
- `bot_view(game, seat)` and `step(game, action)`, or None: the cheaper view and apply above.

`play_game` is the one function the command, the tests and the benchmarks share.

**Untimed or timed.** By default a game is played in the step loop above: fast (it is what the
games-per-second figure measures), and it says how well the bots judge, nothing of time. With
`timed` (`--timed`), the same game is played through the one timed driver instead
(`peanutclub.driver.play_table`, as the tournaments play): a real room on virtual time, its
clock, its arrival order and its refusals, the bots seated as the room's bot loop seats them and
the party host moving a still table on. The game's tally reads the events the room sends (rebuilt
as `core.events.Event`), so its summary comes out the same way, through the real room.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import functools
import itertools
import multiprocessing
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, TextIO

from peanutclub.core import Bot, Game, RuleError
from peanutclub.core.events import Event
from peanutclub.core.game import Played, Simulation, Tally
from peanutclub.driver import play_table
from peanutclub.games import DEFAULT_GAME, GAMES, find_game

#: No game needs this many steps; reaching it means some bot keeps the game from moving on.
MAX_STEPS = 20_000


class Stalled(RuntimeError):
    """A game did not end within `MAX_STEPS` steps."""


@cache
def simulation(game_id: str) -> Simulation:
    """What the game counts, how it sums up, what its host does: as its class declares."""
    return find_game(game_id).tools.simulation()


def play_game(
    players: int,
    seed: int,
    levels: Sequence[str] | str = "normal",
    game_id: str = DEFAULT_GAME,
    settings: Sequence[tuple[str, Any]] = (),
    timed: bool = False,
    chosen: int | None = None,
) -> Any:
    """Play one game of bots to its end and return the game's result. Same arguments, same game.

    `levels` names each seat's bot level (a single name seats that level everywhere). `timed`
    plays it at a real room on virtual time (`_play_timed`); otherwise, each step,
    the bots are asked in a seeded random order and the first legal action is applied; a refused
    action is counted (it should be rare) and the next bot is asked. When no bot acts, the
    action of the game's timer is applied, or the host's when no timer runs. `settings` are the
    table's (name, value) beyond the game's defaults (Peanuts!' teams, say; a per-seat
    setting's value is its seats' steps, `{"0": 10}`). `chosen` is the seat the run watches
    (the one it gave a handicap): its place is counted apart.
    """
    cls = find_game(game_id)
    sim = simulation(game_id)
    seat_levels = _seat_levels(cls, players, levels)
    bots = [cls.bots[level](seat, seed) for seat, level in enumerate(seat_levels)]
    tally = sim.tally()
    if timed:
        return _play_timed(cls, sim, bots, seed, settings, tally, seat_levels, chosen)
    game: Game = cls(players, seed, cls.Settings(**typed_settings(cls, settings)))
    host = sim.host_action
    order_rng = random.Random(f"table:{seed}")
    # every order of the seats, drawn with one random number per step (shuffling a list each
    # step costs more than a bot's decision)
    orders = list(itertools.permutations(range(players)))
    draw = order_rng.random
    count = len(orders)
    errors: Counter[str] = Counter()
    actions = steps = 0
    look = _bot_view(game, sim)
    apply = _step(game, sim)
    while not game.over:
        steps += 1
        if steps > MAX_STEPS:
            raise Stalled(f"game {players}/{seed} ({','.join(seat_levels)}) did not end")
        order = orders[int(draw() * count)]
        events = None
        for seat in order:
            action = bots[seat].decide(look(seat))
            if action is None:
                continue
            if getattr(action, "seat", seat) != seat:  # a bot speaks only for its own seat
                errors["not_seated"] += 1
                continue
            try:
                events = apply(action)
            except RuleError as error:
                errors[error.code] += 1
                continue
            actions += 1
            break
        if events is None:
            timer = game.timer()
            if timer is not None:
                events = apply(timer.action)
            elif host is not None:
                events = apply(host(game))
            else:
                raise Stalled(f"game {players}/{seed}: no bot acts and no clock runs")
        tally.add(events)
    played = Played(
        game_id,
        seed,
        tuple(seat_levels),
        steps,
        actions,
        dict(errors),
        chosen,
        tuple(game.placings() or ()),
    )
    return tally.result(game, played)


def _bot_view(game: Game, sim: Simulation) -> Callable[[int], dict[str, Any]]:
    """How a bot at `seat` gets its view: as the game's simulation builds it for bots, or the
    whole view (`{**public_view(), "you": private_view(seat)}`; the public part is built once
    per version)."""
    if sim.bot_view is not None:
        return functools.partial(sim.bot_view, game)

    def whole(seat: int) -> dict[str, Any]:
        return {**game.public_view(), "you": game.private_view(seat)}

    return whole


def _step(game: Game, sim: Simulation) -> Callable[[Any], list[Any]]:
    """How an action is applied: the game's simulation step (no room patch), or `apply`."""
    if sim.step is not None:
        return functools.partial(sim.step, game)

    def apply(action: Any) -> list[Any]:
        return game.apply(action).events

    return apply


def _play_timed(
    cls: type[Game],
    sim: Simulation,
    bots: list[Bot],
    seed: int,
    settings: Sequence[tuple[str, Any]],
    tally: Tally,
    seat_levels: list[str],
    chosen: int | None = None,
) -> Any:
    """`play_game`'s game played through the one timed driver, and the game's result.

    The bots play as a room's bot loop plays them, the party host moves on a still table (as
    in the tournaments), and the room's clock fires; the tally hears every change the room
    makes after the deal. `Played.steps` counts those changes (the bots', the clock's, the
    host's), `actions` the bots' accepted actions and `bot_errors` the room's refusals of theirs.
    """
    steps = 0

    def changed(events: list[dict[str, Any]]) -> None:
        nonlocal steps
        steps += 1
        tally.add(engine_events(events))

    typed = typed_settings(cls, settings)
    table = asyncio.run(play_table(cls, bots, seed, typed, sim.host_action, on_events=changed))
    refused = dict(sorted(table.refused.items()))
    placings = tuple(table.game.placings() or ())
    played = Played(
        cls.id, seed, tuple(seat_levels), steps, table.actions, refused, chosen, placings
    )
    return tally.result(table.game, played)


def engine_events(wire: Iterable[dict[str, Any]]) -> list[Event]:
    """Events as the room sent them (`{"type": kind, **data}`) as the engine's `Event` values
    the games' tallies read: the wire form is `Event.to_dict`, so this is its inverse."""
    return [Event(str(e["type"]), {k: v for k, v in e.items() if k != "type"}) for e in wire]


def typed_settings(cls: type[Game], settings: Sequence[tuple[str, Any]]) -> dict[str, Any]:
    """Each setting as its field's type (the settings model is strict: 1, not 1.0); a per-seat
    setting's value (its seats' steps) is checked against the steps the game offers."""
    fields = cls.Settings.model_fields
    typed: dict[str, Any] = {}
    per_seat = cls.Settings.per_seat_names()
    for name, value in settings:
        if name not in fields:
            raise ValueError(f"{cls.id} has no setting {name!r}")
        if name in per_seat:
            problem = cls.Settings.problem(name, value, dev=False)
            if problem is not None:
                raise ValueError(problem.message)
            typed[name] = {str(k): int(v) for k, v in value.items()}
            continue
        typed[name] = int(value) if fields[name].annotation is int else float(value)
    return typed


def _seat_levels(cls: type[Game], players: int, levels: Sequence[str] | str) -> list[str]:
    names = [levels] if isinstance(levels, str) else list(levels)
    if not names:
        raise ValueError("name at least one bot level")
    unknown = [n for n in names if n not in cls.bots]
    if unknown:
        raise ValueError(f"unknown bot level(s): {', '.join(unknown)}")
    return [names[s % len(names)] for s in range(players)]


def table_levels(levels: Sequence[str], players: int, game_index: int) -> list[str]:
    """The levels around the table for the i-th game of a run.

    The list is laid around the table (repeated if short) and turned one seat further each game,
    so that over a run no level keeps the best or the worst seat.
    """
    around = [levels[s % len(levels)] for s in range(max(players, len(levels)))]
    turn = game_index % len(around)
    return (around[turn:] + around[:turn])[:players]


# ---------------------------------------------------------------------------- the summary


@dataclass
class Summary:
    """Totals over many games: the driver's own, and the game's (`game`, its `Summary`)."""

    game: Any
    games: int = 0
    steps: int = 0
    actions: int = 0
    games_by_players: Counter[int] = field(default_factory=Counter)
    bot_errors: Counter[str] = field(default_factory=Counter)
    #: Games with a watched seat (`--handicap`), and its wins (a first place shared by k seats
    #: counts 1/k) and its fair share of wins (1/players per game).
    chosen_games: int = 0
    chosen_wins: float = 0.0
    chosen_fair: float = 0.0
    seconds: float = 0.0  # wall-clock time of the run
    cpu_seconds: float = 0.0  # CPU time of this process (single-process runs only)

    def add(self, result: Any) -> None:
        played: Played = result.played
        self.games += 1
        self.games_by_players[played.players] += 1
        self.steps += played.steps
        self.actions += played.actions
        self.bot_errors.update(played.bot_errors)
        if played.chosen is not None and played.placings:
            self.chosen_games += 1
            self.chosen_fair += 1 / played.players
            if played.placings[played.chosen] == 1:
                self.chosen_wins += 1 / played.placings.count(1)
        self.game.add(result)

    def data(self) -> dict[str, Any]:
        """Every figure of the summary but the timing, as plain values (equal for equal runs)."""
        figures = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        figures.update({f.name: getattr(self.game, f.name) for f in dataclasses.fields(self.game)})
        return {
            k: (dict(sorted(v.items())) if isinstance(v, dict) else v)
            for k, v in figures.items()
            if k not in ("game", "seconds", "cpu_seconds")
        }

    def _chosen_report(self) -> list[str]:
        """The watched seat's wins, beside a seat's fair share (empty without `--handicap`)."""
        if not self.chosen_games:
            return []
        n = self.chosen_games
        return [
            f"handicapped seat wins: {self.chosen_wins / n:.1%} of {n} games "
            f"(a seat's fair share: {self.chosen_fair / n:.1%}; a shared win counts its share)"
        ]

    def report(self) -> str:
        """The summary as a plain text table."""
        g = max(self.games, 1)
        mix = ", ".join(f"{n}x{p} players" for p, n in sorted(self.games_by_players.items()))
        lines = [
            f"games: {self.games}  ({mix})",
            f"bot actions per game: {self.actions / g:.1f}  (table steps: {self.steps / g:.1f})",
            *self.game.report(),
            *self._chosen_report(),
            "refused bot actions: "
            + (
                ", ".join(f"{code} {n}" for code, n in sorted(self.bot_errors.items()))
                + f" ({sum(self.bot_errors.values()) / max(self.actions, 1):.3%} of bot actions)"
                if self.bot_errors
                else "none"
            ),
        ]
        if self.seconds > 0:
            speed = f"speed: {self.games / self.seconds:.1f} games/s ({self.seconds:.2f} s wall"
            if self.cpu_seconds > 0:
                speed += f"; {self.games / self.cpu_seconds:.1f} games per CPU second"
            lines.append(speed + ")")
        return "\n".join(lines)


# ---------------------------------------------------------------------------- running many games

#: One game of a run: (game id, players, seed, levels per seat, settings, timed, the watched
#: seat or None).
Job = tuple[str, int, int, tuple[str, ...], tuple[tuple[str, Any], ...], bool, int | None]

#: `--handicap`: a per-seat setting's name and the step one seat is given.
Handicap = tuple[str, int]


def _play(job: Job) -> Any:
    game_id, players, seed, levels, settings, timed, chosen = job
    return play_game(players, seed, levels, game_id, settings, timed, chosen)


def jobs(
    games: int,
    players: int,
    seed: int,
    levels: Sequence[str],
    game_id: str = DEFAULT_GAME,
    settings: Sequence[tuple[str, Any]] = (),
    timed: bool = False,
    handicap: Handicap | None = None,
) -> Iterator[Job]:
    """The games of a run: game i has seed `seed + i` and the table turned by i seats. With a
    `handicap`, game i gives it to seat i mod players (so no seat's place at the table decides
    the figure) and watches that seat, even when the step is the rule's own (a baseline)."""
    for i in range(games):
        levels_i = tuple(table_levels(levels, players, i))
        if handicap is None:
            yield game_id, players, seed + i, levels_i, tuple(settings), timed, None
            continue
        chosen = i % players
        given = (*settings, (handicap[0], {str(chosen): handicap[1]}))
        yield game_id, players, seed + i, levels_i, given, timed, chosen


def run(
    games: int,
    players: int,
    seed: int,
    levels: Sequence[str],
    processes: int = 1,
    progress: TextIO | None = None,
    game_id: str = DEFAULT_GAME,
    settings: Sequence[tuple[str, Any]] = (),
    timed: bool = False,
    handicap: Handicap | None = None,
) -> Summary:
    """Play `games` games and sum them up (`timed`: through the timed driver, see
    `_play_timed`); results do not depend on `processes`."""
    summary = Summary(simulation(game_id).summary())
    bar = _Progress(games, progress)
    start, cpu = time.perf_counter(), time.process_time()
    work = list(jobs(games, players, seed, levels, game_id, settings, timed, handicap))
    results: Iterable[Any]
    if processes > 1:
        with multiprocessing.Pool(processes) as pool:
            chunk = max(1, min(64, games // (processes * 8)))
            for result in pool.imap(_play, work, chunksize=chunk):
                summary.add(result)
                bar.tick()
    else:
        results = map(_play, work)
        for result in results:
            summary.add(result)
            bar.tick()
    summary.seconds = time.perf_counter() - start
    if processes == 1:  # other processes' time is not counted, so a figure would mislead
        summary.cpu_seconds = time.process_time() - cpu
    bar.done()
    return summary


class _Progress:
    """A text progress bar redrawn in place at most a few times a second."""

    WIDTH = 30

    def __init__(self, total: int, out: TextIO | None) -> None:
        self.total, self.out, self.count = total, out, 0
        self.start = self.last = time.perf_counter()

    def tick(self) -> None:
        self.count += 1
        now = time.perf_counter()
        if self.out is not None and (now - self.last > 0.2 or self.count == self.total):
            self.last = now
            self.draw(now)

    def draw(self, now: float) -> None:
        assert self.out is not None
        filled = self.WIDTH * self.count // max(self.total, 1)
        rate = self.count / max(now - self.start, 1e-9)
        self.out.write(
            f"\r[{'#' * filled}{'.' * (self.WIDTH - filled)}] {self.count}/{self.total} games"
            f"  {rate:.0f} games/s"
        )
        self.out.flush()

    def done(self) -> None:
        if self.out is not None and self.total:
            self.out.write("\n")
            self.out.flush()


# ---------------------------------------------------------------------------- the command


def register(subparsers: Any) -> None:
    """Add `simulate` to the `peanutclub` command line."""
    parser = subparsers.add_parser(
        "simulate",
        help="play many bot games and print a summary",
        description="Play bot games as fast as possible and summarise scores, wins and powers.",
    )
    parser.add_argument(
        "--game",
        default=DEFAULT_GAME,
        choices=tuple(GAMES),
        help=f"the game to play (default {DEFAULT_GAME})",
    )
    parser.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    parser.add_argument("--players", type=int, default=4, help="players per table (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument(
        "--bots",
        default="normal",
        help="comma-separated bot levels laid around the table, turned a seat each game "
        "(the game's levels; default normal)",
    )
    parser.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes; the summary does not depend on it (default: all cores)",
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a table setting beyond the game's defaults, e.g. --set teams=1 (repeatable)",
    )
    parser.add_argument(
        "--handicap",
        metavar="NAME=STEP",
        help="give one seat a step of a per-seat setting (a handicap or a head start), e.g. "
        "--handicap pile=16 for Peanuts!; game i gives it to seat i mod players and the "
        "summary says how often that seat won",
    )
    parser.add_argument(
        "--timed",
        action="store_true",
        help="play each game at a real room on virtual time (its clock, arrival order and "
        "refusals), as the tournaments do; slower than the untimed step loop",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    cls = find_game(args.game)
    levels = [name.strip() for name in args.bots.split(",") if name.strip()]
    problems = []
    low, high = cls.players.start, cls.players.stop - 1
    if args.players not in cls.players:
        problems.append(f"--players must be {low} to {high} for {cls.id}")
    if args.games < 1 or args.jobs < 1:
        problems.append("--games and --jobs must be at least 1")
    unknown = [n for n in levels if n not in cls.bots]
    if unknown or not levels:
        problems.append(f"unknown bot level(s) {unknown}; choose from {', '.join(cls.bots)}")
    settings: list[tuple[str, Any]] = []
    for item in args.set:
        name, _, value = item.partition("=")
        try:
            setting = (name.strip(), float(value))
            typed_settings(cls, [setting])
        except ValueError:
            problems.append(f"--set {item}: a setting of {cls.id} as NAME=NUMBER")
            continue
        settings.append(setting)
    handicap: Handicap | None = None
    if args.handicap:
        name, _, value = args.handicap.partition("=")
        name = name.strip()
        try:
            if name not in cls.Settings.per_seat_names():
                raise ValueError
            handicap = (name, int(value))
            typed_settings(cls, [(name, {"0": handicap[1]})])
        except ValueError:
            per_seat = ", ".join(cls.Settings.per_seat_names())
            problems.append(f"--handicap {args.handicap}: one of {cls.id}'s steps of {per_seat}")
    if problems:
        for p in problems:
            print(f"peanutclub simulate: {p}", file=sys.stderr)
        return 2
    summary = run(
        args.games,
        args.players,
        args.seed,
        levels,
        min(args.jobs, args.games),
        None if args.quiet else sys.stderr,
        args.game,
        settings,
        args.timed,
        handicap,
    )
    print(summary.report())
    return 0
