"""One list of the codes the load tools count as the rules refusing a move, made from the game's
own codes: a race lost is not a fault, a platform error is."""

from __future__ import annotations

from peanutclub.games import refusal_codes
from peanutclub.games.peanut_club import PeanutClub

#: What the bench and the soak each listed before the list was made from the game's codes.
BENCH_AND_SOAK = {
    *("bid_too_low", "own_high_bid", "cannot_honour", "currency_blocked", "wrong_phase"),
    *("already_going", "bad_payment", "not_your_payment", "power_used", "last_currency"),
    *("already_blocked", "bad_crash", "bad_bid"),
}


def test_every_rule_code_of_the_game_and_a_late_move_are_refusals() -> None:
    refusals = refusal_codes(PeanutClub)
    assert refusals == {*PeanutClub.codes, "wrong_phase"}
    assert refusals >= BENCH_AND_SOAK


def test_platform_faults_are_not_refusals() -> None:
    refusals = refusal_codes(PeanutClub)
    for fault in ("bad_message", "rate_limited", "not_host", "unknown_token", "frame_too_large"):
        assert fault not in refusals
