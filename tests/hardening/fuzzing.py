"""Protocol fuzzing of a live room of any game: the strategies, the table and the checks.

Hypothesis throws well-formed and malformed frames at a room over a real server. After every
frame a `resync` probe checks the invariants: the connection is still open, every `error`
carries a stable code, a refused frame changed nothing (same `seq`, same game, secrets
included), and the game's conservation laws hold. At the end the room is still there, its log
replays to the very game the server holds, and the server still answers.

What is the game's (its quiet table, its whole state, its laws, the ids a move names) comes from
`every_game.Proofs`; the frames are the same for every game, so each room also meets the other
games' moves.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed

from peanutclub.core import Game
from peanutclub.core.settings import DEV_MAX
from peanutclub.games import GAMES
from peanutclub.games import every_code as all_messages

from .every_game import Proofs
from .support import Served

CODES = set(all_messages())
PLATFORM_TYPES = [
    *("join", "resume", "watch", "start", "add_bot", "remove_bot", "kick", "settings"),
    *("rematch", "resync", "swap", "ping"),
]


def move_types(game: type[Game]) -> list[str]:
    """The `type` of each of a game's client messages."""
    return [m.model_fields["type"].annotation.__args__[0] for m in game.moves]  # type: ignore[union-attr]


#: Every game's moves: a room of one game meets the others' too.
MOVE_TYPES = sorted({kind for g in GAMES.values() for kind in move_types(g)})
TYPES = PLATFORM_TYPES + MOVE_TYPES
CURRENCIES = ["dollars", "camels", "peanuts"]
#: Every game's settings that set a clock: the host's fuzzed values for these are refused, so
#: that no clock starts running between a frame and its probe.
CLOCK_SETTINGS = sorted(
    {name for g in GAMES.values() for name in g.Settings.model_fields if name.endswith("seconds")}
)
OTHER_SETTINGS = sorted(
    {name for g in GAMES.values() for name in g.Settings.model_fields} - set(CLOCK_SETTINGS)
)
#: Above the transport's limit (`ws_max_size`): the connection is closed, the room carries on.
OVERSIZED = 70_000

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
            "FOUNDATION",
            "two_white ",
            "bank",
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
#: Clock values the room must refuse: out of even the development bounds, or not a number.
refused_clocks = st.one_of(
    st.floats(max_value=-0.001),
    st.floats(min_value=DEV_MAX + 1, allow_infinity=True),
    st.just(float("nan")),
    st.text(max_size=5).filter(lambda s: not s.strip().lstrip("+-").replace(".", "").isdigit()),
    st.lists(st.integers(), max_size=2),
)


def messages(
    ids: list[int], tokens: list[str] | None = None, *, clocks: bool = True
) -> st.SearchStrategy[dict[str, Any]]:
    """Messages of every type, with right, wrong and hostile values for their fields.

    `ids`: cards or fields a move may name (others' and hidden ones included); `tokens`: seat
    and host tokens a frame may steal; `clocks=False`: clock settings get refused values only."""
    named = st.one_of(st.sampled_from(ids), st.integers(-5, 400), numbers)
    secrets = st.one_of(odd_text, st.sampled_from(tokens)) if tokens else odd_text
    fields: dict[str, st.SearchStrategy[Any]] = {
        "amount": numbers,
        "currency": st.one_of(st.sampled_from(CURRENCIES), odd_text, numbers),
        "position": numbers,
        "seat": numbers,
        "seats": st.one_of(st.lists(numbers, max_size=3), json_values),
        "cards": st.one_of(st.lists(named, max_size=8), json_values),
        "convert": st.one_of(st.booleans(), numbers),
        "abracadabra": st.one_of(st.none(), named),
        "card": named,
        "to": st.one_of(st.sampled_from(["foundation", "building"]), odd_text, numbers),
        "pile": st.one_of(st.none(), st.integers(-1, 8), numbers),
        "on": st.one_of(st.booleans(), numbers),
        "field": named,
        "dice": st.one_of(st.sampled_from(["black", "white", "two_white"]), odd_text, numbers),
        "name": odd_text,
        "token": secrets,
        "host_token": st.one_of(st.none(), secrets),
        "level": st.one_of(st.sampled_from(["easy", "normal", "hard"]), odd_text),
        "bot": st.one_of(st.sampled_from(["easy", "hard"]), odd_text, numbers),
        "t": numbers,
        **{name: numbers if clocks else refused_clocks for name in CLOCK_SETTINGS},
        **{name: st.one_of(numbers, odd_text) for name in OTHER_SETTINGS},
        "ref": st.one_of(st.none(), st.integers(), st.text(max_size=70), json_values),
        "extra": json_values,
    }
    return st.builds(
        lambda kind, chosen: {"type": kind, **chosen},
        st.one_of(st.sampled_from(TYPES), odd_text),
        st.fixed_dictionaries({}, optional=fields),
    )


def mostly(
    right: st.SearchStrategy[Any], hostile: st.SearchStrategy[Any]
) -> st.SearchStrategy[Any]:
    """A right value four times in five (hypothesis alone leans to the odd branch)."""
    return st.tuples(st.integers(1, 5), right, hostile).map(lambda t: t[2] if t[0] == 3 else t[1])


def shaped(
    ids: list[int],
    tokens: list[str] | None = None,
    *,
    clocks: bool = True,
    game: type[Game] | None = None,
) -> st.SearchStrategy[dict[str, Any]]:
    """Messages of a known type with only that type's fields, each mostly a right value and
    sometimes a hostile one: moves out of turn, of other games, at the wrong moment, naming
    another seat's card or a field taken; often accepted, so the game moves on. `game`: half
    of the moves are that game's own."""
    named = st.sampled_from(ids)
    secrets = st.one_of(odd_text, st.sampled_from(tokens)) if tokens else odd_text
    right: dict[str, dict[str, st.SearchStrategy[Any]]] = {
        "bid": {"amount": st.integers(0, 25), "currency": st.sampled_from(CURRENCIES)},
        "a_la_carte": {"amount": st.integers(0, 25), "currency": st.sampled_from(CURRENCIES)},
        "crash": {"currency": st.sampled_from(CURRENCIES), "position": st.integers(0, 4)},
        "niet": {"currency": st.sampled_from(CURRENCIES)},
        "going": {},
        "pay": {"cards": st.lists(named, max_size=4), "convert": st.booleans()},
        "check_pay": {"cards": st.lists(named, max_size=4), "convert": st.booleans()},
        "move": {
            "card": named,
            "to": st.sampled_from(["foundation", "building"]),
            "pile": st.one_of(st.none(), st.integers(0, 7)),
        },
        "flip": {},
        "stuck": {"on": st.booleans()},
        "peanuts": {},
        "next_round": {},
        "skip_round": {},
        "hint": {},
        "buy": {"field": named},
        "pass": {},
        "throw": {"dice": st.sampled_from(["black", "white", "two_white"])},
        "park": {},
        "join": {"name": odd_text, "host_token": st.one_of(st.none(), secrets)},
        "resume": {"token": secrets},
        "watch": {"host_token": st.one_of(st.none(), secrets)},
        "start": {},
        "add_bot": {"level": st.sampled_from(["easy", "hard"]), "seat": st.integers(-1, 6)},
        "remove_bot": {"seat": st.integers(-1, 6)},
        "kick": {"seat": st.integers(-1, 6)},
        "swap": {"seats": st.lists(st.integers(-1, 6), min_size=2, max_size=2)},
        "settings": {
            **{name: numbers if clocks else refused_clocks for name in CLOCK_SETTINGS},
            **{name: st.one_of(st.integers(0, 200), odd_text) for name in OTHER_SETTINGS},
        },
        "rematch": {},
        "end_game": {},
        "resync": {},
        "ping": {"t": numbers},
    }
    hostile = st.one_of(numbers, json_values)

    def build(kind: str) -> st.SearchStrategy[dict[str, Any]]:
        fields = {name: mostly(value, hostile) for name, value in right[kind].items()}
        whole = st.fixed_dictionaries({"type": st.just(kind), **fields})
        if kind == "settings":  # one setting at a time, as the pages send them
            whole = st.fixed_dictionaries({"type": st.just(kind)}, optional=fields)
        return st.one_of(
            whole, whole, st.fixed_dictionaries({"type": st.just(kind)}, optional=fields)
        )

    kinds = st.sampled_from(sorted(right))
    if game is not None:
        kinds = st.one_of(st.sampled_from(move_types(game)), kinds)
    return kinds.flatmap(build)


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
            '{"type": "move", "card": 1e400, "to": "foundation"}',
            '{"type": "move", "card": 3, "to": "foundation", "to": "building", "pile": 0}',
            '{"type": "buy", "field": ' + "1" * 3000 + "}",
            '{"type": "throw", "dice": "black", "type": "park"}',
            '{"type": "join", "name": "' + "x" * 5000 + '"}',  # over the frame limit
            "[" * 4500,  # over the frame limit
            "\ufeff{}",
            "",
            " ",
            '{"type": "resync"} {"type": "resync"}',
        ]
    ),
    st.text(max_size=50).filter(utf8),
)


def frames(
    ids: list[int], tokens: list[str] | None = None, game: type[Game] | None = None
) -> st.SearchStrategy[str | bytes]:
    return st.one_of(
        shaped(ids, tokens, game=game).map(json.dumps),
        shaped(ids, tokens, game=game).map(json.dumps),
        messages(ids, tokens).map(lambda m: json.dumps(m, ensure_ascii=False)).filter(utf8),
        messages(ids, tokens).map(json.dumps),  # ASCII escapes, lone surrogates included
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
    """A game under way at a quiet table: the host at the TV, three players and a spectator;
    the fuzzer may be any of them, or a stranger who never said who they are."""

    def __init__(
        self, served: Served, loop: Loop, proofs: Proofs, pace: dict[str, Any] | None = None
    ) -> None:
        self.served = served
        self.loop = loop
        self.proofs = proofs
        self.pace = proofs.quiet if pace is None else pace
        self.probes = 0
        self.frames = 0
        #: error code -> frames refused with it; "accepted" for frames that got no error
        self.answers: Counter[str] = Counter()
        self.bots: dict[int, Any] = {}

    async def open(self) -> None:
        from server.harness import join, watch

        server = self.served.server
        room = server.create_room(game=self.proofs.id, seed=31, **self.pace)
        self.code, self.host_token = room["code"], room["host_token"]
        self.tv = await watch(server, self.code, self.host_token)
        self.players = [await join(server, self.code, n) for n in ("Ana", "Bo", "Cy")]
        self.spectator = await watch(server, self.code)
        await self.tv.send(type="start")
        for client in (self.tv, *self.players):
            await client.until(
                lambda m: m["type"] == "state" and m["state"]["phase"] not in ("lobby", "countdown")
            )

    @property
    def tokens(self) -> list[str]:
        """The room's real secrets, for frames that try to steal a seat or the host's place."""
        return [self.host_token, *(p.token for p in self.players if p.token)]

    async def close(self) -> None:
        clients = (self.tv, *self.players, self.spectator)
        for client in clients:  # read what is waiting, so that the close is heard at once
            await self.probe(client)
        await asyncio.gather(*(c.ws.close() for c in clients))

    def room(self) -> Any:
        return self.served.rooms.get(self.code)

    async def reveal(self) -> dict[str, Any]:
        room = self.room()
        game = None if room.game is None else self.proofs.reveal(room.game)
        return {"seq": room.seq, "game": game, "seats": len(room.seats)}

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

    async def bot_move(self, seat: int) -> str | None:
        """What the game's own bot would play for `seat` now, from that seat's fresh view: a
        fair move, so that the game moves on between the hostile ones. None: it waits."""
        client = self.players[seat]
        await self.probe(client)
        if seat not in self.bots:
            self.bots[seat] = self.proofs.game.bots["hard"](seat, seat)
        action = self.bots[seat].decide(client.view)
        if action is None:
            return None
        message = {k: v for k, v in action.to_dict().items() if k != "seat"}
        if message["type"] not in move_types(self.proofs.game):
            return None
        return json.dumps(message)

    async def as_stranger(self, frame: str | bytes) -> list[dict[str, Any]]:
        """A new connection sends `frame` as its first, then a resync: answered with a state if
        the frame was a handshake the room took, else refused (`no_handshake`). A frame over the
        transport's limit closes that connection (1009), and only that one."""
        from server.harness import open_client

        viewers = await self.viewers()
        client = await open_client(self.served.server, self.code)
        try:
            await client.send_raw(frame)
            if len(frame) > OVERSIZED // 2:
                try:
                    await client.next()
                except ConnectionClosed as closed:
                    assert closed.rcvd is not None and closed.rcvd.code == 1009, closed
                    return client.messages
                raise AssertionError("an oversized frame did not close its connection")
            ref = "stranger"
            await client.send(type="resync", ref=ref)
            answer = await client.until(lambda m: m.get("ref") == ref)
            assert answer["type"] == "state" or answer["code"] == "no_handshake", answer
            return [m for m in client.messages if m is not answer]
        finally:
            await client.ws.close()
            for _ in range(500):  # until the room has seen it leave: nothing of it runs on
                if await self.viewers() == viewers:
                    break
                await asyncio.sleep(0.01)

    async def viewers(self) -> int:
        def count() -> int:
            return len(self.room().viewers)

        return self.served.on_server(_value(count))

    async def settle(self) -> None:
        """Wait for a clock due at once (a count-down of 0 s) to have run: after it, nothing
        moves on its own at a quiet table."""
        for _ in range(200):
            due = self.served.on_server(_value(self._due_soon))
            if not due:
                return
            await asyncio.sleep(0.01)
        raise AssertionError("a clock keeps running at a quiet table")

    def _due_soon(self) -> bool:
        room = self.room()
        return room.deadline is not None and room.deadline - room.clock.time() < 5


async def _value(function: Any) -> Any:
    return function()


def check(table: Table, client: Any, frame: str | bytes) -> None:
    """Send one frame as `client` (None: a stranger) and check the invariants."""
    table.frames += 1
    before = table.snapshot()
    if client is None:
        answers = table.loop.run(table.as_stranger(frame))
    else:
        answers = table.loop.run(table.send(client, frame))
    after = table.snapshot()
    errors = [m for m in answers if m["type"] == "error"]
    table.answers.update([e["code"] for e in errors] or ["accepted"])
    for error in errors:
        assert error["code"] in CODES, error
        assert error["message"]
    if errors:
        assert after == before, f"a refused frame changed the room: {frame!r}"
    else:
        table.loop.run(table.settle())
    assert after["seq"] >= before["seq"]
    game = table.room().game
    if game is not None:
        assert table.served.on_server(_value(lambda: table.proofs.conservation(game))) == []


def finish(table: Table, examples: int) -> None:
    """The room is still there, its log replays to the live game, the server answers."""
    base = table.served.server.base
    assert httpx.get(f"{base}/healthz").status_code == 200
    assert httpx.get(f"{base}/api/rooms/{table.code}").status_code == 200
    live = table.snapshot()["game"]
    game = table.room().game
    if game is not None:
        replayed = table.proofs.replay_log(table.served.log(table.code), game.settings)[-1]
        assert table.proofs.reveal(replayed) == live, differences(
            table.proofs.reveal(replayed), live
        )
        assert table.proofs.conservation(replayed) == []
    table.loop.run(table.close())
    games = table.proofs.replay_log(table.served.log(table.code), table.proofs.game.Settings())
    where = "lobby" if game is None else f"{game.phase}, {len(game.log)} actions"
    print(
        f"\n{table.proofs.id}: {table.frames} frames ({len(games)} games, the last {where}): "
        f"{dict(table.answers.most_common())}"
    )
    assert table.frames >= examples // 2  # hypothesis really ran that many frames


def differences(replayed: dict[str, Any], live: dict[str, Any]) -> list[str]:
    """Where a replayed game differs from the live one (the view's fields named)."""
    found = []
    for key in sorted(set(replayed) | set(live)):
        one, other = replayed.get(key), live.get(key)
        if one == other:
            continue
        if isinstance(one, dict) and isinstance(other, dict):
            found += [
                f"{key}.{k}" for k in sorted(set(one) | set(other)) if one.get(k) != other.get(k)
            ]
        else:
            found.append(key)
    return found


def fuzz_settings(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        database=None,
    )
