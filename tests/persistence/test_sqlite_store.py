"""The SQLite store: durable appends, versioned migrations, clear errors at start-up."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest

from peanutclub.server.sqlite_store import (
    CHECKPOINT_BYTES,
    CHECKPOINT_COMMITS,
    MIGRATIONS,
    SCHEMA_VERSION,
    SqliteStore,
    StoreError,
    open_database,
)
from peanutclub.server.store import LogEntry, RoomRecord

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine on a thread of its own: the browser tests keep a loop running on this one."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


async def reopened(path: Path, code: str) -> list[LogEntry]:
    """A room's log as a store opened again on the file finds it."""
    store = await SqliteStore.open(path)
    try:
        loaded = await store.load(code)
    finally:
        await store.close()
    assert loaded is not None
    return loaded[1]


def test_appended_entries_come_back_in_order_after_reopening(tmp_path: Path) -> None:
    path = tmp_path / "rooms.db"

    async def write() -> None:
        store = await SqliteStore.open(path)
        await store.create_room(RoomRecord("KTRW", "host", 1.0, {"idle_seconds": 8}))
        await asyncio.gather(
            *(store.append("KTRW", LogEntry(i, "action", {"n": i})) for i in range(1, 51))
        )
        await store.close()

    async def read() -> tuple[RoomRecord, list[LogEntry]] | None:
        store = await SqliteStore.open(path)
        try:
            return await store.load("KTRW")
        finally:
            await store.close()

    run(write())
    loaded = run(read())
    assert loaded is not None
    record, entries = loaded
    assert record.settings == {"idle_seconds": 8} and record.host_token == "host"
    assert [e.seq for e in entries] == list(range(1, 51))
    assert entries[7].data == {"n": 8}


def test_appends_that_wait_for_the_disk_share_commits(tmp_path: Path) -> None:
    """With a disk sync per commit (FULL), appends arriving together are committed together."""

    async def go() -> tuple[int, int]:
        store = await SqliteStore.open(tmp_path / "g.db", synchronous="FULL")
        await store.create_room(RoomRecord("MNPQ", "h", 0.0, {}))
        await asyncio.gather(*(store.append("MNPQ", LogEntry(i, "a", {})) for i in range(1, 201)))
        await store.close()
        return store.commits, store.entries_written

    commits, written = run(go())
    assert written == 200
    assert commits < 200


def test_appends_in_one_turn_of_the_loop_share_one_commit(tmp_path: Path) -> None:
    """Without a disk sync per commit (NORMAL), the bids that rooms make in one turn of the event
    loop are committed in one transaction at its end, and each caller returns only after it."""
    path = tmp_path / "t.db"
    codes = [f"R{i:03}" for i in range(40)]

    async def go() -> tuple[int, int]:
        store = await SqliteStore.open(path)
        for code in codes:
            await store.create_room(RoomRecord(code, "h", 0.0, {}))
        commits_before = store.commits
        await asyncio.gather(*(store.append(c, LogEntry(1, "a", {"c": c})) for c in codes))
        commits = store.commits - commits_before
        loaded = await store.load(codes[-1])
        await store.close()
        assert loaded is not None and loaded[1][0].data == {"c": codes[-1]}
        return commits, store.entries_written

    assert run(go()) == (1, len(codes))


@pytest.mark.parametrize("synchronous", ["NORMAL", "FULL"])
def test_one_bad_entry_in_a_shared_commit_fails_only_its_own_room(
    tmp_path: Path, synchronous: str
) -> None:
    """A repeated seq in one room must not refuse the other rooms' bids committed with it."""

    async def go() -> dict[str, list[int]]:
        store = await SqliteStore.open(tmp_path / "b.db", synchronous=synchronous)
        for code in ("AAAA", "BBBB", "CCCC"):
            await store.create_room(RoomRecord(code, "h", 0.0, {}))
        await store.append("AAAA", LogEntry(1, "a", {}))
        outcomes = await asyncio.gather(
            store.append("BBBB", LogEntry(1, "a", {})),
            store.append("AAAA", LogEntry(1, "a", {"again": True})),
            store.append("CCCC", LogEntry(1, "a", {})),
            return_exceptions=True,
        )
        assert outcomes[0] is None and outcomes[2] is None
        assert isinstance(outcomes[1], StoreError)
        logs = {}
        for code in ("AAAA", "BBBB", "CCCC"):
            loaded = await store.load(code)
            assert loaded is not None
            logs[code] = [e.seq for e in loaded[1]]
            assert all(e.data == {} for e in loaded[1])
        await store.close()
        return logs

    assert run(go()) == {"AAAA": [1], "BBBB": [1], "CCCC": [1]}


def test_commits_on_the_loop_and_checkpoints_on_the_thread_keep_every_entry(
    tmp_path: Path,
) -> None:
    """The log grows past a checkpoint's worth of entries; the store checkpoints it on its
    worker thread while appends go on, and every entry is in the file when it is opened again."""
    path = tmp_path / "c.db"
    entries = 1000
    blob = "x" * 20_000  # ~5 pages an entry: about five checkpoints' worth in all

    async def write() -> tuple[int, int]:
        store = await SqliteStore.open(path)
        await store.create_room(RoomRecord("WXYZ", "h", 0.0, {}))
        largest = 0
        for start in range(1, entries + 1, 20):
            await asyncio.gather(
                *(
                    store.append("WXYZ", LogEntry(i, "a", {"i": i, "blob": blob}))
                    for i in range(start, start + 20)
                )
            )
            largest = max(largest, path.with_name("c.db-wal").stat().st_size)
        await store.close()
        return store.checkpoints, largest

    async def read() -> list[int]:
        entries = await reopened(path, "WXYZ")
        assert all(e.data["blob"] == blob for e in entries)
        return [int(e.data["i"]) for e in entries]

    checkpoints, wal_bytes = run(write())
    assert checkpoints >= 2
    assert wal_bytes < 3 * CHECKPOINT_BYTES  # written over from its start, not grown without end
    assert run(read()) == list(range(1, entries + 1))


def test_a_checkpoint_follows_every_few_commits_of_small_entries(tmp_path: Path) -> None:
    """Bids are small: the count of commits, not their bytes, brings the checkpoints that keep
    each one short (the commits that arrive during one wait for it)."""
    path = tmp_path / "n.db"
    entries = 2 * CHECKPOINT_COMMITS + CHECKPOINT_COMMITS // 2

    async def write() -> int:
        store = await SqliteStore.open(path)
        await store.create_room(RoomRecord("WXYZ", "h", 0.0, {}))
        for i in range(1, entries + 1):
            await store.append("WXYZ", LogEntry(i, "a", {"i": i}))  # one commit each
        await store.close()
        return store.checkpoints

    assert run(write()) >= 2
    assert [int(e.data["i"]) for e in run(reopened(path, "WXYZ"))] == list(range(1, entries + 1))


def test_a_commit_of_bids_from_many_rooms_writes_a_page_or_two_not_one_per_room(
    tmp_path: Path,
) -> None:
    """The log is kept in the order it is written: the bids of one turn, from rooms all over the
    file, go to the page at its end. Kept by room instead, each bid wrote its room's page, and
    every checkpoint copied those pages back: three times the store's work per bid at 200 busy
    rooms (docs/performance.md, "Sixth pass")."""
    codes = [f"R{i:03}" for i in range(60)]

    def wal_frames(conn: sqlite3.Connection) -> int:
        """Pages written to the write-ahead log since the last call (which empties it)."""
        frames = int(conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()[1])
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return frames

    async def go() -> int:
        store = await SqliteStore.open(tmp_path / "pages.db")
        for code in codes:
            await store.create_room(RoomRecord(code, "h", 0.0, {}))
        for seq in range(1, 31):  # every room's entries spread along the file, as in play
            await asyncio.gather(
                *(store.append(c, LogEntry(seq, "action", {"pad": "x" * 60})) for c in codes)
            )
        await store._run(wal_frames)
        await asyncio.gather(*(store.append(c, LogEntry(31, "action", {"n": 31})) for c in codes))
        written = await store._run(wal_frames)
        assert [e.seq for e in (await store.load(codes[17]) or (None, []))[1]] == list(range(1, 32))
        await store.close()
        return written

    # 4 pages here (the end of the log, a new leaf and their parent); 46 when kept by room
    assert run(go()) <= 6


def test_an_entry_for_a_room_not_in_the_file_is_refused(tmp_path: Path) -> None:
    async def go() -> list[int]:
        store = await SqliteStore.open(tmp_path / "u.db")
        await store.create_room(RoomRecord("ABCD", "h", 0.0, {}))
        outcomes = await asyncio.gather(
            store.append("NOPE", LogEntry(1, "a", {})),
            store.append("ABCD", LogEntry(1, "a", {})),
            return_exceptions=True,
        )
        assert isinstance(outcomes[0], StoreError) and "not in the database" in str(outcomes[0])
        assert outcomes[1] is None  # its neighbour in the shared commit is kept
        rows = await store._run(lambda conn: conn.execute("SELECT code, seq FROM log").fetchall())
        await store.close()
        assert rows == [("ABCD", 1)]
        return [e.seq for e in await reopened(tmp_path / "u.db", "ABCD")]

    assert run(go()) == [1]


def test_load_all_reads_every_room_in_one_pass_and_seqs_go_on_from_there(tmp_path: Path) -> None:
    """A restart restores every room from one reading of the log; a store opened on a file
    refuses a seq that does not follow what the file holds, loaded or not."""
    path = tmp_path / "all.db"

    async def write() -> None:
        store = await SqliteStore.open(path)
        for created, code in enumerate(("BBBB", "AAAA", "CCCC")):
            await store.create_room(RoomRecord(code, "h", float(created), {}))
        for seq in range(1, 4):
            await store.append("AAAA", LogEntry(seq, "a", {"a": seq}))
            await store.append("BBBB", LogEntry(seq, "b", {"b": seq}))
        await store.close()

    async def read() -> dict[str, list[int]]:
        store = await SqliteStore.open(path)
        rooms = await store.load_all()
        with pytest.raises(StoreError, match="does not follow"):
            await store.append("AAAA", LogEntry(3, "a", {}))
        await store.append("AAAA", LogEntry(4, "a", {"a": 4}))
        await store.close()
        fresh = await SqliteStore.open(path)  # nothing loaded: the file is asked
        with pytest.raises(StoreError, match="does not follow"):
            await fresh.append("BBBB", LogEntry(2, "b", {}))
        await fresh.append("CCCC", LogEntry(1, "c", {}))
        await fresh.close()
        return {record.code: [e.seq for e in entries] for record, entries in rooms}

    run(write())
    rooms = run(read())
    assert list(rooms) == ["BBBB", "AAAA", "CCCC"]  # oldest room first
    assert rooms == {"BBBB": [1, 2, 3], "AAAA": [1, 2, 3], "CCCC": []}
    assert [e.seq for e in run(reopened(path, "AAAA"))] == [1, 2, 3, 4]


def test_a_room_code_is_only_created_once(tmp_path: Path) -> None:
    async def go() -> None:
        store = await SqliteStore.open(tmp_path / "d.db")
        await store.create_room(RoomRecord("ABCD", "h", 0.0, {}))
        try:
            with pytest.raises(KeyError):
                await store.create_room(RoomRecord("ABCD", "other", 0.0, {}))
        finally:
            await store.close()

    run(go())


def test_a_repeated_seq_is_refused_and_nothing_is_acknowledged(tmp_path: Path) -> None:
    async def go() -> list[int]:
        store = await SqliteStore.open(tmp_path / "s.db")
        await store.create_room(RoomRecord("ABCD", "h", 0.0, {}))
        await store.append("ABCD", LogEntry(1, "a", {}))
        with pytest.raises(StoreError):
            await store.append("ABCD", LogEntry(1, "a", {"again": True}))
        loaded = await store.load("ABCD")
        await store.close()
        assert loaded is not None
        return [e.seq for e in loaded[1]]

    assert run(go()) == [1]


def test_an_old_schema_is_upgraded_with_its_data(tmp_path: Path) -> None:
    path = tmp_path / "v1.db"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.executescript(MIGRATIONS[0])
    conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    conn.execute("INSERT INTO schema_version VALUES (1)")
    conn.execute("INSERT INTO rooms VALUES ('OLDR', 'tok', 5.0, '{}', '', NULL)")
    conn.execute("INSERT INTO log VALUES ('OLDR', 1, 'seat', ?)", (json.dumps({"name": "Ana"}),))
    conn.close()

    upgraded = open_database(path)
    assert upgraded.execute("SELECT version FROM schema_version").fetchone()[0] == SCHEMA_VERSION
    assert upgraded.execute("SELECT updated FROM rooms WHERE code = 'OLDR'").fetchone()[0] == 5.0
    assert upgraded.execute("SELECT count(*) FROM games").fetchone()[0] == 0
    upgraded.close()

    assert run(reopened(path, "OLDR"))[0].data == {"name": "Ana"}


def test_a_version_2_log_keyed_by_room_is_moved_into_the_log_in_order(tmp_path: Path) -> None:
    path = tmp_path / "v2.db"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.executescript(MIGRATIONS[0] + MIGRATIONS[1])
    conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    conn.execute("INSERT INTO schema_version VALUES (2)")
    for code in ("ROOMB", "ROOMA"):
        conn.execute("INSERT INTO rooms VALUES (?, 'tok', 5.0, '{}', '', NULL, 5.0)", (code,))
    for seq in (3, 1, 2):
        for code in ("ROOMA", "ROOMB"):
            conn.execute(
                "INSERT INTO log VALUES (?, ?, 'action', ?)", (code, seq, json.dumps({code: seq}))
            )
    conn.close()

    async def go() -> dict[str, list[LogEntry]]:
        store = await SqliteStore.open(path)
        with pytest.raises(StoreError, match="does not follow"):
            await store.append("ROOMA", LogEntry(3, "action", {}))
        await store.append("ROOMA", LogEntry(4, "action", {"ROOMA": 4}))
        rooms = {record.code: entries for record, entries in await store.load_all()}
        await store.close()
        return rooms

    rooms = run(go())
    assert {code: [e.seq for e in log] for code, log in rooms.items()} == {
        "ROOMB": [1, 2, 3],
        "ROOMA": [1, 2, 3, 4],
    }
    assert rooms["ROOMB"][1].data == {"ROOMB": 2}


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    open_database(path).close()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("UPDATE schema_version SET version = ?", (SCHEMA_VERSION + 1,))
    conn.close()
    with pytest.raises(StoreError, match="newer"):
        open_database(path)


def test_a_corrupt_file_gives_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "corrupt.db"
    path.write_bytes(b"this is not a database at all " * 200)
    with pytest.raises(StoreError, match="not a usable Peanut Club database"):
        open_database(path)


def test_a_locked_file_gives_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "locked.db"
    open_database(path).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError, match="locked"):
            open_database(path)
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_prune_drops_old_rooms_with_their_logs_and_old_games(tmp_path: Path) -> None:
    async def go() -> tuple[tuple[int, int], list[str], dict[str, object] | None, list[Any]]:
        store = await SqliteStore.open(tmp_path / "p.db")
        await store.create_room(RoomRecord("OLDD", "h", 10.0, {}))
        await store.create_room(RoomRecord("NEWW", "h", 10.0, {}))
        await store.append("OLDD", LogEntry(1, "a", {}))
        await store.append("NEWW", LogEntry(1, "a", {}))  # marks NEWW as updated now
        await store._run(
            lambda conn: conn.execute("UPDATE rooms SET updated = 10 WHERE code = 'OLDD'")
        )
        await store.save_game("g1", "OLDD", {"seed": 1})
        pruned = await store.prune(rooms_older_than=1000.0, games_older_than=10.0**12)
        codes = await store.room_codes()
        game = await store.load_game("g1")
        logs = await store._run(lambda conn: conn.execute("SELECT code FROM log").fetchall())
        with pytest.raises(StoreError, match="not in the database"):
            await store.append("OLDD", LogEntry(2, "a", {}))
        await store.close()
        return pruned, codes, game, logs

    pruned, codes, game, logs = run(go())
    assert pruned == (1, 1)
    assert codes == ["NEWW"]
    assert game is None
    assert logs == [("NEWW",)]  # the old room's log went with it


WRITER = textwrap.dedent(
    """
    import asyncio, sys
    from peanutclub.server.sqlite_store import SqliteStore
    from peanutclub.server.store import LogEntry, RoomRecord

    async def main():
        store = await SqliteStore.open(sys.argv[1])
        await store.create_room(RoomRecord("KILL", "h", 0.0, {}))
        seq = 0
        while True:
            seq += 1
            await store.append("KILL", LogEntry(seq, "action", {"n": seq}))
            print(seq, flush=True)  # acknowledged: only now may anyone hear of it

    asyncio.run(main())
    """
)


def test_every_acknowledged_append_survives_sigkill(tmp_path: Path) -> None:
    path = tmp_path / "kill.db"
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    acknowledged = 0
    for line in proc.stdout:
        acknowledged = int(line)
        if acknowledged >= 300:
            break
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()

    seqs = [e.seq for e in run(reopened(path, "KILL"))]
    assert len(seqs) >= acknowledged
    assert seqs == list(range(1, len(seqs) + 1))
