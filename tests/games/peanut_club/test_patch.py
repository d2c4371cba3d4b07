"""A patched view is the whole view the server would have sent: the patch rule, pinned down."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from peanutclub.games.peanut_club import PeanutClub, Settings
from peanutclub.games.peanut_club.bots import make_bot
from peanutclub.games.peanut_club.patch import apply_patch, bid_reason
from tests.games.bot_table import first_accepted

PATCHED = ("high_bid", "going", "min_bids")


def whole(table: PeanutClub, seat: int) -> dict[str, Any]:
    return {**table.public_view(), "you": table.private_view(seat)}


def played_patches(seed: int) -> Iterator[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]]:
    """For each patch of a bot game and each seat: (the seat's whole view before, the patch
    frame, the whole view the server would send after). The pages' test replays these too."""
    players = 3 + seed % 4
    table = PeanutClub(players, seed, Settings())
    bots = [make_bot("normal" if s % 2 else "easy", s, seed) for s in range(players)]
    order = random.Random(seed)
    while not table.over and len(table.log) < 400:
        before = [whole(table, s) for s in range(players)]
        seats = list(range(players))
        order.shuffle(seats)
        step = first_accepted(table, bots, seats, lambda s: whole(table, s))
        if step is None:
            fields = table.apply(table.engine.auctioneer_action()).patch
        else:
            fields = step.applied.patch
        if fields is None:
            continue
        frame = {"type": "patch", "seq": 1, **fields, "events": []}
        for seat in range(players):
            yield before[seat], frame, whole(table, seat)


@pytest.mark.parametrize("seed", range(6))
def test_a_patched_view_equals_the_view_the_server_would_send(seed: int) -> None:
    patches = 0
    for before, frame, fresh in played_patches(seed):
        patches += 1
        patched = apply_patch(before, frame)
        assert {k: patched[k] for k in PATCHED} == {k: fresh[k] for k in PATCHED}
        assert patched["you"]["bid_options"] == fresh["you"]["bid_options"], frame
        # what else `you` says (the powers, À la carte, each option's `needs`) no bid changes
        assert patched["you"] == fresh["you"], frame
    assert patches > 10


def test_a_niet_or_the_phase_stands_until_the_next_state() -> None:
    blocked = {"min": None, "max": 5, "reason": "currency_blocked"}
    assert bid_reason(blocked, {"seat": 0, "amount": 1, "currency": "dollars"}, 0) == (
        "currency_blocked"
    )
    free = {"min": None, "max": 5, "reason": None}
    assert bid_reason(free, None, 0) == "bid_too_low"  # outranked, not blocked
    stale = {"min": 3, "max": 9, "reason": "own_high_bid"}
    assert bid_reason(stale, {"seat": 1, "amount": 2, "currency": "dollars"}, 0) is None
    assert bid_reason({"min": 6, "max": 5, "reason": None}, None, 0) == "cannot_honour"
