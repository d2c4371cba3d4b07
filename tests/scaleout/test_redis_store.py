"""The Redis store's lease and fence, against a real redis-server, without server processes."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

from peanutclub.server.redis_store import Fenced, P, RedisStore
from peanutclub.server.store import LogEntry, RoomRecord
from tests.persistence.procs import free_port, run
from tests.scaleout.nodes import RedisServer


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp: Path = tmp_path_factory.mktemp("redis-store")
    server = RedisServer(free_port(), tmp / "redis.log").start()
    yield server.url
    server.stop()


RECORD = RoomRecord(code="ABCD", host_token="h", created=1.0, settings={"idle_seconds": 0})


def test_a_lease_is_exclusive_and_an_expired_one_cannot_write(redis_url: str) -> None:
    async def scenario() -> None:
        first = RedisStore.connect(redis_url, "first")
        second = RedisStore.connect(redis_url, "second")
        await first.client.flushdb()
        await first.create_room(RECORD)
        with pytest.raises(KeyError):
            await second.create_room(RECORD)
        token = await first.acquire("ABCD", 200)
        assert token == "1:first"
        assert await second.acquire("ABCD", 200) is None
        with pytest.raises(Fenced):  # no lease, no write
            await second.append("ABCD", LogEntry(1, "seat", {"name": "x"}))
        await first.append("ABCD", LogEntry(1, "seat", {"name": "Ann"}))
        with pytest.raises(ValueError):  # the log only grows
            await first.append("ABCD", LogEntry(1, "seat", {"name": "again"}))
        assert await first.renew("ABCD", token, 200)
        await asyncio.sleep(0.3)  # the first owner stalls past its lease
        assert await second.acquire("ABCD", 5000) == "2:second"
        with pytest.raises(Fenced):
            await first.append("ABCD", LogEntry(2, "seat", {"name": "stale"}))
        assert not await first.renew("ABCD", token, 200)
        await second.append("ABCD", LogEntry(2, "seat", {"name": "Bob"}))
        loaded = await second.load("ABCD")
        assert loaded is not None
        record, entries = loaded
        assert record == RECORD
        assert [(e.seq, e.data["name"]) for e in entries] == [(1, "Ann"), (2, "Bob")]
        await second.release("ABCD")
        assert await second.holder("ABCD") is None
        await first.close()
        await second.close()

    run(scenario())


def test_a_handshake_relayed_while_the_new_owner_rebuilds_the_room_is_not_lost(
    redis_url: str,
) -> None:
    """Another process replays its clients' handshakes the moment it sees the new lease holder.
    The new owner is still rebuilding the room from the log then; Redis keeps no message for a
    channel nobody listens to, so the owner must listen before it takes the lease and keep what
    arrives until the room is ready. (Lost, the player on the other process sat without a seat.)"""
    from peanutclub.server.clock import RealClock
    from peanutclub.server.cluster import RedisDirectory, SharedLink
    from peanutclub.server.settings import ServerSettings

    async def scenario() -> str:
        owner = RedisStore.connect(redis_url, "owner")
        other = RedisStore.connect(redis_url, "other")
        await owner.client.flushdb()
        await owner.create_room(RECORD)
        settings = ServerSettings()
        cluster = RedisDirectory(settings, owner, RealClock(), lease_ms=5000)
        await cluster.start()
        load = owner.load

        async def slow_load(code: str) -> Any:
            await asyncio.sleep(0.5)  # a long log to replay
            return await load(code)

        owner.load = slow_load  # type: ignore[method-assign]
        replies = other.client.pubsub()
        await replies.subscribe(f"{P}out:other")
        link = cluster.links["ABCD"] = SharedLink(cluster, "ABCD")
        promoting = asyncio.create_task(link.promote())
        while await other.holder("ABCD") is None:
            await asyncio.sleep(0.005)
        hello = orjson.dumps({"c": "other/1", "p": "other", "t": '{"type":"watch"}'})
        await other.client.publish(f"{P}in:ABCD", hello)
        assert await promoting
        try:
            async with asyncio.timeout(5):
                while True:
                    message = await replies.get_message(ignore_subscribe_messages=True, timeout=1)
                    if message is not None:
                        return str(message["data"].decode())
        finally:
            await replies.aclose()
            await cluster.close()
            await other.close()

    reply = run(scenario())
    assert reply.startswith('other/1\nF{"type":"welcome"')


def test_records_and_kept_games_name_their_game_and_old_ones_are_peanut_club(
    redis_url: str,
) -> None:
    async def scenario() -> None:
        store = RedisStore.connect(redis_url, "only")
        await store.client.flushdb()
        await store.create_room(RoomRecord("NEWG", "h", 1.0, {}, game="take-away"))
        # a record and a kept game as they were written before rooms named their game
        old = {"code": "OLDR", "host_token": "h", "created": 1.0, "settings": {}}
        await store.client.set(f"{P}room:OLDR", orjson.dumps({**old, "creator": ""}))
        await store.save_game("OLDR-1-1", "OLDR", {"format": 1, "players": 3, "seed": 1})
        await store.save_game("NEWG-1-1", "NEWG", {"format": 1, "game": "take-away"})
        new, old_loaded = await store.load("NEWG"), await store.load("OLDR")
        assert new is not None and new[0].game == "take-away"
        assert old_loaded is not None and old_loaded[0].game == "peanut-club"
        assert [g.game for g in await store.games_of("OLDR")] == ["peanut-club"]
        assert [g.game for g in await store.games_of("NEWG")] == ["take-away"]
        await store.close()

    run(scenario())
