"""Several server processes sharing rooms through Redis (`peanutclub serve --redis URL`).

Any process accepts any client of any room. A room has one owner at a time: the process holding
its lease in Redis (see redis_store.py), which runs the `Room` exactly as a single process does:
it applies every change in order and appends it to the log in Redis (fenced by the lease) before
anyone hears of it. A process that does not own a room is a relay for its own clients of that room:

- what a client sends (after the size and rate checks) is published on the room's inbox channel
  `pc:in:{code}`, which only the owner listens to;
- the owner serves each relayed client through a `RemoteViewer`, and everything it sends that
  client goes on the channel `pc:out:{process}` of the one process holding that connection. The
  owner still does all the viewer filtering: a process only ever receives the frames of the
  clients it serves, so no seat's secrets reach a process that does not hold that seat.

Each process watches the lease of every room it has clients for (`SharedLink`). When the owner
dies its lease expires; a process with clients in that room takes it, rebuilds the room from the log
(`Room.restore`, `resume_clocks`) and replays each of its clients' handshakes into it; the other
processes see the lease change hands and replay their clients' handshakes to the new owner
(`resume` with the seat's token), so those clients get a fresh `welcome` after a short pause.
An owner that finds its lease gone (it was paused or cut off from Redis) stops its room at once;
whatever it still tries to write is refused by Redis (the fence), and its clients are handed over.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

from peanutclub.core import refuse
from peanutclub.server import dispatch
from peanutclub.server.clock import Clock
from peanutclub.server.codes import normalise_code
from peanutclub.server.connection import Connection, handle
from peanutclub.server.directory import Directory
from peanutclub.server.protocol import UnreadableFrame, parse_client_message
from peanutclub.server.redis_store import NOW_MS, Fenced, P, RedisStore, as_text, summary_key
from peanutclub.server.room import Room
from peanutclub.server.settings import ServerSettings
from peanutclub.server.store import RoomRecord
from peanutclub.server.views import error_frame, public_state

log = logging.getLogger(__name__)

HANDSHAKES = (b'"join"', b'"resume"', b'"watch"')

#: An address's open rooms, shared by every process: counted and checked at once.
CLAIM = """
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[1])
return 1
"""

#: A room's connections and an address's, one count per process in a hash each; a process that
#: stopped beating counts no more. 0: the room is full, -1: the address has too many, 1: counted.
ADMIT = """
local function live_total(key)
  local total = 0
  local counts = redis.call('HGETALL', key)
  for i = 1, #counts, 2 do
    if redis.call('EXISTS', ARGV[2] .. counts[i]) == 1 then
      total = total + tonumber(counts[i + 1])
    else
      redis.call('HDEL', key, counts[i])
    end
  end
  return total
end
if live_total(KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
if live_total(KEYS[2]) >= tonumber(ARGV[4]) then return -1 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
return 1
"""

LEFT = """
for _, key in ipairs(KEYS) do
  if redis.call('HINCRBY', key, ARGV[1], -1) <= 0 then redis.call('HDEL', key, ARGV[1]) end
end
return 1
"""


#: An address's allowance of unknown room codes, shared by every process: a token bucket
#: (`ratelimit.AddressThrottle`'s rule) in Redis's clock, gone once full again. ARGV: rate per
#: second, burst, 1 to spend an attempt (0 to look). 1: an attempt is left (before spending).
GUESS = (
    NOW_MS
    + """
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local tokens = tonumber(redis.call('HGET', KEYS[1], 'tokens') or burst)
local stamp = tonumber(redis.call('HGET', KEYS[1], 'stamp') or now)
tokens = math.min(burst, tokens + (now - stamp) / 1000 * rate)
local left = tokens >= 1 and 1 or 0
if ARGV[3] == '1' then
  tokens = math.max(0, tokens - 1)
  redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'stamp', now)
  local full = math.ceil((burst - tokens) / math.max(rate, 0.000001) * 1000) + 1000
  redis.call('PEXPIRE', KEYS[1], full)
end
return left
"""
)


def new_process_id() -> str:
    return f"{os.getpid()}-{secrets.token_hex(4)}"


class RemoteViewer:
    """On the owner: a client connected to another process. Its frames go to that process only."""

    def __init__(self, cluster: RedisDirectory, process: str, cid: str) -> None:
        self.cluster = cluster
        self.channel = f"{P}out:{process}"
        self.process = process
        self.cid = cid
        self.seat: int | None = None
        self.host = False
        self.shaken = False
        self.closing = False
        self.inbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.worker: asyncio.Task[None] | None = None

    def send(self, frame: bytes) -> None:
        if not self.closing:
            self.cluster.send_to(self.channel, self.cid, frame)

    def close(self, code: int, reason: str) -> None:
        if not self.closing:
            self.closing = True
            self.cluster.send_to(self.channel, self.cid, None, f"C{code}\n{reason}".encode())


class SharedLink:
    """One room as seen from this process, with other processes sharing the rooms (a `Link` of
    connection.py): owned here (`room`) or relayed to its owner."""

    def __init__(self, cluster: RedisDirectory, code: str) -> None:
        self.cluster = cluster
        self.code = code
        self.room: Room | None = None
        self.token: str | None = None  # the lease holder's token, as last seen
        self.local: dict[str, Connection] = {}
        self.remote: dict[str, RemoteViewer] = {}
        self.watcher: asyncio.Task[None] | None = None
        self._switch = asyncio.Lock()
        #: While taking the lease: relayed frames that arrive before the room is ready here.
        self._early: list[bytes] | None = None
        #: The room's seq and viewer count when its summary was last shared (`share_summary`).
        self._shared: tuple[int, int] | None = None

    # ------------------------------------------------------------------ this process's clients

    def attach(self, connection: Connection) -> None:
        connection.id = f"{self.cluster.process}/{next(self.cluster.ids)}"
        self.local[connection.id] = connection
        self.cluster.connections[connection.id] = (self, connection)

    async def handle(self, connection: Connection, text: str) -> None:
        """One checked frame of a client of this process."""
        async with self._switch:
            room = self.room
            if room is None:
                if not connection.shaken and any(h in text.encode()[:40] for h in HANDSHAKES):
                    connection.hello = text
                self.cluster.publish(f"{P}in:{self.code}", self._envelope(connection.id, text))
                return
        shaken = connection.shaken
        try:
            await handle(room, connection, text, passes=(Fenced,))
        except Fenced:
            # Redis refused the change: another process holds the lease now. Nothing happened
            # here; the frame goes to the new owner, after this process's clients' handshakes.
            await self.demote()
            holder = await self.cluster.store.holder(self.code)
            if holder is None:
                error = refuse("bad_message", "The room is changing hands: send that again.")
                connection.send(error_frame(error.code, error.message))
                return
            await self.follow(holder)
            self.cluster.publish(f"{P}in:{self.code}", self._envelope(connection.id, text))
            return
        if connection.shaken and not shaken:
            self._remember(room, connection, text)

    def _remember(self, room: Room, connection: Connection, hello: str) -> None:
        """The handshake that puts this connection back in its place in a rebuilt room."""
        seat = connection.seat
        if seat is not None and seat < len(room.seats):
            connection.hello = orjson.dumps(
                {"type": "resume", "token": room.seats[seat].token}
            ).decode()
        else:
            connection.hello = hello

    def _envelope(self, cid: str, text: str | None) -> str:
        body: dict[str, Any] = {"c": cid, "p": self.cluster.process}
        if text is None:
            body["bye"] = 1
        else:
            body["t"] = text
        return orjson.dumps(body).decode()

    async def leave(self, connection: Connection) -> None:
        self.local.pop(connection.id, None)
        self.cluster.connections.pop(connection.id, None)
        if self.room is not None:
            await self.room.leave(connection)
        else:
            self.cluster.publish(f"{P}in:{self.code}", self._envelope(connection.id, None))

    def relayed(self, connection: Connection, body: bytes) -> None:
        """A frame or a close from the owner for one of this process's clients."""
        if body[:1] == b"C":
            code, reason = body[1:].decode().split("\n", 1)
            connection.close(int(code), reason)
            return
        frame = body[1:]
        if frame.startswith(b'{"type":"welcome"'):
            welcome = orjson.loads(frame)
            connection.shaken = True
            connection.seat, connection.host = welcome.get("seat"), bool(welcome.get("host"))
            if welcome.get("token"):
                connection.hello = orjson.dumps(
                    {"type": "resume", "token": welcome["token"]}
                ).decode()
        connection.send(frame)

    # ------------------------------------------------------------------ on the owner

    def inbox(self, message: bytes) -> None:
        """A relayed client's frame (or its leaving), in the order its process sent them."""
        body = orjson.loads(message)
        cid = body["c"]
        viewer = self.remote.get(cid)
        if viewer is None:
            if "bye" in body:
                return
            viewer = self.remote[cid] = RemoteViewer(self.cluster, body["p"], cid)
            viewer.worker = asyncio.get_running_loop().create_task(self._serve(viewer))
        viewer.inbox.put_nowait(None if "bye" in body else body["t"])

    async def _serve(self, viewer: RemoteViewer) -> None:
        room = self.room
        while room is not None and room is self.room:
            text = await viewer.inbox.get()
            if text is None:
                self.remote.pop(viewer.cid, None)
                await room.leave(viewer)
                return
            await handle(room, viewer, text)

    # ------------------------------------------------------------------ the lease

    async def settle(self) -> None:
        """Learn who owns the room; take it if nobody does."""
        holder = await self.cluster.store.holder(self.code)
        if holder is None:
            await self.promote()
        else:
            self.token = holder

    async def promote(self, room: Room | None = None) -> bool:
        """Take the lease and run the room here (rebuilt from the log unless given).

        The inbox is subscribed to before the lease is taken: the other processes replay their
        clients' handshakes as soon as they see the new holder, and a message published before
        the subscription would be lost (Redis keeps none), leaving those players seatless.
        What arrives while the room is being rebuilt waits in `_early`.
        """
        store, cluster = self.cluster.store, self.cluster
        channel = f"{P}in:{self.code}"
        self._early = []
        await cluster.subscribe(channel)
        token = await store.acquire(self.code, cluster.lease_ms)
        if token is None:
            await self._give_up(channel)
            return False
        async with self._switch:
            if room is None:
                loaded = await store.load(self.code)
                if loaded is None:
                    await store.release(self.code)
                    await self._give_up(channel)
                    return False
                record, entries = loaded
                room = Room.restore(record, entries, cluster.settings, store, cluster.clock)
                log.info("room %s: taken over with lease %s", self.code, token)
            self.room, self.token = room, token
            cluster.add(room)
            early, self._early = self._early or [], None
            for message in early:
                self.inbox(message)
            await room.resume_clocks()
            for connection in list(self.local.values()):
                await self._replay(room, connection)
            self._shared = None
            await self.share_summary()
        return True

    async def _give_up(self, channel: str) -> None:
        self._early = None
        if self.room is None:
            await self.cluster.unsubscribe(channel)

    def delivered(self, message: bytes) -> None:
        """A message on this room's inbox: for the room if it runs here, kept if it is about
        to, dropped otherwise (this process no longer owns the room)."""
        if self.room is not None:
            self.inbox(message)
        elif self._early is not None:
            self._early.append(message)

    async def _replay(self, room: Room, connection: Connection) -> None:
        if connection.hello is None:
            return
        try:
            message = parse_client_message(room.game_class, connection.hello)
            await dispatch.handshake(room, connection, message)
            connection.shaken = True
        except UnreadableFrame:
            return
        except Exception as error:
            code = getattr(error, "code", "bad_message")
            connection.send(error_frame(code, str(error)))

    async def demote(self) -> None:
        """The lease is lost: stop the room here, hand this process's clients to the new owner."""
        async with self._switch:
            room = self.room
            if room is None:
                return
            log.warning("room %s: lease %s lost; the room is handed over", self.code, self.token)
            # A connection's seat may have changed since its handshake (a claim admitted it to
            # an away seat, with a new token): its place in the new owner's room is that seat.
            for connection in self.local.values():
                if connection.hello is not None:
                    self._remember(room, connection, connection.hello)
            self.room = None
            self.cluster.store.tokens.pop(self.code, None)
            self.cluster.discard(self.code)
            room.stop()
            for viewer in self.remote.values():
                if viewer.worker is not None:
                    viewer.worker.cancel()
            self.remote.clear()
            await self.cluster.unsubscribe(f"{P}in:{self.code}")
            self.token = None

    async def follow(self, holder: str) -> None:
        """The lease changed hands: replay this process's clients' handshakes to the new owner."""
        async with self._switch:
            self.token = holder
            for connection in list(self.local.values()):
                if connection.hello is not None:
                    self.cluster.publish(
                        f"{P}in:{self.code}", self._envelope(connection.id, connection.hello)
                    )

    async def watch(self) -> None:
        cluster, store = self.cluster, self.cluster.store
        every = cluster.lease_ms / 4000
        ticks = 0
        while True:
            await asyncio.sleep(every)
            ticks += 1
            try:
                if self.room is not None and self.token is not None:
                    if not await store.renew(self.code, self.token, cluster.lease_ms):
                        await self.demote()
                        continue
                    await self.share_summary()
                    if ticks % 4 == 0:
                        await self._forget_dead_processes()
                    continue
                holder = await store.holder(self.code)
                if holder is None:
                    await self.promote()
                elif holder != self.token:
                    await self.follow(holder)
                if self.room is None and not self.local:
                    cluster.links.pop(self.code, None)
                    return
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("room %s: watching the lease failed", self.code)

    async def share_summary(self) -> None:
        """On the owner: keep in Redis what only the owner knows of the room's public summary,
        who is connected and how many watch, for the other processes' `GET /api/rooms/{code}`;
        written again when the room changed (its seq) or its viewers did, at the lease's
        renewals (so up to a quarter of a lease late), living as long as the lease."""
        room = self.room
        if room is None:
            return
        mark = (room.seq, len(room.viewers))
        if mark == self._shared:
            return
        summary = room.summary()
        presence = {
            "players": [[p["name"], p["connected"]] for p in summary["players"]],
            "watchers": summary["watchers"],
        }
        await self.cluster.store.client.set(
            summary_key(self.code), orjson.dumps(presence), px=self.cluster.lease_ms
        )
        self._shared = mark

    async def _forget_dead_processes(self) -> None:
        """Relayed clients of a process that stopped beating have left."""
        room = self.room
        processes = {v.process for v in self.remote.values()}
        if room is None or not processes:
            return
        for process in processes:
            if not await self.cluster.store.client.exists(f"{P}proc:{process}"):
                for cid, viewer in list(self.remote.items()):
                    if viewer.process == process:
                        del self.remote[cid]
                        if viewer.worker is not None:
                            viewer.worker.cancel()
                        await room.leave(viewer)

    async def close(self) -> None:
        if self.watcher is not None:
            self.watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.watcher
        room = self.room
        if room is not None:
            room.stop()
            self.room = None
            self.cluster.discard(self.code)
            await self.cluster.store.release(self.code)


class RedisDirectory(Directory):
    """The room directory of processes sharing rooms through Redis: a room runs where its lease
    is held, and every other process relays its own clients to it (`SharedLink`)."""

    store: RedisStore

    def __init__(
        self, settings: ServerSettings, store: RedisStore, clock: Clock, lease_ms: int
    ) -> None:
        super().__init__(settings, store, clock)
        self.process = store.process
        self.lease_ms = lease_ms
        self.links: dict[str, SharedLink] = {}
        self.connections: dict[str, tuple[SharedLink, Connection]] = {}
        self.ids = itertools.count(1)
        self.outbox: asyncio.Queue[tuple[str, str | bytes]] = asyncio.Queue()
        self.pubsub = store.client.pubsub()
        self.tasks: list[asyncio.Task[None]] = []
        #: Looks for rooms whose owner died (`adopt_orphans`).
        self.adopter: asyncio.Task[None] | None = None
        #: Frames for relayed clients, by channel, until the end of this turn (`send_to`).
        self._outgoing: dict[str, list[tuple[bytes | None, list[str], bytes]]] = {}
        self._flush_armed = False
        self._claim = store.client.register_script(CLAIM)
        self._admit = store.client.register_script(ADMIT)
        self._left = store.client.register_script(LEFT)
        self._guess = store.client.register_script(GUESS)

    # ------------------------------------------------------------------ rooms

    async def link(self, code: str, address: str) -> SharedLink | None:
        """The link for a room any process may own; None (counted as a guess) if unknown."""
        await self.check_guesser(address)
        code = normalise_code(code)
        link = self.links.get(code)
        if link is not None:
            return link
        if not await self.exists(code):
            await self.guessed(address)
            return None
        link = self.links.get(code)
        if link is None:
            link = self.links[code] = SharedLink(self, code)
            await link.settle()
            link.watcher = asyncio.get_running_loop().create_task(link.watch())
        return link

    async def reopen(self, code: str) -> Room | None:
        """Never here: the room's lease decides where it is rebuilt (`link`)."""
        return None

    async def runs_elsewhere(self, code: str) -> bool:
        return await self.exists(code)

    async def record_elsewhere(self, code: str) -> RoomRecord | None:
        return await self.record(code)

    async def summary_elsewhere(self, code: str) -> dict[str, Any] | None:
        return await self.summary(code)

    async def view_elsewhere(self, code: str) -> dict[str, Any] | None:
        """Rebuilt here from the shared log, as `summary` is: the evening and the names are
        all in it (who is connected is not, and the recap does not need it)."""
        loaded = await self.store.load(code)
        if loaded is None:
            return None
        record, entries = loaded
        room = Room.restore(record, entries, self.settings, self.store, self.clock)
        return public_state(room)

    async def opened(self, room: Room) -> None:
        """A room just created here: this process owns it from the start."""
        await self.adopt(room)
        self.add(room)

    async def closed(self, room: Room) -> None:
        """The room was closed here (idle or pruned): nobody need run it until a client comes;
        its lease is given back and its creator's allowance freed on every process."""
        self.discard(room.code)
        await self.dropped(room.code)
        if room.record.creator:
            await self.unclaim(room.record.creator, room.code)

    async def adopt(self, room: Room) -> None:
        """A room just created here: this process owns it from the start."""
        link = self.links[room.code] = SharedLink(self, room.code)
        if not await link.promote(room):
            raise RuntimeError(f"room {room.code}: a new room's lease was taken")
        link.watcher = asyncio.get_running_loop().create_task(link.watch())

    async def dropped(self, code: str) -> None:
        """The room was closed here (idle): nobody need run it until a client comes (it leaves
        `open`, so that no process adopts it); give its lease back."""
        link = self.links.get(code)
        if link is not None and not link.local:
            await self.store.closed(code)
            self.links.pop(code, None)
            await link.close()

    async def adopt_orphans(self) -> int:
        """Take the rooms still open whose owner died (its lease ran out) or gave them back
        (it shut down), even with no client anywhere: their clocks and bots go on here, as
        after a restart. Each is taken by one process only (the lease decides). How many."""
        taken = 0
        for code in await self.store.orphans():
            if code in self.links:
                continue
            link = self.links[code] = SharedLink(self, code)
            try:
                await link.settle()
            except Exception:  # as at start-up: a damaged room stays in the store, unopened
                log.exception("room %s could not be adopted; it is left in the store", code)
                self.links.pop(code, None)
                await self.store.closed(code)
                continue
            if link.room is None:  # another process was quicker, or the room is gone
                self.links.pop(code, None)
                if not await self.exists(code):
                    await self.store.closed(code)
                continue
            link.watcher = asyncio.get_running_loop().create_task(link.watch())
            taken += 1
        return taken

    async def _adopt_forever(self) -> None:
        while True:
            await asyncio.sleep(self.lease_ms / 2000)
            try:
                await self.adopt_orphans()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("adopting rooms whose owner died failed")

    # ------------------------------------------------------------------ limits across processes

    async def claim(self, creator: str, code: str) -> bool:
        """Count a new room against its creator's allowance, shared by every process: False
        (nothing counted) when the address has `max_rooms_per_address` rooms open already."""
        limit = self.settings.max_rooms_per_address
        return bool(await self._claim(keys=[f"{P}created:{creator}"], args=[code, limit]))

    async def unclaim(self, creator: str, code: str) -> None:
        await self.store.client.srem(f"{P}created:{creator}", code)

    async def admit(self, code: str, address: str) -> None:
        """Counted here first (`Directory.admit`), then across every live process: refused
        when their connections to the room, or the address's, add up to the limit already."""
        await super().admit(code, address)
        settings = self.settings
        keys = [f"{P}conns:{code}", f"{P}conns_by:{address}"]
        args: list[str | int] = [
            self.process,
            f"{P}proc:",
            settings.max_connections_per_room,
            settings.max_connections_per_address,
        ]
        try:
            admitted = int(await self._admit(keys=keys, args=args))
        except BaseException:
            await super().left(code, address)
            raise
        if admitted != 1:
            await super().left(code, address)
            if admitted == 0:
                raise refuse("room_full", "This room has too many viewers.")
            raise refuse("rate_limited", "Too many connections.")

    async def left(self, code: str, address: str) -> None:
        await super().left(code, address)
        keys = [f"{P}conns:{code}", f"{P}conns_by:{address}"]
        with contextlib.suppress(Exception):  # Redis gone: the count goes with this process
            await self._left(keys=keys, args=[self.process])

    async def guesser_blocked_elsewhere(self, address: str) -> bool:
        """Whether `address` has spent its allowance of unknown codes on all the processes."""
        settings = self.settings
        args = [settings.room_guess_rate, settings.room_guess_burst, 0]
        return not await self._guess(keys=[f"{P}guesses:{address}"], args=args)

    async def guessed(self, address: str) -> None:
        await super().guessed(address)
        settings = self.settings
        args = [settings.room_guess_rate, settings.room_guess_burst, 1]
        await self._guess(keys=[f"{P}guesses:{address}"], args=args)

    async def record(self, code: str) -> RoomRecord | None:
        """A room's creation record (its game, say), whichever process runs it."""
        return await self.store.record(code)

    async def exists(self, code: str) -> bool:
        """Whether Redis holds the room (whichever process owns it, if any)."""
        return bool(await self.store.client.exists(f"{P}room:{code}"))

    async def summary(self, code: str) -> dict[str, Any] | None:
        """A room's public summary when another process owns it: rebuilt from the log (seats,
        phase, settings as of the last entry), with who is connected and how many watch as its
        owner shares them (`SharedLink.share_summary`); with no owner alive, nobody is."""
        shared = await self.store.client.get(summary_key(code))
        loaded = await self.store.load(code)
        if loaded is None:
            return None
        record, entries = loaded
        room = Room.restore(record, entries, self.settings, self.store, self.clock)
        summary = room.summary()
        if shared is not None:
            presence = orjson.loads(shared)
            for player, (name, connected) in zip(
                summary["players"], presence["players"], strict=False
            ):
                if player["name"] == name:
                    player["connected"] = connected
            summary["watchers"] = presence["watchers"]
        return summary

    # ------------------------------------------------------------------ Redis traffic

    def publish(self, channel: str, message: str | bytes) -> None:
        self.outbox.put_nowait((channel, message))

    def send_to(self, channel: str, cid: str, frame: bytes | None, other: bytes = b"") -> None:
        """A frame (or a close, `other`) for one relayed client, on its process's channel. A
        room sends the same frame object to each of its viewers in turn (a patch is encoded
        once): those bound for one process leave as one message naming all their clients,
        so a patch is published once per room and process, not once per relayed client.
        Everything on a channel keeps its order; the turn's messages leave at its end."""
        group = self._outgoing.setdefault(channel, [])
        if frame is not None and group and group[-1][0] is frame:
            group[-1][1].append(cid)
        else:
            group.append((frame, [cid], other))
        if not self._flush_armed:
            self._flush_armed = True
            asyncio.get_running_loop().call_soon(self._flush_outgoing)

    def _flush_outgoing(self) -> None:
        self._flush_armed = False
        outgoing, self._outgoing = self._outgoing, {}
        for channel, group in outgoing.items():
            for frame, cids, other in group:
                body = b"F" + frame if frame is not None else other
                self.publish(channel, " ".join(cids).encode() + b"\n" + body)

    async def subscribe(self, channel: str) -> None:
        await self.pubsub.subscribe(channel)

    async def unsubscribe(self, channel: str) -> None:
        await self.pubsub.unsubscribe(channel)

    async def _publish_forever(self) -> None:
        client = self.store.client
        while True:
            batch = [await self.outbox.get()]
            while not self.outbox.empty():
                batch.append(self.outbox.get_nowait())
            try:
                async with client.pipeline(transaction=False) as pipe:
                    for channel, message in batch:
                        pipe.publish(channel, message)
                    await pipe.execute()
            except Exception:
                log.exception("publishing %d messages failed", len(batch))

    async def _listen_forever(self) -> None:
        mine = f"{P}out:{self.process}".encode()
        inbox = f"{P}in:".encode()
        while True:
            try:
                message = await self.pubsub.get_message(ignore_subscribe_messages=True, timeout=1)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("reading from Redis failed")
                await asyncio.sleep(0.5)
                continue
            if message is None:
                continue
            channel, data = message["channel"], message["data"]
            try:
                if channel == mine:
                    cids, body = data.split(b"\n", 1)
                    for cid in cids.split(b" "):
                        found = self.connections.get(cid.decode())
                        if found is not None:
                            found[0].relayed(found[1], body)
                elif channel.startswith(inbox):
                    link = self.links.get(channel[len(inbox) :].decode())
                    if link is not None:
                        link.delivered(data)
            except Exception:
                log.exception("a message from Redis could not be handled")

    async def _beat_forever(self) -> None:
        key = f"{P}proc:{self.process}"
        while True:
            with contextlib.suppress(Exception):
                await self.store.client.set(key, "1", px=self.lease_ms)
            await asyncio.sleep(self.lease_ms / 4000)

    async def start(self, restore_all: Callable[[], Awaitable[int]] | None = None) -> int:
        """Start relaying and beating; no room is rebuilt now: each is, by whichever process
        takes its lease, when a client comes for it or its owner dies (`adopt_orphans`)."""
        await self.warn_unless_durable()
        await self.store.client.set(f"{P}proc:{self.process}", "1", px=self.lease_ms)
        await self.subscribe(f"{P}out:{self.process}")
        loop = asyncio.get_running_loop()
        for job in (self._publish_forever, self._listen_forever, self._beat_forever):
            self.tasks.append(loop.create_task(job()))
        self.adopter = loop.create_task(self._adopt_forever())
        return 0

    async def warn_unless_durable(self) -> bool:
        """Say at start-up when Redis keeps no append-only file: every accepted action is then
        lost with Redis itself (docs/scaling.md, "Durability"). False when it warned."""
        try:
            found = await self.store.client.config_get("appendonly")
        except Exception:  # CONFIG is often renamed or refused by hosted Redis services
            log.info("Redis's appendonly setting could not be read; make sure it is yes")
            return True
        values = {as_text(k): as_text(v) for k, v in found.items()}
        if values.get("appendonly") == "yes":
            return True
        log.warning(
            "Redis runs without appendonly: the rooms and every accepted action are lost if "
            "Redis itself stops; run it with appendonly yes (docs/scaling.md, Durability)"
        )
        return False

    async def close(self) -> None:
        """Stop the rooms owned here and give their leases back, so another process takes them
        over at once."""
        if self.adopter is not None:  # adopting no more: the rooms given back are for others
            self.adopter.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.adopter
        for link in list(self.links.values()):
            await link.close()
        self.links.clear()
        for _ in range(100):  # let the last frames and handovers out, for a second at most
            if self.outbox.empty():
                break
            await asyncio.sleep(0.01)
        for task in self.tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        with contextlib.suppress(Exception):
            await self.pubsub.aclose()  # type: ignore[no-untyped-call, unused-ignore]  # typed in newer redis
