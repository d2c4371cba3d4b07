"""Nur Peanuts! behind the plug-in: its declarations, clocks, patches, settings, moves, history,
and a whole bot game through the class, exported and replayed as the server would."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pydantic import ValidationError

from peanutclub.core import (
    PLATFORM_CODES,
    Game,
    RuleError,
    export_game,
    message,
    replay_export,
)
from peanutclub.core.frames import replace_fields
from peanutclub.games import describe
from peanutclub.games.nur_peanuts import NurPeanuts, Settings
from peanutclub.games.nur_peanuts.engine import (
    CODES,
    PATCH_FIELDS,
    Buy,
    Dice,
    NextRound,
    Park,
    Pass,
    Phase,
    StoneStep,
    ThrowDice,
)
from peanutclub.games.nur_peanuts.engine.errors import NurRuleError
from peanutclub.games.nur_peanuts.moves import MOVES, BuyMove, ParkMove, PassMove, ThrowMove
from tests.games.bot_table import bot_or_clock

PACE = Settings(turn_seconds=20, stone_step_seconds=1.5, between_rounds_seconds=4)


def table(players: int = 3, seed: int = 5, pace: Settings = PACE) -> NurPeanuts:
    return NurPeanuts(players, seed, pace)


def through_preliminary(game: NurPeanuts) -> None:
    while game.engine.phase is Phase.BUYING:
        timer = game.timer()
        assert timer is not None and timer.kind == "turn"
        game.apply(timer.action)


def bot_game(players: int, seed: int, levels: list[str]) -> tuple[NurPeanuts, Any]:
    """A whole game of bots through the plug-in, as a room runs it: the bots look at the view
    in a seeded order, the first that acts is applied, else the clock's action."""
    game = NurPeanuts(players, seed, Settings())
    bots = [NurPeanuts.bots[levels[s % len(levels)]](s, seed) for s in range(players)]
    order = random.Random(seed)
    steps = 0
    patched: dict[str, Any] = dict(game.public_view())
    while not game.over:
        steps += 1
        assert steps < 20_000
        seats = list(range(players))
        order.shuffle(seats)
        fields = bot_or_clock(game, bots, seats).patch
        if fields is None:
            patched = dict(game.public_view())
        else:
            patched = replace_fields(patched, fields)
            assert patched == game.public_view()  # a patch leaves every client right
    return game, steps


# ----------------------------------------------------------------------------- declarations


def test_the_game_declares_its_id_names_players_and_settings() -> None:
    cls: type[Game] = NurPeanuts
    assert cls.id == "nur-peanuts"
    assert dict(cls.name) == {"en": "Nur Peanuts!", "fr": "Nur Peanuts!"}
    assert cls.players == range(2, 7)
    listed = describe(cls)
    assert listed["players"] == {"min": 2, "max": 6}
    settings = listed["settings"]
    assert settings["turn_seconds"] == {"default": 30, "kind": "number", "min": 10, "max": 120}
    assert settings["stone_step_seconds"] == {
        "default": 1.2,
        "kind": "number",
        "min": 0.5,
        "max": 5,
    }
    assert settings["board"]["kind"] == "choice" and settings["board"]["default"] == "standard"
    assert settings["board"]["choices"] == ["standard", "random"]
    assert set(cls.bots) == {"easy", "normal", "hard"}


def test_every_code_has_an_english_and_a_french_message() -> None:
    assert set(CODES) == {
        "not_your_turn",
        "field_sold",
        "cannot_afford",
        "must_throw",
        "cannot_reroll",
        "bad_field",
    }
    for code in CODES:
        en, fr = message(CODES, code, "en"), message(CODES, code, "fr")
        assert en and fr and en != fr
        assert code not in PLATFORM_CODES
        assert NurRuleError(code=code).message == en


def test_settings_are_bounded_and_the_board_is_a_choice() -> None:
    assert Settings().problems(dev=False) == []
    assert Settings(turn_seconds=5).problems(dev=False) == ["turn_seconds"]
    assert Settings(turn_seconds=5).problems(dev=True) == []
    assert Settings().merged({"board": "random"}, dev=False).board == "random"  # type: ignore[attr-defined]
    with pytest.raises(ValidationError):
        Settings.model_validate({"board": "hexagonal"})


def test_the_board_of_a_game_is_kept_when_the_host_changes_the_pace() -> None:
    game = NurPeanuts(3, 1, Settings(board="random"))
    game.settings = Settings(turn_seconds=60)
    assert game.settings.board == "random"  # type: ignore[attr-defined]
    assert game.settings.turn_seconds == 60  # type: ignore[attr-defined]


# ----------------------------------------------------------------------------- moves


def test_moves_turn_into_engine_actions_for_the_seat_that_sent_them() -> None:
    assert BuyMove(type="buy", field=3).to_action(2, False) == Buy(2, 3)
    assert PassMove(type="pass").to_action(1, False) == Pass(1)
    assert ThrowMove(type="throw", dice="two_white").to_action(0, False) == ThrowDice(
        0, Dice.TWO_WHITE
    )
    assert ParkMove(type="park").to_action(4, True) == Park(4)
    with pytest.raises(RuleError) as error:
        ParkMove(type="park").to_action(None, True)
    assert error.value.code == "not_seated"
    with pytest.raises(ValidationError):
        ThrowMove.model_validate({"type": "throw", "dice": "red"})
    assert {m.model_fields["type"].annotation.__args__[0] for m in MOVES} == {  # type: ignore[union-attr]
        "buy",
        "pass",
        "throw",
        "park",
    }


# ----------------------------------------------------------------------------- clocks


def test_a_preliminary_purchase_runs_on_the_turn_clock_which_buys_the_cheapest_field() -> None:
    game = table()
    timer = game.timer()
    assert timer is not None and (timer.kind, timer.seconds) == ("turn", 20)
    assert isinstance(timer.action, Buy)
    assert game.engine.values[timer.action.field] == 100


def test_the_turn_clock_throws_black_then_parks_an_away_pawn() -> None:
    game = table()
    through_preliminary(game)
    seat = game.engine.turn.seat if game.engine.turn else -1
    first = game.timer()
    assert first is not None and first.action == ThrowDice(seat, Dice.BLACK)
    game.apply(first.action)
    second = game.timer()
    assert second is not None and (second.kind, second.action) == ("turn", Park(seat))


def test_the_stones_step_at_their_own_pace_and_the_round_pauses_before_the_next() -> None:
    game = table()
    through_preliminary(game)
    kinds = set()
    while game.engine.round == 1:
        timer = game.timer()
        assert timer is not None
        kinds.add((timer.kind, timer.seconds, type(timer.action)))
        game.apply(timer.action)
    assert ("stone", 1.5, StoneStep) in kinds
    assert ("next_round", 4, NextRound) in kinds or ("turn", 20, Pass) in kinds


def test_no_clock_runs_once_the_game_is_over_and_a_restart_takes_nothing_back() -> None:
    game, _ = bot_game(2, 3, ["normal"])
    assert game.timer() is None and game.restarted() is None
    assert table().restarted() is None


# ----------------------------------------------------------------------------- patches


def test_a_throw_is_a_small_patch_of_the_pieces_turn_and_last_throw() -> None:
    game = table()
    through_preliminary(game)
    seat = game.engine.turn.seat if game.engine.turn else -1
    fields = game.apply(ThrowDice(seat, Dice.BLACK)).patch
    assert fields is not None and set(fields) == {"phase", "pieces", "turn", "last_throw"}
    assert fields["last_throw"]["seat"] == seat


def test_a_throws_patch_builds_only_its_fields_and_the_view_then_agrees() -> None:
    """Most changes of a turn are patches: building the board, the money and the bank for them
    would be work for nothing. The whole view built afterwards at the same version has the
    same fields, and its `turn` (whose odds settle a round per field) is not worked out again."""
    game = table()
    through_preliminary(game)
    seat = game.engine.turn.seat if game.engine.turn else -1
    fields = game.apply(ThrowDice(seat, Dice.BLACK)).patch
    assert fields is not None
    cached = game.engine.view_cache
    assert cached is None or cached[0] < game.version  # no whole view was built for it
    view = game.public_view()
    assert {name: view[name] for name in PATCH_FIELDS} == fields
    assert view["turn"] is fields["turn"]


def test_the_board_and_holdings_are_kept_until_a_field_changes_hands() -> None:
    """The board's entries and each owner's fields change only with a purchase or a chip to
    the bank: a whole view shares them with the one before while the owners are the same, and
    every view is the one a game keeping nothing would make."""
    game = table()
    engine = game.engine
    changed = shared = 0
    while not game.over:
        owners = list(engine.owners)
        before = game.public_view()
        timer = game.timer()
        assert timer is not None
        game.apply(timer.action)
        view = game.public_view()
        engine.board_cache = engine.view_cache = engine.turn_cache = None
        assert game.public_view() == view
        if engine.owners == owners:
            assert view["board"] is before["board"]
            assert view["bank"]["chips"] is before["bank"]["chips"]
            shared += 1
        else:
            assert view["board"] != before["board"]
            changed += 1
    assert changed and shared


def test_a_piece_that_stands_still_is_sent_as_the_same_dict() -> None:
    """Every throw, park and stone's step lists all the pieces again while one moved: a piece's
    dict is made once per position and shared by the views after it, and is always the dict
    its fields say."""
    game = table(4, 11)
    engine = game.engine
    before: dict[str, dict[str, Any]] = {}
    shared = 0
    while not game.over:
        timer = game.timer()
        assert timer is not None
        game.apply(timer.action)
        for piece in engine.pieces():
            sent = piece.to_dict()
            assert sent == {
                "kind": "stone" if piece.seat is None else "pawn",
                "id": piece.id,
                "seat": piece.seat,
                "field": piece.field,
                "place": piece.place.value,
            }
            old = before.get(piece.id)
            if old is not None and old == sent:
                assert old is sent
                shared += 1
            before[piece.id] = sent
    assert shared


def test_a_purchase_sends_whole_states() -> None:
    game = table()
    timer = game.timer()
    assert timer is not None
    assert game.apply(timer.action).patch is None


def test_patches_leave_every_client_with_the_whole_view() -> None:
    for players in (2, 4, 6):
        bot_game(players, players, ["hard", "easy"])


# ----------------------------------------------------------------------------- whole games


def test_a_whole_bot_game_through_the_plug_in_replays_from_its_export() -> None:
    for players, levels in [(2, ["easy"]), (3, ["normal", "hard"]), (5, ["hard"])]:
        game, _ = bot_game(players, 17, levels)
        export = export_game(game)
        assert export["game"] == "nur-peanuts" and export["result"] == game.result()
        again = replay_export(NurPeanuts, export)
        assert again.result() == game.result()
        assert again.public_view() == game.public_view()
        result = game.result()
        assert result is not None and result["reason"] in {
            "six_fields",
            "five_fields",
            "bank_chips",
            "all_sold",
            "bankrupt",
        }


def test_a_random_board_replays_from_its_export() -> None:
    game = NurPeanuts(3, 8, Settings(board="random"))
    while not game.over:
        timer = game.timer()
        assert timer is not None
        game.apply(timer.action)
    again = replay_export(NurPeanuts, export_game(game))
    assert again.public_view() == game.public_view()


def test_the_history_tells_the_game_round_by_round() -> None:
    game, _ = bot_game(3, 2, ["normal"])
    told = NurPeanuts.history(export_game(game))
    steps = told["steps"]
    assert steps[0]["title"] == "preliminary" and steps[0]["events"][0]["type"] == "board"
    assert [s["round"] for s in steps[1:]] == list(range(1, game.engine.round + 1))
    assert all(s["title"] == "round" for s in steps[1:-1]) and steps[-1]["title"] == "end"
    assert all(any(e["type"] == "round_over" for e in s["events"]) for s in steps[1:])
    assert steps[-1]["table"]["phase"] == "over" and told["result"] == game.result()


def test_the_lobby_has_the_shapes_of_a_game() -> None:
    lobby = NurPeanuts.lobby(4, NurPeanuts.Settings())
    started = table(4).public_view()
    assert set(lobby) == set(started) and lobby["phase"] == "lobby"
    assert set(lobby["players"][0]) == set(started["players"][0])
    assert NurPeanuts.lobby_private(1) == table().private_view(1) | {"seat": 1}


def test_a_refusal_through_the_plug_in_changes_nothing() -> None:
    game = table()
    before, version = game.public_view(), game.version
    with pytest.raises(RuleError) as error:
        game.apply(Park(0))
    assert error.value.code == "wrong_phase"
    assert game.public_view() == before and game.version == version and game.log == []
