"""The generic simulator: its runs do not depend on the processes, its tables turn, and its
command line works (`--game`, `--jobs`)."""

from __future__ import annotations

import os

import pytest

from peanutclub.cli import build_parser, main
from peanutclub.simulate import run, table_levels


def test_a_run_is_the_same_for_the_same_seed_in_one_or_two_processes() -> None:
    one = run(12, 4, 7, ["normal", "easy", "hard"])
    again = run(12, 4, 7, ["normal", "easy", "hard"])
    two = run(12, 4, 7, ["normal", "easy", "hard"], processes=2)
    assert one.data() == again.data() == two.data()
    assert run(12, 4, 8, ["normal"]).data() != one.data()


def test_levels_are_laid_around_the_table_and_turned_each_game() -> None:
    assert table_levels(["a", "b"], 4, 0) == ["a", "b", "a", "b"]
    assert table_levels(["a", "b"], 4, 1) == ["b", "a", "b", "a"]
    assert table_levels(["a", "b", "c"], 3, 2) == ["c", "a", "b"]
    seats = {tuple(table_levels(["x", "y", "z", "w"], 4, i)) for i in range(4)}
    assert len(seats) == 4


def test_the_command_plays_peanut_club_on_every_core_unless_told() -> None:
    args = build_parser().parse_args(["simulate"])
    assert (args.game, args.jobs) == ("peanut-club", os.cpu_count())
    assert build_parser().parse_args(["simulate", "--jobs", "3"]).jobs == 3


def test_the_command_prints_a_summary_and_draws_a_progress_bar(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--game", "peanut-club", "--games", "4", "--players", "3"]
    code = main([*argv, "--seed", "5", "--bots", "easy,normal,hard", "--jobs", "1"])
    out, err = capsys.readouterr()
    assert code == 0
    assert "games: 4" in out and "games/s" in out and "lots per game" in out
    assert "4/4 games" in err and "[" in err


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "7"],
        ["--bots", "genius"],
        ["--games", "0"],
        ["--jobs", "0"],
        ["--set", "colour=3"],
        ["--set", "idle_seconds"],
    ],
)
def test_the_command_refuses_bad_arguments(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--quiet", *args]) == 2
    assert "peanutclub simulate:" in capsys.readouterr().err


def test_the_command_refuses_a_game_it_does_not_know() -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--game", "chess"])


def test_a_table_setting_reaches_the_simulated_games(capsys: pytest.CaptureFixture[str]) -> None:
    """`--set teams=1`: Peanuts! tables of four play two decks, one per team (the stalls of a
    team table are measured with it: docs/simulation.md)."""
    from peanutclub.simulate import play_game

    teams = play_game(4, 3, "normal", "peanuts", (("teams", 1),))
    alone = play_game(4, 3, "normal", "peanuts")
    assert (teams.decks, alone.decks) == (2, 4)
    assert len(teams.deck_moves) == 2 * teams.rounds
    argv = ["simulate", "--game", "peanuts", "--games", "2", "--jobs", "1", "--quiet"]
    assert main([*argv, "--set", "teams=1"]) == 0
    assert "cards played per deck and round" in capsys.readouterr().out
