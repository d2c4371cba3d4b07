"""Redis mode closes what one process did alone: retention, a room's summary read on any process,
the abuse limits across processes, a patch published once per room and process, rooms whose
owner died adopted without waiting for a client, and a warning when Redis keeps no append-only
file. Against a real redis-server, in this process where it can be, else with real
`peanutclub serve --redis` processes."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
import pytest
import redis
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from peanutclub.core import RuleError
from peanutclub.games import find_game
from peanutclub.server.clock import ManualClock
from peanutclub.server.cluster import RedisDirectory
from peanutclub.server.directory import LocalDirectory
from peanutclub.server.redis_store import P, RedisStore, as_text
from peanutclub.server.rooms import DAY, Rooms
from peanutclub.server.settings import ServerSettings
from peanutclub.server.store import LogEntry, RoomRecord
from tests.persistence.procs import WAIT, drive, free_port, run, seat_players, wait_any
from tests.scaleout.nodes import PACE, Keeper, Node, RedisServer
from tests.server.harness import Viewer


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(free_port(), tmp_path_factory.mktemp("redis-mode") / "redis.log")
    yield server.start()
    server.stop()


LIMITS = {
    "PEANUTCLUB_MAX_ROOMS_PER_ADDRESS": "2",
    "PEANUTCLUB_MAX_CONNECTIONS_PER_ROOM": "3",
    "PEANUTCLUB_MAX_CONNECTIONS_PER_ADDRESS": "4",
}


@dataclass
class LimitedNode(Node):
    """A node with settings of its own in its environment."""

    extra: dict[str, str] | None = None

    def environment(self) -> dict[str, str]:
        return {**super().environment(), **(self.extra or {})}


def started_nodes(
    tmp: Path, redis_server: RedisServer, count: int, extra: dict[str, str] | None = None
) -> list[LimitedNode]:
    made = [
        LimitedNode(
            tmp / f"unused-{i}.db",
            free_port(),
            tmp / f"node-{i}.log",
            redis_url=redis_server.url,
            extra=extra,
        )
        for i in range(count)
    ]
    with ThreadPoolExecutor(count) as pool:  # they start side by side
        futures = [pool.submit(node.start) for node in made]
    try:
        return [future.result() for future in futures]
    except BaseException:
        for node in made:
            node.stop()
        raise


@pytest.fixture(scope="module")
def nodes(tmp_path_factory: pytest.TempPathFactory, redis_server: RedisServer) -> Any:
    """Three processes shared by this module's tests, each test with rooms of its own (the
    last one kills the first process)."""
    started = started_nodes(tmp_path_factory.mktemp("nodes"), redis_server, 3)
    yield started
    for node in started:
        node.stop()


@pytest.fixture
def limited_nodes(tmp_path: Path, redis_server: RedisServer) -> Any:
    client = redis_server.client()
    for key in client.scan_iter(f"{P}created:*"):  # rooms other tests opened from here
        client.delete(key)
    started = started_nodes(tmp_path, redis_server, 2, LIMITS)
    yield started
    for node in started:
        node.stop()


def get(node: Node, path: str) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(f"{node.base}{path}", timeout=WAIT) as res:
            body = res.read()
            return res.status, json.loads(body) if path.startswith("/api") else body
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def eventually(check: Any, timeout: float = WAIT) -> Any:
    """`check()`'s first true value, trying again for up to `timeout` seconds."""
    end = time.monotonic() + timeout
    while True:
        found = check()
        if found or time.monotonic() > end:
            return found
        time.sleep(0.05)


# ---------------------------------------------------------------------- retention


def test_retention_deletes_old_rooms_and_games_but_none_in_use(redis_server: RedisServer) -> None:
    async def scenario() -> None:
        store = RedisStore.connect(redis_server.url, "pruner")
        client = store.client
        await client.flushdb()
        now = time.time()
        for code, created in (("OLDR", now - 40 * DAY), ("USED", now - 40 * DAY), ("NEWR", now)):
            await store.create_room(RoomRecord(code, "h", created, {}, creator="10.2.2.2"))
            await client.sadd(f"{P}created:10.2.2.2", code)
        await store.create_room(RoomRecord("SEEN", "h", now - 40 * DAY, {}))
        await store.acquire("SEEN", 60_000)  # a process runs it: old, but in use
        await store.append("SEEN", LogEntry(1, "seat", {}))
        # A room written before retention had its index: only its record and its code.
        record = {"code": "PREV", "host_token": "h", "created": now - 50 * DAY, "settings": {}}
        await client.set(f"{P}room:PREV", orjson.dumps(record))
        await client.sadd(f"{P}rooms", "PREV")
        await store.save_game("OLDR-1-1", "OLDR", {"seed": 1})
        await store.save_game("NEWR-1-1", "NEWR", {"seed": 2})
        await client.zadd(f"{P}games", {"OLDR-1-1": now - 400 * DAY})  # ended long ago
        await client.zadd(f"{P}games:OLDR", {"OLDR-1-1": now - 400 * DAY})

        settings = ServerSettings(keep_rooms_days=30, keep_games_days=365)
        rooms = Rooms(LocalDirectory(settings, store, ManualClock(now)))
        assert await store.prune(
            rooms_older_than=now - 30 * DAY, games_older_than=now - 365 * DAY, keep=["USED"]
        ) == (2, 1)
        assert await store.room_codes() == ["NEWR", "SEEN", "USED"]
        assert await client.smembers(f"{P}created:10.2.2.2") == {b"NEWR", b"USED"}
        for gone in ("room:OLDR", "log:OLDR", "seq:OLDR", "epoch:OLDR", "room:PREV"):
            assert not await client.exists(P + gone), gone
        assert await store.load_game("OLDR-1-1") is None
        assert [g.id for g in await store.games_of("NEWR")] == ["NEWR-1-1"]
        # The server's own pass, as the sweeper runs it daily: the same rule from its settings.
        rooms.clock.now += 31 * DAY  # type: ignore[attr-defined]
        await store.release("SEEN")
        assert (await rooms.prune())[0] == 3
        assert await store.room_codes() == []
        await store.close()

    run(scenario())


def test_rooms_whose_owner_died_are_adopted_and_a_damaged_one_is_left_in_the_store(
    redis_server: RedisServer,
) -> None:
    async def scenario() -> dict[str, Any]:
        store = RedisStore.connect(redis_server.url, "adopter")
        now = time.time()
        await store.create_room(RoomRecord("GODR", "h", now, {}))
        await store.create_room(RoomRecord("BADR", "h", now, {}, game="no-such-game"))
        await store.client.zadd(f"{P}open", {"GODR": 0, "BADR": 0})  # their owner died
        cluster = RedisDirectory(ServerSettings(), store, ManualClock(now), 60_000)
        rooms = Rooms(cluster)
        seen: dict[str, Any] = {"taken": await cluster.adopt_orphans()}
        seen["links"] = sorted(cluster.links)
        seen["running"] = sorted(rooms.rooms)
        seen["orphans"] = await store.orphans(1000)
        seen["holder"] = await store.holder("GODR")
        await cluster.close()
        await store.close()
        return seen

    seen = run(scenario())
    assert seen["taken"] == 1
    assert seen["links"] == ["GODR"] and seen["running"] == ["GODR"]
    assert "BADR" not in seen["orphans"] and "GODR" not in seen["orphans"]
    assert seen["holder"].endswith(":adopter")


def test_a_room_closed_for_idleness_is_not_adopted_but_one_given_back_is(
    redis_server: RedisServer,
) -> None:
    """The sweeper closes a room nobody came to: it leaves `open` before its lease is given
    back, so no process adopts it; a room given back by a process shutting down is adopted."""

    async def scenario() -> dict[str, Any]:
        store = RedisStore.connect(redis_server.url, "idle")
        clock = ManualClock(time.time())
        rooms = Rooms(
            RedisDirectory(ServerSettings(room_idle_ttl_seconds=60), store, clock, 60_000)
        )
        idle = await rooms.create(find_game("peanut-club"), {}, creator="10.1.1.1")
        kept = await rooms.create(find_game("peanut-club"), {}, creator="10.1.1.1")
        seen: dict[str, Any] = {"idle": idle.code, "kept": kept.code}
        seen["open"] = [as_text(c) for c in await store.client.zrange(f"{P}open", 0, -1)]
        clock.now += 30
        await kept.watch(Viewer(), None, None)  # someone is here: it stays
        clock.now += 31
        await rooms.sweep()
        assert rooms.get(idle.code) is None and rooms.get(kept.code) is kept
        seen["after sweep"] = await store.orphans(1000)
        created = await store.client.smembers(f"{P}created:10.1.1.1")
        seen["created"] = sorted(as_text(c) for c in created)
        await rooms.directory.close()  # shutting down: the rooms it runs are given back
        seen["after close"] = await store.orphans(1000)
        await store.close()
        return seen

    seen = run(scenario())
    idle, kept = seen["idle"], seen["kept"]
    assert {idle, kept} <= set(seen["open"])
    assert idle not in seen["after sweep"] and kept not in seen["after sweep"]
    assert idle not in seen["after close"] and kept in seen["after close"]
    assert seen["created"] == [kept]  # the closed room no longer counts for its creator


# ---------------------------------------------------------------------- durability warning


def test_the_code_guessing_allowance_is_one_for_all_processes(redis_server: RedisServer) -> None:
    """Four misses allowed: two on one process and two on another spend it; then every lookup
    is refused on both, a room that exists too."""

    async def scenario() -> list[str]:
        settings = ServerSettings(room_guess_burst=4, room_guess_rate=0.01)
        stores, processes = [], []
        for name in ("first", "second"):
            store = RedisStore.connect(redis_server.url, name)
            rooms = Rooms(RedisDirectory(settings, store, ManualClock(time.time()), 60_000))
            stores.append(store)
            processes.append(rooms)
        await stores[0].client.delete(f"{P}guesses:10.3.3.3")
        real = await processes[0].create(find_game("peanut-club"), {})
        outcomes = []
        guesses = ["CDFG", "CDFH", "CDFJ", "CDFK"]
        for rooms, guess in zip([*processes, *processes], guesses, strict=True):
            outcomes.append("miss" if await rooms.find(guess, "10.3.3.3") is None else "hit")
        for rooms in processes:
            try:
                await rooms.find(real.code, "10.3.3.3")
                outcomes.append("answered")
            except RuleError as error:
                outcomes.append(error.code)
        assert await processes[1].find(real.code, "10.4.4.4") is None  # another address: fine
        for rooms, store in zip(processes, stores, strict=True):
            await rooms.directory.close()
            await store.close()
        return outcomes

    assert run(scenario()) == ["miss"] * 4 + ["rate_limited"] * 2


def test_the_server_warns_when_redis_keeps_no_append_only_file(
    redis_server: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    async def durable() -> bool:
        store = RedisStore.connect(redis_server.url, "warn")
        cluster = RedisDirectory(ServerSettings(), store, ManualClock(0), 1000)
        try:
            return await cluster.warn_unless_durable()
        finally:
            await store.close()

    client = redis_server.client()
    with caplog.at_level(logging.WARNING, logger="peanutclub.server.cluster"):
        assert not run(durable())  # the test server runs with --appendonly no
    assert any("appendonly" in r.getMessage() for r in caplog.records)
    caplog.clear()
    client.config_set("appendonly", "yes")
    try:
        with caplog.at_level(logging.WARNING, logger="peanutclub.server.cluster"):
            assert run(durable())
        assert not caplog.records
    finally:
        client.config_set("appendonly", "no")


# ---------------------------------------------------------------------- summaries on any process


def test_a_summary_read_on_any_process_shows_who_is_connected(nodes: list[Node]) -> None:
    room = nodes[0].create_room(**PACE)
    code = room["code"]

    async def scenario() -> None:
        players = await seat_players(list(nodes[:2]), code, room["host_token"], ["Ann", "Bob"])
        tv = Keeper("tv")
        await tv.connect(nodes[2], code, {"type": "watch"})

        def seen_everywhere() -> bool:
            for node in nodes:
                status, summary = get(node, f"/api/rooms/{code}")
                connected = [p["connected"] for p in summary["players"]]
                if status != 200 or connected != [True, True] or summary["watchers"] != 1:
                    return False
            return True

        assert await asyncio.to_thread(eventually, seen_everywhere, 5.0)
        await players[1].close()

        def bob_away() -> bool:
            _, summary = get(nodes[2], f"/api/rooms/{code}")
            return [p["connected"] for p in summary["players"]] == [True, False]

        assert await asyncio.to_thread(eventually, bob_away, 5.0)
        # The room's pages and QR code are served by any process too.
        for path in (f"/r/{code}", f"/r/{code}/tv", f"/r/{code}/qr.svg"):
            assert get(nodes[1], path)[0] == 200, path
        for p in (players[0], tv):
            await p.close()

    run(scenario())


# ---------------------------------------------------------------------- limits across processes


async def watcher(node: Node, code: str) -> Any:
    """A TV's socket, welcomed; or the `error` frame and close code it was turned away with."""
    ws = await connect(f"{node.ws_base}/ws/{code}", open_timeout=WAIT)
    with contextlib.suppress(ConnectionClosed):  # turned away at once, before it said a word
        await ws.send('{"type": "watch"}')
    first = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
    if first["type"] == "welcome":
        return ws
    with pytest.raises(ConnectionClosed) as closed:
        await asyncio.wait_for(ws.recv(), WAIT)
    assert closed.value.rcvd is not None
    return first["code"], closed.value.rcvd.code


def test_the_abuse_limits_hold_across_processes(limited_nodes: list[Node]) -> None:
    """Rooms per address (2), connections per room (3) and per address (4), over two processes."""
    nodes = limited_nodes
    codes = [nodes[0].create_room()["code"], nodes[1].create_room()["code"]]
    with pytest.raises(urllib.error.HTTPError) as refused:
        nodes[0].create_room()  # its third: one here, one on the other process
    assert refused.value.code == 429
    assert json.loads(refused.value.read())["code"] == "rate_limited"

    async def scenario() -> None:
        code = codes[0]
        # 3, the limit: one on the room's own process, two on the other
        inside = [await watcher(node, code) for node in (nodes[0], nodes[1], nodes[1])]
        assert all(not isinstance(ws, tuple) for ws in inside)
        assert await watcher(nodes[0], code) == ("room_full", 1013)
        assert await watcher(nodes[1], code) == ("room_full", 1013)
        await inside[2].close()
        back = await eventually_async(lambda: watcher(nodes[1], code))
        # The address's fourth connection, to the other room, then none more on either process.
        other = await watcher(nodes[0], codes[1])
        assert not isinstance(other, tuple)
        assert await watcher(nodes[1], codes[1]) == ("rate_limited", 1013)
        assert await watcher(nodes[0], codes[1]) == ("rate_limited", 1013)
        for ws in (*inside[:2], back, other):
            await ws.close()

    run(scenario())


async def eventually_async(attempt: Any) -> Any:
    """An attempt's first result that is not a refusal, trying again for a few seconds."""
    end = time.monotonic() + 5
    while True:
        result = await attempt()
        if not isinstance(result, tuple) or time.monotonic() > end:
            return result
        await asyncio.sleep(0.05)


# ---------------------------------------------------------------------- one patch per room


def test_a_patch_is_published_once_per_room_and_process(
    nodes: list[Node], redis_server: RedisServer
) -> None:
    """Three seats on one relaying process: each patch crosses Redis once, naming all three."""
    room = nodes[0].create_room(seed=7, **PACE)
    code = room["code"]
    spy = redis_server.client().pubsub()
    spy.psubscribe(f"{P}out:*")

    async def scenario() -> list[Keeper]:
        servers = [nodes[0], nodes[1], nodes[1], nodes[1]]
        names = ["Ann", "Bob", "Cat", "Dan"]
        table = await seat_players(servers, code, room["host_token"], names, Keeper)
        host, relayed = table[0], table[1:]
        await host.send(type="start")
        await wait_any(table, lambda: all(p.view and p.view["phase"] != "lobby" for p in table))
        await drive(table, until_round=2)
        for p in table:
            await p.close()
        return relayed

    relayed = run(scenario())
    patches: Counter[int] = Counter()
    named: set[int] = set()
    while (message := spy.get_message(timeout=0.2)) is not None:
        if message["type"] != "pmessage":
            continue
        cids, body = message["data"].split(b"\n", 1)
        if body.startswith(b'F{"type":"patch"'):
            seq = json.loads(body[1:])["seq"]
            patches[seq] += 1
            named.add(len(cids.split(b" ")))
    assert patches, "no patch reached the relaying process"
    assert set(patches.values()) == {1}, patches  # once per patch, not once per client
    assert named == {3}
    # and every relayed client had every one of them
    for p in relayed:
        assert set(patches) <= set(p.seqs), p.name


def test_a_server_started_on_such_a_redis_says_so_in_its_log(nodes: list[Node]) -> None:
    assert "appendonly" in nodes[0].log.read_text()


# ---------------------------------------------------------------------- adoption


def test_a_room_whose_owner_died_is_adopted_with_no_client_anywhere(
    nodes: list[Node], redis_server: RedisServer
) -> None:
    client: redis.Redis = redis_server.client()
    room = nodes[0].create_room(**PACE)
    code = room["code"]
    first = client.get(f"{P}lease:{code}")
    assert first is not None
    nodes[0].kill()

    def holder() -> bytes | None:
        token = client.get(f"{P}lease:{code}")
        return token if token not in (None, first) else None  # type: ignore[return-value]

    taken = eventually(holder, 5.0)
    assert taken is not None, "no live process took the room"
    assert taken.split(b":", 1)[0] == b"2"  # a new epoch: a take-over, not the old lease
    status, summary = get(nodes[1], f"/api/rooms/{code}")
    assert status == 200 and summary["code"] == code
