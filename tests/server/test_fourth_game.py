"""The fourth game: Take-away (toy_game.py), declared whole in one file, is played by the
simulator, the tournament, the bench and the soak with no change anywhere else: the tools read its
class alone.
The bench and the soak start real servers (uvicorn, WebSockets) in child processes, which learn
of the game from `PEANUTCLUB_TEST_GAMES`, as a test names it; production lists it nowhere.
No timing is asserted."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from peanutclub.cli import main
from peanutclub.games import GAMES, TEST_GAMES, register
from peanutclub.simulate import run
from peanutclub.soak import run_soak

from .toy_game import TakeAway, ToySummary


@pytest.fixture
def fourth(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[TakeAway]]:
    """Take-away hosted here and in every child process a tool starts, for one test."""
    module = sys.modules[TakeAway.__module__]
    assert module.__file__ is not None
    # the folder from which the module's dotted name imports, for the children's sys.path
    base = Path(module.__file__).parents[TakeAway.__module__.count(".")]
    path = os.environ.get("PYTHONPATH")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(base), path])))
    monkeypatch.setenv(TEST_GAMES, f"{TakeAway.__module__}:TakeAway")
    register(TakeAway)
    try:
        yield TakeAway
    finally:
        GAMES.pop(TakeAway.id)


def test_the_simulator_plays_the_fourth_game(fourth: type[TakeAway]) -> None:
    summary = run(6, 3, 1, ["first"], game_id=fourth.id)
    assert summary.games == 6 and summary.bot_errors == {}
    assert isinstance(summary.game, ToySummary)
    # a pile of ten taken one at a time: the tenth take, by seat 0 of three, wins
    assert summary.game.wins == {0: 6} and summary.game.takes == 60
    assert "wins by seat: {0: 6}" in summary.report()


def test_the_simulator_plays_the_fourth_game_in_time(fourth: type[TakeAway]) -> None:
    """`--timed`: its games at the timed driver's room, in two processes, summed up by its own
    tally: every game counted, one win each, every take a bot's."""
    summary = run(6, 3, 1, ["first"], processes=2, game_id=fourth.id, timed=True)
    assert summary.games == 6 and summary.games_by_players == {3: 6}
    assert sum(summary.game.wins.values()) == 6 and summary.bot_errors == {}
    assert summary.game.takes == summary.steps == summary.actions
    assert summary.data() == run(6, 3, 1, ["first"], game_id=fourth.id, timed=True).data()


def test_the_tournament_plays_the_fourth_game(
    fourth: type[TakeAway], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It declares no line-up and no stand-in: its one level plays every seat, through the timed
    driver's room, and so wins every game."""
    figures_file = tmp_path / "tournament.json"
    argv = ["tournament", "--game", fourth.id, "--players", "2,3", "--games", "3"]
    assert main([*argv, "--json", str(figures_file)]) == 0
    figures = json.loads(figures_file.read_text())
    assert [(m["match"], m["players"], m["games"]) for m in figures["matches"]] == [
        ("every level", 2, 3),
        ("every level", 3, 3),
    ]
    for match in figures["matches"]:
        (side,) = match["sides"]
        assert (side["side"], side["share"], side["fair"]) == ("first", 1.0, 1.0)
        assert match["median_minutes"] > 0
    assert f"{fourth.id}, every level: 3 games per size" in capsys.readouterr().out


def test_the_bench_plays_the_fourth_game(fourth: type[TakeAway], tmp_path: Path) -> None:
    report_file = tmp_path / "bench.json"
    argv = ["bench", "--game", fourth.id, "--no-baseline", "--runs", "1", "--duration", "2"]
    argv += ["--warmup", "1", "--spread", "1", "--grace", "5", "--json", str(report_file)]
    assert main(argv) == 0
    report = json.loads(report_file.read_text())
    assert report["errors"] == 0
    assert (
        report["settings"]["seats"] == 2 and report["settings"]["rate_unit"] == "takes/s per room"
    )
    (point,) = report["points"]
    assert (point["rooms"], point["rate"]) == (4, 2.0)
    (measured,) = point["runs"]["peanutclub"]
    assert measured["errors"] == 0, measured["error_codes"]
    assert measured["bids_timed"] > 0 and measured["deliveries_per_s"] > 0


def test_the_soak_plays_the_fourth_game(fourth: type[TakeAway], tmp_path: Path) -> None:
    with ThreadPoolExecutor(1) as pool:  # the soak runs its own event loop: not on this thread
        outcome = pool.submit(run_soak, 3, 8.0, 4.0, tmp_path, fourth.id).result()
    totals, books = outcome.totals, outcome.books
    assert outcome.unexpected == 0, (dict(totals.unexpected), books.replay_failures)
    assert books.lost == 0, books.missing
    assert totals.games_by[fourth.id] >= 1 and books.games_over_in_log >= totals.games
    assert totals.acknowledged_by[fourth.id] > 0
    assert books.rooms == 3
