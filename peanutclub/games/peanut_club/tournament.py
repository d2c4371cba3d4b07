"""Bots against people, in time: a tournament on a virtual clock.

`peanutclub simulate` lets everyone act in turn with no time at all, which says how well a level
judges but not how it fares against people, who take seconds to react. Here every participant
acts at its own pace at a real room on virtual time (`peanutclub.driver.TimedTable`: no
sleeping, the next event is always the earliest one), whose clock runs the game's own
(`PeanutClub.timer()`: the going steps, the idle call, the pay deadline) at the default pace:
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
import asyncio
import functools
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from peanutclub.driver import TimedTable
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
    ranking,
)
from peanutclub.games.peanut_club.game import PeanutClub
from peanutclub.server.clock import Timer

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
    return asyncio.run(_timed_game(levels, seed))


async def _timed_game(levels: Sequence[str], seed: int) -> TimedGame:
    players: list[BaseBot | CasualPlayer] = [
        CasualPlayer(s, seed) if lvl == "person" else LEVELS[lvl](s, seed)
        for s, lvl in enumerate(levels)
    ]
    reactions: dict[str, list[float]] = {lvl: [] for lvl in levels}
    lots_won = [0] * len(levels)
    changed_at = 0.0  # when the situation people react to last changed
    situation: tuple[Any, ...] | None = None
    host: Timer | None = None
    people: dict[int, Timer] = {}  # a person's next answer, set at the last change

    def changed(events: list[dict[str, Any]]) -> None:
        """After every change the room makes: the host watches for a lot nobody bids on;
        people take in a new situation and answer it a few seconds later."""
        nonlocal host, situation, changed_at
        for e in events:
            if e["type"] == "paid":
                lots_won[e["seat"]] += 1
        public = table.game.public_view()
        if host is not None:
            host.cancel()
        waiting = public["phase"] == "bidding" and public["high_bid"] is None
        host = table.at(HOST_CALL, call_going) if waiting and not public["going"] else None
        seen = situation_of(public)
        if seen == situation:
            return
        situation, changed_at = seen, table.now
        for seat, player in enumerate(players):
            if isinstance(player, CasualPlayer):
                if seat in people:
                    people[seat].cancel()
                people[seat] = table.at(player.reaction(), functools.partial(look, seat))

    table = TimedTable(PeanutClub, len(levels), seed, on_events=changed)

    async def call_going() -> None:
        if not table.over:
            await table.act(CallGoing(None))

    async def look(seat: int) -> None:
        """A bot looks after each pause it gives, as in a room's bot loop; a person answers
        the change it was woken by, once, then waits for the next."""
        if table.over:
            return
        player = players[seat]
        seen = table.view(seat)
        action = player.decide(seen)
        if isinstance(player, BaseBot):
            table.at(player.pause(seen), functools.partial(look, seat))
        else:
            people.pop(seat, None)
        since = changed_at
        if action is not None and await table.act(action):
            reactions[levels[seat]].append(table.now - since)

    await table.open()
    for seat, player in enumerate(players):
        if isinstance(player, BaseBot):
            table.at(player.pause(None), functools.partial(look, seat))
    await table.play(LONGEST_GAME)
    engine = cast(PeanutClub, table.game).engine
    scores = engine.scores or []
    by_seat = {s.seat: s.total for s in scores}
    return TimedGame(
        tuple(levels),
        tuple(by_seat.get(s, 0) for s in range(len(levels))),
        tuple(score.seat for place, score in ranking(scores) if place == 1),
        tuple(lots_won),
        reactions,
        table.now,
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
