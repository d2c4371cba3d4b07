"""The embedded default store: one SQLite file in WAL mode.

Why this shape: every accepted action must survive a crash of the process (SIGKILL) before anyone
hears of it, but a disk sync per bid would make bids wait on the disk. In WAL mode with
`synchronous=NORMAL` a committed transaction survives a process crash without a sync (only a power
loss can take the last commits back; `synchronous=FULL` is the setting for that).

Where the log is written: with `synchronous=NORMAL` a commit only hands a page or two to the
operating system, so commits run on the event loop: the appends of one turn of the loop, from every
room, in one transaction at the end of that turn (`append`): on a worker thread each commit would
wait for the interpreter's lock to come back from the busy loop, and that wait would set the bids'
p99 (docs/performance.md). A finished game's export and a new room, both one short write, are
written on the loop too. What may take long stays on the worker thread: checkpoints (which sync
the file; SQLite's automatic ones are off and the store runs them there), reads, retention, and,
with `synchronous=FULL`, every commit, since each one syncs the disk: there the appends that
arrive while a commit runs are grouped into the next one.
"""

from __future__ import annotations

import asyncio
import functools
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Collection
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import orjson

from peanutclub.server.store import FIRST_GAME, GameInfo, Loaded, LogEntry, RoomRecord

T = TypeVar("T")
#: An append waiting for its commit: the room, the entry, and the future its caller awaits.
Pending = tuple[str, LogEntry, asyncio.Future[None]]

#: Each migration takes the schema from version i to i + 1. Never edit one that has shipped:
#: add a new one, so that every older file upgrades along the same path.
MIGRATIONS: tuple[str, ...] = (
    # 1: rooms and their logs
    """
    CREATE TABLE rooms (
        code TEXT PRIMARY KEY,
        host_token TEXT NOT NULL,
        created REAL NOT NULL,
        settings TEXT NOT NULL,
        creator TEXT NOT NULL DEFAULT '',
        fixed_seed INTEGER
    );
    CREATE TABLE log (
        code TEXT NOT NULL REFERENCES rooms(code) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (code, seq)
    ) WITHOUT ROWID;
    """,
    # 2: when each room last changed (for retention), and finished games kept for their history
    """
    ALTER TABLE rooms ADD COLUMN updated REAL NOT NULL DEFAULT 0;
    UPDATE rooms SET updated = created;
    CREATE INDEX rooms_updated ON rooms(updated);
    CREATE TABLE games (
        id TEXT PRIMARY KEY,
        code TEXT NOT NULL,
        finished REAL NOT NULL,
        export TEXT NOT NULL
    );
    CREATE INDEX games_code ON games(code);
    CREATE INDEX games_finished ON games(finished);
    """,
    # 3: the log in the order it is written, a table with no key: a commit of bids from many
    #    rooms adds to the one page at the end of the table instead of writing a page in each
    #    room's part of a (code, seq) tree, and a checkpoint copies that page back, not one per
    #    room (docs/performance.md). The store keeps seqs in order itself.
    """
    CREATE TABLE log_in_order (
        code TEXT NOT NULL,
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL,
        data TEXT NOT NULL
    );
    INSERT INTO log_in_order (code, seq, kind, data)
        SELECT code, seq, kind, data FROM log ORDER BY code, seq;
    DROP TABLE log;
    ALTER TABLE log_in_order RENAME TO log;
    """,
    # 4: the game each room plays and each kept game was; every room and game before it was
    #    Peanut Club's
    """
    ALTER TABLE rooms ADD COLUMN game TEXT NOT NULL DEFAULT 'peanut-club';
    ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'peanut-club';
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)

#: A checkpoint after this many commits, or bytes of entries, whichever comes first. Commits
#: that arrive while a checkpoint holds the file wait for it, and it lasts as long as the pages
#: it copies back, so checkpoints come often and short (docs/performance.md).
CHECKPOINT_COMMITS = 50
CHECKPOINT_BYTES = 4 * 1024 * 1024
INSERT_LOG = "INSERT INTO log (code, seq, kind, data) VALUES (?, ?, ?, ?)"
SELECT_ROOMS = "SELECT code, host_token, created, settings, creator, fixed_seed, game FROM rooms"
#: A room's `updated` time (what retention reads, in days) is written at most this often (s):
#: rewriting it, and its index, with every bid doubled the pages each commit wrote.
TOUCH_EVERY = 60.0


class StoreError(RuntimeError):
    """The database cannot be used (corrupt, locked, newer than this program, not writable)."""


def migrate(conn: sqlite3.Connection) -> int:
    """Bring a database up to `SCHEMA_VERSION`; returns the version it had before.

    `conn` must be in autocommit mode. Each migration runs in its own transaction together with
    the version bump, so a failure leaves the file at the last version that completed.
    """
    conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    row = conn.execute("SELECT version FROM schema_version").fetchone()
    if row is None:
        conn.execute("INSERT INTO schema_version VALUES (0)")
        before = 0
    else:
        before = int(row[0])
    if before > SCHEMA_VERSION:
        raise StoreError(
            f"the database has schema version {before}, newer than this program's "
            f"{SCHEMA_VERSION}: upgrade Peanut Club or use another --db file"
        )
    for version in range(before, SCHEMA_VERSION):
        try:
            conn.executescript(
                f"BEGIN IMMEDIATE; {MIGRATIONS[version]}; "
                f"UPDATE schema_version SET version = {version + 1}; COMMIT;"
            )
        except sqlite3.Error:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    return before


def open_database(path: str | Path, *, synchronous: str = "NORMAL") -> sqlite3.Connection:
    """Open (creating if needed) and migrate the file, or raise `StoreError` saying why not."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=2.0)
    except (OSError, sqlite3.Error) as exc:
        raise StoreError(f"cannot open the database {path}: {exc}") from None
    try:
        # One server per file: the exclusive lock is taken now and held until the connection
        # closes (the OS drops it if the process dies), so a second server is told at start-up.
        conn.execute("PRAGMA locking_mode=EXCLUSIVE")
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute(f"PRAGMA synchronous={'FULL' if synchronous.upper() == 'FULL' else 'NORMAL'}")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA wal_autocheckpoint=0")  # the store checkpoints off the event loop
        conn.execute("BEGIN EXCLUSIVE")
        conn.execute("COMMIT")
        ok = conn.execute("PRAGMA quick_check").fetchone()
        if ok is None or ok[0] != "ok":
            raise StoreError(f"the database {path} is damaged ({ok[0] if ok else 'no answer'})")
        migrate(conn)
    except sqlite3.DatabaseError as exc:
        conn.close()
        text = str(exc)
        if "locked" in text or "busy" in text:
            raise StoreError(
                f"the database {path} is locked by another process: is another server using it?"
            ) from None
        raise StoreError(
            f"the database {path} is not a usable Peanut Club database: {text}"
        ) from None
    except StoreError:
        conn.close()
        raise
    return conn


class SqliteStore:
    """A `Store` on one SQLite file. Create with `await SqliteStore.open(path)`."""

    def __init__(self, conn: sqlite3.Connection, path: Path, *, inline: bool = False) -> None:
        self.path = path
        self._conn = conn
        #: Commit log entries on the event loop (synchronous=NORMAL: no disk sync per commit).
        self._inline = inline
        self._checkpoint: asyncio.Task[None] | None = None
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        #: Appends waiting for the worker thread, and for the end of this turn of the loop.
        self._pending: list[Pending] = []
        self._batch: list[Pending] = []
        self._wake: asyncio.Event | None = None
        self._writer: asyncio.Task[None] | None = None
        self._lock = threading.Lock()
        #: How many commits carried how many entries: for benchmarks and the docs.
        self.commits = 0
        self.entries_written = 0
        self.checkpoints = 0
        #: Rooms whose `updated` was written in the current `TOUCH_EVERY` window, and its start.
        self._touched: set[str] = set()
        self._touch_window = 0.0
        #: The commit count at the last checkpoint, and the bytes of entries written since.
        self._checkpointed_at = 0
        self._bytes_since_checkpoint = 0
        #: Each room's last stored seq, as far as this store knows it (rooms it created or
        #: loaded; others are looked up once). The log has no key to refuse a repeated seq, or
        #: an entry for a room that is not in the file, so `_commit` refuses them with this.
        self._last_seq: dict[str, int] = {}

    @classmethod
    async def open(cls, path: str | Path, *, synchronous: str = "NORMAL") -> SqliteStore:
        loop = asyncio.get_running_loop()
        conn = await loop.run_in_executor(
            None, lambda: open_database(path, synchronous=synchronous)
        )
        return cls(conn, Path(path), inline=synchronous.upper() != "FULL")

    async def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        loop = asyncio.get_running_loop()

        def call() -> T:
            with self._lock:
                return fn(self._conn)

        return await loop.run_in_executor(self._thread, call)

    async def _write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """A short write: on the loop, without suspending, when commits need no disk sync and
        the file is free; on the worker thread otherwise."""
        if self._inline and self._lock.acquire(blocking=False):
            try:
                return fn(self._conn)
            finally:
                self._lock.release()
        return await self._run(fn)

    # ------------------------------------------------------------------ Store

    async def create_room(self, record: RoomRecord) -> None:
        def insert(conn: sqlite3.Connection) -> None:
            with _transaction(conn):
                conn.execute(
                    "INSERT INTO rooms (code, host_token, created, settings, creator, fixed_seed,"
                    " updated, game) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        record.code,
                        record.host_token,
                        record.created,
                        json.dumps(record.settings),
                        record.creator,
                        record.fixed_seed,
                        record.created,
                        record.game,
                    ),
                )
            self._last_seq[record.code] = 0

        try:
            await self._write(insert)
        except sqlite3.IntegrityError:
            raise KeyError(record.code) from None

    async def set_game(self, code: str, game: str) -> None:
        def update(conn: sqlite3.Connection) -> None:
            with _transaction(conn):
                conn.execute("UPDATE rooms SET game = ? WHERE code = ?", (game, code))

        await self._write(update)

    def append(self, code: str, entry: LogEntry) -> asyncio.Future[None]:
        """Durable once the future this returns is done: the caller tells nobody of the change
        before that.

        With `synchronous=NORMAL` the appends made in one turn of the event loop are committed
        together, on the loop, once the turn's other callbacks have run: one transaction for a
        turn's worth of bids from every room, where a commit per bid (about 25 microseconds
        under load) set how many bids one core carried. The callers wait that one turn. While a
        checkpoint holds the file, and with `synchronous=FULL` (a disk sync per commit), the
        worker thread commits them instead, with those that arrive meanwhile.

        A caller cancelled while it waits still has its entry committed, as with any write
        already under way; its room is being closed then (the room's lock is held for the whole
        of a change, so nothing else cancels a change half-way).
        """
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[None] = loop.create_future()
        if self._inline:
            self._batch.append((code, entry, waiter))
            if len(self._batch) == 1:
                loop.call_soon(self._commit_batch)
        else:
            self._to_thread([(code, entry, waiter)])
        return waiter

    def _commit_batch(self) -> None:
        """Commit the loop turn's appends, on the loop, unless a checkpoint holds the file."""
        batch, self._batch = self._batch, []
        if not self._lock.acquire(blocking=False):
            self._to_thread(batch)
            return
        try:
            outcomes = self._commit_each(batch, self._conn)
        except Exception as exc:  # a callback must settle every waiter, whatever happens
            outcomes = [exc] * len(batch)
        finally:
            self._lock.release()
        _settle(batch, outcomes)
        self._checkpoint_when_due()

    def _to_thread(self, batch: list[Pending]) -> None:
        self._pending.extend(batch)
        self._ensure_writer()
        assert self._wake is not None
        self._wake.set()

    def _commit_each(
        self, batch: list[Pending], conn: sqlite3.Connection
    ) -> list[Exception | None]:
        """Commit a batch in one transaction; if it fails, each entry alone, so that one bad
        entry (a seq that does not follow, or that the database cannot hold, or any other
        fault of its own) fails only its own room, never the other rooms in the batch."""
        try:
            self._commit([(c, e) for c, e, _ in batch], conn)
            return [None] * len(batch)
        except Exception as error:
            if len(batch) == 1:
                return [error]
        outcomes: list[Exception | None] = []
        for code, entry, _ in batch:
            try:
                self._commit([(code, entry)], conn)
                outcomes.append(None)
            except Exception as error:
                outcomes.append(error)
        return outcomes

    def _commit(self, entries: list[tuple[str, LogEntry]], conn: sqlite3.Connection) -> None:
        """One transaction: the entries, and the rooms' `updated` where it is due."""
        try:
            rows = [(c, e.seq, e.kind, _json(e.data)) for c, e in entries]
        except Exception as exc:
            raise StoreError(f"could not encode a log entry: {exc}") from exc
        try:
            following = self._following(entries, conn)
        except StoreError:
            raise
        except Exception as exc:  # a seq that is not a number, say
            raise StoreError(f"a log entry could not be placed: {exc}") from exc
        now = time.time()
        touched = self._to_touch(set(following), now)
        try:
            if len(rows) == 1 and not touched:
                # One statement is its own transaction (autocommit): no BEGIN and COMMIT to run,
                # a third less time on the loop for the commonest commit, a bid.
                conn.execute(INSERT_LOG, rows[0])
            else:
                _log_writer(rows, touched, now)(conn)
        except Exception as exc:
            self._touched.difference_update(touched)  # not written: due again on the next try
            raise StoreError(f"could not write to the database: {exc}") from exc
        self._last_seq.update(following)
        self.commits += 1
        self.entries_written += len(entries)
        self._bytes_since_checkpoint += sum(len(r[3]) for r in rows)

    def _following(
        self, entries: list[tuple[str, LogEntry]], conn: sqlite3.Connection
    ) -> dict[str, int]:
        """Each room's last seq once these entries are in, or `StoreError` if one of them does
        not follow its room's last entry (a repeated seq) or its room is not in the file."""
        following: dict[str, int] = {}
        for code, entry in entries:
            last = following.get(code)
            if last is None:
                last = self._last_seq.get(code)
            if last is None:
                last = _last_stored_seq(conn, code)
            if entry.seq <= last:
                raise StoreError(f"room {code}: entry {entry.seq} does not follow entry {last}")
            following[code] = entry.seq
        return following

    def _ensure_writer(self) -> None:
        if self._writer is None or self._writer.done():
            self._wake = asyncio.Event()
            self._writer = asyncio.create_task(self._write_forever(), name="sqlite-writer")

    async def _write_forever(self) -> None:
        assert self._wake is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._pending = self._pending, []
            if not batch:
                continue
            try:
                outcomes = await self._run(functools.partial(self._commit_each, batch))
            except Exception as exc:  # every waiter hears of the failure; nothing is acknowledged
                outcomes = [exc] * len(batch)
            _settle(batch, outcomes)
            self._checkpoint_when_due()

    def _to_touch(self, codes: set[str], now: float) -> list[str]:
        """The rooms of a commit whose `updated` is due to be written again."""
        if now - self._touch_window >= TOUCH_EVERY:
            self._touched.clear()
            self._touch_window = now
        due = sorted(codes - self._touched)
        self._touched.update(due)
        return due

    def _checkpoint_when_due(self) -> None:
        """Copy the write-ahead log back into the file on the worker thread, every
        `CHECKPOINT_COMMITS` commits (what SQLite would otherwise do inside a commit, on the
        loop). `RESTART`: the next commit writes the log from its start again, so the log file
        keeps its size and its blocks instead of growing, or being emptied and grown anew."""
        if (
            self.commits - self._checkpointed_at < CHECKPOINT_COMMITS
            and self._bytes_since_checkpoint < CHECKPOINT_BYTES
        ):
            return
        if self._checkpoint is not None and not self._checkpoint.done():
            return
        self._checkpointed_at, self._bytes_since_checkpoint = self.commits, 0
        self._checkpoint = asyncio.create_task(self._run_checkpoint(), name="sqlite-checkpoint")

    async def _run_checkpoint(self) -> None:
        await self._run(_checkpoint)
        self.checkpoints += 1

    async def load(self, code: str) -> Loaded | None:
        """One room. The log has no index: this reads the whole table, which is what restoring
        every room at start-up (`load_all`, one pass) and the tests need, not the hot path."""

        def read(conn: sqlite3.Connection) -> Loaded | None:
            row = conn.execute(SELECT_ROOMS + " WHERE code = ?", (code,)).fetchone()
            if row is None:
                return None
            rows = conn.execute(
                "SELECT seq, kind, data FROM log WHERE code = ? ORDER BY seq", (code,)
            )
            return self._loaded(_record(row), [LogEntry(s, k, json.loads(d)) for s, k, d in rows])

        return await self._run(read)

    async def load_all(self) -> list[Loaded]:
        """Every room, in the order they were created, read in one pass over the log."""

        def read(conn: sqlite3.Connection) -> list[Loaded]:
            records = [_record(row) for row in conn.execute(SELECT_ROOMS + " ORDER BY created")]
            logs: dict[str, list[LogEntry]] = {r.code: [] for r in records}
            for code, seq, kind, data in conn.execute("SELECT code, seq, kind, data FROM log"):
                log = logs.get(code)
                if log is not None:
                    log.append(LogEntry(seq, kind, json.loads(data)))
            for log in logs.values():
                log.sort(key=_seq)  # a room's entries are written in seq order: one pass
            return [self._loaded(r, logs[r.code]) for r in records]

        return await self._run(read)

    def _loaded(self, record: RoomRecord, entries: list[LogEntry]) -> Loaded:
        """A room as read, its last seq noted for `_following`."""
        self._last_seq[record.code] = entries[-1].seq if entries else 0
        return record, entries

    async def room_codes(self) -> list[str]:
        return await self._run(
            lambda conn: [r[0] for r in conn.execute("SELECT code FROM rooms ORDER BY created")]
        )

    async def close(self) -> None:
        while self._batch:  # committed at the end of this turn of the loop
            await asyncio.sleep(0)
        if self._checkpoint is not None:
            await asyncio.gather(self._checkpoint, return_exceptions=True)
        if self._writer is not None:
            while self._pending:
                assert self._wake is not None
                self._wake.set()
                await asyncio.sleep(0.001)
            self._writer.cancel()
            await asyncio.gather(self._writer, return_exceptions=True)
        await self._run(lambda conn: conn.close())
        self._thread.shutdown(wait=True)

    # ------------------------------------------------------------------ finished games, retention

    async def save_game(self, record_id: str, code: str, export: dict[str, Any]) -> None:
        """Keep a finished game's export (seed + actions + result) for its history page."""

        def write(conn: sqlite3.Connection) -> None:
            with _transaction(conn):
                conn.execute(
                    "INSERT OR REPLACE INTO games (id, code, finished, export, game)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (record_id, code, time.time(), text, game),
                )

        game = export.get("game") or FIRST_GAME
        text = _json(export)  # on the loop: should it go to the thread, no Python work goes too
        await self._write(write)

    async def load_game(self, record_id: str) -> dict[str, Any] | None:
        def read(conn: sqlite3.Connection) -> dict[str, Any] | None:
            row = conn.execute("SELECT export FROM games WHERE id = ?", (record_id,)).fetchone()
            return None if row is None else dict(json.loads(row[0]))

        return await self._run(read)

    async def games_of(self, code: str) -> list[GameInfo]:
        def read(conn: sqlite3.Connection) -> list[GameInfo]:
            rows = conn.execute(
                "SELECT id, code, finished, game FROM games WHERE code = ? ORDER BY finished, id",
                (code,),
            )
            return [GameInfo(*r) for r in rows]

        return await self._run(read)

    async def prune(
        self, *, rooms_older_than: float, games_older_than: float, keep: Collection[str] = ()
    ) -> tuple[int, int]:
        """Delete rooms untouched since `rooms_older_than` (their logs with them) and finished
        games older than `games_older_than` (Unix times), except the rooms in `keep` (still in
        use). Returns how many of each went."""
        kept = json.dumps(sorted(keep))

        def delete(conn: sqlite3.Connection) -> tuple[int, int]:
            with _transaction(conn):
                rooms = [
                    row[0]
                    for row in conn.execute(
                        "DELETE FROM rooms WHERE updated < ?"
                        " AND code NOT IN (SELECT value FROM json_each(?)) RETURNING code",
                        (rooms_older_than, kept),
                    )
                ]
                if rooms:  # one pass over the log for all of them (it has no index)
                    conn.execute(
                        "DELETE FROM log WHERE code IN (SELECT value FROM json_each(?))",
                        (json.dumps(rooms),),
                    )
                for code in rooms:
                    self._last_seq.pop(code, None)
                games = conn.execute(
                    "DELETE FROM games WHERE finished < ?", (games_older_than,)
                ).rowcount
            return len(rooms), games

        return await self._run(delete)


def _log_writer(
    rows: list[tuple[str, int, str, str]], touched: list[str], now: float
) -> Callable[[sqlite3.Connection], None]:
    """One group commit: every pending log entry, and the rooms they touched marked as updated."""

    def write(conn: sqlite3.Connection) -> None:
        with _transaction(conn):
            conn.executemany(INSERT_LOG, rows)
            if touched:
                conn.executemany(
                    "UPDATE rooms SET updated = ? WHERE code = ?", [(now, c) for c in touched]
                )

    return write


def _record(row: tuple[Any, ...]) -> RoomRecord:
    """A `rooms` row, as `SELECT_ROOMS` gives it."""
    return RoomRecord(row[0], row[1], row[2], json.loads(row[3]), row[4], row[5], row[6])


def _seq(entry: LogEntry) -> int:
    return entry.seq


def _last_stored_seq(conn: sqlite3.Connection, code: str) -> int:
    """The last seq of a room this store has neither created nor loaded (a reading of the whole
    log, once per such room), or `StoreError` if the room is not in the file."""
    if conn.execute("SELECT 1 FROM rooms WHERE code = ?", (code,)).fetchone() is None:
        raise StoreError(f"room {code} is not in the database")
    row = conn.execute("SELECT max(seq) FROM log WHERE code = ?", (code,)).fetchone()
    return 0 if row is None or row[0] is None else int(row[0])


def _settle(batch: list[Pending], outcomes: list[Exception | None]) -> None:
    """Tell each waiting caller how its commit went."""
    for (_, _, waiter), outcome in zip(batch, outcomes, strict=True):
        if waiter.done():
            continue
        if outcome is None:
            waiter.set_result(None)
        else:
            error = outcome if isinstance(outcome, StoreError) else StoreError(str(outcome))
            waiter.set_exception(error)


def _json(value: Any) -> str:
    """JSON text as `json.dumps` gives it for our data (keys that are not text become text),
    several times faster."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def _checkpoint(conn: sqlite3.Connection) -> None:
    conn.execute("PRAGMA wal_checkpoint(RESTART)")


class _transaction:
    """BEGIN IMMEDIATE … COMMIT, rolled back on error (the connection is in autocommit mode)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, exc_type: object, *_: object) -> None:
        self.conn.execute("ROLLBACK" if exc_type else "COMMIT")
