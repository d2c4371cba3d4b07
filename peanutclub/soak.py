"""`peanutclub soak --game NAME`: many rooms of bots play whole games back to back against one
server process for a bounded time, while their connections drop and resume at random. Then it
checks the books.

Each room seats as many players as the game allows (3 to 6 for Peanut Club), each a client over a
real WebSocket driven by one of the game's bots (Peanut Club: easy, normal, hard, powers
included), deciding from its own view as a person would; a `patch` brings that view up to date by
the game's own rule. The host's client asks for a rematch and a new start after every game. Every
so often a client drops its connection without warning and comes back a moment later with
`resume`. What is the game's (its pace, when a bot acts, which patch shows an action applied)
its class declares (`tools.soak`, a `core.game.SoakPlan`; Peanut Club keeps it in
`peanutclub/games/peanut_club/bench.py`). `--game mixed` (or several ids separated by commas)
deals the rooms among the games in turn: one server hosts the three games at once.

What it reports:
- games completed and actions acknowledged (a `state` carrying the action's `ref`, or the `patch`
  that shows the bid or the call), rule refusals (races, stale views) apart from errors;
- unexpected errors (must be 0): error codes that are not rule refusals, connections that fail,
  gaps in `seq` on a live connection, a room whose game stops moving;
- actions lost (must be 0): every acknowledged action is looked up in the room's log in the
  server's SQLite file after the run, and every game of every log is replayed through the game;
- latency (send to acknowledgement) p50/p99 in time windows, and the server's resident memory at
  the start, the middle and the end of the run, with its slope over the second half (MiB a
  minute, a least-squares line through the samples).

The server runs in a child process (`peanutclub serve --dev` on a fresh SQLite file), so the
memory figures are the server's alone.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection, connect

from peanutclub.core import Game, RuleError, replay
from peanutclub.core.game import SoakPlan
from peanutclub.games import DEFAULT_GAME, GAMES, find_game, refusal_codes

LIMITS = {
    "PEANUTCLUB_MAX_CONNECTIONS_PER_ADDRESS": "100000",
    "PEANUTCLUB_MAX_ROOMS_PER_ADDRESS": "100000",
    "PEANUTCLUB_MAX_ROOMS": "100000",
}
#: Events that do not move a game on.
QUIET = frozenset({"player_away", "player_back", "seat_to_bot", "seat_to_player"})
#: A game that has not changed for this long (seconds) counts as stalled: an unexpected error.
STALL = 30.0


#: `--game mixed`: every game the server hosts, rooms dealt among them in turn.
MIXED = "mixed"


def games_named(name: str) -> list[str]:
    """The games a `--game` value names: one id, several separated by commas, or `mixed`."""
    ids = list(GAMES) if name == MIXED else [g.strip() for g in name.split(",") if g.strip()]
    for game_id in ids:
        find_game(game_id)  # unknown_game
    if not ids:
        raise ValueError("name at least one game")
    return ids


def soak_rules(game_id: str) -> SoakPlan:
    """What a game's soak players do (its pace, its phases, its messages, its acknowledgements),
    as its class declares."""
    return find_game(game_id).tools.soak()


#: What the room adds to an action as it arrives (a game's `arrived`: Peanuts! keeps the
#: arrival time of a move to a foundation): not part of what the client sent.
ROOM_STAMPS = ("at",)


def canonical(action: dict[str, Any]) -> bytes:
    """An action as its sender made it, whether read from what was sent or from the log."""
    if any(k in action for k in ROOM_STAMPS):
        action = {k: v for k, v in action.items() if k not in ROOM_STAMPS}
    return orjson.dumps(action, option=orjson.OPT_SORT_KEYS)


@dataclass
class Totals:
    started: float = field(default_factory=time.monotonic)
    games: int = 0
    #: game id -> games completed
    games_by: Counter[str] = field(default_factory=Counter)
    #: game id -> actions acknowledged
    acknowledged_by: Counter[str] = field(default_factory=Counter)
    acknowledged: int = 0
    refusals: Counter[str] = field(default_factory=Counter)
    unexpected: Counter[str] = field(default_factory=Counter)
    drops: int = 0
    resumes: int = 0
    #: (seconds since the start, latency in seconds)
    latencies: list[tuple[float, float]] = field(default_factory=list)
    #: room code -> canonical action -> times acknowledged
    acked: dict[str, Counter[bytes]] = field(default_factory=dict)
    #: room code -> (seq of the acknowledging frame, action), to find an action in the log
    ack_seqs: dict[str, list[tuple[int, dict[str, Any]]]] = field(default_factory=dict)
    #: (seconds since the start, how late the clients' own event loop woke up, in seconds)
    lag: list[tuple[float, float]] = field(default_factory=list)
    #: (seconds since the start, resident memory of the server in KiB)
    memory: list[tuple[float, int]] = field(default_factory=list)

    def now(self) -> float:
        return time.monotonic() - self.started


@dataclass
class Sent:
    action: dict[str, Any]
    at: float


class SoakPlayer:
    """One seat: a connection that comes and goes, a bot that decides from this seat's view."""

    def __init__(self, table: SoakRoom, seat: int, level: str, rng: random.Random) -> None:
        self.table = table
        self.seat = seat
        self.level = level
        self.rng = rng
        self.ws: ClientConnection | None = None
        self.token: str | None = None
        self.view: dict[str, Any] | None = None
        self.seq = -1
        self.pending: dict[str, Sent] = {}
        self.refs = 0
        self.bot = table.game.bots[level](seat, rng.randrange(1 << 30))
        self.online = asyncio.Event()

    @property
    def totals(self) -> Totals:
        return self.table.totals

    async def connect(self, first: dict[str, Any]) -> None:
        ws = await connect(f"{self.table.ws_base}/ws/{self.table.code}", max_size=2**22)
        await ws.send(orjson.dumps(first).decode())
        welcome = orjson.loads(await ws.recv())
        if welcome["type"] != "welcome":
            raise RuntimeError(f"handshake refused: {welcome}")
        self.ws, self.token, self.seq = ws, welcome["token"], welcome["seq"]
        self.view = welcome["state"]
        self.pending.clear()  # the fate of anything in flight is unknown: not counted either way
        self.online.set()
        if self.seat == 0 and self.table.players:
            self.table.on_host_state(welcome)
        asyncio.get_running_loop().create_task(self.read(ws))

    async def read(self, ws: ClientConnection) -> None:
        try:
            async for raw in ws:
                if ws is not self.ws:
                    return  # frames still buffered on a connection this client dropped
                self.receive(orjson.loads(raw))
        except Exception as error:  # a drop we did not ask for
            if ws is self.ws:
                self.totals.unexpected[f"connection: {type(error).__name__}"] += 1
        if ws is self.ws and not self.table.stopping:
            self.totals.unexpected["connection closed by the server"] += 1
            self.online.clear()

    def receive(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        now = time.monotonic()
        if kind in ("state", "patch"):
            seq = message["seq"]
            allowed = (self.seq + 1,) if kind == "patch" else (self.seq, self.seq + 1)
            if seq not in allowed:
                self.totals.unexpected["seq gap"] += 1
            self.seq = seq
            if kind == "patch" or any(e["type"] not in QUIET for e in message["events"]):
                self.table.moved = now
        rules = self.table.rules
        if kind == "state":
            self.view = message["state"]
            ref = message.get("ref")
            if ref in self.pending:
                self.acknowledge(ref, now, message["seq"])
            if self.seat == 0:
                self.table.on_host_state(message)
        elif kind == "patch":
            if self.view is not None:
                self.view = rules.apply_patch(self.view, message)
            for event in message["events"]:
                # One event acknowledges one action: the oldest that it matches (the same bid
                # sent twice is applied once; the copy is refused).
                ref = next(
                    (
                        r
                        for r, sent in self.pending.items()
                        if rules.acknowledges(sent.action, event, self.seat)
                    ),
                    None,
                )
                if ref is not None:
                    self.acknowledge(ref, now, message["seq"])
        elif kind == "error":
            code = message["code"]
            self.pending.pop(str(message.get("ref")), None)
            if code in self.table.refusals:
                self.totals.refusals[code] += 1
            else:
                self.totals.unexpected[f"error {code}"] += 1

    def acknowledge(self, ref: str, now: float, seq: int) -> None:
        sent = self.pending.pop(ref)
        self.totals.ack_seqs.setdefault(self.table.code, []).append((seq, sent.action))
        self.totals.acknowledged += 1
        self.totals.acknowledged_by[self.table.game.id] += 1
        self.totals.latencies.append((self.totals.now(), now - sent.at))
        acked = self.totals.acked.setdefault(self.table.code, Counter())
        acked[canonical(sent.action)] += 1

    async def send(self, message: dict[str, Any], action: dict[str, Any] | None = None) -> None:
        ws = self.ws
        if ws is None:
            return
        if action is not None:
            self.refs += 1
            ref = f"{self.seat}.{self.refs}"
            message = {**message, "ref": ref}
            self.pending[ref] = Sent(action, time.monotonic())
        with contextlib.suppress(Exception):  # a drop shows up in `read`
            await ws.send(orjson.dumps(message).decode())

    async def act_forever(self, drop_every: float) -> None:
        while not self.table.stopping:
            await asyncio.sleep(self.rng.uniform(0.1, 0.4))
            if self.table.stopping:
                return
            if drop_every and self.rng.random() < 0.25 / drop_every:
                await self.drop_and_resume()
                continue
            await self.online.wait()
            rules = self.table.rules
            view = self.view
            if view is None or view["phase"] not in rules.phases:
                continue
            try:
                action = self.bot.decide(view)
            except Exception as error:  # a bot that cannot read a view: a client bug
                self.totals.unexpected[f"bot: {type(error).__name__}: {error}"[:100]] += 1
                continue
            if action is None:  # the bot waits: a player may still move the table on
                logged = rules.nudge(view, self.seat, self.rng)
            else:
                logged = rules.message(action, self.seat)
            if logged is not None:
                await self.send(rules.client_message(logged), logged)

    async def drop_and_resume(self) -> None:
        ws, self.ws = self.ws, None
        self.online.clear()
        self.totals.drops += 1
        if ws is not None:
            with contextlib.suppress(Exception):
                await ws.close()
        await asyncio.sleep(self.rng.uniform(0.05, 1.0))
        if self.table.stopping:
            return
        try:
            await self.connect({"type": "resume", "token": self.token})
            self.totals.resumes += 1
        except Exception as error:
            self.totals.unexpected[f"resume failed: {error}"[:80]] += 1


class SoakRoom:
    """One table: created over HTTP, seated, then games back to back until told to stop."""

    def __init__(
        self,
        base: str,
        totals: Totals,
        number: int,
        rng: random.Random,
        game_id: str = DEFAULT_GAME,
    ) -> None:
        self.game = find_game(game_id)
        self.rules = soak_rules(game_id)
        self.refusals = refusal_codes(self.game)
        self.base = base
        self.ws_base = base.replace("http", "ws", 1)
        self.totals = totals
        self.rng = rng
        low, high = self.game.players.start, self.game.players.stop - 1
        self.size = low + number % (high - low + 1)
        self.code = ""
        self.host_token = ""
        self.players: list[SoakPlayer] = []
        self.stopping = False
        self.moved = time.monotonic()
        self.phase = "lobby"

    async def open(self) -> None:
        request = urllib.request.Request(
            f"{self.base}/api/rooms",
            data=orjson.dumps({"game": self.game.id, **self.rules.pace}),
            headers={"content-type": "application/json"},
        )
        room = await asyncio.to_thread(lambda: orjson.loads(urllib.request.urlopen(request).read()))
        self.code, self.host_token = room["code"], room["host_token"]
        levels = tuple(self.game.bots)
        for seat in range(self.size):
            level = levels[seat % len(levels)]
            player = SoakPlayer(self, seat, level, random.Random(self.rng.random()))
            first: dict[str, Any] = {"type": "join", "name": f"P{seat}"}
            if seat == 0:
                first["host_token"] = self.host_token
            await player.connect(first)
            self.players.append(player)

    def on_host_state(self, message: dict[str, Any]) -> None:
        phase = message["state"]["phase"]
        if phase == "over" and self.phase != "over":
            self.totals.games += 1
            self.totals.games_by[self.game.id] += 1
            asyncio.get_running_loop().create_task(self.players[0].send({"type": "rematch"}))
        elif phase == "lobby" and self.phase != "lobby":
            asyncio.get_running_loop().create_task(self.players[0].send({"type": "start"}))
        self.phase = phase

    async def run(self, until: float, drop_every: float) -> None:
        await self.players[0].send({"type": "start"})
        tasks = [asyncio.create_task(p.act_forever(drop_every)) for p in self.players]
        while time.monotonic() < until:
            await asyncio.sleep(1.0)
            if self.players[0].online.is_set() and self.phase in ("lobby", "over"):
                # a start or a rematch lost to a drop of the host's connection
                kind = "start" if self.phase == "lobby" else "rematch"
                await self.players[0].send({"type": kind})
            if time.monotonic() - self.moved > STALL:
                self.totals.unexpected["a game stopped moving"] += 1
                self.moved = time.monotonic()
        self.stopping = True
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for player in self.players:
            if player.ws is not None:
                with contextlib.suppress(Exception):
                    await player.ws.close()


def resident_kib(pid: int) -> int:
    """The resident memory of a process (Linux), in KiB; 0 when it cannot be read."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


async def sample_memory(pid: int, totals: Totals, every: float, until: float) -> None:
    while time.monotonic() < until:
        totals.memory.append((totals.now(), resident_kib(pid)))
        await asyncio.sleep(every)
    totals.memory.append((totals.now(), resident_kib(pid)))


async def sample_lag(totals: Totals, until: float, every: float = 0.1) -> None:
    """How late the clients' event loop runs: latencies include this, the server's part does not."""
    loop = asyncio.get_running_loop()
    while time.monotonic() < until:
        start = loop.time()
        await asyncio.sleep(every)
        totals.lag.append((totals.now(), loop.time() - start - every))


async def soak(
    base: str,
    pid: int,
    rooms: int,
    seconds: float,
    drop_every: float,
    seed: int = 1,
    game_id: str = DEFAULT_GAME,
) -> Totals:
    """Run the rooms for `seconds`; `drop_every`: mean seconds between drops of one client.
    `game_id` may name several games (`games_named`): the rooms are dealt among them in turn."""
    totals = Totals()
    rng = random.Random(seed)
    ids = games_named(game_id)
    tables = [
        SoakRoom(base, totals, i // len(ids), random.Random(rng.random()), ids[i % len(ids)])
        for i in range(rooms)
    ]
    for start in range(0, rooms, 20):
        await asyncio.gather(*(t.open() for t in tables[start : start + 20]))
    totals.started = time.monotonic()
    until = totals.started + seconds
    sampler = asyncio.create_task(sample_memory(pid, totals, max(1.0, seconds / 60), until))
    lag = asyncio.create_task(sample_lag(totals, until))
    await asyncio.gather(*(t.run(until, drop_every) for t in tables))
    await sampler
    await lag
    return totals


# --------------------------------------------------------------------------- the books


@dataclass
class Books:
    rooms: int = 0
    logged_actions: int = 0
    games_replayed: int = 0
    games_over_in_log: int = 0
    lost: int = 0
    missing: list[str] = field(default_factory=list)
    replay_failures: list[str] = field(default_factory=list)


async def check_books(db: Path, totals: Totals) -> Books:
    """Every acknowledged action is in its room's log; every logged game replays."""
    from peanutclub.server.sqlite_store import SqliteStore
    from peanutclub.server.store import games_in_log

    store = await SqliteStore.open(db)
    books = Books()
    try:
        for code, acked in totals.acked.items():
            loaded = await store.load(code)
            if loaded is None:
                books.lost += sum(acked.values())
                continue
            books.rooms += 1
            games = games_in_log(loaded[1])
            logged = Counter(canonical(a) for _, _, actions in games for a in actions)
            books.logged_actions += logged.total()
            missing = acked - logged
            books.lost += sum(missing.values())
            books.missing.extend(f"{code}: {m.decode()}" for m in missing)
            record = loaded[0]
            cls = find_game(record.game)
            for players, seed, actions in games:
                try:
                    settings = cls.Settings.model_validate(record.settings)
                    game: Game = replay(
                        cls, players, seed, settings, [cls.action_from_dict(a) for a in actions]
                    )
                except (RuleError, ValueError, KeyError) as error:
                    books.replay_failures.append(f"{code}: {error}")
                    continue
                books.games_replayed += 1
                books.games_over_in_log += game.over
    finally:
        await store.close()
    return books


# --------------------------------------------------------------------------- server and report


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def soak_server(db: Path, log: Path) -> Iterator[tuple[str, int]]:
    """`peanutclub serve --dev` in a child process on a fresh SQLite file."""
    port = free_port()
    env = {**os.environ, **LIMITS, "PEANUTCLUB_STORE": "sqlite"}  # the books are read from it
    command = [
        *(sys.executable, "-m", "peanutclub", "serve", "--dev"),
        *("--port", str(port), "--db", str(db)),
    ]
    with open(log, "wb") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(400):
            if process.poll() is not None:
                raise RuntimeError(f"the server exited with code {process.returncode}")
            try:
                urllib.request.urlopen(f"{base}/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.05)
        yield base, process.pid
        if process.poll() is not None:
            raise RuntimeError(f"the server died during the soak (code {process.returncode})")
    finally:
        process.terminate()
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def windows(totals: Totals, seconds: float, count: int = 10) -> list[tuple[float, ...]]:
    """(window end in s, p50 ms, p99 ms, acknowledgements, client loop lag p50 ms, p99 ms) for
    `count` equal windows."""
    width = seconds / count
    rows: list[tuple[float, ...]] = []
    for i in range(count):
        values = [lat for at, lat in totals.latencies if i * width <= at < (i + 1) * width]
        lags = [lag for at, lag in totals.lag if i * width <= at < (i + 1) * width]
        rows.append(
            (
                (i + 1) * width,
                percentile(values, 0.5) * 1000,
                percentile(values, 0.99) * 1000,
                len(values),
                percentile(lags, 0.5) * 1000,
                percentile(lags, 0.99) * 1000,
            )
        )
    return rows


def memory_points(totals: Totals) -> dict[str, int]:
    samples = totals.memory
    if not samples:
        return {"start": 0, "middle": 0, "end": 0}
    return {
        "start": samples[0][1],
        "middle": samples[len(samples) // 2][1],
        "end": samples[-1][1],
    }


def memory_slope(totals: Totals) -> float:
    """The server's memory trend over the second half of the run, in MiB a minute: the slope of
    the least-squares line through the samples taken from the middle on (0 with fewer than
    two)."""
    if not totals.memory:
        return 0.0
    half = totals.memory[-1][0] / 2
    points = [(t / 60, kib / 1024) for t, kib in totals.memory if t >= half]
    if len(points) < 2:
        return 0.0
    mean_t = sum(t for t, _ in points) / len(points)
    mean_m = sum(m for _, m in points) / len(points)
    spread = sum((t - mean_t) ** 2 for t, _ in points)
    if spread == 0:
        return 0.0
    return sum((t - mean_t) * (m - mean_m) for t, m in points) / spread


@dataclass
class Outcome:
    totals: Totals
    books: Books
    seconds: float
    rooms: int
    game: str = DEFAULT_GAME

    @property
    def unexpected(self) -> int:
        return sum(self.totals.unexpected.values()) + len(self.books.replay_failures)

    def report(self) -> str:
        t, b = self.totals, self.books
        memory = memory_points(t)
        lines = [
            f"soak: {self.rooms} rooms of {self.game} for {self.seconds:.0f} s"
            " against one server process",
            f"games completed: {t.games} (games over in the logs: {b.games_over_in_log})"
            f" {dict(t.games_by)}",
            f"actions acknowledged: {t.acknowledged} {dict(t.acknowledged_by)};"
            f" actions in the logs: {b.logged_actions}",
            f"rule refusals: {sum(t.refusals.values())} {dict(t.refusals.most_common())}",
            f"drops: {t.drops}, resumes: {t.resumes}",
            f"unexpected errors: {self.unexpected} {dict(t.unexpected)} {b.replay_failures[:3]}",
            f"actions lost: {b.lost} {b.missing[:3]}; games replayed: {b.games_replayed}",
            "latency (send to acknowledgement, as the clients see it) by window:",
        ]
        for end, p50, p99, n, lag50, lag99 in windows(t, self.seconds):
            lines.append(
                f"  to {end:6.0f} s: p50 {p50:7.1f} ms  p99 {p99:7.1f} ms  ({n:.0f} acks); "
                f"clients' own loop lag p50 {lag50:6.1f} ms  p99 {lag99:6.1f} ms"
            )
        lines.append(
            "server memory (RSS): "
            f"start {memory['start'] / 1024:.1f} MiB, middle {memory['middle'] / 1024:.1f} MiB, "
            f"end {memory['end'] / 1024:.1f} MiB; over the second half "
            f"{memory_slope(t):+.2f} MiB/min"
        )
        lines.append(
            "  samples (s: MiB): "
            + ", ".join(
                f"{at:.0f}: {kib / 1024:.1f}"
                for at, kib in t.memory[:: max(1, len(t.memory) // 12)]
            )
        )
        return "\n".join(lines)


def run_soak(
    rooms: int, seconds: float, drop_every: float, workdir: Path, game_id: str = DEFAULT_GAME
) -> Outcome:
    """Start a server, soak it, stop it, check the books. Blocking; runs its own event loop."""
    db, log = workdir / "soak.db", workdir / "server.log"
    with soak_server(db, log) as (base, pid):
        totals = _run(soak(base, pid, rooms, seconds, drop_every, game_id=game_id))
    books = _run(check_books(db, totals))
    for line in log.read_text(errors="replace").splitlines():
        if "Traceback" in line or line.startswith(("ERROR", "CRITICAL")):
            totals.unexpected[f"server log: {line}"[:100]] += 1
    return Outcome(totals, books, seconds, rooms, game_id)


def _run(coroutine: Any) -> Any:
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coroutine)
    return uvloop.run(coroutine)


def main(args: argparse.Namespace) -> int:
    try:
        for game_id in games_named(args.game):
            soak_rules(game_id)
    except (ValueError, RuleError) as error:
        raise SystemExit(f"peanutclub soak: --game {args.game}: {error}") from None
    seconds = args.seconds if args.seconds is not None else args.minutes * 60
    with tempfile.TemporaryDirectory() as workdir:
        outcome = run_soak(args.rooms, seconds, args.drop_every, Path(workdir), args.game)
    print(outcome.report(), flush=True)
    if args.json:
        t = outcome.totals
        Path(args.json).write_bytes(
            orjson.dumps(
                {
                    "rooms": outcome.rooms,
                    "seconds": outcome.seconds,
                    "game": outcome.game,
                    "games": t.games,
                    "games_by": dict(t.games_by),
                    "acknowledged": t.acknowledged,
                    "acknowledged_by": dict(t.acknowledged_by),
                    "refusals": dict(t.refusals),
                    "unexpected": dict(t.unexpected),
                    "lost": outcome.books.lost,
                    "memory_slope_mib_per_minute": memory_slope(t),
                    "windows": windows(t, outcome.seconds),
                    "memory_kib": t.memory,
                },
                option=orjson.OPT_INDENT_2,
            )
        )
    return 0 if outcome.unexpected == 0 and outcome.books.lost == 0 else 1


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "soak", help="rooms of bots play whole games for a while; check nothing is lost"
    )
    parser.add_argument(
        "--game",
        default=DEFAULT_GAME,
        help=f"the game the rooms play: one of {', '.join(GAMES)}, several separated by commas, "
        f"or {MIXED} (every game, rooms dealt among them in turn); default {DEFAULT_GAME}",
    )
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seconds", type=float, help="run this many seconds (overrides --minutes)")
    parser.add_argument(
        "--drop-every",
        type=float,
        default=30.0,
        help="mean seconds between two drops of one client (0: never drop)",
    )
    parser.add_argument("--json", help="also write the figures to this file")
    parser.set_defaults(func=main)
