"""The Redis store's lease and fence, against a real redis-server, without server processes."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from peanutclub.server.redis_store import Fenced, RedisStore
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
