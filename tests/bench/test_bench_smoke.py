"""The bench tool at tiny scale: it runs end to end, against our server and the relay, and its
report has the figures the docs quote. No figure is asserted beyond errors being zero."""

from __future__ import annotations

import json
from pathlib import Path

from peanutclub.bench.cli import capacity_steps
from peanutclub.bench.load import start_spread
from peanutclub.bench.runner import FIGURES
from peanutclub.cli import main
from peanutclub.games.peanut_club.bench import GAME_TICKS

from .support import check_walk


def test_bench_runs_three_rooms_with_its_baseline(tmp_path: Path) -> None:
    report_file = tmp_path / "bench.json"
    argv = ["bench", "--rooms", "3", "--rates", "4", "--runs", "1", "--duration", "2"]
    argv += ["--warmup", "1", "--spread", "1", "--grace", "2", "--json", str(report_file)]
    assert main(argv) == 0
    report = json.loads(report_file.read_text())
    assert report["errors"] == 0
    assert report["settings"]["targets"] == ["peanutclub", "relay"]
    (point,) = report["points"]
    assert (point["rooms"], point["rate"]) == (3, 4)
    for target in ("peanutclub", "relay"):
        figures = point["median"][target]
        assert figures.keys() >= set(FIGURES)
        assert figures["errors"] == 0
        assert figures["connections"] == 18
        assert figures["start_spread_s"] == 1
        (run,) = point["runs"][target]
        assert run["bids_timed"] > 0
        assert run["deliveries_per_s"] > 0
    assert set(point["ratios"]) >= {"p50_ms", "p99_ms", "server_cpu_pct", "deliveries_per_s"}


def test_capacity_search_runs_ours_and_the_relay_in_turn_at_their_own_rates(
    tmp_path: Path,
) -> None:
    report_file = tmp_path / "capacity.json"
    argv = ["bench", "--capacity", "2", "--relay-capacity", "5", "--capacity-rooms", "2"]
    argv += ["--runs", "1", "--duration", "1.5", "--warmup", "1", "--spread", "0.5"]
    argv += ["--grace", "2", "--json", str(report_file)]
    assert main(argv) == 0
    report = json.loads(report_file.read_text())
    # Where each walk stops depends on the machine: only the walk is checked.
    check_walk(report, {"peanutclub": [2], "relay": [5]})
    (point,) = report["points"]
    assert (point["rate"], point["relay_rate"]) == (2, 5)
    assert "ratios" not in point  # two different rates: no figure-by-figure ratio


def test_capacity_steps_pair_the_two_lists_and_stop_each_where_it_ends() -> None:
    both = ("peanutclub", "relay")
    assert capacity_steps(both, [1, 2], None) == [
        {"peanutclub": 1, "relay": 1},
        {"peanutclub": 2, "relay": 2},
    ]
    assert capacity_steps(both, [1, 2], [10, 20, 30]) == [
        {"peanutclub": 1, "relay": 10},
        {"peanutclub": 2, "relay": 20},
        {"relay": 30},
    ]
    assert capacity_steps(("relay",), [1], [10, 20]) == [{"relay": 10}, {"relay": 20}]


def test_rooms_start_spread_over_one_game_unless_told() -> None:
    """Tables that start together end their games together, the busiest part of a game: by
    default the bench spreads the starts over a game's length, so its tables are independent."""
    assert start_spread("game", 10, None, warmup=5) == GAME_TICKS / 10
    assert start_spread("game", 2, None, warmup=5) == GAME_TICKS / 2
    assert start_spread("relay", 10, None, warmup=5) == 2.5
    assert start_spread("game", 10, 0.0, warmup=5) == 0.0


def test_loadtest_is_the_same_command() -> None:
    from peanutclub.cli import build_parser

    args = build_parser().parse_args(["loadtest", "--rooms", "2"])
    assert args.func.__module__ == "peanutclub.bench.cli"
    assert args.rooms == "2"
