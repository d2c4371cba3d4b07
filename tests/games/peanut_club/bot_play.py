"""One step of a seeded bots' game, as the engine tests that check views after each step play it."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from peanutclub.games.peanut_club.bots.base import Bot
from peanutclub.games.peanut_club.engine import Engine, RuleError, view

Look = Callable[[Engine, int], dict[str, Any]]


def bot_step(game: Engine, bots: Sequence[Bot], rng: random.Random, look: Look = view) -> None:
    """A seat drawn by `rng` decides from `look`; a move it has not or the rules refuse gives way
    to the auctioneer's, so the game always goes on to its end."""
    seat = rng.randrange(len(bots))
    action = bots[seat].decide(look(game, seat))
    try:
        if action is None:
            raise RuleError("nothing to do")
        game.apply(action)
    except RuleError:
        game.apply(game.auctioneer_action())
