"""`peanutclub replay` rebuilds a game from its export and checks the recorded result."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from peanutclub.bots import make_bot
from peanutclub.cli import main
from peanutclub.engine import Game, Phase, RuleError, view
from peanutclub.replay import export_game, replay_export


def _finished_game(seed: int) -> Game:
    game = Game(4, seed)
    bots = [make_bot("easy", s, seed) for s in range(4)]
    order = random.Random(seed)
    while game.phase is not Phase.OVER:
        seats = list(range(4))
        order.shuffle(seats)
        for seat in seats:
            action = bots[seat].decide(view(game, seat))
            if action is not None:
                try:
                    game.apply(action)
                    break
                except RuleError:
                    continue
        else:
            game.apply(game.auctioneer_action())
    return game


def test_an_export_replays_to_the_same_final_state() -> None:
    game = _finished_game(7)
    replayed = replay_export(json.loads(json.dumps(export_game(game))))
    assert replayed.reveal() == game.reveal()
    assert replayed.phase is Phase.OVER


def test_replay_command_prints_the_places(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _finished_game(11)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(export_game(game, ["Ana", "Bo", "Cy", "Di"])))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "1. " in out and "points" in out
    assert all(name in out for name in ["Ana", "Bo", "Cy", "Di"])


def test_replay_command_fails_when_the_recorded_result_differs(tmp_path: Path) -> None:
    export = export_game(_finished_game(3))
    export["result"]["scores"][0]["total"] += 1
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(export))
    assert main(["replay", str(path)]) == 1


def test_replay_command_rejects_a_malformed_export(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": 1, "players": 4, "seed": 1, "actions": [{"type": "x"}]}))
    assert main(["replay", str(path)]) == 2
    path.write_text("{not json")
    assert main(["replay", str(path)]) == 2


def test_history_has_one_step_per_lot_between_the_deal_and_the_end() -> None:
    from peanutclub.history import lot_by_lot

    game = _finished_game(5)
    story = lot_by_lot(export_game(game))
    steps = story["steps"]
    assert steps[0]["title"] == "deal" and steps[-1]["title"] == "end"
    lots = [s for s in steps if s["title"] == "lot"]
    assert [s["round"] for s in lots] == list(range(1, game.round + 1))
    assert steps[-1]["table"] == game.reveal()
    # every lot ends sold-and-paid or discarded
    for step in lots:
        kinds = {e["type"] for e in step["events"]}
        assert "paid" in kinds or "discarded" in kinds
