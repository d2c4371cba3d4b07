"""The memoised view parts the simulator relies on for speed never go stale.

Views are built from parts kept between versions (card and object dicts, player entries, the
paid list, hand totals). A game rebuilt from its log has none of them, so its views are made from
scratch: after every step of bot games, both must agree, and `bid_options` must agree with the
per-currency `min_bid` and the honour rule.
"""

from __future__ import annotations

import random

import pytest

from peanutclub.games.peanut_club import PeanutClub
from peanutclub.games.peanut_club.bots import make_bot
from peanutclub.games.peanut_club.engine import (
    Currency,
    Engine,
    Phase,
    PlaceBid,
    Power,
    RuleError,
    SeatView,
    Symbol,
    max_honourable,
    private_view,
    public_view,
    view,
)
from peanutclub.games.peanut_club.simulate import SIMULATION

from .bot_play import bot_step


def honourable(game: Engine, seat: int, currency: Currency) -> int:
    """The honour rule straight from its definition, without the game's memoised totals."""
    return max_honourable(
        game.hands[seat],
        currency,
        a_la_carte=game.a_la_carte,
        convert_unused=game.unused(seat, Power.CONVERT),
        abracadabra_unused=game.unused(seat, Power.ABRACADABRA),
        blocked=game.niet,
    )


@pytest.mark.parametrize(("players", "level"), [(3, "normal"), (4, "easy"), (6, "hard")])
def test_views_match_a_game_rebuilt_from_its_log(players: int, level: str) -> None:
    seed = 17
    game = Engine(players, seed)
    bots = [make_bot(level, s, seed) for s in range(players)]
    rng = random.Random(seed)
    checked = 0
    while game.phase is not Phase.OVER:
        bot_step(game, bots, rng)
        if rng.random() < 0.15 or game.phase is Phase.OVER:
            fresh = Engine.replay(players, seed, game.log)
            for s in [None, *range(players)]:
                assert view(game, s) == view(fresh, s)
            checked += 1
        for s in range(players):
            options = game.bid_options(s)
            leads = game.high_bid is not None and game.high_bid.seat == s
            for currency in Currency:
                option = options[currency.value]
                assert option["max"] == honourable(game, s, currency)
                assert option["min"] == game.min_bid(currency)
                if game.phase is Phase.BIDDING and currency not in game.niet:
                    assert (option["reason"] == "own_high_bid") == leads
            assert game.lot_fit(s) == fit(game, s)
    assert checked > 5


def fit(game: Engine, seat: int) -> list[dict[str, object]]:
    """What each object of the lot does for `seat`, counted from the objects it has won (no
    memo): its collector symbol, and the symbols whose count would reach a new set of three."""
    held = [sym for obj in game.won[seat] for sym in obj.symbols]
    result: list[dict[str, object]] = []
    for obj in game.lot:
        sets = []
        for sym in dict.fromkeys(obj.symbols):
            before, after = held.count(sym), held.count(sym) + obj.symbols.count(sym)
            if sym is not Symbol.JOKER and after // 3 > before // 3:
                sets.append(sym.value)
        result.append(
            {"id": obj.id, "collector": game.collectors[seat] in obj.symbols, "sets": sets}
        )
    return result


@pytest.mark.parametrize(("players", "level"), [(3, "hard"), (5, "normal")])
def test_a_bots_seat_view_reads_as_the_private_view(players: int, level: str) -> None:
    """The simulator gives its bots `SeatView` (fields built as read) instead of the whole
    private view: each field, read alone or all in the view's order, is the private view's."""
    seed = 23
    game = Engine(players, seed)
    bots = [make_bot(level, s, seed) for s in range(players)]
    rng = random.Random(seed)
    names = list(private_view(game, 0))
    while game.phase is not Phase.OVER:
        for s in range(players):
            whole = private_view(game, s)
            assert dict(SeatView(game, s)) == whole
            assert list(SeatView(game, s)) == list(whole) == names
            name = rng.choice(names)
            assert SeatView(game, s)[name] == whole[name]
            assert SeatView(game, s).get("nothing") is None
        bot_step(game, bots, rng, lambda g, s: {**public_view(g), "you": SeatView(g, s)})


@pytest.mark.parametrize(("players", "level", "seed"), [(4, "normal", 3), (5, "hard", 4)])
def test_the_simulators_view_after_its_step_is_the_view_built_whole(
    players: int, level: str, seed: int
) -> None:
    """The simulator's step keeps the last public view with a bid's patch applied instead of
    building the next one: after every step, what its bots read is what a game fed the same
    actions builds whole (its views are checked against games rebuilt from the log above)."""
    table = PeanutClub(players, seed, PeanutClub.Settings())
    mirror = Engine(players, seed)
    bots = [make_bot(level, s, seed) for s in range(players)]
    rng = random.Random(seed)
    look, step = SIMULATION.bot_view, SIMULATION.step
    assert look is not None and step is not None
    patched = 0
    while not table.over:
        seat = rng.randrange(players)
        seen = look(table, seat)
        assert {**seen, "you": dict(seen["you"])} == view(mirror, seat)
        action = bots[seat].decide(seen)
        try:
            if action is None:
                raise RuleError("nothing to do")
            step(table, action)
        except RuleError:
            action = table.engine.auctioneer_action()
            step(table, action)
        mirror.apply(action)
        patched += isinstance(action, PlaceBid)
    assert table.public_view() == public_view(mirror)
    assert patched > 100
