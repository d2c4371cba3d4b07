"""Nur Peanuts!' handicap (docs/rules.md): the host gives a seat less or more money to start
with than the rule's 9,700, in steps of 1,000. Only that seat's money changes: the board, the
start player and the order of purchase are drawn as they would have been."""

from __future__ import annotations

from peanutclub.games.nur_peanuts.engine import START_CASH, Engine
from peanutclub.games.nur_peanuts.game import NurPeanuts, Settings


def test_a_seat_given_7700_starts_with_7700_and_nothing_else_changes() -> None:
    rule = Engine(4, 21)
    handicapped = Engine(4, 21, start_cash=[START_CASH, 7700, START_CASH, START_CASH])
    assert handicapped.cash == [9700, 7700, 9700, 9700]
    assert handicapped.values == rule.values
    assert handicapped.start_player == rule.start_player
    assert handicapped.order == rule.order
    assert handicapped.rng.getstate() == rule.rng.getstate()


def test_a_seat_given_a_head_start_shows_its_money_in_the_view_and_the_lobby() -> None:
    settings = Settings(start_cash={"0": 11700})
    game = NurPeanuts(3, 2, settings)
    assert [p["cash"] for p in game.public_view()["players"]] == [11700, 9700, 9700]
    lobby = NurPeanuts.lobby(3, settings)
    assert [p["cash"] for p in lobby["players"]] == [11700, 9700, 9700]


def test_the_starting_cash_is_kept_when_the_host_changes_the_pace_mid_game() -> None:
    game = NurPeanuts(2, 1, Settings(start_cash={"1": 8700}))
    game.settings = Settings(turn_seconds=60)
    assert game.settings.start_cash == {"1": 8700}  # type: ignore[attr-defined]
