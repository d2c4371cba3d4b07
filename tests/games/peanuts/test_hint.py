"""The hint a phone asks for after a while without a play: the engine names a card its seat may
play now (the middle first), answered to that phone alone; a competitive table (`hint_seconds`
0) refuses it with `hints_off`."""

from __future__ import annotations

import pytest

from peanutclub.core import RuleError
from peanutclub.games.peanuts import Peanuts
from peanutclub.games.peanuts.engine import MoveCard, StartPlay, Target
from peanutclub.games.peanuts.moves import HintQuery
from tests.games.peanuts.conftest import c, found, playing, rig


def test_a_hint_names_a_legal_move_and_prefers_the_middle() -> None:
    game = playing(2)
    rig(game, 0, peanuts="9H", building=("KS", "QH", "", ""), waste="3C")
    found(game, "AC 2C", deck=1)
    hint = game.hint(0)
    assert hint == MoveCard(0, c("3C").id, Target.FOUNDATION, 0)
    assert hint in set(game.legal_actions(0))


def test_a_hint_is_none_when_only_the_stock_can_help() -> None:
    game = playing(2)
    rig(game, 0, peanuts="9H", building=("KS", "KH", "KD", "KC"), stock="5S 6S 7S")
    assert game.hint(0) is None


def test_the_hint_query_answers_and_a_competitive_table_refuses_it() -> None:
    table = Peanuts(2, 103, Peanuts.Settings())
    table.apply(StartPlay())
    answer = HintQuery(type="hint").answer(table, 0, False)
    assert answer["type"] == "hint" and answer["card"] is not None
    strict = Peanuts(2, 103, Peanuts.Settings(hint_seconds=0))
    strict.apply(StartPlay())
    with pytest.raises(RuleError) as caught:
        HintQuery(type="hint").answer(strict, 0, False)
    assert caught.value.code == "hints_off"
    with pytest.raises(RuleError) as caught:
        HintQuery(type="hint").answer(table, None, False)
    assert caught.value.code == "not_seated"
