"""The view the simulator gives its bots is the view a person at that seat gets.

`peanutclub simulate` hands each bot `bot_view` (the players' entries built as read) instead of
the whole view, and the public view keeps its foundations' list while no card reaches a
foundation. After every action of whole bot games, both must read as views built from nothing:
those of the same game replayed from its log, which has no memo.
"""

from __future__ import annotations

import random
from typing import Any

from peanutclub.core import Outcome
from peanutclub.games.peanuts import Peanuts
from peanutclub.games.peanuts.engine import Engine, view
from peanutclub.games.peanuts.engine.view import bot_view

from .conftest import bot_game


def replayed(game: Engine) -> Engine:
    """The same game rebuilt from its seed, settings and log: views with no memo behind them
    (the games here have no handicap)."""
    fresh = Engine(game.players, game.seed, teams=game.teams, target_score=game.target_score)
    for action in game.log:
        fresh.apply(action)
    return fresh


def as_plain(bot: dict[str, Any]) -> dict[str, Any]:
    """A bot's view with its players' entries read one by one, in seat order."""
    players = bot["players"]
    return {**bot, "players": [players[s] for s in range(len(players))]}


def test_a_bots_view_reads_as_the_whole_view_after_every_action() -> None:
    """Taken before anyone built the whole view (the simulator's case) or after, each entry
    read alone, by a negative index, by a slice or by iterating: the whole view's."""
    rng = random.Random(3)
    steps = 0

    def check(table: Peanuts, action: Any, outcome: Outcome) -> None:
        nonlocal steps
        game = table.engine
        seat = rng.randrange(game.players)
        first = bot_view(game, seat)  # nothing built yet for this change
        entry = first["players"][seat]
        whole = view(game, seat)
        assert entry == whole["players"][seat]
        assert as_plain(first) == whole
        assert list(first["players"]) == whole["players"]
        assert first["players"][-1] == whole["players"][-1]
        assert first["players"][1:] == whole["players"][1:]
        assert len(first["players"]) == game.players
        again = bot_view(game, (seat + 1) % game.players)
        assert as_plain(again) == view(game, (seat + 1) % game.players)
        if rng.random() < 0.02:
            fresh = replayed(game)
            for s in range(game.players):
                assert as_plain(bot_view(fresh, s)) == view(game, s) == view(fresh, s)
        steps += 1

    bot_game(3, 5, ("normal", "hard", "easy"), step=check)
    bot_game(4, 6, "normal", Peanuts.Settings(teams=1, target_score=40), step=check)
    assert steps > 1000


def test_the_foundations_read_as_built_from_nothing_after_every_action() -> None:
    """The foundations' list is kept through flips, declarations and building moves, and
    rebuilt when a card reaches a foundation or a round is dealt."""
    checked = 0

    def check(table: Peanuts, action: Any, outcome: Outcome) -> None:
        nonlocal checked
        game = table.engine
        fresh = replayed(game)
        assert view(game, None)["foundations"] == view(fresh, None)["foundations"]
        checked += 1

    bot_game(3, 8, "hard", Peanuts.Settings(target_score=80), step=check)
    assert checked > 400
