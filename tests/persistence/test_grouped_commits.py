"""One bad entry in a grouped commit fails only its own room: the other rooms' entries of the
same commit are written, acknowledged, and count as activity for retention, whatever the entry's
fault (a seq that does not follow, one the database cannot hold, one that is not a number), in
both commit modes (NORMAL on the loop, FULL on the worker thread)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from peanutclub.server.sqlite_store import SqliteStore, StoreError
from peanutclub.server.store import LogEntry, RoomRecord

from .test_sqlite_store import run

GOOD = ("BBBB", "CCCC")
#: Entries that must fail, each in its own way.
BAD: dict[str, Any] = {
    "repeated seq": 1,
    "seq beyond what SQLite holds": 2**64,
    "seq that is not a number": "2",
}


@pytest.mark.parametrize("synchronous", ["NORMAL", "FULL"])
@pytest.mark.parametrize("fault", list(BAD))
def test_a_bad_entry_fails_only_its_room_and_the_others_count_as_active(
    tmp_path: Path, synchronous: str, fault: str
) -> None:
    async def go() -> None:
        store = await SqliteStore.open(tmp_path / "g.db", synchronous=synchronous)
        for code in ("AAAA", *GOOD):  # rooms made long ago: retention would take them
            await store.create_room(RoomRecord(code, "h", 1000.0, {}))
        await store.append("AAAA", LogEntry(1, "a", {}))
        bad = LogEntry(BAD[fault], "a", {"bad": True})
        outcomes = await asyncio.gather(
            store.append("BBBB", LogEntry(1, "a", {})),
            store.append("AAAA", bad),
            store.append("CCCC", LogEntry(1, "a", {})),
            return_exceptions=True,
        )
        assert outcomes[0] is None and outcomes[2] is None, outcomes
        assert isinstance(outcomes[1], StoreError), outcomes
        # The good rooms were just active: retention keeps them; the bad one's log is as it was.
        assert await store.prune(rooms_older_than=time.time() - 60, games_older_than=0) == (0, 0)
        for code, seqs in (("AAAA", [1]), ("BBBB", [1]), ("CCCC", [1])):
            loaded = await store.load(code)
            assert loaded is not None and [e.seq for e in loaded[1]] == seqs
            assert all(e.data == {} for e in loaded[1])
        # And each room goes on: the next entries are written.
        await asyncio.gather(*(store.append(c, LogEntry(2, "a", {})) for c in ("AAAA", *GOOD)))
        await store.close()

    run(go())
