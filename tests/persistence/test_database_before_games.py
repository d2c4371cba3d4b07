"""A database written before rooms named their game opens with every room as Peanut Club.

`data/schema3.db` was written by the store as it was before the game column (schema version 3,
commit 63f1c67): a room `OLDG` in the middle of a game (three seats, tokens `tok-0` to `tok-2`,
seed 4242, 40 actions of normal bots), and a room `OLDL` in its lobby. It is copied before each
test: the migration must never touch the committed file.
"""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

from peanutclub.server import ServerSettings
from peanutclub.server.clock import ManualClock
from peanutclub.server.room import Room
from peanutclub.server.sqlite_store import SCHEMA_VERSION, SqliteStore
from peanutclub.server.store import MemoryStore, RoomRecord
from tests.server.harness import open_client, serve, write_pages

OLD = Path(__file__).parent / "data" / "schema3.db"


def copy_of_old(tmp_path: Path) -> Path:
    path = tmp_path / "old.db"
    shutil.copy(OLD, path)
    return path


def on_a_thread(coro: Any) -> Any:
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def test_the_committed_file_is_of_the_schema_before_games() -> None:
    with sqlite3.connect(f"file:{OLD}?mode=ro", uri=True) as conn:
        assert conn.execute("SELECT version FROM schema_version").fetchone() == (3,)
        columns = {row[1] for row in conn.execute("PRAGMA table_info(rooms)")}
    assert "game" not in columns


def test_an_old_database_opens_with_every_room_and_game_as_peanut_club(tmp_path: Path) -> None:
    path = copy_of_old(tmp_path)

    async def body() -> None:
        store = await SqliteStore.open(path)
        loaded = {record.code: (record, entries) for record, entries in await store.load_all()}
        await store.close()
        assert set(loaded) == {"OLDG", "OLDL"}
        assert {record.game for record, _ in loaded.values()} == {"peanut-club"}
        record, entries = loaded["OLDG"]
        room = Room.restore(record, entries, ServerSettings(), MemoryStore(), ManualClock())
        assert room.game_class.id == "peanut-club" and room.game is not None
        assert len(room.game.log) == 40 and room.phase == "bidding"
        # and from now on, rooms and kept games of other games say which they are
        store = await SqliteStore.open(path)
        await store.create_room(RoomRecord("NEWG", "h", 2.0, {}, game="take-away"))
        await store.save_game("NEWG-1-1", "NEWG", {"format": 1, "game": "take-away"})
        again = await store.load("NEWG")
        assert again is not None and again[0].game == "take-away"
        assert [g.game for g in await store.games_of("NEWG")] == ["take-away"]
        await store.close()

    on_a_thread(body())
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT version FROM schema_version").fetchone() == (SCHEMA_VERSION,)


def test_an_old_room_resumes_through_a_real_server(tmp_path: Path) -> None:
    path = copy_of_old(tmp_path)
    (tmp_path / "pages").mkdir()
    templates, static = write_pages(tmp_path / "pages")
    settings = ServerSettings(store="sqlite", db=path, templates_dir=templates, static_dir=static)

    async def body(server: Any) -> None:
        summary = httpx.get(f"{server.base}/api/rooms/OLDG").json()
        assert (summary["game"], summary["phase"]) == ("peanut-club", "bidding")
        assert [p["name"] for p in summary["players"]] == ["Ada", "Bob", "Cy"]
        bob = await open_client(server, "OLDG")
        await bob.send(type="resume", token="tok-1")
        welcome = await bob.until(lambda m: m["type"] == "welcome")
        assert welcome["seat"] == 1 and welcome["state"]["game"] == "peanut-club"
        assert len(welcome["state"]["you"]["hand"]) > 0
        lobby = httpx.get(f"{server.base}/api/rooms/OLDL").json()
        assert (lobby["game"], lobby["phase"], lobby["seats_free"]) == ("peanut-club", "lobby", 5)

    with serve(settings) as server:
        on_a_thread(body(server))
