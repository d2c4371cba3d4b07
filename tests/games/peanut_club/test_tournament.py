"""Bots against casual people on a virtual clock: bots answer at a person's pace, an easy bot
loses to casual people more often than not, and a hard bot beats them."""

from __future__ import annotations

import pytest

from peanutclub.games.peanut_club.bots.base import REACTION
from peanutclub.games.peanut_club.tournament import (
    HUMAN_REACTION,
    main,
    play_timed_game,
    run_match,
    tables,
)


def test_bots_answer_no_faster_than_a_person_would() -> None:
    for seed, level in enumerate(("easy", "normal", "hard")):
        game = play_timed_game((level, "person", level, "person"), seed)
        assert game.reactions[level] and game.reactions["person"]
        assert min(game.reactions[level]) >= REACTION[0]
        assert min(game.reactions["person"]) >= HUMAN_REACTION[0]
        assert sum(game.scores) > 0 and game.winners
        assert game.seconds > 60 * 5  # a game takes people minutes, not a blink


def test_an_easy_bot_loses_to_casual_people_more_often_than_not() -> None:
    match = run_match("easy", games=16, seed=1)
    assert match.wins < match.person_wins
    assert match.bot_ahead < match.pairs / 2


def test_a_hard_bot_beats_casual_people() -> None:
    match = run_match("hard", games=16, seed=1)
    assert match.wins > match.person_wins
    assert match.bot_ahead > match.pairs / 2


def test_seats_are_turned_round_the_table() -> None:
    assert tables("easy", 2, 0) == [
        ("easy", "person", "easy", "person"),
        ("person", "easy", "person", "easy"),
    ]


def test_the_tournament_runs_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "1", "--levels", "easy"]) == 0
    assert "| easy |" in capsys.readouterr().out
