"""`peanutclub simulate`: play many bot games quickly and summarise what happened.

The simulator is how the bots are tuned and how the rules' balance is checked (does a seat or a
collector win too often? are powers used? how much money is lost to "no change"?). It drives games
exactly as a room would, through actions and views only, with the room's clock replaced by a rule:
when no bot wants to act, the auctioneer moves the game on (pay by itself, step the going call, or
call "going once").

`play_game` is the one function the command, the tests and the benchmarks share.
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from peanutclub.games.peanut_club.bots import LEVELS, make_bot
from peanutclub.games.peanut_club.engine import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Game,
    Phase,
    RuleError,
    view,
)

#: No game needs this many steps; reaching it means some bot keeps the game from moving on.
MAX_STEPS = 20_000


class Stalled(RuntimeError):
    """A game did not end within `MAX_STEPS` steps."""


@dataclass
class GameResult:
    """One finished game, reduced to what the summary needs (plain values, cheap to pickle)."""

    seed: int
    levels: tuple[str, ...]  # per seat
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
    bot_errors: dict[str, int]  # rule error code -> times a bot's action was refused
    steps: int  # decisions of the table: one accepted action each
    actions: int  # actions the bots took (the rest were the auctioneer's)

    @property
    def players(self) -> int:
        return len(self.levels)


def play_game(players: int, seed: int, levels: Sequence[str] | str = "normal") -> GameResult:
    """Play one game of bots to its end and return what happened. Same arguments, same game.

    `levels` names each seat's bot level (a single name seats that level everywhere). Each step,
    the bots are asked in a seeded random order and the first legal action is applied; a refused
    action is counted (it should be rare) and the next bot is asked. When no bot acts, the
    auctioneer does: automatic payment while paying, the next step of a running going call, or a
    fresh "going once".
    """
    seat_levels = _seat_levels(players, levels)
    game = Game(players, seed)
    bots = [make_bot(level, seat, seed) for seat, level in enumerate(seat_levels)]
    order_rng = random.Random(f"table:{seed}")
    # every order of the seats, drawn with one random number per step (shuffling a list each
    # step costs more than a bot's decision)
    orders = list(itertools.permutations(range(players)))
    draw = order_rng.random
    count = len(orders)
    powers: Counter[str] = Counter()
    errors: Counter[str] = Counter()
    payments = with_loss = lost = cards = discarded = actions = steps = 0
    while game.phase is not Phase.OVER:
        steps += 1
        if steps > MAX_STEPS:
            raise Stalled(f"game {players}/{seed} ({','.join(seat_levels)}) did not end")
        order = orders[int(draw() * count)]
        events = None
        for seat in order:
            action = bots[seat].decide(view(game, seat))
            if action is None:
                continue
            if getattr(action, "seat", seat) != seat:  # a bot speaks only for its own seat
                errors["not_seated"] += 1
                continue
            try:
                events = game.apply(action)
            except RuleError as error:
                errors[error.code] += 1
                continue
            actions += 1
            break
        if events is None:
            events = game.apply(game.auctioneer_action())
        for e in events:
            kind = e.kind
            if kind == "power":
                powers[e.data["power"]] += 1
            elif kind == "paid":
                data = e.data
                payments += 1
                cards += len(data["cards"])
                if data["convert"]:
                    powers["convert"] += 1
                if data["abracadabra"] is not None:
                    powers["abracadabra"] += 1
                if data["excess"]:
                    with_loss += 1
                    lost += data["excess"]
            elif kind == "discarded":
                discarded += 1
    scores = game.scores or []
    by_seat = sorted(scores, key=lambda s: s.seat)
    best = max((s.total, s.objects) for s in by_seat)
    return GameResult(
        seed=seed,
        levels=tuple(seat_levels),
        collectors=tuple(c.value for c in game.collectors),
        scores=tuple(s.total for s in by_seat),
        objects=tuple(s.objects for s in by_seat),
        winners=tuple(s.seat for s in by_seat if (s.total, s.objects) == best),
        lots=game.round,
        discarded=discarded,
        powers=dict(powers),
        payments=payments,
        payments_with_loss=with_loss,
        value_lost=lost,
        cards_paid=cards,
        bot_errors=dict(errors),
        steps=steps,
        actions=actions,
    )


def _seat_levels(players: int, levels: Sequence[str] | str) -> list[str]:
    names = [levels] if isinstance(levels, str) else list(levels)
    if not names:
        raise ValueError("name at least one bot level")
    unknown = [n for n in names if n not in LEVELS]
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
    """Totals over many games. Wins are shared: a tie for first gives each winner a fraction."""

    games: int = 0
    lots: int = 0
    discarded: int = 0
    steps: int = 0
    actions: int = 0
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
    bot_errors: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0  # wall-clock time of the run
    cpu_seconds: float = 0.0  # CPU time of this process (single-process runs only)

    def add(self, r: GameResult) -> None:
        self.games += 1
        self.games_by_players[r.players] += 1
        self.lots += r.lots
        self.discarded += r.discarded
        self.steps += r.steps
        self.actions += r.actions
        self.payments += r.payments
        self.payments_with_loss += r.payments_with_loss
        self.value_lost += r.value_lost
        self.cards_paid += r.cards_paid
        self.powers.update(r.powers)
        self.bot_errors.update(r.bot_errors)
        share = 1.0 / len(r.winners)
        for seat, (level, collector, pts) in enumerate(
            zip(r.levels, r.collectors, r.scores, strict=True)
        ):
            self.points[level] += pts
            self.points_by_seat[seat] += pts
            self.seats_played[level] += 1
            self.collector_seats[collector] += 1
            if seat in r.winners:
                self.wins_by_level[level] += share
                self.wins_by_seat[seat] += share
                self.wins_by_collector[collector] += share

    def data(self) -> dict[str, Any]:
        """Every figure of the summary but the timing, as plain values (equal for equal runs)."""
        return {
            k: (dict(sorted(v.items())) if isinstance(v, dict) else v)
            for k, v in self.__dict__.items()
            if k not in ("seconds", "cpu_seconds")
        }

    def report(self) -> str:
        """The summary as a plain text table."""
        g = max(self.games, 1)
        lines = [
            f"games: {self.games}  ({self._players_mix()})",
            f"lots per game: {self.lots / g:.2f}  (closed with no bid: {self.discarded / g:.2f})",
            f"bot actions per game: {self.actions / g:.1f}  (table steps: {self.steps / g:.1f})",
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
        for power in ("a_la_carte", "crash", "niet", "convert", "abracadabra"):
            lines.append(f"{power:<14}{self.powers[power] / g:>9.2f}")
        pay = max(self.payments, 1)
        lines += [
            "",
            f"payments: {self.payments / g:.2f} per game, {self.cards_paid / pay:.2f} cards each;"
            f" {self.payments_with_loss / pay:.1%} lose value to no change,"
            f" {self.value_lost / g:.2f} value lost per game",
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

    def _players_mix(self) -> str:
        return ", ".join(f"{n}x{p} players" for p, n in sorted(self.games_by_players.items()))


# ---------------------------------------------------------------------------- running many games


def _play(job: tuple[int, int, tuple[str, ...]]) -> GameResult:
    players, seed, levels = job
    return play_game(players, seed, levels)


def jobs(
    games: int, players: int, seed: int, levels: Sequence[str]
) -> Iterator[tuple[int, int, tuple[str, ...]]]:
    """The games of a run: game i has seed `seed + i` and the table turned by i seats."""
    for i in range(games):
        yield players, seed + i, tuple(table_levels(levels, players, i))


def run(
    games: int,
    players: int,
    seed: int,
    levels: Sequence[str],
    processes: int = 1,
    progress: TextIO | None = None,
) -> Summary:
    """Play `games` games and sum them up; results do not depend on `processes`."""
    summary = Summary()
    bar = _Progress(games, progress)
    start, cpu = time.perf_counter(), time.process_time()
    work = list(jobs(games, players, seed, levels))
    results: Iterable[GameResult]
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
    parser.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    parser.add_argument(
        "--players", type=int, default=4, help=f"{MIN_PLAYERS} to {MAX_PLAYERS} (default 4)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument(
        "--bots",
        default="normal",
        help="comma-separated levels laid around the table, turned a seat each game "
        f"(levels: {', '.join(LEVELS)}; default normal)",
    )
    parser.add_argument("--processes", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    levels = [name.strip() for name in args.bots.split(",") if name.strip()]
    problems = []
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        problems.append(f"--players must be {MIN_PLAYERS} to {MAX_PLAYERS}")
    if args.games < 1 or args.processes < 1:
        problems.append("--games and --processes must be at least 1")
    unknown = [n for n in levels if n not in LEVELS]
    if unknown or not levels:
        problems.append(f"unknown bot level(s) {unknown}; choose from {', '.join(LEVELS)}")
    if problems:
        for p in problems:
            print(f"peanutclub simulate: {p}", file=sys.stderr)
        return 2
    summary = run(
        args.games,
        args.players,
        args.seed,
        levels,
        args.processes,
        None if args.quiet else sys.stderr,
    )
    print(summary.report())
    return 0
