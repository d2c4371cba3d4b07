"""Closing a lot: "going once, going twice, sold" as actions, and what cancels the call."""

from __future__ import annotations

from typing import Any

import pytest

from peanutclub.games.peanut_club.engine import CallGoing, GoingStep, Phase, PlaceBid

from .conftest import C, D, kinds, obj, refused, table


def test_going_once_going_twice_sold_are_three_actions() -> None:
    game = table(hands=["d5", "d5", "c1"], column_spec="dcp")
    game.apply(PlaceBid(0, 3, D))
    events = game.apply(CallGoing(1))
    assert [e.to_dict() for e in events] == [{"type": "going", "level": 1, "by": 1}]
    assert game.going == 1
    events = game.apply(GoingStep())
    assert [e.to_dict() for e in events] == [{"type": "going", "level": 2, "by": None}]
    assert game.going == 2
    events = game.apply(GoingStep())
    assert kinds(events) == ["sold"]
    assert events[0].data == {"seat": 0, "amount": 3, "currency": "dollars"}
    assert game.phase is Phase.PAYING and game.payer == 0 and game.going == 0


def test_the_host_may_call_going() -> None:
    game = table(hands=["d5", "d5", "c1"])
    game.apply(CallGoing(None))
    assert game.going == 1


def test_a_second_call_while_one_runs_is_refused() -> None:
    game = table(hands=["d5", "d5", "c1"])
    game.apply(CallGoing(0))
    assert refused(game, CallGoing(1)) == "already_going"
    game.apply(GoingStep())
    assert refused(game, CallGoing(None)) == "already_going"


@pytest.mark.parametrize("level", [1, 2])
def test_an_accepted_bid_cancels_the_call(level: int) -> None:
    game = table(hands=["d5", "d5", "c1"], column_spec="dcp")
    game.apply(PlaceBid(0, 1, D))
    game.apply(CallGoing(2))
    for _ in range(level - 1):
        game.apply(GoingStep())
    game.apply(PlaceBid(1, 2, D))
    assert game.going == 0
    assert refused(game, GoingStep()) == "wrong_phase"  # it must be called again
    game.apply(CallGoing(0))


def test_a_refused_bid_does_not_cancel_the_call() -> None:
    game = table(hands=["d5", "d5", "c1"], column_spec="dcp")
    game.apply(PlaceBid(0, 2, D))
    game.apply(CallGoing(2))
    assert refused(game, PlaceBid(1, 2, D)) == "bid_too_low"
    assert game.going == 1


def test_a_step_with_no_call_is_refused() -> None:
    game = table(hands=["d5", "d5", "c1"])
    assert refused(game, GoingStep()) == "wrong_phase"


def test_sold_with_no_bid_discards_the_lot() -> None:
    lot = [obj("modern", "art"), obj("joker")]
    nxt = obj("luxury", back=1)
    game = table(hands=["d5", "d5", "c1"], lot=lot, pile=[nxt, obj("exotic")])
    game.apply(CallGoing(None))
    game.apply(GoingStep())
    events = game.apply(GoingStep())
    assert kinds(events) == ["discarded", "lot"]
    assert events[0].data == {"objects": [o.id for o in lot]}
    assert game.discarded == lot
    assert all(w == [] for w in game.won)
    assert game.lot == [nxt] and game.phase is Phase.BIDDING and game.high_bid is None


@pytest.mark.parametrize("seat", [3, -1, "1"])
def test_only_a_seated_player_or_the_host_calls(seat: Any) -> None:
    game = table(hands=["d5", "d5", "c1"])
    assert refused(game, CallGoing(seat)) == "not_seated"


def test_no_call_while_the_winner_pays() -> None:
    game = table(hands=["d5", "d5", "c1"])
    game.apply(PlaceBid(2, 1, C))
    game.apply(CallGoing(None))
    game.apply(GoingStep())
    game.apply(GoingStep())
    assert refused(game, CallGoing(0)) == "wrong_phase"
    assert refused(game, GoingStep()) == "wrong_phase"


def test_the_auctioneer_can_take_a_running_call_back_and_bidding_stays_open() -> None:
    from peanutclub.games.peanut_club.engine import (
        CallGoing,
        CancelGoing,
        Engine,
        GoingStep,
        RuleError,
    )

    game = Engine(3, 4)
    with pytest.raises(RuleError) as nothing_to_cancel:
        game.apply(CancelGoing())
    assert nothing_to_cancel.value.code == "wrong_phase"
    game.apply(CallGoing(None))
    game.apply(GoingStep())
    events = game.apply(CancelGoing())
    assert [e.kind for e in events] == ["going_cancelled"]
    assert game.going == 0 and game.phase.value == "bidding"
    game.apply(CallGoing(0))  # a new call may start again from "going once"
    assert game.going == 1


def test_when_nobody_acts_the_auctioneer_calls_steps_and_pays() -> None:
    from peanutclub.games.peanut_club.engine import AutoPay, Currency, Engine, RuleError

    game = Engine(3, 8)
    assert game.auctioneer_action() == CallGoing(None)
    game.apply(PlaceBid(0, 1, Currency(game.column[0])))
    game.apply(game.auctioneer_action())
    assert game.auctioneer_action() == GoingStep()
    game.apply(GoingStep())
    game.apply(GoingStep())
    assert game.phase is Phase.PAYING
    assert game.auctioneer_action() == AutoPay()
    while game.phase is not Phase.OVER:
        game.apply(game.auctioneer_action())
    with pytest.raises(RuleError) as over:
        game.auctioneer_action()
    assert over.value.code == "wrong_phase"
