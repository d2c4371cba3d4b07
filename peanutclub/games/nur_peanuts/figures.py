"""The designer's figures for Nur Peanuts!, several table sizes in one run.

`python -m peanutclub.games.nur_peanuts.figures --players 2,3,4,5,6 --games 10000` plays the bot
games through the generic driver (`peanutclub.simulate`) and prints, for each size, the summary
that `peanutclub simulate --game nur-peanuts` gives for one (what is counted is the game's
`simulate.py`). It lives apart from `simulate.py` because it drives the simulator and the
registry, which the game's own tool modules, loaded by its class, do not import.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from peanutclub.games import GAMES
from peanutclub.games.nur_peanuts.game import NurPeanuts
from peanutclub.games.nur_peanuts.simulate import GameResult
from peanutclub.simulate import play_game, run


def play(players: int, seed: int, levels: Sequence[str] | str = "normal") -> GameResult:
    """One bot game through the generic driver, with this game listed for as long as it takes
    (it is not among the server's games until its pages exist)."""
    listed = NurPeanuts.id in GAMES
    GAMES.setdefault(NurPeanuts.id, NurPeanuts)
    try:
        result: GameResult = play_game(players, seed, levels, NurPeanuts.id)
    finally:
        if not listed:
            GAMES.pop(NurPeanuts.id, None)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m peanutclub.games.nur_peanuts.figures`: the designer's figures, one table size
    after another (`--players 2,3,4,5,6`)."""
    parser = argparse.ArgumentParser(description="Play Nur Peanuts! bot games and sum them up.")
    parser.add_argument("--games", type=int, default=1000, help="games per table size")
    parser.add_argument("--players", default="4", help="table sizes, comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="normal", help="levels laid around the table")
    parser.add_argument("--jobs", "-j", type=int, default=1)
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    GAMES.setdefault(NurPeanuts.id, NurPeanuts)
    levels = [name.strip() for name in args.bots.split(",") if name.strip()]
    for players in (int(p) for p in args.players.split(",")):
        summary = run(
            args.games,
            players,
            args.seed,
            levels,
            args.jobs,
            None if args.quiet else sys.stderr,
            NurPeanuts.id,
        )
        print(f"== {players} players, bots {','.join(levels)}")
        print(summary.report(), flush=True)
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
