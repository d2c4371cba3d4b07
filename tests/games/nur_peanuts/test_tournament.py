"""The tournaments that show whether the Nur Peanuts! levels are ordered: every game counted,
shares that add up, an interval that narrows with more games, and a command that prints them."""

from __future__ import annotations

import math

import pytest

from peanutclub.games import GAMES
from peanutclub.games.nur_peanuts.tournament import Share, levels_for, main, tournament


def test_every_game_is_won_once_and_the_fair_shares_are_the_seats() -> None:
    before = dict(GAMES)
    shares = tournament(3, ("easy", "normal", "hard"), games=6, seed=5)
    assert before == GAMES  # the game is listed only while the games are played
    assert [s.level for s in shares] == ["easy", "normal", "hard"]
    assert math.isclose(sum(s.wins for s in shares), 6)
    assert all(s.games == 6 for s in shares)
    assert [s.fair for s in shares] == pytest.approx([1 / 3] * 3)


def test_easy_wins_less_than_its_fair_share_against_hard() -> None:
    easy, hard = tournament(2, ("easy", "hard"), games=12, seed=1)
    assert easy.share < easy.fair < hard.share


def test_the_interval_narrows_with_more_games() -> None:
    few, many = Share("hard", 30, 60, 0.5), Share("hard", 500, 1000, 0.5)
    assert many.margin < few.margin
    assert many.margin == pytest.approx(1.96 * math.sqrt(0.25 / 1000))
    assert many.cell() == "50.0% ± 3.1% (50%)"


def test_a_mixed_table_of_two_is_normal_against_hard() -> None:
    assert levels_for("mixed", 2) == ("normal", "hard")
    assert levels_for("mixed", 5) == ("easy", "normal", "hard")
    assert levels_for("hard vs normal", 3) == ("hard", "normal")


def test_the_tournament_runs_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "2", "--players", "2,4", "--match", "hard vs normal"]) == 0
    out = capsys.readouterr().out
    assert "hard vs normal: 2 games" in out
    assert "| 2 |  | " in out and "| 4 |  | " in out
