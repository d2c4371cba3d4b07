"""The in-process replay: what it replays is what it recorded, move for move."""

from __future__ import annotations

import asyncio

import pytest

from peanutclub.bench.inprocess import main, measure, measure_rules


@pytest.mark.parametrize("store", ["memory", "sqlite"])
def test_a_replayed_game_is_accepted_move_for_move_in_every_room(store: str) -> None:
    result = asyncio.run(measure(rooms=2, games=1, reps=2, store_kind=store))
    assert result.errors == 0  # a refusal would mean the replay left the recorded game
    assert result.bids > 20
    # every change reaches the six seats: at least one frame per seat per step
    assert result.frames >= result.rooms * 6 * result.steps
    assert result.cpu_s > 0


def test_the_tool_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--rooms", "1", "--games", "1", "--reps", "1"]) == 0
    out = capsys.readouterr().out
    assert "us per frame" in out and "refusals 0" in out


@pytest.mark.parametrize("game", ["peanuts", "nur-peanuts"])
def test_the_replay_plays_each_game_at_its_bench_tables_size(game: str) -> None:
    result = asyncio.run(measure(rooms=2, games=1, reps=1, store_kind="memory", game_id=game))
    assert result.errors == 0
    assert result.steps > 20
    # four seats: every change reaches each of them at least once
    assert result.frames >= result.rooms * 4 * (result.steps // 2)
    assert result.frames % 4 == 0


@pytest.mark.parametrize("game", ["peanut-club", "peanuts", "nur-peanuts"])
def test_the_rules_alone_replay_every_recorded_game_to_its_end(game: str) -> None:
    rules = asyncio.run(measure_rules(rooms=2, games=1, reps=1, game_id=game))
    assert rules.games == 1  # the one game recorded, played to its end again
    assert rules.actions > 20
    assert rules.cpu_s > 0


def test_the_tool_prints_the_rules_share(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["--game", "peanuts", "--rooms", "1", "--games", "1", "--reps", "1", "--rules-only"])
        == 0
    )
    assert "rules alone: 1 rooms x 1 games" in capsys.readouterr().out
