"""`peanutclub simulate --handicap NAME=STEP`: one seat, turned round the table game by game,
plays with a step of the game's per-seat setting, and the summary says how often it won."""

from __future__ import annotations

import pytest

from peanutclub.cli import main
from peanutclub.simulate import jobs, run


def test_the_handicap_turns_round_the_table_and_is_watched() -> None:
    given = list(jobs(5, 4, 1, ["normal"], "peanuts", (), False, ("pile", 16)))
    assert [job[-1] for job in given] == [0, 1, 2, 3, 0]
    assert [dict(job[4])["pile"] for job in given] == [
        {"0": 16},
        {"1": 16},
        {"2": 16},
        {"3": 16},
        {"0": 16},
    ]
    assert all(job[-1] is None for job in jobs(3, 4, 1, ["normal"], "peanuts"))


def test_a_bigger_hand_wins_more_often_than_a_smaller_one() -> None:
    low = run(40, 4, 1, ["normal"], game_id="peanut-club", handicap=("setup_money", -10))
    high = run(40, 4, 1, ["normal"], game_id="peanut-club", handicap=("setup_money", 10))
    assert low.chosen_games == high.chosen_games == 40
    assert high.chosen_wins > low.chosen_wins
    assert "handicapped seat wins:" in high.report()
    assert "handicapped seat wins:" not in run(2, 4, 1, ["normal"], game_id="peanut-club").report()


@pytest.mark.parametrize("bad", ["pile=16", "setup_money=7", "setup_money", "turn_seconds=30"])
def test_a_handicap_the_game_does_not_offer_is_refused(
    bad: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--quiet", "--game", "peanut-club", "--games", "1", "--jobs", "1"]
    assert main([*argv, "--handicap", bad]) == 2
    assert "--handicap" in capsys.readouterr().err
