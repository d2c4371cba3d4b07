"""The simulator: deterministic, its summary adds up, and its command line works."""

from __future__ import annotations

import math

import pytest

from peanutclub.cli import main
from peanutclub.simulate import Summary, play_game, run, table_levels


def test_a_game_is_the_same_for_the_same_seed() -> None:
    for players, levels in [(3, "easy"), (4, ["normal", "hard"]), (6, "hard")]:
        assert play_game(players, 42, levels) == play_game(players, 42, levels)
    assert play_game(4, 1, "normal") != play_game(4, 2, "normal")


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


def test_the_summary_adds_up() -> None:
    players, games = 5, 20
    summary = run(games, players, 3, ["easy", "normal"])
    assert summary.games == games
    # wins are shared on ties, so each game hands out exactly one win in every breakdown
    for wins in (summary.wins_by_level, summary.wins_by_seat, summary.wins_by_collector):
        assert math.isclose(sum(wins.values()), games)
    assert sum(summary.seats_played.values()) == games * players
    assert sum(summary.collector_seats.values()) == games * players
    assert sum(summary.points.values()) == sum(summary.points_by_seat.values())
    # every lot is either discarded or paid for
    assert summary.payments + summary.discarded == summary.lots
    assert summary.payments_with_loss <= summary.payments
    assert summary.value_lost >= summary.payments_with_loss
    assert summary.actions <= summary.steps
    assert set(summary.powers) <= {"a_la_carte", "crash", "niet", "convert", "abracadabra"}
    text = summary.report()
    for heading in ("lots per game", "win share", "collector", "power", "no change"):
        assert heading in text


def test_results_and_summary_agree_game_by_game() -> None:
    result = play_game(4, 9, ["normal", "easy"])
    summary = Summary()
    summary.add(result)
    assert summary.points["normal"] == result.scores[0] + result.scores[2]
    assert summary.points["easy"] == result.scores[1] + result.scores[3]
    assert set(result.winners) <= set(range(4))
    best = max(zip(result.scores, result.objects, strict=True))
    assert all((result.scores[s], result.objects[s]) == best for s in result.winners)


def test_the_command_prints_a_summary_and_draws_a_progress_bar(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(
        ["simulate", "--games", "4", "--players", "3", "--seed", "5", "--bots", "easy,normal,hard"]
    )
    out, err = capsys.readouterr()
    assert code == 0
    assert "games: 4" in out and "games/s" in out
    assert "4/4 games" in err and "[" in err


@pytest.mark.parametrize(
    "args",
    [["--players", "7"], ["--bots", "genius"], ["--games", "0"], ["--processes", "0"]],
)
def test_the_command_refuses_bad_arguments(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--quiet", *args]) == 2
    assert "peanutclub simulate:" in capsys.readouterr().err
