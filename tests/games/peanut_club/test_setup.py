"""Setup: dealing the money, the column, the collectors, the tokens and the object pile."""

from __future__ import annotations

import random
from itertools import permutations
from typing import Any

import pytest

from peanutclub.games.peanut_club.engine import (
    COLLECTORS,
    Currency,
    CurrencyCard,
    Engine,
    ObjectCard,
    Phase,
    Power,
    currency_deck,
)

from .conftest import kinds


def reference_deal(players: int, seed: int) -> list[list[int]]:
    """The dealing rule written out independently: two cards at a time, in seat order.

    Uses the same generator and the same first draw (the shuffle of the money) as the engine.
    """
    money = currency_deck()
    random.Random(seed).shuffle(money)
    stop = 30 if players == 6 else 35
    hands: list[list[CurrencyCard]] = [[] for _ in range(players)]
    stopped = [False] * players
    while not all(stopped) and money:
        for seat in range(players):
            if stopped[seat] or not money:
                continue
            hands[seat] += [money.pop() for _ in range(min(2, len(money)))]
            stopped[seat] = sum(c.value for c in hands[seat]) >= stop
    return [sorted(c.id for c in h) for h in hands]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_money_is_dealt_two_cards_at_a_time_in_seat_order(players: int) -> None:
    for seed in range(40):
        game = Engine(players, seed)
        assert [[c.id for c in h] for h in game.hands] == reference_deal(players, seed)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_each_player_stops_at_35_or_30_with_six_players(players: int) -> None:
    stop = 30 if players == 6 else 35
    for seed in range(60):
        game = Engine(players, seed)
        dealt = sum(len(h) for h in game.hands)
        for h in game.hands:
            total = sum(c.value for c in h)
            if dealt < 90:  # the deck did not run out: everyone reached the threshold
                assert total >= stop
                assert len(h) % 2 == 0
            # a player stops as soon as they reach it: at most one pair (2 x 5) over it
            assert total < stop + 10
        assert len({c.id for h in game.hands for c in h}) == dealt


def test_six_players_can_run_the_money_out() -> None:
    runs_out = [s for s in range(300) if sum(len(h) for h in Engine(6, s).hands) == 90]
    assert runs_out, "some six-player deal should use the whole deck"
    for seed in runs_out[:5]:
        game = Engine(6, seed)
        assert [[c.id for c in h] for h in game.hands] == reference_deal(6, seed)
        assert game.phase is Phase.BIDDING


@pytest.mark.parametrize("players", [-1, 0, 1, 2, 7, 10])
def test_three_to_six_players_only(players: int) -> None:
    with pytest.raises(ValueError):
        Engine(players, 1)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_game_starts_bidding_on_its_first_lot(players: int) -> None:
    game = Engine(players, 5)
    assert game.phase is Phase.BIDDING
    assert game.round == 1
    assert 1 <= len(game.lot) <= 3
    assert game.high_bid is None and game.niet == [] and not game.a_la_carte
    assert kinds(game.start_events)[0] == "game_started"
    assert kinds(game.start_events)[-1] == "lot"


def test_the_column_is_in_random_order() -> None:
    seen = {tuple(Engine(3, seed).column) for seed in range(200)}
    assert seen == set(permutations(Currency))


def test_collectors_are_distinct_coloured_categories_dealt_at_random() -> None:
    seen: set[Any] = set()
    for seed in range(100):
        for players in (3, 6):
            game = Engine(players, seed)
            assert len(game.collectors) == players
            assert len(set(game.collectors)) == players
            assert set(game.collectors) <= set(COLLECTORS)
            seen.add(game.collectors[0])
    assert seen == set(COLLECTORS)


def test_every_player_starts_with_five_unused_tokens() -> None:
    game = Engine(4, 2)
    assert game.tokens == [{p: False for p in Power} for _ in range(4)]


class _RefreshOnTopFirst(random.Random):
    """A generator whose first shuffle of the object pile leaves the refresh card on top."""

    pile_shuffles = 0

    def shuffle(self, x: Any) -> None:
        super().shuffle(x)
        if x and isinstance(x[0], ObjectCard):
            type(self).pile_shuffles += 1
            refresh = next(c for c in x if c.refresh)
            x.remove(refresh)
            if type(self).pile_shuffles == 1:
                x.append(refresh)  # the top of the pile
            else:
                x.insert(0, refresh)  # the bottom


def test_the_pile_is_shuffled_again_while_the_refresh_card_is_on_top(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(random, "Random", _RefreshOnTopFirst)
    _RefreshOnTopFirst.pile_shuffles = 0
    game = Engine(3, 1)
    assert _RefreshOnTopFirst.pile_shuffles == 2
    assert "refresh" not in kinds(game.start_events)
    assert game.pile[0].refresh


def test_everything_comes_from_one_seed() -> None:
    assert Engine(5, 42).reveal() == Engine(5, 42).reveal()
    assert Engine(5, 42).reveal() != Engine(5, 43).reveal()
    assert Engine(5, 42).start_events == Engine(5, 42).start_events
