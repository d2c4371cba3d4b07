"""`peanutclub replay` rebuilds a game from its export and checks the recorded result."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from peanutclub.cli import main
from peanutclub.core import export_game
from peanutclub.games.peanut_club import PeanutClub, Settings
from peanutclub.games.peanut_club.bots import make_bot
from peanutclub.games.peanut_club.engine import Phase, view
from peanutclub.replay import replay_export
from tests.games.bot_table import first_accepted


def _finished_game(seed: int) -> PeanutClub:
    table = PeanutClub(4, seed, Settings())
    game = table.engine
    bots = [make_bot("easy", s, seed) for s in range(4)]
    order = random.Random(seed)
    while game.phase is not Phase.OVER:
        seats = list(range(4))
        order.shuffle(seats)
        if first_accepted(game, bots, seats, lambda s: view(game, s)) is None:
            game.apply(game.auctioneer_action())
    return table


def test_an_export_replays_to_the_same_final_state() -> None:
    game = _finished_game(7)
    replayed = replay_export(json.loads(json.dumps(export_game(game))))
    assert isinstance(replayed, PeanutClub)
    assert replayed.engine.reveal() == game.engine.reveal()
    assert replayed.over and replayed.phase == "over"


def test_an_export_names_its_game_and_one_without_a_name_is_peanut_club() -> None:
    export = json.loads(json.dumps(export_game(_finished_game(7))))
    assert export["game"] == "peanut-club" and export["settings"] == Settings().model_dump()
    del export["game"], export["settings"]
    assert isinstance(replay_export(export), PeanutClub)
    export["game"] = "no-such-game"
    with pytest.raises(ValueError):
        replay_export(export)


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
    from peanutclub.games.peanut_club.history import lot_by_lot

    game = _finished_game(5)
    story = lot_by_lot(export_game(game))
    steps = story["steps"]
    assert steps[0]["title"] == "deal" and steps[-1]["title"] == "end"
    lots = [s for s in steps if s["title"] == "lot"]
    assert [s["round"] for s in lots] == list(range(1, game.engine.round + 1))
    assert steps[-1]["table"] == game.engine.reveal()
    # every lot ends sold-and-paid or discarded
    for step in lots:
        kinds = {e["type"] for e in step["events"]}
        assert "paid" in kinds or "discarded" in kinds
