"""The host skips a round (a deal that drags on, friends called away): it ends at once, scores
nothing, and the game goes on to the next round's count-down as after any round."""

from __future__ import annotations

import pytest

from peanutclub.core import RuleError
from peanutclub.games.peanuts import Peanuts
from peanutclub.games.peanuts.engine import (
    Engine,
    MoveCard,
    NextRound,
    Phase,
    SkipRound,
    StartPlay,
    Target,
    action_from_dict,
)
from peanutclub.games.peanuts.moves import SkipRoundMove
from tests.games.peanuts.conftest import c, playing, refused, rig


def test_a_skipped_round_ends_at_once_and_scores_nothing() -> None:
    game = playing(2)
    rig(game, 0, peanuts="5H 2C", building=("KS", "", "", ""))
    game.apply(MoveCard(0, c("2C").id, Target.BUILDING, 1))
    version = game.clock_version
    events = game.apply(SkipRound(0))
    assert game.phase is Phase.ROUND_OVER
    assert game.round_end == {"reason": "skipped", "caller": None}
    assert [s.points for s in game.round_scores or []] == [0, 0]
    assert game.totals == {0: 0, 1: 0}
    assert events[0].kind == "round_over"
    assert game.clock_version > version  # the between-rounds clock starts
    game.apply(NextRound(0))
    assert game.phase is Phase.COUNTDOWN and game.round == 2
    assert action_from_dict(SkipRound(0).to_dict()) == SkipRound(0)


def test_a_round_may_be_skipped_during_its_count_down_but_not_between_rounds() -> None:
    game = Engine(2, 1)
    game.apply(SkipRound(None))
    assert game.phase is Phase.ROUND_OVER
    with refused(game, "wrong_phase"):
        game.apply(SkipRound(None))


def test_only_the_host_skips_a_round() -> None:
    move = SkipRoundMove(type="skip_round")
    with pytest.raises(RuleError) as caught:
        move.to_action(1, host=False)
    assert caught.value.code == "not_host"
    assert move.to_action(0, host=True) == SkipRound(0)
    assert SkipRoundMove in Peanuts.moves
    table = Peanuts(2, 1, Peanuts.Settings())
    table.apply(StartPlay())
    table.apply(SkipRound(0))
    assert table.public_view()["round_end"]["reason"] == "skipped"
