"""Bots against people, in time: a tournament on a virtual clock.

`peanutclub simulate` lets everyone act in turn with no time at all, which says how well a level
judges but not how it fares against people, who take seconds to react. Here every participant
acts at its own pace on one virtual clock (no sleeping: the next event is always the earliest
one), with the table's own clock policy (`PeanutClub.timer()`: the going steps, the idle call,
the pay deadline, re-armed after every accepted action, as the room does) at the default pace:
a going step of 2 s, the idle call after 8 s, 60 s to pay.

- A bot looks at the table after each `pause` it gives and acts on what `decide` then says,
  exactly as in a room (`Room._bot_loop`), at `bot_pace` 1.
- A `CasualPlayer` stands for a person playing casually: it follows the table all the time and
  answers each change that concerns it 3 to 6 seconds later (a new lot, a new high bid, a power,
  a lot it must pay for); it bids the lowest winning amount when the lot is worth that to it,
  never uses a power, and pays the suggested payment.
- A party host calls "going once" on a lot nobody has bid on after `HOST_CALL` seconds.

Run `python -m peanutclub.games.peanut_club.tournament --games 500` for the figures in
docs/bots.md. The engine holds every rule; this module holds none.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from peanutclub.games.peanut_club.bots import LEVELS
from peanutclub.games.peanut_club.bots.base import (
    BaseBot,
    pay_as_suggested,
    situation_of,
    without_powers,
)
from peanutclub.games.peanut_club.engine import (
    Action,
    CallGoing,
    Currency,
    PlaceBid,
    RuleError,
    ranking,
)
from peanutclub.games.peanut_club.game import PeanutClub, Settings

#: A casual person's reaction to a change that concerns them, in seconds.
HUMAN_REACTION = (3.0, 6.0)
#: How long a host lets a lot with no bid wait before calling it.
HOST_CALL = 15.0
#: Symbols every player scores a point for.
BONUS = frozenset({"luxury", "antique", "joker"})
#: A game that runs longer than this (virtual seconds) is a bug in a participant.
LONGEST_GAME = 6 * 3600.0


class CasualPlayer:
    """A person playing casually, reduced to a simple sensible rule (see the module docstring).

    It spends its money evenly over the lots it can expect to win: a lot is worth its fair share
    of the money in hand per object, half as much again when it shows a symbol the player wants
    (their Collector's, Luxury, Antique, a Joker, or one they already hold), half as much when it
    does not. It bids the cheapest lowest winning bid its own cards of that currency can pay (a
    stronger currency counting for more), when that is no more than the lot's worth.
    """

    level = "person"

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(f"person:{seed}:{seat}")

    def reaction(self) -> float:
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
        column = view["column"]
        strength = {c: 1.5 - 0.5 * i for i, c in enumerate(column)}  # 1.5, 1, 0.5
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


@dataclass
class Seat:
    """One participant and when it acts next (None: it waits for a change)."""

    player: BaseBot | CasualPlayer
    due: float | None = None


@dataclass
class TimedGame:
    """What one timed game came to."""

    levels: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    lots_won: tuple[int, ...]
    reactions: dict[str, list[float]] = field(default_factory=dict)  # level -> seconds
    seconds: float = 0.0


def play_timed_game(levels: Sequence[str], seed: int) -> TimedGame:
    """One game, `levels[seat]` at each seat ("person" for a `CasualPlayer`), on virtual time."""
    table = PeanutClub(len(levels), seed, Settings())
    engine = table.engine
    seats = [
        Seat(CasualPlayer(s, seed) if lvl == "person" else LEVELS[lvl](s, seed))
        for s, lvl in enumerate(levels)
    ]
    reactions: dict[str, list[float]] = {lvl: [] for lvl in levels}
    lots_won = [0] * len(levels)
    now = 0.0
    changed_at = 0.0  # when the situation people react to last changed
    situation: tuple[Any, ...] | None = None
    clock_at: float | None = None
    host_at: float | None = None

    def view(seat: int) -> dict[str, Any]:
        return {**table.public_view(), "you": table.private_view(seat)}

    def after_change() -> None:
        """What the room does after an accepted action: re-arm the clock; people take it in."""
        nonlocal clock_at, host_at, situation, changed_at
        timer = table.timer()
        clock_at = None if timer is None else now + timer.seconds
        public = table.public_view()
        waiting = public["phase"] == "bidding" and public["high_bid"] is None
        host_at = now + HOST_CALL if waiting and not public["going"] else None
        seen = situation_of(public)
        if seen != situation:
            situation, changed_at = seen, now
            for seat in seats:
                if isinstance(seat.player, CasualPlayer):
                    seat.due = now + seat.player.reaction()

    def apply(action: Action, by: str | None) -> bool:
        try:
            events = table.apply(action)
        except RuleError:
            return False
        if by is not None:
            reactions[by].append(now - changed_at)
        for e in events:
            if e.kind == "paid":
                lots_won[e.data["seat"]] += 1
        after_change()
        return True

    for seat in seats:
        if isinstance(seat.player, BaseBot):
            seat.due = seat.player.pause(None)
    after_change()
    while not table.over:
        candidates: list[tuple[float, int]] = []
        if clock_at is not None:
            candidates.append((clock_at, -2))
        if host_at is not None:
            candidates.append((host_at, -1))
        candidates += [(s.due, i) for i, s in enumerate(seats) if s.due is not None]
        now, who = min(candidates)
        if now > LONGEST_GAME:
            raise RuntimeError(f"game {seed} of {levels} does not end")
        if who == -2:
            timer = table.timer()
            assert timer is not None
            apply(cast(Action, timer.action), None)  # the table's clock holds its own actions
            continue
        if who == -1:
            apply(CallGoing(None), None)
            continue
        seat = seats[who]
        seen = view(who)
        action = seat.player.decide(seen)
        if isinstance(seat.player, BaseBot):
            seat.due = now + max(0.0, seat.player.pause(seen))
        else:
            seat.due = None  # a person acts once per change, then waits for the next
        if action is not None:
            apply(action, levels[who])
    scores = engine.scores or []
    by_seat = {s.seat: s.total for s in scores}
    return TimedGame(
        tuple(levels),
        tuple(by_seat.get(s, 0) for s in range(len(levels))),
        tuple(score.seat for place, score in ranking(scores) if place == 1),
        tuple(lots_won),
        reactions,
        now,
    )


@dataclass
class Match:
    """A level's games against casual people, summed up."""

    level: str
    games: int = 0
    wins: float = 0.0  # the bots' share of first places (shared places split)
    person_wins: float = 0.0
    pairs: int = 0  # (bot, person) pairs compared, game by game
    bot_ahead: float = 0.0  # pairs where the bot scored more (ties count half)
    bot_points: list[int] = field(default_factory=list)
    person_points: list[int] = field(default_factory=list)
    bot_lots: int = 0
    person_lots: int = 0
    bot_reactions: list[float] = field(default_factory=list)
    person_reactions: list[float] = field(default_factory=list)
    minutes: list[float] = field(default_factory=list)  # each game's length

    def add(self, game: TimedGame) -> None:
        self.games += 1
        share = 1.0 / len(game.winners)
        for s in game.winners:
            if game.levels[s] == "person":
                self.person_wins += share
            else:
                self.wins += share
        bots = [s for s, lvl in enumerate(game.levels) if lvl != "person"]
        people = [s for s, lvl in enumerate(game.levels) if lvl == "person"]
        for b in bots:
            self.bot_points.append(game.scores[b])
            self.bot_lots += game.lots_won[b]
            for p in people:
                self.pairs += 1
                diff = game.scores[b] - game.scores[p]
                self.bot_ahead += 1.0 if diff > 0 else 0.5 if diff == 0 else 0.0
        for p in people:
            self.person_points.append(game.scores[p])
            self.person_lots += game.lots_won[p]
        self.minutes.append(game.seconds / 60)
        self.bot_reactions += game.reactions.get(self.level, [])
        self.person_reactions += game.reactions.get("person", [])

    def line(self) -> str:
        def median(xs: list[float]) -> float:
            return statistics.median(xs) if xs else float("nan")

        return (
            f"| {self.level} | {100 * self.wins / self.games:.1f}% | "
            f"{100 * self.person_wins / self.games:.1f}% | "
            f"{100 * self.bot_ahead / max(self.pairs, 1):.1f}% | "
            f"{statistics.fmean(self.bot_points):.2f} vs "
            f"{statistics.fmean(self.person_points):.2f} | "
            f"{self.bot_lots / self.games:.1f} vs {self.person_lots / self.games:.1f} | "
            f"{median(self.bot_reactions):.1f} s vs {median(self.person_reactions):.1f} s | "
            f"{median(self.minutes):.0f} min |"
        )


HEADER = (
    "| bots | bots' win share | people's win share | bot ahead of a person | "
    "points per seat | lots per game (bots vs people) | median reaction | median game |\n"
    "| --- | --- | --- | --- | --- | --- | --- | --- |"
)


def tables(level: str, games: int, seed: int) -> list[tuple[str, ...]]:
    """Four seats, two bots of `level` and two people, alternating, turned round each game."""
    pattern = (level, "person", level, "person")
    return [tuple(pattern[(i + g) % 4] for i in range(4)) for g in range(games)]


def run_match(
    level: str, games: int, seed: int, progress: Callable[[int], None] | None = None
) -> Match:
    match = Match(level)
    for g, levels in enumerate(tables(level, games, seed)):
        match.add(play_timed_game(levels, seed + g))
        if progress is not None:
            progress(g)
    return match


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m peanutclub.games.peanut_club.tournament",
        description="Each bot level against casual people, on a virtual clock.",
    )
    parser.add_argument("--games", type=int, default=200, help="games per level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="easy,normal,hard")
    args = parser.parse_args(argv)
    print(
        f"{args.games} four-player games per level, seed {args.seed}: two bots and two casual "
        "people, seats alternating and turned round each game (fair share 50%)."
    )
    print(HEADER)
    for level in args.levels.split(","):
        print(run_match(level, args.games, args.seed).line())
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
