"""Peanuts!' part of `peanutclub tournament`, the race in time: a person's speed is 0.8 to 1.5 s
per move, a timed game depends only on its seed, and the human-speed player beats the easy bot
and loses to the hard one."""

from __future__ import annotations

from peanutclub.games.peanuts.simulate import HUMAN_PACE, PERSON, HumanSpeedPlayer
from peanutclub.tournament import play_timed_game, run


def test_a_human_speed_player_takes_0_8_to_1_5_seconds_per_move() -> None:
    player = HumanSpeedPlayer(0, 1)
    delays = [player.pause(None) for _ in range(500)]
    assert all(HUMAN_PACE[0] <= d <= HUMAN_PACE[1] for d in delays)
    assert min(delays) < 0.85 and max(delays) > 1.45  # the whole range, not one figure


def test_a_timed_game_ends_and_depends_only_on_its_seed() -> None:
    levels = ("hard", PERSON, "easy", "normal")
    game = play_timed_game("peanuts", levels, 3)
    assert game.winners and game.seconds > 60
    assert play_timed_game("peanuts", levels, 3) == game
    assert play_timed_game("peanuts", levels, 4) != game


def test_the_human_speed_player_beats_easy_and_loses_to_hard() -> None:
    line_ups = {"vs easy": (PERSON, "easy"), "vs hard": (PERSON, "hard")}
    results = run("peanuts", [4], line_ups, games=4, seed=1)
    vs_easy, vs_hard = results[4, "vs easy"].shares(), results[4, "vs hard"].shares()
    assert vs_easy[0].share > vs_easy[1].share
    assert vs_hard[0].share < vs_hard[1].share
