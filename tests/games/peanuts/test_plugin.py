"""The plug-in gives the server what it needs: declarations, settings with bounds, clocks,
patches, exports that replay, and a whole game played by bots through the class alone."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from peanutclub.core import (
    PLATFORM_CODES,
    RuleError,
    Timer,
    export_game,
    message,
    replay_export,
)
from peanutclub.games.peanuts import Peanuts, Settings
from peanutclub.games.peanuts.engine import (
    CallPeanuts,
    DeclareStuck,
    Flip,
    MoveCard,
    NextRound,
    Stall,
    StartPlay,
    Target,
    action_from_dict,
)
from peanutclub.games.peanuts.moves import MOVES

from .conftest import bot_game

#: The codes DESIGN.md gives the race, beyond the platform's.
DESIGN_CODES = {
    "not_your_card",
    "not_on_top",
    "not_playable",
    "pile_changed",
    "pile_complete",
    "peanuts_left",
    "round_over",
    "not_playing",
    "hints_off",
}


def test_the_plugin_declares_its_id_names_players_moves_bots_and_codes() -> None:
    assert Peanuts.id == "peanuts"
    assert dict(Peanuts.name) == {"en": "Peanuts!", "fr": "Peanuts!"}
    assert Peanuts.players == range(2, 7)
    assert set(Peanuts.bots) == {"easy", "normal", "hard"}
    assert {m.model_fields["type"].annotation.__args__[0] for m in MOVES} == {  # type: ignore[union-attr]
        "move",
        "flip",
        "stuck",
        "peanuts",
        "next_round",
        "skip_round",
        "hint",
    }
    assert set(Peanuts.codes) == DESIGN_CODES


def test_every_code_has_an_english_and_a_french_message() -> None:
    for code in DESIGN_CODES | {"wrong_phase", "not_seated", "bad_message"}:
        en, fr = message(Peanuts.codes, code, "en"), message(Peanuts.codes, code, "fr")
        assert en and fr and en != fr, code
    frenchs = [fr for _, fr in Peanuts.codes.values()]
    assert len(set(frenchs)) == len(frenchs)
    assert not set(Peanuts.codes) & set(PLATFORM_CODES)


def test_settings_have_defaults_and_bounds_refused_outside_them_except_in_development() -> None:
    described = Settings.describe()
    assert described["target_score"] == {"default": 150, "kind": "number", "min": 25, "max": 500}
    assert described["teams"] == {"default": False, "kind": "yes_no"}
    assert described["stall_seconds"]["default"] == 60
    assert described["between_rounds_seconds"]["default"] == 20
    assert described["countdown_seconds"]["default"] == 3
    settings = Settings()
    with pytest.raises(ValueError):
        settings.merged({"target_score": 10}, dev=False)
    with pytest.raises(ValueError):
        settings.merged({"teams": 2}, dev=False)
    assert settings.merged({"stall_seconds": 0}, dev=True).problems(dev=True) == []
    with pytest.raises(ValidationError):
        Settings.model_validate({"colour": "red"})


def test_the_clock_counts_down_stalls_and_pauses_between_rounds() -> None:
    game = Peanuts(2, 1, Settings(countdown_seconds=5, stall_seconds=30))
    assert game.timer() == Timer("countdown", 5, StartPlay())
    game.apply(StartPlay())
    assert game.timer() == Timer("stall", 30, Stall())
    game.engine.layouts[0].peanuts = []
    game.apply(CallPeanuts(0))
    timer = game.timer()
    assert timer is not None and (timer.kind, timer.seconds) == ("next_round", 20)
    game.apply(timer.action)
    assert game.phase == "countdown"


def test_a_flip_or_a_stuck_declaration_leaves_the_stall_clock_running() -> None:
    game = Peanuts(3, 1, Settings())
    game.apply(StartPlay())
    clock, version = game.clock_key, game.version
    game.apply(Flip(0))
    game.apply(DeclareStuck(1, True))
    assert game.clock_key == clock
    assert game.version == version + 2  # the version still counts every action
    top = game.engine.layouts[0].building[0][-1]
    try:
        game.apply(MoveCard(0, top.id, Target.FOUNDATION))
    except RuleError:
        game.apply(Stall())
    assert game.clock_key > clock


def test_moves_turn_into_the_seats_actions_and_only_the_host_deals_the_next_round() -> None:
    by_type = {m.model_fields["type"].annotation.__args__[0]: m for m in MOVES}  # type: ignore[union-attr]
    move = by_type["move"].model_validate({"type": "move", "card": 7, "to": "foundation"})
    assert move.to_action(2, False) == MoveCard(2, 7, Target.FOUNDATION, None)
    move = by_type["move"].model_validate({"type": "move", "card": 7, "to": "building", "pile": 3})
    assert move.to_action(2, False) == MoveCard(2, 7, Target.BUILDING, 3)
    assert by_type["flip"].model_validate({"type": "flip"}).to_action(1, False) == Flip(1)
    stuck = by_type["stuck"].model_validate({"type": "stuck", "on": True})
    assert stuck.to_action(1, False) == DeclareStuck(1, True)
    assert by_type["peanuts"].model_validate({"type": "peanuts"}).to_action(0, False) == (
        CallPeanuts(0)
    )
    nxt = by_type["next_round"].model_validate({"type": "next_round"})
    assert nxt.to_action(None, True) == NextRound(None)
    with pytest.raises(RuleError) as caught:
        nxt.to_action(1, False)
    assert caught.value.code == "not_host"
    with pytest.raises(RuleError) as caught:
        by_type["flip"].model_validate({"type": "flip"}).to_action(None, False)
    assert caught.value.code == "not_seated"
    for bad in (
        {"type": "move", "card": "7", "to": "foundation"},
        {"type": "move", "card": 7, "to": "stock"},
        {"type": "move", "card": 7, "to": "building", "pile": -1},
        {"type": "flip", "extra": 1},
    ):
        with pytest.raises(ValidationError):
            by_type[bad["type"]].model_validate(bad)


def test_every_action_survives_the_log() -> None:
    for action in (
        MoveCard(1, 60, Target.FOUNDATION, None),
        MoveCard(0, 3, Target.BUILDING, 2),
        Flip(3),
        DeclareStuck(2, False),
        CallPeanuts(1),
        StartPlay(),
        Stall(),
        NextRound(None, by_clock=True),
        NextRound(0),
    ):
        assert action_from_dict(action.to_dict()) == action
    with pytest.raises(ValueError):
        action_from_dict({"type": "shuffle"})


def test_a_whole_game_of_bots_through_the_plugin_replays_from_its_export() -> None:
    settings = Settings(target_score=60)
    game = bot_game(4, 21, ("easy", "normal", "hard", "normal"), settings)
    assert game.over and game.phase == "over" and game.timer() is None
    result = game.result()
    assert result is not None and result["winners"]
    export = export_game(game)
    assert export["game"] == "peanuts"
    again = replay_export(Peanuts, export)
    assert isinstance(again, Peanuts)
    assert again.result() == result
    assert again.engine.reveal() == game.engine.reveal()
    assert again.public_view() == game.public_view()
    history = Peanuts.history(export)
    assert len(history["rounds"]) == result["rounds"]
    assert history["rounds"][0]["deal"]  # an export of a finished game may reveal the deals
    assert sum(len(r["actions"]) for r in history["rounds"]) <= len(export["actions"])


def test_the_history_of_a_team_game_deals_it_with_the_settings_its_export_names() -> None:
    """The history reads the export's settings through the game's own model (teams on, a
    target of 40: no default restated by the history), so its rounds are the game's."""
    game = bot_game(4, 6, "normal", Settings(teams=True, target_score=40))
    result = game.result()
    assert result is not None
    history = Peanuts.history(export_game(game))
    assert len(history["rounds"]) == result["rounds"]
    assert history["rounds"][-1]["end"]["totals"] == {
        str(d): t for d, t in game.engine.totals.items()
    }


def test_a_team_game_gives_teammates_one_score_and_one_place() -> None:
    game = bot_game(6, 4, "normal", Settings(teams=1, target_score=40))
    result = game.result()
    assert result is not None
    scores = result["scores"]
    for first in (0, 2, 4):
        assert scores[first]["score"] == scores[first + 1]["score"]
        assert scores[first]["place"] == scores[first + 1]["place"]
    assert len(result["winners"]) % 2 == 0


def test_the_result_is_none_while_the_game_runs_and_patches_stop_at_the_end() -> None:
    game = Peanuts(2, 3, Settings(target_score=25))
    assert game.result() is None
    assert game.apply(StartPlay()).patch is None
    flipped = game.apply(Flip(0))
    assert flipped.patch == {} and [e.kind for e in flipped.events] == ["flipped"]
    game.engine.totals = {0: 30, 1: 0}
    game.engine.layouts[0].peanuts = []
    called = game.apply(CallPeanuts(0))
    assert game.over and called.patch is None
    assert game.restarted() is None
