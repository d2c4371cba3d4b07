"""The bench of Peanuts! and Nur Peanuts! at tiny scale, against real servers: a few rooms of
four for a second or two, ours and the relay in the same run. The report must hold every figure
the docs quote, with no error; no figure is asserted beyond that (speed is for the bench to
print, never for a test to judge)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from peanutclub.bench import table as bench_table
from peanutclub.bench.load import seats_of, start_spread
from peanutclub.bench.runner import FIGURES
from peanutclub.bench.summary import summarize
from peanutclub.bench.table import GameRoom, Plan, Stats
from peanutclub.cli import main
from peanutclub.games import DEFAULT_GAME
from peanutclub.games.nur_peanuts import bench as nur_bench
from peanutclub.games.peanuts import bench as peanuts_bench

from .support import check_walk

#: The name `scripts/bench-games` gives each configuration's report.
REPORT = {"peanuts": "peanuts-200x4.json", "nur-peanuts": "nur-peanuts-500x4.json"}


def run_bench(
    tmp_path: Path, *argv: str, warmup: str = "1", name: str = "bench.json"
) -> dict[str, Any]:
    report_file = tmp_path / name
    common = ["--runs", "1", "--duration", "2", "--warmup", warmup, "--spread", "1", "--grace", "5"]
    assert main(["bench", *argv, *common, "--json", str(report_file)]) == 0
    report: dict[str, Any] = json.loads(report_file.read_text())
    return report


@pytest.mark.parametrize(
    ("game", "rate", "kinds"),
    # Nur Peanuts! at five turns a second: its preliminary round (purchases, whole states) is
    # over within the warm-up, and the throws and parks measured are patches.
    [("peanuts", "2", {"moved", "flipped"}), ("nur-peanuts", "5", {"patch"})],
)
def test_a_game_bench_runs_rooms_of_four_beside_the_relay(
    tmp_path: Path, game: str, rate: str, kinds: set[str]
) -> None:
    argv = ("--game", game, "--rooms", "3", "--rates", rate)
    report = run_bench(tmp_path, *argv, warmup="2", name=REPORT[game])
    assert report["errors"] == 0
    assert report["settings"]["seats"] == 4
    (point,) = report["points"]
    assert (point["rooms"], point["seats"], point["rate"]) == (3, 4, float(rate))
    for target in ("peanutclub", "relay"):
        figures = point["median"][target]
        assert figures.keys() >= set(FIGURES)
        assert figures["errors"] == 0
        assert figures["connections"] == 12
        (run,) = point["runs"][target]
        assert run["errors"] == 0, run["error_codes"]
        assert run["bids_timed"] > 0
        assert run["deliveries_per_s"] > 0
    ours = point["median"]["peanutclub"]
    assert ours["patch_bytes_p50"] > 0 and ours["patch_bytes_max"] >= ours["patch_bytes_p50"]
    assert set(ours["patch_bytes_by_kind"]) >= kinds
    assert point["median"]["relay"]["patch_bytes_p50"] is None  # the relay sends no patch
    assert "ratios" in point

    lines, errors = summarize(tmp_path)  # what scripts/bench-games prints
    assert errors == 0
    text = "\n".join(lines)
    assert f"{game}: 3 rooms x 4 at {float(rate):g} " in text
    assert "p99" in text and "relay: p50" in text and "errors: 0" in text
    if game == "peanuts":
        assert "a move's patch: at most" in text and "differed between seats: 0" in text


def test_the_peanuts_capacity_search_steps_ours_and_the_relay(tmp_path: Path) -> None:
    report = run_bench(
        tmp_path,
        *("--game", "peanuts", "--capacity", "1,2", "--relay-capacity", "3"),
        *("--capacity-rooms", "2"),
        name="peanuts-capacity.json",
    )
    assert report["errors"] == 0
    assert report["settings"]["rate_unit"] == "moves/s per seat"
    check_walk(report, {"peanutclub": [1, 2], "relay": [3]})
    lines, errors = summarize(tmp_path)
    assert errors == 0
    assert lines[0] == (
        "peanuts capacity (the largest rate at p99 < 50 ms, ours and the relay's, in turn):"
    )


def test_the_summary_fails_on_a_report_with_an_error(tmp_path: Path) -> None:
    report = {
        "started": "2026-12-04T18:00:00Z",
        "machine": {"load_average_at_start": [0.1, 0.2, 0.3]},
        "settings": {"game": "peanuts", "runs": 1, "duration": 2, "rate_unit": "moves/s per seat"},
        "capacity": {"peanutclub": {"last_rate_under_limit": None}},
        "points": [
            {"runs": {"peanutclub": [{"error_codes": {"patch_mismatch": 1}}]}, "median": {}}
        ],
        "errors": 1,
    }
    (tmp_path / "peanuts-capacity.json").write_text(json.dumps(report))
    lines, errors = summarize(tmp_path)
    assert errors == 1
    assert "  peanutclub: over 50 ms at every rate tried" in lines


def test_a_tables_seats_are_the_games_unless_told(tmp_path: Path) -> None:
    assert (seats_of("peanut-club"), seats_of("peanuts"), seats_of("nur-peanuts")) == (6, 4, 4)
    with pytest.raises(SystemExit, match="6 seats"):
        main(["bench", "--game", "peanut-club", "--seats", "4"])
    with pytest.raises(SystemExit, match="seats 2 to"):
        main(["bench", "--game", "peanuts", "--seats", "9"])


def test_a_race_spreads_its_starts_over_a_round_of_every_seats_moves() -> None:
    """Peanuts!' rate is per seat: a room of four at one move a second makes four ticks a second,
    and its starts spread over `SPREAD_TICKS` of those."""
    spread = start_spread("game", 1, None, warmup=4, game_id="peanuts")
    assert spread == peanuts_bench.SPREAD_TICKS / 4
    assert start_spread("game", 1, None, warmup=4, game_id="peanuts", seats=2) == spread * 2
    assert start_spread("game", 0.5, None, 4, "nur-peanuts") == nur_bench.SPREAD_TICKS / 0.5
    assert start_spread("relay", 1, None, warmup=4, game_id="peanuts") == 2


def test_a_plan_plays_the_registrys_default_game() -> None:
    """The tables' module knows no registry: its default game is the registry's, spelt again."""
    assert bench_table.DEFAULT_GAME == DEFAULT_GAME


def table_of(seats: int) -> GameRoom:
    stats = Stats(measuring=True)
    return GameRoom(Plan("127.0.0.1", 1, "game", 1, 1.0, 1.0, seats=seats), stats, 0)


def test_a_patch_must_be_the_same_bytes_for_every_seat() -> None:
    table = table_of(3)
    for seat in range(3):
        table.same_patch(seat, b'{"type":"patch","seq":1}')
    table.same_patch(0, b'{"type":"patch","seq":2,"a":1}')
    table.same_patch(1, b'{"type":"patch","seq":2,"a":1}')
    table.same_patch(2, b'{"type":"patch","seq":2,"a":2}')  # another seat's bytes
    assert table.stats.errors == {"patch_mismatch": 1}
    assert table.stats.patch_bytes == {"patch": [24, 30]}  # each patch counted once
    assert table.patches == {}  # nothing kept once every seat has had it


def test_patches_are_compared_in_the_order_each_seat_receives_them() -> None:
    table = table_of(2)
    table.same_patch(0, b"first")
    table.same_patch(0, b"second")
    table.same_patch(1, b"first")
    table.same_patch(1, b"second")
    assert not table.stats.errors
    table.same_patch(0, b"third")
    table.same_patch(1, b"fourth")
    assert table.stats.errors == {"patch_mismatch": 1}


def test_nur_peanuts_waits_for_whoever_the_view_says_decides() -> None:
    assert nur_bench.decider({"phase": "buying", "purchase": {"seat": 2}, "turn": None}) == 2
    assert nur_bench.decider({"phase": "round_over", "purchase": {"seat": 1}, "turn": None}) == 1
    assert nur_bench.decider({"phase": "turns", "purchase": None, "turn": {"seat": 3}}) == 3
    assert nur_bench.decider({"phase": "stones", "purchase": None, "turn": None}) is None


def test_a_nur_peanuts_player_throws_then_parks_and_buys_what_the_view_offers() -> None:
    rng = random.Random(1)
    turn = {"seat": 1, "thrown": False, "free_reroll": False}
    view: dict[str, Any] = {"phase": "turns", "purchase": None, "turn": turn}
    throw = nur_bench.choose(view, 1, rng)
    assert throw is not None and throw["type"] == "throw" and throw["dice"] in nur_bench.THROWS
    assert nur_bench.choose(view, 0, rng) is None  # not their turn
    view["turn"] = {**turn, "thrown": True}
    assert nur_bench.choose(view, 1, rng) == {"type": "park"}
    view["turn"] = {**turn, "thrown": True, "free_reroll": True}
    assert nur_bench.choose(view, 1, rng)["type"] == "throw"  # type: ignore[index]

    def buying(fields: list[int]) -> dict[str, Any]:
        purchase = {"seat": 2, "may_pass": True, "fields": fields}
        return {"phase": "round_over", "turn": None, "purchase": purchase}

    assert nur_bench.choose(buying([7]), 2, rng) == {"type": "buy", "field": 7}
    assert nur_bench.choose(buying([]), 2, rng) == {"type": "pass"}
    assert nur_bench.choose(buying([7]), 1, rng) is None  # another seat is buying
