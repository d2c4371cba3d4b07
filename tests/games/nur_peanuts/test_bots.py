"""The bots: legal, for their own seat only, reading nothing but the public view."""

from __future__ import annotations

from typing import Any

import pytest

from peanutclub.games.nur_peanuts.bots import LEVELS, HardBot, Table, make_bot
from peanutclub.games.nur_peanuts.bots.base import stone_offsets
from peanutclub.games.nur_peanuts.engine import (
    STANDARD,
    Buy,
    Dice,
    Engine,
    Park,
    Pass,
    Phase,
    ThrowDice,
    public_view,
)
from peanutclub.games.nur_peanuts.figures import play

from .conftest import arrange, field_of, move_and_park, throw


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_bot_plays_whole_games_without_a_refused_action(level: str) -> None:
    for players in (2, 4, 6):
        result = play(players, 100 + players, level)
        assert result.played.bot_errors == {}
        assert result.reason


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_bot_acts_only_on_its_own_turn(level: str) -> None:
    game = arrange(3, {0: 1, 1: 3, 2: 5})  # seat 1 is to move
    view = public_view(game)
    assert make_bot(level, 0).decide(view) is None
    assert make_bot(level, 2).decide(view) is None
    action = make_bot(level, 1).decide(view)
    assert action is not None and getattr(action, "seat", None) == 1


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_bot_buys_in_the_preliminary_round_and_may_pass_after_a_round(level: str) -> None:
    game = Engine(4, 2)
    seat = game.start_player
    action = make_bot(level, seat).decide(public_view(game))
    assert isinstance(action, Buy) and action.field in game.affordable(seat)
    game = arrange(3, {0: 22, 1: 20, 2: 14})
    for _ in range(3):
        move_and_park(game, (1, 1))
    assert game.phase is Phase.ROUND_OVER and game.buyer == 0
    action = make_bot(level, 0).decide(public_view(game))
    assert isinstance(action, Buy | Pass)
    if isinstance(action, Buy):
        assert action.field in game.affordable(0)


def test_a_bot_parks_when_it_cannot_pay_to_roll_again() -> None:
    game = arrange(2, {0: 1, 1: 23}, cash={1: 100})
    throw(game, Dice.TWO_WHITE, 1, 1)
    for level in LEVELS:
        assert make_bot(level, 1).decide(public_view(game)) == Park(1)


def test_the_stones_travel_is_a_distribution() -> None:
    offsets = stone_offsets()
    assert sum(p for _, p in offsets) == pytest.approx(1, abs=1e-4)
    assert all(o >= 1 for o, _ in offsets)  # a stone always moves before it parks


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_parks_on_a_lead_nobody_is_left_to_take(level: str) -> None:
    game = arrange(2, {0: 12, 1: 22})  # seat 0 starts (1100)
    move_and_park(game, (1, 1))  # seat 0 on 500
    throw(game, Dice.TWO_WHITE, 1, 1)  # seat 1 onto 2400
    assert make_bot(level, 1).decide(public_view(game)) == Park(1)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_rolls_again_for_free_when_it_trails(level: str) -> None:
    game = arrange(2, {0: 12, 1: 22})
    move_and_park(game, (3, 3))  # seat 0 on 2200
    throw(game, Dice.TWO_WHITE, 0, 1)  # seat 1 onto 1200, a 0 showed
    action = make_bot(level, 1).decide(public_view(game))
    assert isinstance(action, ThrowDice) and action.seat == 1


def won_a_round() -> Engine:
    """Seat 0 has just won a round of three (onto 2400) and may buy; no field is owned, and
    the others still hold plenty of cash after paying."""
    pawns = {0: field_of(700), 1: field_of(100), 2: field_of(500)}
    game = arrange(3, pawns, cash={0: 5000, 1: 9000, 2: 9000})
    for _ in range(3):
        move_and_park(game, (1, 1))
    assert game.phase is Phase.ROUND_OVER and game.buyer == 0
    return game


def test_hard_buys_the_cheapest_field_after_a_round_it_won() -> None:
    """Each field is a step to the fields that end the game and a place where it pays nobody:
    the hard bot buys one after every round it wins, the cheapest on offer."""
    game = won_a_round()
    cheapest = min(game.affordable(0), key=lambda f: game.values[f])
    assert make_bot("hard", 0).decide(public_view(game)) == Buy(0, cheapest)
    assert make_bot("normal", 0).decide(public_view(game)) == Pass(0)


def reading(cash: int, fields: list[int], rival: int = 5000) -> Table:
    """A table of two after a round seat 0 won, read as a bot reads it (`rival`: seat 1's cash)."""
    values = list(STANDARD)
    owners: list[Any] = [0 if f in fields else None for f in range(len(values))]
    return Table(0, values, owners, [cash, rival], [fields, []], {}, [], 2, 6, None)


def test_hard_keeps_a_reserve_of_cash_when_it_buys() -> None:
    bot = HardBot(0)
    cheap = field_of(100)
    offered = [cheap, field_of(900), field_of(2400)]
    assert bot.choose_field(reading(bot.reserve + 100, [1]), offered, preliminary=False) == cheap
    assert bot.choose_field(reading(bot.reserve + 99, [1]), offered, preliminary=False) is None


def test_hard_stops_buying_when_a_rival_runs_short_of_cash() -> None:
    """A rival short of cash may soon be unable to pay, and then the most cash wins."""
    bot = HardBot(0)
    offered = [field_of(100), field_of(900)]
    rich = reading(9000, [1], rival=bot.rivals_floor)
    assert bot.choose_field(rich, offered, preliminary=False) == field_of(100)
    poor = reading(9000, [1], rival=bot.rivals_floor - 100)
    assert bot.choose_field(poor, offered, preliminary=False) is None


def test_hard_buys_the_richest_field_when_the_purchase_ends_the_game() -> None:
    bot = HardBot(0)
    offered = [field_of(100), field_of(900), field_of(2400)]
    five = [1, 2, 3, 4, 5]
    assert bot.choose_field(reading(2500, five), offered, preliminary=False) == field_of(2400)


def worth_of(bot: HardBot, field: int, waiting: list[dict[str, Any]]) -> float:
    """What parking on `field` is worth to the hard bot at seat 0, with seat 1 parked on 500
    and `waiting` still to move."""
    table = reading(5000, [])
    low = field_of(500)
    table.parked = {low: {"kind": "pawn", "id": "pawn-1", "seat": 1, "field": low}}
    table.waiting = waiting
    bot.prepare()
    return bot.worth(table, field)


def test_hard_weighs_a_stone_still_to_move() -> None:
    """Alone, 2000 wins 1500 from the pawn on 500 for sure; a stone that may still end on 2100
    or more makes it worth less."""
    bot = HardBot(0)
    target = field_of(2000)
    alone = worth_of(bot, target, [])
    assert alone == pytest.approx(1500)
    stone = {"kind": "stone", "id": "stone-0", "seat": None, "field": field_of(800)}
    assert worth_of(bot, target, [stone]) < alone - 100


def test_hard_counts_what_a_pawn_still_to_move_would_pay_it() -> None:
    """A pawn still to move from 1100 ends below 2000 more often than not, and then it pays
    too: parking on 2000 is worth more than with nobody left to move, but less than if it
    surely paid the most it could (2000 - 100)."""
    bot = HardBot(0)
    target = field_of(2000)
    pawn = {"kind": "pawn", "id": "pawn-2", "seat": 2, "field": field_of(1100)}
    alone = worth_of(bot, target, [])
    assert alone < worth_of(bot, target, [pawn]) < alone + 1900


# ----------------------------------------------------------------------------- a person's pace


def paced(level: str, seat: int) -> Any:
    """A bot as the room runs it: asked for its pause before each look."""
    bot = make_bot(level, seat)
    bot.pause(None)
    return bot


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_paced_bot_takes_in_its_turn_for_a_persons_reaction_before_it_throws(
    level: str,
) -> None:
    from peanutclub.games.nur_peanuts.bots.base import GLANCE, REACTION

    game = arrange(3, {0: 1, 1: 3, 2: 5})  # seat 1 is to move
    view = public_view(game)
    bot = paced(level, 1)
    assert bot.decide(view) is None  # it sees its turn come...
    assert REACTION[0] <= bot.pause(view) <= REACTION[1]  # ...and takes a person's while
    assert isinstance(bot.decide(view), ThrowDice)  # then throws
    assert GLANCE[0] <= bot.pause(view) <= GLANCE[1]


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_paced_bot_watches_its_throw_land_for_at_least_a_stones_step(level: str) -> None:
    game = arrange(3, {0: 1, 1: 3, 2: 5})
    throw(game, Dice.TWO_WHITE, 1, 1)
    step = 2.5
    view = {**public_view(game), "settings": {"stone_step_seconds": step}}
    bot = paced(level, 1)
    assert bot.decide(view) is None
    assert bot.pause(view) > step
    assert isinstance(bot.decide(view), Park | ThrowDice)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_paced_bot_reads_the_rounds_result_before_it_buys(level: str) -> None:
    from peanutclub.games.nur_peanuts.bots.base import READING

    game = arrange(3, {0: 22, 1: 20, 2: 14})
    for _ in range(3):
        move_and_park(game, (1, 1))  # seat 0 wins on 2400 and may buy
    view = public_view(game)
    assert view["purchase"]["seat"] == 0 and view["purchase"]["may_pass"]
    bot = paced(level, 0)
    assert bot.decide(view) is None
    assert READING[0] <= bot.pause(view) <= READING[1]
    assert isinstance(bot.decide(view), Buy | Pass)
