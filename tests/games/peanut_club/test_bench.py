"""What Peanut Club's clients do under the load tools: the soak's players patch their views by the
game's one rule, and the bench's bidders pick the next seat that can pay."""

from __future__ import annotations

import random
from typing import Any

from peanutclub.games.peanut_club import PeanutClub, Settings
from peanutclub.games.peanut_club.bench import choose_bid
from peanutclub.games.peanut_club.engine import Currency, PlaceBid
from peanutclub.soak import SoakPlayer, SoakRoom, Totals


def whole(table: PeanutClub, seat: int) -> dict[str, Any]:
    return {**table.public_view(), "you": table.private_view(seat)}


def test_a_soak_player_outbid_by_a_patch_sees_the_options_the_server_would_send() -> None:
    table = PeanutClub(4, 1, Settings())
    currency = Currency(table.engine.column[0])
    table.apply(PlaceBid(1, 1, currency))
    room = SoakRoom("http://127.0.0.1:1", Totals(), 0, random.Random(1))
    player = SoakPlayer(room, 1, "normal", random.Random(2))
    player.seq = 0
    player.receive({"type": "state", "seq": 1, "state": whole(table, 1), "events": []})
    assert player.view is not None
    assert player.view["you"]["bid_options"][currency.value]["reason"] == "own_high_bid"
    bid = PlaceBid(2, 2, currency)
    outcome = table.apply(bid)
    events, patch = [e.to_dict() for e in outcome.events], outcome.patch
    assert patch is not None
    player.receive({"type": "patch", "seq": 2, "events": events, **patch})
    # the seat no longer holds the high bid: no stale "own_high_bid" survives the patch
    assert player.view["you"] == whole(table, 1)["you"]
    assert not room.totals.unexpected


def test_the_bench_bids_a_raise_from_the_next_seat_that_can_pay_it_else_one_more() -> None:
    most = {0: 10, 1: 3, 2: 5, 3: 0, 4: 9, 5: 9}.__getitem__
    assert choose_bid(2, 3, {0}, 1, most) == (2, 5)  # seat 1 cannot pay 5, seat 2 can
    assert choose_bid(4, 3, {0, 4, 5}, 1, most) == (2, 5)  # nobody pays 7: one more
    assert choose_bid(9, 2, {0, 4, 5}, 0, most) is None  # nobody can go higher
