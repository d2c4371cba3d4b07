"""The one tournament (`peanutclub tournament --game NAME`): every game it plays through the timed
driver's room, every game is won once (the shares add up to 1), each side's fair share is its
share of the seats, its tables turn, and bad arguments are refused before anything is played."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from peanutclub.cli import main
from peanutclub.tournament import Match, Share, TimedGame, run, table_sides, winners_of

#: One short line-up per game, at a size whose fair shares are plain: (game, players, line-up,
#: each side's share of the seats).
SHORT = [
    ("peanut-club", 4, "normal vs people", [1 / 2, 1 / 2]),
    ("peanuts", 4, "all four at one table", [1 / 4] * 4),
    ("nur-peanuts", 3, "mixed", [1 / 3] * 3),
]


def tournament(tmp_path: Path, game: str, *argv: str) -> dict[str, Any]:
    """Run the command and read back the figures it wrote."""
    out = tmp_path / f"{game}.json"
    assert main(["tournament", "--game", game, *argv, "--json", str(out)]) == 0
    figures: dict[str, Any] = json.loads(out.read_text())
    return figures


@pytest.mark.parametrize(("game", "players", "line_up", "fair"), SHORT)
def test_a_short_tournament_of_each_game_adds_up(
    game: str,
    players: int,
    line_up: str,
    fair: list[float],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    figures = tournament(
        tmp_path, game, "--players", str(players), "--games", "4", "--match", line_up
    )
    (match,) = figures["matches"]
    assert (match["match"], match["players"], match["games"]) == (line_up, players, 4)
    sides = match["sides"]
    assert sum(s["share"] for s in sides) == pytest.approx(1.0)
    assert sum(s["wins"] for s in sides) == pytest.approx(4.0)
    assert [s["fair"] for s in sides] == pytest.approx(fair)
    assert match["median_minutes"] > 0  # played in (virtual) time
    out = capsys.readouterr().out
    assert f"{game}, {line_up}: 4 games per size" in out and f"| {players} | " in out


def test_a_tournament_depends_only_on_its_seed_not_on_its_processes() -> None:
    line_up = {"hard vs normal": ("hard", "normal")}
    one = run("nur-peanuts", [2, 3], line_up, games=4, seed=3)
    two = run("nur-peanuts", [2, 3], line_up, games=4, seed=3, processes=2)
    assert [m.data() for m in one.values()] == [m.data() for m in two.values()]


def test_the_sides_are_laid_round_the_table_and_turned_each_game() -> None:
    assert [table_sides(2, 4, g) for g in range(2)] == [[0, 1, 0, 1], [1, 0, 1, 0]]
    assert [table_sides(2, 3, g) for g in range(3)] == [[0, 1, 0], [1, 0, 0], [0, 0, 1]]
    # more sides than seats: each game seats some of them, each in turn
    assert [table_sides(3, 2, g) for g in range(3)] == [[0, 1], [1, 2], [2, 0]]


def test_a_control_match_keeps_its_two_sides_of_one_level_apart() -> None:
    match = Match("easy vs easy", ("easy", "easy"), 2)
    match.add(TimedGame(("easy", "easy"), (1,), 60.0), [0, 1])
    match.add(TimedGame(("easy", "easy"), (0, 1), 60.0), [1, 0])
    assert match.wins == [0.5, 1.5] and match.seats == [2, 2]
    assert [s.fair for s in match.shares()] == [0.5, 0.5]


def test_the_winners_are_read_from_each_kind_of_result() -> None:
    assert winners_of({"winners": [2, 0], "reason": "bankrupt"}) == (2, 0)
    assert winners_of({"winner": 1}) == (1,)
    scores = [{"seat": 0, "place": 2}, {"seat": 1, "place": 1}, {"seat": 2, "place": 1}]
    assert winners_of({"scores": scores}) == (1, 2)
    assert winners_of(None) == ()


def test_the_interval_narrows_with_more_games() -> None:
    few, many = Share("hard", 30, 60, 0.5), Share("hard", 500, 1000, 0.5)
    assert many.margin < few.margin
    assert many.margin == pytest.approx(1.96 * math.sqrt(0.25 / 1000))
    assert many.cell() == "50.0% ± 3.1% (50%)"


@pytest.mark.parametrize(
    "argv",
    [
        ["--game", "peanuts", "--match", "nobody"],
        ["--game", "nur-peanuts", "--players", "7"],
        ["--game", "peanut-club", "--players", "four"],
        ["--game", "peanuts", "--games", "0"],
        ["--game", "peanuts", "--set", "nonsense=1"],
    ],
)
def test_bad_arguments_are_refused_before_anything_is_played(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tournament", *argv]) == 2
    captured = capsys.readouterr()
    assert "peanutclub tournament:" in captured.err and captured.out == ""


def test_a_setting_reaches_the_tables(tmp_path: Path) -> None:
    """Peanuts! in teams of seats 0+1 and 2+3: with hard and normal laid alternately, each team
    holds one of each, so whichever team wins, both sides share every victory (without teams,
    hard wins nearly every game)."""
    figures = tournament(
        tmp_path, "peanuts", "--players", "4", "--games", "2", "--match", "hard vs normal",
        "--set", "teams=1",
    )  # fmt: skip
    assert figures["settings"] == {"teams": 1.0}
    (match,) = figures["matches"]
    assert [s["share"] for s in match["sides"]] == pytest.approx([0.5, 0.5])
