"""Every seat's private view, built from parts kept between versions and shared between seats,
is the one a game that keeps nothing would build, after every step of several seeded games.

The bid and power options are kept per value of what they read (the power options shared by
every seat that reads the same, the bid options per seat for each state of the bidding), so a
key that leaves out one input would hand a seat another state's answer. A game rebuilt from its
log has kept nothing: after every step both must agree, seat by seat.
"""

from __future__ import annotations

import random

import pytest

from peanutclub.games.peanut_club.bots import make_bot
from peanutclub.games.peanut_club.engine import (
    Engine,
    Phase,
    private_view,
)

from .bot_play import bot_step


def play_and_compare(players: int, level: str, seed: int) -> int:
    """Play a bots' game, comparing every seat's private view with a fresh game's at each step;
    return how many steps were compared."""
    game = Engine(players, seed)
    bots = [make_bot(level, s, seed) for s in range(players)]
    rng = random.Random(seed)
    steps = 0
    while game.phase is not Phase.OVER:
        bot_step(game, bots, rng)
        fresh = Engine.replay(players, seed, game.log)
        for s in range(players):
            assert private_view(game, s) == private_view(fresh, s), (steps, s)
        steps += 1
    return steps


@pytest.mark.parametrize(
    ("players", "level", "seed"),
    [(3, "hard", 5), (4, "normal", 11), (5, "easy", 23), (6, "hard", 2)],
)
def test_a_kept_private_view_is_the_one_built_afresh_after_every_step(
    players: int, level: str, seed: int
) -> None:
    assert play_and_compare(players, level, seed) > 30
