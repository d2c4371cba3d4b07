"""A bot keeps to the table's pace: at the quickest pace the settings allow (idle call 3 s,
going step 1 s), bots still answer a bid before the lot is called, so a quick person who opens
every lot at its lowest bid does not win everything. A real room on a manual clock, bots at a
person's reflexes (`bot_pace` 1), no sleeping."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from peanutclub.games.peanut_club import PeanutClub
from peanutclub.games.peanut_club.bots.base import REACTION, pace_of
from peanutclub.games.peanut_club.engine import Phase, PlaceBid, RuleError
from peanutclub.server.settings import ServerSettings
from tests.server.harness import Viewer, manual_room

QUICKEST = {"going_step_seconds": 1.0, "idle_seconds": 3.0, "pay_seconds": 10.0}


async def quick_person_against_bots(seed: int) -> tuple[int, int]:
    """Seat 0 is a quick person: whenever they do not hold the high bid, they bid the lowest
    amount that wins in the weakest currency they can, at once.
    Three normal bots sit beside them. Returns (lots the person won, lots the bots won)."""
    room, clock, _ = await manual_room(
        "QUICK", QUICKEST, ServerSettings(bot_pace=1.0), host="host-secret", fixed_seed=seed
    )
    tv, person = Viewer(), Viewer()
    await room.watch(tv, "host-secret", None)
    await room.join(person, "Quick", None, None)
    for _ in range(3):
        await room.add_bot(tv, "normal", None, None)
    await room.start(tv, None)
    table: Any = room.game
    assert isinstance(table, PeanutClub)
    game = table.engine
    started = clock.time()
    while game.phase is not Phase.OVER and clock.time() - started < 3600:
        mine = game.high_bid is not None and game.high_bid.seat == 0
        if game.phase is Phase.BIDDING and game.lot and not mine:
            options = game.bid_options(0)
            for currency in reversed(game.column):
                o = options[currency.value]
                if o["reason"] is None:
                    with contextlib.suppress(RuleError):  # a bot got there first
                        await room.act(PlaceBid(0, o["min"], currency))
                    break
            if game.high_bid is None and not game.going:  # nobody bids: the host calls it
                await room.act(game.auctioneer_action())
        await clock.advance(0.1)
    assert game.phase is Phase.OVER
    await room.close()
    won = [len(p) for p in game.won]
    return won[0], sum(won[1:])


def test_at_the_quickest_pace_bots_answer_before_the_lot_is_called() -> None:
    person, bots = asyncio.run(quick_person_against_bots(2))
    assert bots > person, (person, bots)


def test_a_bots_reflexes_follow_the_rooms_pace() -> None:
    usual = {"settings": {"idle_seconds": 8.0, "going_step_seconds": 2.0}}
    quickest = {"settings": QUICKEST}
    assert pace_of(usual) == 1.0
    assert pace_of(None) == 1.0  # no settings known: a person's pace
    assert pace_of({"settings": {"idle_seconds": 0, "going_step_seconds": 2.0}}) == 1.0
    # the slowest reaction still comes before the quickest table's idle call
    assert REACTION[1] * pace_of(quickest) < QUICKEST["idle_seconds"]
