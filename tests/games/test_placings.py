"""Every game says each seat's place (`placings()`), read from its own result: None while it
runs, then the places its `result()` reports (Nur Peanuts!: the winners first, everyone else
shares second, as docs/rules.md "The evening" decides)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from peanutclub.core import Game, RuleError
from peanutclub.games import GAMES
from peanutclub.simulate import simulation


def play_to_the_end(cls: type[Game], players: int, seed: int) -> Game:
    """Bots at every seat, the clock and the party host acting when no bot does."""
    game = cls(players, seed, cls.Settings())
    bots = [cls.bots["easy"](seat, seed) for seat in range(players)]
    host = simulation(cls.id).host_action
    rng = random.Random(seed)
    for _ in range(20_000):
        if game.over:
            return game
        assert game.placings() is None
        acted = False
        public = game.public_view()
        for seat in rng.sample(range(players), players):
            action = bots[seat].decide({**public, "you": game.private_view(seat)})
            if action is None or getattr(action, "seat", seat) != seat:
                continue
            try:
                game.apply(action)
            except RuleError:
                continue
            acted = True
            break
        if not acted:
            timer = game.timer()
            if timer is not None:
                game.apply(timer.action)
            else:
                assert host is not None
                game.apply(host(game))
    raise AssertionError(f"{cls.id} did not end")


def expected_places(cls: type[Game], result: dict[str, Any], players: int) -> list[int]:
    if "scores" in result:
        by_seat = {int(s["seat"]): int(s["place"]) for s in result["scores"]}
        return [by_seat[seat] for seat in range(players)]
    return [1 if seat in result["winners"] else 2 for seat in range(players)]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_placings_are_the_results_places(game_id: str) -> None:
    cls = GAMES[game_id]
    sizes = [cls.players.start, min(cls.players.stop - 1, cls.players.start + 1)]
    for players, seed in itertools.product(sizes, (1, 2)):
        game = play_to_the_end(cls, players, seed)
        result = game.result()
        assert result is not None
        placings = game.placings()
        assert placings == expected_places(cls, result, players), (players, seed, result)
        assert min(placings) == 1  # someone is always first
        for seat, place in enumerate(placings):  # a place counts those ahead (1, 1, 3)
            assert place == 1 + sum(1 for p in placings if p < place), (seat, placings)
