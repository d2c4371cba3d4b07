"""Are the Nur Peanuts! bots ordered? Tournaments per table size, with confidence intervals.

For each number of players, two kinds of tables, each played `--games` times through the
generic driver (`peanutclub.simulate.run`: game i has seed `seed + i`, the levels laid round the
table and turned one seat further each game, so that no level keeps a seat):

- **mixed**: easy, normal and hard laid round the table in turn (at 2 players, normal and hard);
- **hard vs normal**: the two laid alternately (at odd sizes normal holds one seat more).

A level's **win share** is the share of games it won (a victory shared between k winners counts
1/k); its **fair share** is its share of the seats, what it would win if the levels were equal.
The interval is the usual 95% one for a proportion over that many games (±1.96 sd), enough to
say whether a level wins more than its fair share.

`python -m peanutclub.games.nur_peanuts.tournament --players 2,3,4,5,6 --games 2000 --jobs 2`
prints the tables of docs/bots.md.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from peanutclub.games.nur_peanuts.game import NurPeanuts

#: The tables played at each size: a name and the levels laid round the table.
MATCHES: dict[str, tuple[str, ...]] = {
    "mixed": ("easy", "normal", "hard"),
    "hard vs normal": ("hard", "normal"),
}


@dataclass(frozen=True)
class Share:
    """One level's result in one tournament."""

    level: str
    wins: float  # games won (shared wins split)
    games: int
    fair: float  # its share of the seats

    @property
    def share(self) -> float:
        return self.wins / self.games

    @property
    def margin(self) -> float:
        """Half the 95% interval of the win share."""
        p = self.share
        return 1.96 * math.sqrt(max(p * (1 - p), 0.0) / self.games)

    def cell(self) -> str:
        return f"{self.share:.1%} ± {self.margin:.1%} ({self.fair:.0%})"


def levels_for(match: str, players: int) -> tuple[str, ...]:
    """The levels of a match at this size (a mixed table of two is normal against hard: one
    seat cannot hold three levels, and easy is not in question)."""
    levels = MATCHES[match]
    if match == "mixed" and players == 2:
        return ("normal", "hard")
    return levels


def tournament(
    players: int, levels: Sequence[str], games: int, seed: int = 1, jobs: int = 1
) -> list[Share]:
    """Play the games and return each level's share, weakest level first as listed."""
    from peanutclub.games import GAMES
    from peanutclub.simulate import run

    listed = NurPeanuts.id in GAMES
    GAMES.setdefault(NurPeanuts.id, NurPeanuts)
    try:
        summary = run(games, players, seed, list(levels), jobs, None, NurPeanuts.id)
    finally:
        if not listed:
            GAMES.pop(NurPeanuts.id, None)
    result = summary.game
    seats = sum(result.seats_played.values())
    return [
        Share(
            level,
            result.wins_by_level.get(level, 0.0),
            result.games,
            result.seats_played[level] / seats,
        )
        for level in dict.fromkeys(levels)
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m peanutclub.games.nur_peanuts.tournament",
        description="Nur Peanuts! bot levels against each other, per table size.",
    )
    parser.add_argument("--games", type=int, default=2000, help="games per table size and match")
    parser.add_argument("--players", default="2,3,4,5,6", help="table sizes, comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--match", default=",".join(MATCHES), help="matches, comma-separated")
    parser.add_argument("--jobs", "-j", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    sizes = [int(p) for p in args.players.split(",")]
    for match in args.match.split(","):
        print(
            f"\n{match}: {args.games} games per size, seed {args.seed}; win share ± 95% interval"
            " (fair share)\n"
        )
        print("| players | easy | normal | hard |")
        print("| --- | --- | --- | --- |")
        for players in sizes:
            shares = {
                s.level: s
                for s in tournament(
                    players, levels_for(match, players), args.games, args.seed, args.jobs
                )
            }
            cells = [
                shares[lvl].cell() if lvl in shares else "" for lvl in ("easy", "normal", "hard")
            ]
            print(f"| {players} | " + " | ".join(cells) + " |")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
