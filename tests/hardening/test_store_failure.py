"""When the store cannot take a change (a full disk, a locked file), nobody may see that change:
memory and log must not part ways. `Room._commit` applies a change in memory before it appends
it: were the change kept in memory (and shown with the next change) but not in the log,
a restart would lose it and might not even replay what follows. So the room rolls back."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from peanutclub.server.store import LogEntry, MemoryStore

from .support import Served, conservation_problems, replay_log, run, serve_with_store


class FlakyStore(MemoryStore):
    def __init__(self) -> None:
        super().__init__()
        self.failing = False

    async def append(self, code: str, entry: LogEntry) -> None:
        if self.failing:
            raise OSError("disk full")
        await super().append(code, entry)


@pytest.fixture
def flaky(hardening_pages: tuple[Path, Path]) -> Iterator[tuple[Served, FlakyStore]]:
    """A development server whose store fails while its `failing` is set."""
    from server.harness import page_settings

    store = FlakyStore()
    with serve_with_store(page_settings(hardening_pages, dev=True), store) as served:
        yield served, store


def test_a_change_the_store_refused_is_seen_by_nobody(flaky: tuple[Served, FlakyStore]) -> None:
    from server.players import watched_table

    served, store = flaky

    async def body() -> None:
        room, tv, (ana, bo, cy) = await watched_table(
            served.server, seed=3, idle_seconds=0, going_step_seconds=60
        )
        await tv.send(type="start")
        await ana.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "bidding")
        currency = next(c for c, o in ana.view["you"]["bid_options"].items() if not o["reason"])
        store.failing = True
        await ana.send(type="bid", amount=1, currency=currency, ref="lost")
        assert (await ana.until(lambda m: m.get("ref") == "lost"))["type"] == "error"
        store.failing = False
        await bo.send(type="resync", ref="look")
        state = (await bo.until(lambda m: m.get("ref") == "look"))["state"]
        live = served.rooms.get(room["code"]).game.engine
        replayed = replay_log(store.logs[room["code"]])[-1]
        assert conservation_problems(replayed) == []
        assert state["high_bid"] is None  # nobody heard of a bid the log does not hold
        assert replayed.reveal() == live.reveal()
        for client in (tv, ana, bo, cy):
            await client.ws.close()

    run(body())


def test_a_seat_the_store_refused_is_not_taken(flaky: tuple[Served, FlakyStore]) -> None:
    from server.harness import join, watch

    served, store = flaky

    async def body() -> None:
        server = served.server
        room = server.create_room(seed=3)
        tv = await watch(server, room["code"], room["host_token"])
        ana = await join(server, room["code"], "Ana")
        store.failing = True
        live = served.rooms.get(room["code"])
        seq_before = live.seq
        with contextlib.suppress(Exception):  # refused one way or another; see below
            await join(server, room["code"], "Bo")
        store.failing = False
        assert [s.name for s in live.seats] == ["Ana"]
        assert live.seq == seq_before
        bo = await join(server, room["code"], "Bo")  # the name is free: nothing was kept
        assert [s.name for s in live.seats] == ["Ana", "Bo"]
        for client in (tv, ana, bo):
            await client.ws.close()

    run(body())


def test_a_switch_the_store_refused_leaves_the_table_in_its_game(
    flaky: tuple[Served, FlakyStore],
) -> None:
    from server.harness import join, watch

    served, store = flaky

    async def body() -> None:
        server = served.server
        room = server.create_room(seed=3)
        tv = await watch(server, room["code"], room["host_token"])
        ana = await join(server, room["code"], "Ana")
        bo = await join(server, room["code"], "Bo")
        live = served.rooms.get(room["code"])
        seq_before = live.seq
        store.failing = True
        await tv.send(type="switch_game", game="peanuts", ref="lost")
        assert (await tv.until(lambda m: m.get("ref") == "lost"))["type"] == "error"
        store.failing = False
        assert (live.game_class.id, live.seq) == ("peanut-club", seq_before)
        assert store.rooms[room["code"]].game == "peanut-club"
        assert [s.name for s in live.seats] == ["Ana", "Bo"]
        await tv.send(type="resync", ref="look")
        state = (await tv.until(lambda m: m.get("ref") == "look"))["state"]
        assert state["game"] == "peanut-club"
        for client in (tv, ana, bo):
            await client.ws.close()

    run(body())
