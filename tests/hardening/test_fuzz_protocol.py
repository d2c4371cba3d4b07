"""Protocol fuzzing: hypothesis throws well-formed and malformed frames at a live room over a real
server, from a seated player and from the host.

After every frame a `resync` probe checks the invariants: the connection is still open, every
`error` carries a stable code, a refused frame changed nothing (same `seq`, same game, secrets
included), and every card and object is still in exactly one place. At the end the room is still
there, its log replays to the very game the server holds, and the server still answers.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from peanutclub.games import every_code as all_messages

from .support import Served, conservation_problems, replay_log

CODES = set(all_messages())
TYPES = [
    *("join", "resume", "watch", "start", "add_bot", "remove_bot", "kick", "settings"),
    *("rematch", "bid", "a_la_carte", "crash", "niet", "going", "pay", "resync"),
]
CURRENCIES = ["dollars", "camels", "peanuts"]

# ----------------------------------------------------------------------------- strategies


def utf8(text: str) -> bool:
    """A text frame must be valid UTF-8 (a lone surrogate can only travel escaped)."""
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


odd_text = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        [
            "",
            "DOLLARS",
            " dollars",
            "dollars\x00",
            "dоllars",  # Cyrillic o
            "\u202edollars",
            "\ud800",  # a lone surrogate (escaped in JSON)
            "😀" * 5,
            "e\u0301",
            "Ｄollars",
            "<script>alert(1)</script>",
            "null",
        ]
    ),
)
numbers = st.one_of(
    st.integers(-3, 60),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([2**31, 2**63, -(2**63), 10**30]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.text(max_size=5),
)
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), numbers, odd_text),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(odd_text, inner, max_size=4)
    ),
    max_leaves=12,
)


def messages(card_ids: list[int]) -> st.SearchStrategy[dict[str, Any]]:
    """Messages of every type, with right, wrong and hostile values for their fields."""
    cards = st.one_of(st.sampled_from(card_ids), st.integers(-5, 200), numbers)
    fields: dict[str, st.SearchStrategy[Any]] = {
        "amount": numbers,
        "currency": st.one_of(st.sampled_from(CURRENCIES), odd_text, numbers),
        "position": numbers,
        "seat": numbers,
        "cards": st.one_of(st.lists(cards, max_size=8), json_values),
        "convert": st.one_of(st.booleans(), numbers),
        "abracadabra": st.one_of(st.none(), cards),
        "name": odd_text,
        "token": odd_text,
        "host_token": st.one_of(st.none(), odd_text),
        "level": st.one_of(st.sampled_from(["easy", "normal", "hard"]), odd_text),
        "going_step_seconds": numbers,
        "idle_seconds": numbers,
        "pay_seconds": numbers,
        "ref": st.one_of(st.none(), st.integers(), st.text(max_size=70), json_values),
        "extra": json_values,
    }
    return st.builds(
        lambda kind, chosen: {"type": kind, **chosen},
        st.one_of(st.sampled_from(TYPES), odd_text),
        st.fixed_dictionaries({}, optional=fields),
    )


def deep(depth: int) -> str:
    return "[" * depth + "]" * depth


raw_frames = st.one_of(
    st.binary(max_size=64),
    st.sampled_from(
        [
            deep(2000),  # 4000 bytes: under the frame limit, over any sane nesting
            '{"type": "bid", "amount": ' + "9" * 3000 + ', "currency": "camels"}',
            '{"type": "bid", "amount": 1e400, "currency": "camels"}',
            '{"type": "bid", "amount": NaN, "currency": "camels"}',
            '{"type": "bid", "type": "pay", "cards": []}',
            '{"type": "pay", "cards": [' + ",".join(["1"] * 600) + "]}",
            "\ufeff{}",
            "",
            " ",
            '{"type": "resync"} {"type": "resync"}',
        ]
    ),
    st.text(max_size=50).filter(utf8),
)


def frames(card_ids: list[int]) -> st.SearchStrategy[str | bytes]:
    return st.one_of(
        messages(card_ids).map(lambda m: json.dumps(m, ensure_ascii=False)).filter(utf8),
        messages(card_ids).map(json.dumps),  # ASCII escapes, lone surrogates included
        raw_frames,
    )


# ----------------------------------------------------------------------------- the room


class Loop:
    """An event loop on its own thread: the clients live there across hypothesis examples."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro: Any, timeout: float = 30) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def stop(self) -> None:
        async def cancel_the_rest() -> None:
            current = asyncio.current_task()
            rest = [t for t in asyncio.all_tasks() if t is not current]
            for task in rest:
                task.cancel()
            await asyncio.gather(*rest, return_exceptions=True)

        self.run(cancel_the_rest())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


@contextmanager
def client_loop() -> Iterator[Loop]:
    loop = Loop()
    try:
        yield loop
    finally:
        loop.stop()


class Table:
    """A game under way: the host at the TV and three players; the fuzzer is one of them."""

    def __init__(self, served: Served, loop: Loop) -> None:
        self.served = served
        self.loop = loop
        self.probes = 0
        self.frames = 0

    async def open(self) -> None:
        from server.harness import join, watch

        server = self.served.server
        room = server.create_room(seed=31, going_step_seconds=60, idle_seconds=0, pay_seconds=60)
        self.code = room["code"]
        self.tv = await watch(server, self.code, room["host_token"])
        self.players = [await join(server, self.code, n) for n in ("Ana", "Bo", "Cy")]
        await self.tv.send(type="start")
        for client in (self.tv, *self.players):
            await client.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "bidding")

    async def close(self) -> None:
        await asyncio.gather(*(c.ws.close() for c in (self.tv, *self.players)))

    async def reveal(self) -> dict[str, Any]:
        room = self.served.rooms.get(self.code)
        return {"seq": room.seq, "game": room.game.engine.reveal(), "seats": len(room.seats)}

    def snapshot(self) -> dict[str, Any]:
        result: dict[str, Any] = self.served.on_server(self.reveal())
        return result

    async def probe(self, client: Any) -> list[dict[str, Any]]:
        """Frames up to the answer to a fresh resync (the connection must still be open)."""
        self.probes += 1
        ref = f"probe-{self.probes}"
        await client.send(type="resync", ref=ref)
        start = client._cursor
        answer = await client.until(lambda m: m.get("ref") == ref)
        assert answer["type"] == "state"
        return client.messages[start:]

    async def send(self, client: Any, frame: str | bytes) -> list[dict[str, Any]]:
        await client.send_raw(frame)
        return await self.probe(client)


def check(table: Table, client: Any, frame: str | bytes) -> None:
    table.frames += 1
    before = table.snapshot()
    answers = table.loop.run(table.send(client, frame))
    after = table.snapshot()
    errors = [m for m in answers if m["type"] == "error"]
    for error in errors:
        assert error["code"] in CODES, error
        assert error["message"]
    if errors:
        assert after == before, f"a refused frame changed the room: {frame!r}"
    assert after["seq"] >= before["seq"]
    game = table.served.rooms.get(table.code).game.engine
    assert table.served.on_server(_conservation(game)) == []


async def _conservation(game: Any) -> list[str]:
    return conservation_problems(game)


def finish(table: Table) -> None:
    """The room is still there, its log replays to the live game, the server answers."""
    base = table.served.server.base
    assert httpx.get(f"{base}/healthz").status_code == 200
    assert httpx.get(f"{base}/api/rooms/{table.code}").status_code == 200
    live = table.snapshot()["game"]
    replayed = replay_log(table.served.log(table.code))[-1]
    assert replayed.reveal() == live
    assert conservation_problems(replayed) == []
    table.loop.run(table.close())
    assert table.frames >= FUZZ.max_examples // 2  # hypothesis really ran that many frames


FUZZ = settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    database=None,
)


def test_fuzzed_frames_from_a_player(open_server: Served) -> None:
    with client_loop() as loop:
        table = Table(open_server, loop)
        loop.run(table.open())
        everyone = open_server.on_server(table.reveal())["game"]["hands"]
        card_ids = [card["id"] for hand in everyone for card in hand]  # others' cards too

        @FUZZ
        @given(frame=frames(card_ids), who=st.integers(0, 2))
        def one(frame: str | bytes, who: int) -> None:
            check(table, table.players[who], frame)

        one()
        finish(table)


def test_fuzzed_frames_from_the_host(open_server: Served) -> None:
    with client_loop() as loop:
        table = Table(open_server, loop)
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
        finish(table)


def test_fuzzed_payments_with_other_players_cards(open_server: Served) -> None:
    """A lot is sold to Ana: she must pay. Payments naming other players' cards, unknown ids,
    the same card twice, odd flags: all refused, and the room waits for a real payment."""
    with client_loop() as loop:
        table = Table(open_server, loop)

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
        finish(table)
