"""The store in Redis, shared by several server processes, with the room lease that fences it.

Keys (all under `pc:`): `room:{code}` the record, `rooms` the set of codes, `log:{code}` the log
(a list of JSON entries), `seq:{code}` its last seq, `lease:{code}` the owner's token and
`epoch:{code}` the count of leases ever taken, `game:{id}` a finished game's export and
`games:{code}` their ids.

A room is written by one process at a time: the one holding its lease, a key set with NX and an
expiry (`acquire`), renewed while the owner lives (`renew`). The token is `{epoch}:{process}`, the
epoch rising with every lease taken. Every append runs as one Lua script that refuses it unless
the lease still holds the writer's token, so a process that lost its lease (paused, cut off) and
comes back cannot write a single entry: Redis is the only arbiter.
"""

from __future__ import annotations

import time
from collections.abc import Collection
from typing import Any

import orjson
import redis.asyncio as aioredis
from redis.exceptions import ResponseError

from peanutclub.server.store import FIRST_GAME, GameInfo, Loaded, LogEntry, RoomRecord

P = "pc:"

ACQUIRE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return false end
local epoch = redis.call('INCR', KEYS[2])
local token = epoch .. ':' .. ARGV[1]
redis.call('SET', KEYS[1], token, 'PX', ARGV[2])
return token
"""

RENEW = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
"""

RELEASE = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
return redis.call('DEL', KEYS[1])
"""

APPEND = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return redis.error_reply('fenced') end
local last = tonumber(redis.call('GET', KEYS[3]) or '0')
if tonumber(ARGV[2]) <= last then return redis.error_reply('seq') end
redis.call('RPUSH', KEYS[2], ARGV[3])
redis.call('SET', KEYS[3], ARGV[2])
return 1
"""


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class Fenced(RuntimeError):
    """This process does not (or no longer) hold the room's lease: it may not write."""


def lease_key(code: str) -> str:
    return f"{P}lease:{code}"


def epoch_of(token: str) -> int:
    return int(token.split(":", 1)[0])


class RedisStore:
    """A `Store` in Redis. `tokens` holds the lease token this process writes each room under."""

    def __init__(self, client: aioredis.Redis, process: str) -> None:
        self.client = client
        self.process = process
        self.tokens: dict[str, str] = {}
        self._acquire = client.register_script(ACQUIRE)
        self._renew = client.register_script(RENEW)
        self._release = client.register_script(RELEASE)
        self._append = client.register_script(APPEND)

    @classmethod
    def connect(cls, url: str, process: str) -> RedisStore:
        return cls(aioredis.Redis.from_url(url), process)

    # ------------------------------------------------------------------ the lease

    async def acquire(self, code: str, lease_ms: int) -> str | None:
        """Take the room's lease if nobody holds it: the new token, else None."""
        token = await self._acquire(
            keys=[lease_key(code), f"{P}epoch:{code}"], args=[self.process, lease_ms]
        )
        if token is None:
            return None
        text = token.decode() if isinstance(token, bytes) else str(token)
        self.tokens[code] = text
        return text

    async def renew(self, code: str, token: str, lease_ms: int) -> bool:
        return bool(await self._renew(keys=[lease_key(code)], args=[token, lease_ms]))

    async def release(self, code: str) -> None:
        token = self.tokens.pop(code, None)
        if token is not None:
            await self._release(keys=[lease_key(code)], args=[token])

    async def holder(self, code: str) -> str | None:
        token = await self.client.get(lease_key(code))
        return None if token is None else _text(token)

    # ------------------------------------------------------------------ the Store protocol

    async def create_room(self, record: RoomRecord) -> None:
        data = {
            "code": record.code,
            "host_token": record.host_token,
            "created": record.created,
            "settings": record.settings,
            "creator": record.creator,
            "fixed_seed": record.fixed_seed,
            "game": record.game,
        }
        if not await self.client.set(f"{P}room:{record.code}", orjson.dumps(data), nx=True):
            raise KeyError(record.code)
        await self.client.sadd(f"{P}rooms", record.code)

    async def append(self, code: str, entry: LogEntry) -> None:
        token = self.tokens.get(code)
        if token is None:
            raise Fenced(f"room {code}: this process holds no lease")
        encoded = orjson.dumps(
            {"seq": entry.seq, "kind": entry.kind, "data": entry.data, "epoch": epoch_of(token)}
        )
        try:
            await self._append(
                keys=[lease_key(code), f"{P}log:{code}", f"{P}seq:{code}"],
                args=[token, entry.seq, encoded],
            )
        except ResponseError as error:
            if "fenced" in str(error):
                raise Fenced(f"room {code}: the lease {token} is no longer held") from None
            raise ValueError(f"room {code}: {error}") from None

    async def load(self, code: str) -> Loaded | None:
        async with self.client.pipeline(transaction=True) as pipe:
            pipe.get(f"{P}room:{code}")
            pipe.lrange(f"{P}log:{code}", 0, -1)
            raw, entries = await pipe.execute()
        if raw is None:
            return None
        record = RoomRecord(**orjson.loads(raw))
        log = []
        for item in entries:
            e = orjson.loads(item)
            log.append(LogEntry(e["seq"], e["kind"], e["data"]))
        return record, log

    async def room_codes(self) -> list[str]:
        return sorted(_text(c) for c in await self.client.smembers(f"{P}rooms"))

    async def load_all(self) -> list[Loaded]:
        found = [await self.load(code) for code in await self.room_codes()]
        return [loaded for loaded in found if loaded is not None]

    async def save_game(self, game_id: str, code: str, export: dict[str, Any]) -> None:
        finished = time.time()
        async with self.client.pipeline(transaction=True) as pipe:
            pipe.set(f"{P}game:{game_id}", orjson.dumps({"finished": finished, "export": export}))
            pipe.zadd(f"{P}games:{code}", {game_id: finished})
            await pipe.execute()

    async def load_game(self, game_id: str) -> dict[str, Any] | None:
        raw = await self.client.get(f"{P}game:{game_id}")
        return None if raw is None else dict(orjson.loads(raw)["export"])

    async def games_of(self, code: str) -> list[GameInfo]:
        found = await self.client.zrange(f"{P}games:{code}", 0, -1, withscores=True)
        pairs: list[Any] = list(found)
        if not pairs:
            return []
        kept = await self.client.mget([f"{P}game:{_text(g)}" for g, _ in pairs])
        kinds = [
            FIRST_GAME if raw is None else orjson.loads(raw)["export"].get("game") or FIRST_GAME
            for raw in kept
        ]
        return [
            GameInfo(_text(g), code, float(score), kind)
            for (g, score), kind in zip(pairs, kinds, strict=True)
        ]

    async def prune(
        self, *, rooms_older_than: float, games_older_than: float, keep: Collection[str] = ()
    ) -> tuple[int, int]:
        """Retention is left to the operator in Redis mode (see docs/scaling.md)."""
        return 0, 0

    async def close(self) -> None:
        for code in list(self.tokens):
            try:
                await self.release(code)
            except Exception:
                break
        await self.client.aclose()
