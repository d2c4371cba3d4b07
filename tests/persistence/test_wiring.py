"""The SQLite store as the server's default: settings, start-up restore, retention, ordering."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from peanutclub.cli import build_parser
from peanutclub.games.peanut_club import PeanutClub
from peanutclub.games.peanut_club.engine import PlaceBid
from peanutclub.server import ServerSettings, create_app
from peanutclub.server.cli import settings_from
from peanutclub.server.clock import ManualClock
from peanutclub.server.directory import LocalDirectory
from peanutclub.server.room import Room
from peanutclub.server.rooms import DAY, Rooms
from peanutclub.server.sqlite_store import SqliteStore
from peanutclub.server.store import LogEntry, RoomRecord
from tests.server.harness import Viewer

from .procs import run

PACE = {"going_step_seconds": 2.0, "idle_seconds": 8.0, "pay_seconds": 60.0}


def test_sqlite_is_the_default_store_in_the_user_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("PEANUTCLUB_STORE", raising=False)
    monkeypatch.delenv("PEANUTCLUB_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    settings = ServerSettings()
    assert settings.store == "sqlite"
    assert settings.db_path == tmp_path / "peanutclub" / "peanutclub.db"
    monkeypatch.setenv("PEANUTCLUB_DB", str(tmp_path / "elsewhere.db"))
    assert ServerSettings().db_path == tmp_path / "elsewhere.db"


def test_the_command_line_picks_the_store(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PEANUTCLUB_STORE", "memory")
    with_db = settings_from(build_parser().parse_args(["serve", "--db", "x.db"]))
    assert with_db.store == "sqlite" and with_db.db_path == Path("x.db")
    monkeypatch.delenv("PEANUTCLUB_STORE")
    memory = settings_from(build_parser().parse_args(["serve", "--memory"]))
    assert memory.store == "memory"


def test_the_default_database_is_created_on_first_run_and_rooms_come_back(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    settings = ServerSettings(store="sqlite", dev=True)

    async def serve(requests: Any) -> Any:
        app = create_app(settings)
        async with (
            app.router.lifespan_context(app),
            httpx.AsyncClient(transport=httpx.ASGITransport(app), base_url="http://pc") as client,
        ):
            return await requests(client)

    async def first(client: httpx.AsyncClient) -> dict[str, Any]:
        created: dict[str, Any] = (await client.post("/api/rooms", json={"seed": 7})).json()
        return created

    created = run(serve(first))
    code = created["code"]
    assert (tmp_path / "peanutclub" / "peanutclub.db").is_file()

    async def second(client: httpx.AsyncClient) -> list[Any]:
        return [
            await client.get(f"/api/rooms/{code}"),
            await client.get(f"/r/{code}/history"),
            await client.get(f"/api/rooms/{code}/games"),
            await client.get("/api/games/nothing/export"),
        ]

    summary, page, games, export = run(serve(second))
    assert summary.status_code == 200 and summary.json()["phase"] == "lobby"
    assert page.status_code == 200 and "history.js" in page.text
    assert games.json()["games"] == []
    assert export.status_code == 404 and export.json()["code"] == "unknown_game"


async def _table(store: SqliteStore, clock: ManualClock) -> tuple[Room, Viewer]:
    settings = ServerSettings(store="sqlite")
    record = RoomRecord("TEST", "host-secret", clock.time(), PACE, fixed_seed=42)
    await store.create_room(record)
    room = Room(record, settings, store, clock)
    tv = Viewer()
    await room.watch(tv, "host-secret", None)
    for name in ("Ana", "Bo", "Cy"):
        await room.join(Viewer(), name, None, None)
    await room.start(tv, None)
    return room, tv


def test_with_sqlite_every_change_is_written_before_anyone_hears_of_it(tmp_path: Path) -> None:
    async def body() -> list[tuple[int, int]]:
        store = await SqliteStore.open(tmp_path / "order.db")
        tv_box: list[Viewer] = []
        heard: list[tuple[int, int]] = []  # (seq written, highest seq the TV had heard then)
        write = store.append

        async def append(code: str, entry: LogEntry) -> None:
            await write(code, entry)
            if tv_box:
                heard.append((entry.seq, max(tv_box[0].seqs(), default=0)))

        store.append = append  # type: ignore[method-assign]
        clock = ManualClock(time.time())
        room, tv = await _table(store, clock)
        tv_box.append(tv)
        await room.act(PlaceBid(0, 1, room.game.engine.column[0]))  # type: ignore[union-attr]
        await clock.advance(30)  # called and sold by the clock
        await store.close()
        return heard

    heard = run(body())
    assert len(heard) >= 4
    assert all(before < seq for seq, before in heard)


def test_rooms_are_restored_with_their_seats_and_seq_at_start_up(tmp_path: Path) -> None:
    path = tmp_path / "restore.db"

    async def first() -> tuple[int, list[str]]:
        store = await SqliteStore.open(path)
        room, _ = await _table(store, ManualClock(time.time()))
        await room.act(PlaceBid(0, 1, room.game.engine.column[0]))  # type: ignore[union-attr]
        tokens = [s.token for s in room.seats]
        await room.close()
        await store.close()
        return room.seq, tokens

    async def second() -> Room:
        store = await SqliteStore.open(path)
        rooms = Rooms(
            LocalDirectory(ServerSettings(store="sqlite"), store, ManualClock(time.time()))
        )
        assert await rooms.restore_all() == 1
        room = rooms.get("test")
        assert room is not None
        await rooms.close()
        return room

    seq, tokens = run(first())
    room = run(second())
    assert room.seq == seq
    assert [s.token for s in room.seats] == tokens
    assert [s.name for s in room.seats] == ["Ana", "Bo", "Cy"]
    assert room.game is not None and room.game.engine.high_bid is not None
    # The record's settings hold no `guide` (as records from before it): read as the default.
    assert room.game_settings.model_dump() == {"guide": True, **PACE}


def test_idle_rooms_leave_memory_and_retention_empties_the_file(tmp_path: Path) -> None:
    async def body() -> None:
        store = await SqliteStore.open(tmp_path / "retention.db")
        clock = ManualClock(time.time())
        settings = ServerSettings(store="sqlite", room_idle_ttl_seconds=60, keep_rooms_days=30)
        rooms = Rooms(LocalDirectory(settings, store, clock))
        old = RoomRecord("OLDR", "h", clock.time() - 40 * DAY, {})
        await store.create_room(old)
        await store.save_game("OLDR-1-1", "OLDR", {"seed": 1})
        fresh = await rooms.create(PeanutClub, {}, creator="10.0.0.9")
        assert await rooms.restore_all() == 0  # the old room is pruned; the new one is here
        assert await store.room_codes() == [fresh.code]

        clock.now += 61
        await rooms.sweep()  # nobody came: its memory is freed, its log stays
        assert rooms.get(fresh.code) is None and rooms.created_by["10.0.0.9"] == 0
        assert await store.room_codes() == [fresh.code]

        clock.now += 31 * DAY  # and after the retention time it leaves the file too
        assert (await rooms.prune())[0] == 1
        assert await store.room_codes() == []
        await rooms.close()

    run(body())


def test_a_code_still_kept_in_the_file_is_not_handed_out_again(tmp_path: Path) -> None:
    async def body() -> None:
        store = await SqliteStore.open(tmp_path / "codes.db")
        rooms = Rooms(
            LocalDirectory(ServerSettings(store="sqlite"), store, ManualClock(time.time()))
        )
        first = await rooms.create(PeanutClub, {})
        del rooms.rooms[first.code]  # as after a sweep
        codes = iter([first.code, "ZZZZ"])
        rooms._fresh_code = lambda: next(codes)  # type: ignore[method-assign]
        second = await rooms.create(PeanutClub, {})
        assert second.code == "ZZZZ"
        await rooms.close()

    run(body())


def test_a_stored_game_over_is_kept_when_the_end_was_not(tmp_path: Path) -> None:
    """Restoring a room whose game ended but whose export was not yet written keeps it then."""

    async def body() -> dict[str, Any] | None:
        store = await SqliteStore.open(tmp_path / "over.db")
        clock = ManualClock(time.time())
        room, _ = await _table(store, clock)
        game = room.game.engine
        assert game is not None
        saved = store.save_game
        store.save_game = lambda *a: asyncio.sleep(0)  # type: ignore[assignment,method-assign]
        while game.phase.value != "over":
            await room.act(game.auctioneer_action())
        store.save_game = saved  # type: ignore[method-assign]
        loaded = await store.load(room.code)
        assert loaded is not None and room.record_id is not None
        assert await store.load_game(room.record_id) is None
        again = Room.restore(*loaded, room.settings, store, clock)
        await again.resume_clocks()
        export = await store.load_game(room.record_id)
        await store.close()
        return export

    export = run(body())
    assert export is not None and export["result"] is not None


def test_retention_never_deletes_a_room_someone_is_watching(tmp_path: Path) -> None:
    async def body() -> list[str]:
        store = await SqliteStore.open(tmp_path / "watched.db")
        clock = ManualClock(time.time())
        rooms = Rooms(
            LocalDirectory(ServerSettings(store="sqlite", keep_rooms_days=1), store, clock)
        )
        room = await rooms.create(PeanutClub, {})
        await room.watch(Viewer(), None, None)
        clock.now += 3 * DAY
        await rooms.prune()
        codes = await store.room_codes()
        assert rooms.get(room.code) is room
        await rooms.close()
        return codes

    assert len(run(body())) == 1
