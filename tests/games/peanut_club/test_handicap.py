"""Peanut Club's handicap (docs/rules.md): the host moves the total at which a seat stops
drawing money at setup (the rule's 35, 30 with six players) by -10, -5, +5 or +10. Every seat
still draws two cards a turn from the one shuffled money deck until its own total is reached;
the column, the collectors and the object pile are drawn as they would have been."""

from __future__ import annotations

from peanutclub.games.peanut_club.engine import Engine
from peanutclub.games.peanut_club.engine.game import stop_total
from peanutclub.games.peanut_club.game import PeanutClub, Settings


def total(engine: Engine, seat: int) -> int:
    return sum(c.value for c in engine.hands[seat])


def test_each_seat_stops_drawing_at_its_own_total() -> None:
    for seed in range(30):
        engine = Engine(4, seed, hand_steps=[0, -10, 10, 0])
        assert engine.stops == (35, 25, 45, 35)
        for seat in range(4):
            # reached its own total, and the pair before the last one had not
            assert total(engine, seat) >= engine.stops[seat]
            last_pair = sum(sorted(c.value for c in engine.hands[seat])[-2:])
            assert total(engine, seat) - last_pair < engine.stops[seat]


def test_a_smaller_hand_is_smaller_and_nothing_else_of_the_setup_changes() -> None:
    smaller = bigger = 0
    for seed in range(40):
        rule = Engine(4, seed)
        low = Engine(4, seed, hand_steps=[-10, 0, 0, 0])
        high = Engine(4, seed, hand_steps=[10, 0, 0, 0])
        smaller += total(low, 0) < total(rule, 0)
        bigger += total(high, 0) > total(rule, 0)
        for other in (low, high):
            assert other.column == rule.column
            assert other.collectors == rule.collectors
            assert [c.id for c in other.pile] == [c.id for c in rule.pile]
    assert smaller == 40 and bigger == 40


def test_six_players_move_from_the_rule_of_30() -> None:
    assert stop_total(6) == 30
    assert Engine(6, 1, hand_steps=[5, 0, 0, 0, 0, -5]).stops == (35, 30, 30, 30, 30, 25)


def test_the_hand_steps_are_kept_when_the_host_changes_the_pace_mid_game() -> None:
    game = PeanutClub(3, 1, Settings(setup_money={"2": -5}))
    assert game.engine.stops == (35, 35, 30)
    game.settings = Settings(pay_seconds=90)
    assert game.settings.setup_money == {"2": -5}  # type: ignore[attr-defined]
