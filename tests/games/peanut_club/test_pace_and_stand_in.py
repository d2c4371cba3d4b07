"""Bots at a person's pace, the same for every level; and a bot playing for an away person
spends none of that person's power tokens (our choice)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from peanutclub.games.peanut_club.bots import make_bot
from peanutclub.games.peanut_club.bots.base import (
    FIRST_LOOK,
    GLANCE,
    REACTION,
    BaseBot,
    without_powers,
)
from peanutclub.games.peanut_club.engine import Engine, Pay, Phase, PlaceBid, view
from tests.games.bot_table import first_accepted


def play(level: str, seed: int, stand_in: bool) -> tuple[Engine, list[Any]]:
    """A four-player game: `level` at seat 0 (playing for an away person if `stand_in`), normal
    bots elsewhere. Returns the game and seat 0's accepted actions with the view each was
    decided on."""
    game = Engine(4, seed)
    bots = [make_bot(level if s == 0 else "normal", s, seed) for s in range(4)]
    order = random.Random(seed)
    mine: list[Any] = []

    def seen_by(seat: int) -> dict[str, Any]:
        seen = view(game, seat)
        if seat == 0 and stand_in:
            seen["stand_in"] = True
        return seen

    while game.phase is not Phase.OVER:
        step = first_accepted(game, bots, order.sample(range(4), 4), seen_by)
        if step is None:
            game.apply(game.auctioneer_action())
        elif step.seat == 0:
            mine.append((step.action, step.seen))
    return game, mine


def seat_zero_powers(game: Engine) -> list[str]:
    return [use.power.value for use in game.power_uses if use.seat == 0]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_playing_for_an_away_person_spends_none_of_their_power_tokens(level: str) -> None:
    for seed in range(6):
        game, mine = play(level, seed, stand_in=True)
        assert seat_zero_powers(game) == [], seed
        for action, seen in mine:
            if isinstance(action, PlaceBid):
                assert action.amount <= without_powers(seen, action.currency.value)
            if isinstance(action, Pay):
                assert not action.convert and action.abracadabra is None


def test_the_same_bots_in_their_own_seats_do_use_powers() -> None:
    """The test above bites: on the same deals, bots in their own seats play powers."""
    used = [p for seed in range(6) for p in seat_zero_powers(play("hard", seed, False)[0])]
    assert used


def a_lot_on_sale(seed: int = 3) -> dict[str, Any]:
    return view(Engine(4, seed), 0)


def test_every_level_has_the_same_reflexes() -> None:
    seen = a_lot_on_sale()
    pauses = {}
    for level in ("easy", "normal", "hard"):
        bot = make_bot(level, 0, 11)
        steps = [bot.pause(None)]
        bot.decide(seen)
        steps.append(bot.pause(seen))
        bot.decide(seen)
        steps.append(bot.pause(seen))
        pauses[level] = steps
    assert pauses["easy"] == pauses["normal"] == pauses["hard"]


def test_a_paced_bot_takes_a_new_lot_in_and_acts_a_reaction_later() -> None:
    seen = a_lot_on_sale()
    bot = make_bot("hard", 0, 5)
    assert FIRST_LOOK[0] <= bot.pause(None) <= FIRST_LOOK[1]
    assert bot.decide(seen) is None  # it has only just seen the lot
    assert REACTION[0] <= bot.pause(seen) <= REACTION[1]
    unpaced = make_bot("hard", 0, 5)
    assert bot.decide(seen) == unpaced.decide(seen)  # then it judges as it always would
    assert GLANCE[0] <= bot.pause(seen) <= GLANCE[1]


def test_an_unpaced_bot_judges_at_once() -> None:
    """Simulations and benchmarks never ask for a pause: their bots act on first sight."""
    seen = a_lot_on_sale()
    actions = [make_bot("normal", 0, s).decide(seen) for s in range(10)]
    assert any(a is not None for a in actions)


def test_a_bot_does_not_react_to_its_own_high_bid() -> None:
    game = Engine(4, 3)
    bot = make_bot("normal", 0, 1)
    assert isinstance(bot, BaseBot)
    bot.pause(None)
    currency = game.column[-1]
    game.apply(PlaceBid(0, 1, currency))
    seen = view(game, 0)
    assert bot.decide(seen) is None
    assert GLANCE[0] <= bot.pause(seen) <= GLANCE[1]  # it keeps watching, nothing to answer
