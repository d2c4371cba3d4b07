"""`peanutclub soak --game mixed`: rooms of the three games at one server, connections dropping
and resuming; its report names each game and the server's memory trend. The short run checks
counts only (no timing is asserted)."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from peanutclub.cli import main
from peanutclub.core import RuleError
from peanutclub.games import GAMES
from peanutclub.soak import Totals, games_named, memory_slope, run_soak


def test_mixed_names_every_game_and_a_list_names_its_own() -> None:
    assert games_named("mixed") == list(GAMES)
    assert games_named("peanuts, nur-peanuts") == ["peanuts", "nur-peanuts"]
    with pytest.raises(RuleError):
        games_named("peanuts,chess")


def test_an_unknown_game_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["soak", "--game", "peanuts,chess", "--seconds", "1"])
    assert "chess" in str(stopped.value) and "soak" in str(stopped.value)


def test_the_memory_slope_is_taken_over_the_second_half_only() -> None:
    totals = Totals()
    # 60 MiB, a jump of 30 MiB at the start, then 1 MiB a minute for four minutes
    totals.memory = [(0.0, 60 * 1024), *((60.0 * m, (90 + m) * 1024) for m in range(1, 6))]
    assert memory_slope(totals) == pytest.approx(1.0)
    totals.memory = [(0.0, 60 * 1024), (30.0, 80 * 1024), (60.0, 80 * 1024), (90.0, 80 * 1024)]
    assert memory_slope(totals) == pytest.approx(0.0)


def test_a_short_mixed_soak_plays_every_game_and_loses_nothing(tmp_path: Path) -> None:
    with ThreadPoolExecutor(1) as pool:  # the soak runs its own event loop: not on this thread
        outcome = pool.submit(run_soak, 6, 12.0, 3.0, tmp_path, "mixed").result()
    report = outcome.report()
    print(report)
    totals, books = outcome.totals, outcome.books
    assert outcome.unexpected == 0, (dict(totals.unexpected), books.replay_failures)
    assert books.lost == 0, books.missing
    assert books.rooms == 6 and books.games_replayed >= 6
    assert set(totals.acknowledged_by) == set(GAMES)  # every game was played
    assert all(count > 10 for count in totals.acknowledged_by.values()), totals.acknowledged_by
    assert totals.drops > 0 and totals.resumes > 0
    assert len(totals.memory) > 2
    assert "mixed" in report and "MiB/min" in report
    for game_id in GAMES:
        assert game_id in report


def test_the_command_writes_its_figures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    figures = tmp_path / "soak.json"
    with ThreadPoolExecutor(1) as pool:
        code = pool.submit(
            main,
            [
                "soak",
                "--game",
                "peanuts,nur-peanuts",
                "--rooms",
                "2",
                "--seconds",
                "4",
                "--drop-every",
                "0",
                "--json",
                str(figures),
            ],
        ).result()
    assert code == 0, capsys.readouterr().out
    data = json.loads(figures.read_text())
    assert data["game"] == "peanuts,nur-peanuts" and data["lost"] == 0
    assert set(data["acknowledged_by"]) == {"peanuts", "nur-peanuts"}
    assert isinstance(data["memory_slope_mib_per_minute"], float)
