"""The store in Redis, shared by several server processes, with the room lease that fences it.

Keys (all under `pc:`): `room:{code}` the record, `rooms` the set of codes, `log:{code}` the log
(a list of JSON entries), `seq:{code}` its last seq, `lease:{code}` the owner's token and
`epoch:{code}` the count of leases ever taken, `game:{id}` a finished game's export and
`games:{code}` their ids. For retention: `updated` (code -> when its log last grew, Unix time),
`games` (game id -> when it ended) and `game_room` (game id -> code). For the processes sharing
the rooms (cluster.py): `open` (code -> when its owner's lease runs out, in Redis's own clock,
ms), `summary:{code}` the owner's public summary of the room, `created:{address}` the open rooms
an address created, `conns:{code}` each process's connections to a room.

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

#: Redis's own clock in ms (the processes' clocks may differ): `open`'s scores are read in it.
NOW_MS = "local t = redis.call('TIME') local now = t[1] * 1000 + math.floor(t[2] / 1000)\n"

ACQUIRE = (
    NOW_MS
    + """
if redis.call('EXISTS', KEYS[1]) == 1 then return false end
local epoch = redis.call('INCR', KEYS[2])
local token = epoch .. ':' .. ARGV[1]
redis.call('SET', KEYS[1], token, 'PX', ARGV[2])
redis.call('ZADD', KEYS[3], now + tonumber(ARGV[2]), ARGV[3])
return token
"""
)

#: The lease, the room's place in `open` and the owner's summary of it live as long.
RENEW = (
    NOW_MS
    + """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[3], ARGV[2])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]), ARGV[3])
return 1
"""
)

#: Given back (a process shutting down): the room is open with nobody holding it, at once.
RELEASE = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[3])
if redis.call('ZSCORE', KEYS[2], ARGV[2]) then redis.call('ZADD', KEYS[2], 0, ARGV[2]) end
return redis.call('DEL', KEYS[1])
"""

APPEND = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return redis.error_reply('fenced') end
local last = tonumber(redis.call('GET', KEYS[3]) or '0')
if tonumber(ARGV[2]) <= last then return redis.error_reply('seq') end
redis.call('RPUSH', KEYS[2], ARGV[3])
redis.call('SET', KEYS[3], ARGV[2])
redis.call('ZADD', KEYS[4], ARGV[4], ARGV[5])
return 1
"""

#: Rooms open (run by a process until they idle out) whose owner's lease has run out.
ORPHANS = (
    NOW_MS
    + """
return redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, tonumber(ARGV[1]))
"""
)

#: Retention: a room goes with everything of its own, unless a process holds its lease.
PRUNE_ROOM = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6])
redis.call('SREM', KEYS[7], ARGV[1])
redis.call('ZREM', KEYS[8], ARGV[1])
redis.call('ZREM', KEYS[9], ARGV[1])
return 1
"""


def as_text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


class Fenced(RuntimeError):
    """This process does not (or no longer) hold the room's lease: it may not write."""


def lease_key(code: str) -> str:
    return f"{P}lease:{code}"


def summary_key(code: str) -> str:
    return f"{P}summary:{code}"


OPEN = f"{P}open"
UPDATED = f"{P}updated"
GAMES = f"{P}games"
GAME_ROOM = f"{P}game_room"


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
        self._orphans = client.register_script(ORPHANS)
        self._prune_room = client.register_script(PRUNE_ROOM)

    @classmethod
    def connect(cls, url: str, process: str) -> RedisStore:
        return cls(aioredis.Redis.from_url(url), process)

    # ------------------------------------------------------------------ the lease

    async def acquire(self, code: str, lease_ms: int) -> str | None:
        """Take the room's lease if nobody holds it: the new token, else None."""
        token = await self._acquire(
            keys=[lease_key(code), f"{P}epoch:{code}", OPEN], args=[self.process, lease_ms, code]
        )
        if token is None:
            return None
        text = token.decode() if isinstance(token, bytes) else str(token)
        self.tokens[code] = text
        return text

    async def renew(self, code: str, token: str, lease_ms: int) -> bool:
        keys = [lease_key(code), OPEN, summary_key(code)]
        return bool(await self._renew(keys=keys, args=[token, lease_ms, code]))

    async def release(self, code: str) -> None:
        token = self.tokens.pop(code, None)
        if token is not None:
            keys = [lease_key(code), OPEN, summary_key(code)]
            await self._release(keys=keys, args=[token, code])

    async def orphans(self, limit: int = 16) -> list[str]:
        """Rooms still open whose owner's lease ran out (it died, or gave them back)."""
        return [as_text(c) for c in await self._orphans(keys=[OPEN], args=[limit])]

    async def closed(self, code: str) -> None:
        """The room was closed for idleness: nobody need run it until a client comes."""
        await self.client.zrem(OPEN, code)

    async def holder(self, code: str) -> str | None:
        token = await self.client.get(lease_key(code))
        return None if token is None else as_text(token)

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
        async with self.client.pipeline(transaction=True) as pipe:
            pipe.sadd(f"{P}rooms", record.code)
            pipe.zadd(UPDATED, {record.code: record.created})
            await pipe.execute()

    async def append(self, code: str, entry: LogEntry) -> None:
        token = self.tokens.get(code)
        if token is None:
            raise Fenced(f"room {code}: this process holds no lease")
        encoded = orjson.dumps(
            {"seq": entry.seq, "kind": entry.kind, "data": entry.data, "epoch": epoch_of(token)}
        )
        try:
            await self._append(
                keys=[lease_key(code), f"{P}log:{code}", f"{P}seq:{code}", UPDATED],
                args=[token, entry.seq, encoded, time.time(), code],
            )
        except ResponseError as error:
            if "fenced" in str(error):
                raise Fenced(f"room {code}: the lease {token} is no longer held") from None
            raise ValueError(f"room {code}: {error}") from None

    async def set_game(self, code: str, game: str) -> None:
        """Only the room's owner switches its game, so reading and writing its record back is
        no race (a room's record changes at nothing else)."""
        raw = await self.client.get(f"{P}room:{code}")
        if raw is None:
            return
        await self.client.set(f"{P}room:{code}", orjson.dumps({**orjson.loads(raw), "game": game}))

    async def record(self, code: str) -> RoomRecord | None:
        """A room's record alone, without its log."""
        raw = await self.client.get(f"{P}room:{code}")
        return None if raw is None else RoomRecord(**orjson.loads(raw))

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
        return sorted(as_text(c) for c in await self.client.smembers(f"{P}rooms"))

    async def load_all(self) -> list[Loaded]:
        found = [await self.load(code) for code in await self.room_codes()]
        return [loaded for loaded in found if loaded is not None]

    async def save_game(self, record_id: str, code: str, export: dict[str, Any]) -> None:
        finished = time.time()
        async with self.client.pipeline(transaction=True) as pipe:
            pipe.set(f"{P}game:{record_id}", orjson.dumps({"finished": finished, "export": export}))
            pipe.zadd(f"{P}games:{code}", {record_id: finished})
            pipe.zadd(GAMES, {record_id: finished})
            pipe.hset(GAME_ROOM, record_id, code)
            await pipe.execute()

    async def load_game(self, record_id: str) -> dict[str, Any] | None:
        raw = await self.client.get(f"{P}game:{record_id}")
        return None if raw is None else dict(orjson.loads(raw)["export"])

    async def games_of(self, code: str) -> list[GameInfo]:
        found = await self.client.zrange(f"{P}games:{code}", 0, -1, withscores=True)
        pairs: list[Any] = list(found)
        if not pairs:
            return []
        kept = await self.client.mget([f"{P}game:{as_text(g)}" for g, _ in pairs])
        kinds = [
            FIRST_GAME if raw is None else orjson.loads(raw)["export"].get("game") or FIRST_GAME
            for raw in kept
        ]
        return [
            GameInfo(as_text(g), code, float(score), kind)
            for (g, score), kind in zip(pairs, kinds, strict=True)
        ]

    async def prune(
        self, *, rooms_older_than: float, games_older_than: float, keep: Collection[str] = ()
    ) -> tuple[int, int]:
        """Delete rooms whose log has not grown since `rooms_older_than`, and finished games
        older than `games_older_than` (Unix times), as the SQLite store does; never a room in
        `keep` or one whose lease a process holds (it is in use somewhere)."""
        await self._index_older_keys()
        rooms = 0
        if rooms_older_than > float("-inf"):
            old = await self.client.zrangebyscore(UPDATED, "-inf", f"({rooms_older_than}")
            for code in (as_text(c) for c in old):
                if code in keep:
                    continue
                record = await self.record(code)
                keys = [lease_key(code)] + [
                    f"{P}{name}:{code}" for name in ("room", "log", "seq", "epoch", "summary")
                ]
                if await self._prune_room(keys=[*keys, f"{P}rooms", UPDATED, OPEN], args=[code]):
                    rooms += 1
                    if record is not None and record.creator:  # no longer its creator's
                        await self.client.srem(f"{P}created:{record.creator}", code)
        games = 0
        if games_older_than > float("-inf"):
            old = await self.client.zrangebyscore(GAMES, "-inf", f"({games_older_than}")
            for record_id in (as_text(g) for g in old):
                room = await self.client.hget(GAME_ROOM, record_id)
                async with self.client.pipeline(transaction=True) as pipe:
                    pipe.delete(f"{P}game:{record_id}")
                    if room is not None:
                        pipe.zrem(f"{P}games:{as_text(room)}", record_id)
                    pipe.zrem(GAMES, record_id)
                    pipe.hdel(GAME_ROOM, record_id)
                    await pipe.execute()
                games += 1
        return rooms, games

    async def _index_older_keys(self) -> None:
        """Rooms and finished games written before retention had its indexes get into them:
        a room as of its creation, a game as of its end."""
        codes = await self.room_codes()
        if codes:
            scores = await self.client.zmscore(UPDATED, codes)
            missing = [c for c, score in zip(codes, scores, strict=True) if score is None]
            for code in missing:
                raw = await self.client.get(f"{P}room:{code}")
                if raw is not None:
                    await self.client.zadd(UPDATED, {code: float(orjson.loads(raw)["created"])})
        async for key in self.client.scan_iter(match=f"{P}games:*", count=500):
            code = as_text(key)[len(f"{P}games:") :]
            kept: list[Any] = list(await self.client.zrange(key, 0, -1, withscores=True))
            for record_id, finished in kept:
                if await self.client.zadd(GAMES, {as_text(record_id): float(finished)}, nx=True):
                    await self.client.hset(GAME_ROOM, as_text(record_id), code)

    async def close(self) -> None:
        for code in list(self.tokens):
            try:
                await self.release(code)
            except Exception:
                break
        await self.client.aclose()
