"""The race in time: every seat at its own pace on a virtual clock; a human-speed player beats
the easy bot and loses to the hard one; the levels are ordered."""

from __future__ import annotations

import pytest

from peanutclub.games.peanuts.tournament import (
    HUMAN_PACE,
    PERSON,
    HumanSpeedPlayer,
    jobs,
    main,
    play_timed_game,
    run,
)


def test_a_human_speed_player_takes_0_8_to_1_5_seconds_per_move() -> None:
    player = HumanSpeedPlayer(0, 1)
    delays = [player.pause(None) for _ in range(500)]
    assert all(HUMAN_PACE[0] <= d <= HUMAN_PACE[1] for d in delays)
    assert min(delays) < 0.85 and max(delays) > 1.45  # the whole range, not one figure


def test_a_timed_game_ends_and_depends_only_on_its_seed() -> None:
    game = play_timed_game(("hard", PERSON, "easy", "normal"), 3)
    assert game.winners and game.rounds >= 1
    assert max(game.scores) >= 150  # played to the default target
    assert game.seconds > game.play_seconds > 60 * game.rounds * 0.1
    assert play_timed_game(("hard", PERSON, "easy", "normal"), 3) == game
    assert play_timed_game(("hard", PERSON, "easy", "normal"), 4) != game


def test_a_faster_seat_moves_more_cards() -> None:
    game = play_timed_game(("hard", "easy", "hard", "easy"), 5)
    assert game.moves[0] + game.moves[2] > game.moves[1] + game.moves[3]


def test_each_line_up_is_turned_round_the_table() -> None:
    work = jobs(["person vs easy"], 3, 10)
    assert [levels for _, _, levels, _ in work] == [
        (PERSON, "easy", PERSON, "easy"),
        ("easy", PERSON, "easy", PERSON),
        (PERSON, "easy", PERSON, "easy"),
    ]
    assert [seed for *_, seed in work] == [10, 11, 12]


def test_the_human_speed_player_beats_easy_and_loses_to_hard() -> None:
    matches = run(["person vs easy", "person vs hard"], games=4, seed=1)
    vs_easy, vs_hard = matches["person vs easy"], matches["person vs hard"]
    assert vs_easy.points_per_seat(0) > vs_easy.points_per_seat(1)
    assert vs_easy.win_share(0) > vs_easy.win_share(1)
    assert vs_hard.points_per_seat(0) < vs_hard.points_per_seat(1)
    assert vs_hard.win_share(0) < vs_hard.win_share(1)
    assert sum(vs_easy.seats) == sum(vs_hard.seats) == 4 * 4


def test_the_tournament_runs_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "2", "--line-ups", "hard vs easy,easy vs easy (control)"]) == 0
    out = capsys.readouterr().out
    assert "| hard vs easy | hard " in out and "| easy vs easy (control) |" in out
    assert main(["--line-ups", "nobody"]) == 2
