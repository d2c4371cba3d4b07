"""How many bot games a single core plays per second. Prints figures; asserts nothing on time.

Run with `python -m pytest tests/games/peanut_club/test_bench_games.py -s` to see the figures.
"""

from __future__ import annotations

from typing import Any

import pytest

from peanutclub.simulate import play_game

GAMES = 20


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bench_four_player_games(benchmark: Any, level: str) -> None:
    def batch() -> int:
        return sum(play_game(4, seed, level).lots for seed in range(GAMES))

    lots = benchmark.pedantic(batch, rounds=3, iterations=1)
    assert lots > 0
    if benchmark.stats is None:  # --benchmark-disable: the batch ran once, untimed
        return
    median = benchmark.stats.stats.median
    print(f"\n{level}: {GAMES / median:.1f} four-player games/s on one core (median of 3 rounds)")
