"""Peanut Club behind the plug-in: its clock, its patch and its restart rule, in one place."""

from __future__ import annotations

from peanutclub.core import Game
from peanutclub.games import GAMES, describe, find_game
from peanutclub.games.peanut_club import PeanutClub, Settings
from peanutclub.games.peanut_club.engine import (
    AutoPay,
    CallGoing,
    CancelGoing,
    GoingStep,
    Phase,
    PlaceBid,
)

PACE = Settings(going_step_seconds=3, idle_seconds=9, pay_seconds=40)


def table(pace: Settings = PACE) -> PeanutClub:
    return PeanutClub(3, 5, pace)


def bid(game: PeanutClub, seat: int = 0, amount: int = 1) -> PlaceBid:
    action = PlaceBid(seat, amount, game.engine.column[0])
    game.apply(action)
    return action


def test_peanut_club_is_registered_under_its_id() -> None:
    game: type[Game] = find_game("peanut-club")
    assert game is PeanutClub and next(iter(GAMES)) == "peanut-club"
    assert describe(PeanutClub)["players"] == {"min": 3, "max": 6}
    assert describe(PeanutClub)["settings"]["idle_seconds"] == {
        "kind": "number",
        "default": 8,
        "min": 3,
        "max": 60,
        "off": 0,
    }


def test_no_clock_runs_before_the_first_bid() -> None:
    assert table().timer() is None


def test_a_high_bid_starts_the_idle_call_and_a_call_its_steps() -> None:
    game = table()
    bid(game)
    idle = game.timer()
    assert idle is not None and (idle.kind, idle.seconds, idle.action) == (
        "idle",
        9,
        CallGoing(None),
    )
    game.apply(CallGoing(1))
    step = game.timer()
    assert step is not None and (step.kind, step.seconds, step.action) == ("going", 3, GoingStep())


def test_an_idle_time_of_zero_turns_the_idle_call_off() -> None:
    game = table(Settings(idle_seconds=0))
    bid(game)
    assert game.timer() is None


def test_the_winner_has_the_pay_time_then_the_server_pays() -> None:
    game = table()
    bid(game)
    game.apply(CallGoing(None))
    while game.engine.phase is Phase.BIDDING:
        game.apply(GoingStep())
    assert game.engine.phase is Phase.PAYING
    due = game.timer()
    assert due is not None and (due.kind, due.seconds, due.action) == ("pay", 40, AutoPay())
    assert game.apply(AutoPay()).patch is None  # paying changes hands: whole states


def test_a_plain_bid_is_sent_as_a_patch_of_the_bid_race() -> None:
    game = table()
    fields = game.apply(PlaceBid(0, 1, game.engine.column[0])).patch
    assert fields is not None and set(fields) == {"high_bid", "going", "min_bids"}
    assert fields["high_bid"]["seat"] == 0


def test_a_restart_takes_back_a_running_call_and_nothing_else() -> None:
    game = table()
    assert game.restarted() is None
    bid(game)
    assert game.restarted() is None
    game.apply(CallGoing(None))
    assert game.restarted() == CancelGoing()


def test_the_lobby_has_the_shapes_of_a_game() -> None:
    lobby = PeanutClub.lobby(2, PeanutClub.Settings())
    started = table().public_view()
    assert set(lobby) == set(started) and lobby["phase"] == "lobby"
    assert set(PeanutClub.lobby_private(1)) == set(table().private_view(1))
