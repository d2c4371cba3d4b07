"""The generic simulator: its runs do not depend on the processes, its tables turn, and its
command line works (`--game`, `--jobs`)."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence

import pytest

from peanutclub.cli import build_parser, main
from peanutclub.core import event
from peanutclub.games import GAMES, find_game
from peanutclub.simulate import Summary, engine_events, play_game, run, table_levels


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


# ---------------------------------------------------------------------------- timed play


def _adds_up(summary: Summary, games: int, players: int, levels: Sequence[str]) -> None:
    """A summary's counts agree with the run asked for: every game played, every seat's level
    counted once per game, every game's win (shared wins split) given out once."""
    figures = summary.data()
    assert figures["games"] == games and figures["games_by_players"] == {players: games}
    seats = Counter(level for i in range(games) for level in table_levels(levels, players, i))
    assert figures["seats_played"] == dict(seats)
    assert sum(figures["wins_by_level"].values()) == pytest.approx(games)
    assert sum(figures["wins_by_seat"].values()) == pytest.approx(games)
    assert 0 < summary.actions <= summary.steps


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_timed_run_sums_up_every_game_through_the_room(game: str) -> None:
    """`timed`: the same games through the one timed driver; the game's own tally and summary
    come out for them, and their counts add up."""
    cls = find_game(game)
    players = cls.players.start
    levels = list(cls.bots)[:2]
    summary = run(3, players, 5, levels, game_id=game, timed=True)
    _adds_up(summary, 3, players, levels)
    assert summary.game.report()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_timed_and_an_untimed_game_of_the_same_seed_both_finish(game: str) -> None:
    cls = find_game(game)
    players = cls.players.start
    untimed = play_game(players, 9, "normal", game)
    timed = play_game(players, 9, "normal", game, timed=True)
    for result in (untimed, timed):
        assert (result.played.game, result.played.seed) == (game, 9)
        assert result.played.levels == ("normal",) * players
        assert 0 < result.played.actions <= result.played.steps


def test_a_timed_run_is_the_same_in_one_or_two_processes() -> None:
    one = run(4, 4, 7, ["normal", "easy"], game_id="nur-peanuts", timed=True)
    two = run(4, 4, 7, ["normal", "easy"], processes=2, game_id="nur-peanuts", timed=True)
    assert one.data() == two.data()


def test_the_command_plays_timed_when_told(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--game", "peanuts", "--games", "2", "--players", "2", "--quiet"]
    assert build_parser().parse_args(argv).timed is False
    assert main([*argv, "--timed", "--jobs", "2"]) == 0
    out = capsys.readouterr().out
    assert "games: 2  (2x2 players)" in out and "cards played per round" in out


def test_the_wire_events_come_back_as_the_engine_gave_them() -> None:
    """The room sends `Event.to_dict()`; the tallies read `Event` values."""
    sent = [event("paid", seat=1, cards=[3, 4], convert=False), event("lot")]
    assert engine_events([e.to_dict() for e in sent]) == sent
