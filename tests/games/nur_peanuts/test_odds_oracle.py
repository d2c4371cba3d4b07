"""The odds against the engine itself: over random positions, every `outcome` in `turn.odds`
and `turn.park` is what the engine then really does when that throw lands there.

A position is a random game (random seed, table size and legal play) stopped at a turn. For
each field a throw may reach, a copy of the game throws dice loaded to land there, parks, and
ends the round with the pieces as they stand (the pieces not parked take no part, as the odds
say); the player's net payment at that end must be the promised `outcome`. A throw the page is
offered must be one the engine accepts, and one it is not offered must be refused.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from peanutclub.games.nur_peanuts.engine import (
    Dice,
    Engine,
    Park,
    Phase,
    Place,
    ThrowDice,
    public_view,
)
from peanutclub.games.nur_peanuts.engine.errors import CannotReroll

from .conftest import arrange, load, load_black, random_action, throw

SEEDS = st.integers(0, 2**32 - 1)
TABLES = st.integers(2, 6)
STEPS = st.integers(0, 10_000)
#: Most random positions are early in a round; these push some deep into the game and into
#: the turns of players short of money, where the odds went wrong.
RECKLESS = st.booleans()


def position(players: int, seed: int, steps: int, reckless: bool) -> Engine:
    """A random game played legally to its `steps`-th action (counted modulo the whole game's
    length, so that late positions are as likely as early ones), then on to the next turn
    (or to its end, when no turn follows)."""
    length = len(play(players, seed, reckless, None).log)
    return play(players, seed, reckless, steps % max(length, 1))


def play(players: int, seed: int, reckless: bool, stop: int | None) -> Engine:
    rng = random.Random(seed)
    game = Engine(players, seed, "random" if seed % 3 == 0 else "standard")
    park = 0.2 if reckless else 0.6
    while game.phase is not Phase.OVER:
        if stop is not None and len(game.log) >= stop and game.phase is Phase.TURNS:
            return game
        try:
            game.apply(random_action(game, rng, park))
        except ValueError:
            continue
    return game


def fall(dice: Dice, moved: int) -> tuple[int, ...]:
    """Faces of `dice` that move `moved` fields (no 0 on a white die when there is a choice)."""
    if dice is not Dice.TWO_WHITE:
        return (moved,)
    pairs = [(a, moved - a) for a in range(6) if 0 <= moved - a <= 5]
    return next((p for p in pairs if 0 not in p), pairs[0])


def twin_of(game: Engine) -> Engine:
    """A copy to try a move on, without the log and the view's memo (they are only read)."""
    return copy.deepcopy(game, {id(game.log): [], id(game.view_cache): None})


def thrown(game: Engine, dice: Dice, faces: tuple[int, ...]) -> Engine:
    """A copy of `game` in which the player to move throws `dice` falling as `faces`."""
    assert game.turn is not None
    twin = twin_of(game)
    (load_black if dice is Dice.BLACK else load)(twin, *faces)
    twin.apply(ThrowDice(game.turn.seat, dice))
    return twin


def net_if_ended_parked(game: Engine) -> int:
    """Park the player to move and end the round at once with the parked pieces as they stand:
    what the engine's own end of round makes this player receive (+) or pay (-)."""
    assert game.turn is not None
    seat = game.turn.seat
    twin = twin_of(game)
    twin.apply(Park(seat))
    if twin.round_result is None:
        twin.pawns = {s: p for s, p in twin.pawns.items() if p.place is Place.PARKING}
        twin.stones = [p for p in twin.stones if p.place is Place.PARKING]
        twin._end_round()
    result = twin.round_result
    assert result is not None
    net = 0
    for p in result.payments:
        if p.payer == seat:
            net -= p.amount
        elif p.to == seat:
            net += p.amount
    return net


def refused(game: Engine, dice: Dice) -> bool:
    assert game.turn is not None
    twin = twin_of(game)
    (load_black(twin, 1) if dice is Dice.BLACK else load(twin, 1, 1))
    try:
        twin.apply(ThrowDice(game.turn.seat, dice))
    except CannotReroll:
        return True
    return False


def check_position(game: Engine) -> None:
    turn: dict[str, Any] = public_view(game)["turn"]
    assert turn is not None
    if turn["park"] is not None:
        assert turn["park"]["outcome"] == net_if_ended_parked(game)
    for dice in Dice:
        entries = turn["odds"][dice.value]
        assert bool(entries) == turn["can_reroll"] == (not refused(game, dice))
        for e in entries:
            twin = thrown(game, dice, fall(dice, e["moved"]))
            assert twin.turn is not None
            assert twin.pawns[twin.turn.seat].field == e["field"]
            assert e["outcome"] == net_if_ended_parked(twin), (dice, e)
            if 0 not in fall(dice, e["moved"]):
                price = twin.reroll()
                assert price is not None and price[0] == e["reroll_cost"]
                assert e["can_reroll"] == (not refused(twin, Dice.BLACK))


@settings(
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(SEEDS, TABLES, STEPS, RECKLESS)
def test_every_outcome_the_odds_promise_is_what_the_engine_does(
    seed: int, players: int, steps: int, reckless: bool
) -> None:
    game = position(players, seed, steps, reckless)
    if game.phase is Phase.TURNS:
        check_position(game)


def test_a_player_who_cannot_pay_to_roll_again_is_offered_no_throw() -> None:
    """The party's case: 1,100 in hand on the 1,300 field, a rival parked on 2,400. Rolling
    again is refused, so no throw lists a field (the odds once showed +200 everywhere), and
    parking says what it costs: everything."""
    game = arrange(4, {0: 18, 1: 13, 2: 20, 3: 10}, cash={1: 1100})  # 2200 starts
    throw(game, Dice.TWO_WHITE, 3, 3)  # seat 0 on 2400
    game.apply(Park(0))
    throw(game, Dice.TWO_WHITE, 1, 1)  # seat 1 from 1900 on to 1300
    assert game.values[game.pawns[1].field] == 1300 and game.cash[1] == 1100
    turn = public_view(game)["turn"]
    assert turn["seat"] == 1 and not turn["can_reroll"]
    assert all(entries == [] for entries in turn["odds"].values())
    assert turn["park"]["outcome"] == -1100 == net_if_ended_parked(game)
