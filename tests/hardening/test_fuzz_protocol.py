"""Protocol fuzzing: hypothesis throws well-formed and malformed frames at a live room over a real
server, from a seated player and from the host.

After every frame a `resync` probe checks the invariants: the connection is still open, every
`error` carries a stable code, a refused frame changed nothing (same `seq`, same game, secrets
included), and every card and object is still in exactly one place. At the end the room is still
there, its log replays to the very game the server holds, and the server still answers.

These runs are Peanut Club's own (bids, powers, payments); the strategies, the table and the checks
live in `fuzzing.py`, which `test_games_fuzz.py` runs at a room of every game.
"""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from .every_game import BY_ID
from .fuzzing import (
    Table,
    check,
    client_loop,
    finish,
    frames,
    fuzz_settings,
    messages,
    numbers,
    odd_text,
    raw_frames,
)
from .support import Served

#: 250 frames in each of the three runs below.
EXAMPLES = 250
FUZZ = fuzz_settings(EXAMPLES)
CLUB = BY_ID["peanut-club"]


def test_fuzzed_frames_from_a_player(open_server: Served) -> None:
    with client_loop() as loop:
        table = Table(open_server, loop, CLUB)
        loop.run(table.open())
        card_ids = CLUB.ids(table.room().game)  # others' cards too

        @FUZZ
        @given(frame=frames(card_ids), who=st.integers(0, 2))
        def one(frame: str | bytes, who: int) -> None:
            check(table, table.players[who], frame)

        one()
        finish(table, EXAMPLES)


def test_fuzzed_frames_from_the_host(open_server: Served) -> None:
    with client_loop() as loop:
        table = Table(open_server, loop, CLUB)
        loop.run(table.open())

        host_types = st.sampled_from(["settings", "kick", "add_bot", "remove_bot", "start"])
        host_messages = st.builds(
            lambda kind, body: json.dumps({**body, "type": kind}),
            host_types,
            messages([1]).map(lambda m: {k: v for k, v in m.items() if k != "type"}),
        )

        @FUZZ
        @given(frame=st.one_of(host_messages, raw_frames))
        def one(frame: str | bytes) -> None:
            check(table, table.tv, frame)

        one()
        finish(table, EXAMPLES)


def test_fuzzed_payments_with_other_players_cards(open_server: Served) -> None:
    """A lot is sold to Ana: she must pay. Payments naming other players' cards, unknown ids,
    the same card twice, odd flags: all refused, and the room waits for a real payment."""
    with client_loop() as loop:
        table = Table(open_server, loop, CLUB)

        async def sell_to_ana() -> None:
            await table.open()
            ana = table.players[0]
            currency = next(c for c, o in ana.view["you"]["bid_options"].items() if not o["reason"])
            await table.tv.send(type="settings", going_step_seconds=0.01)
            await ana.send(type="bid", amount=1, currency=currency)
            await table.tv.until(lambda m: m["type"] == "patch" and m["high_bid"])
            await table.tv.send(type="going")
            await ana.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "paying")

        loop.run(sell_to_ana())
        hands = open_server.on_server(table.reveal())["game"]["hands"]
        others = [card["id"] for hand in hands[1:] for card in hand]
        own = [card["id"] for card in hands[0]]
        unknown = st.integers(-(2**40), 2**40).filter(lambda i: i not in own)
        cards = st.lists(st.one_of(st.sampled_from(others), unknown), max_size=6)
        payments = st.builds(
            lambda chosen, convert, abra, extra: json.dumps(
                {"type": "pay", "cards": chosen, "convert": convert, "abracadabra": abra, **extra}
            ),
            st.one_of(cards, st.lists(st.sampled_from(own), min_size=2).map(lambda c: c[:1] * 2)),
            st.one_of(st.booleans(), numbers),
            st.one_of(st.none(), st.sampled_from(others), unknown, st.sampled_from(own)),
            st.fixed_dictionaries({}, optional={"ref": odd_text, "seat": numbers}),
        )

        @FUZZ
        @given(frame=payments, who=st.integers(0, 2))
        def one(frame: str, who: int) -> None:
            check(table, table.players[who], frame)
            assert table.snapshot()["game"]["phase"] == "paying"

        one()
        finish(table, EXAMPLES)
