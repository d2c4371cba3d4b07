"""Several `peanutclub serve --redis` processes sharing rooms through one real redis-server."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

from tests.persistence.procs import WAIT, drive, free_port, run, seat_players, wait_any
from tests.scaleout.nodes import (
    LEASE_MS,
    PACE,
    Keeper,
    Node,
    RedisServer,
    log_entries,
    secrets_leaked,
    start_nodes,
)

SEED = 4242


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    tmp = tmp_path_factory.mktemp("redis")
    server = RedisServer(free_port(), tmp / "redis.log").start()
    yield server
    server.stop()


@pytest.fixture
def nodes(tmp_path: Path, redis_server: RedisServer) -> Iterator[list[Node]]:
    started = start_nodes(tmp_path, redis_server.url, 3)
    yield started
    for node in started:
        node.resume()
        node.stop()


def owner_of(client: redis.Redis, code: str) -> str:
    holder = client.get(f"pc:lease:{code}")
    assert holder is not None
    return holder.decode()  # type: ignore[union-attr]


def test_players_on_three_processes_play_a_whole_game(
    nodes: list[Node], redis_server: RedisServer
) -> None:
    room = nodes[0].create_room(seed=SEED, **PACE)
    code = room["code"]
    spy = redis_server.client().pubsub()
    spy.psubscribe("pc:out:*")

    async def play() -> list[Keeper]:
        players = await seat_players(
            list(nodes), code, room["host_token"], ["Ann", "Bob", "Cat", "Dan"], Keeper
        )
        tv = Keeper("tv")
        await tv.connect(nodes[2], code, {"type": "watch"})
        everyone = [*players, tv]
        await players[0].send(type="start")
        await wait_any(
            everyone, lambda: all(p.view and p.view["phase"] != "lobby" for p in everyone)
        )
        await drive(players)
        await wait_any(
            everyone, lambda: all(p.view and p.view["phase"] == "over" for p in everyone)
        )
        for p in everyone:
            await p.close()
        return everyone

    everyone = run(play())
    assert all(not p.errors for p in everyone), [p.errors for p in everyone]
    for p in everyone:
        assert not secrets_leaked(p), p.name
    # Each process is only ever sent the frames of its own connections.
    seen = 0
    while (message := spy.get_message(timeout=0.2)) is not None:
        if message["type"] != "pmessage":
            continue
        process = message["channel"].decode().removeprefix("pc:out:")
        clients = message["data"].split(b"\n", 1)[0].decode().split(" ")  # a patch names several
        assert all(client.startswith(process + "/") for client in clients), clients
        seen += 1
    assert seen > 0  # some players were on processes that do not own the room
    entries = log_entries(redis_server.client(), code)
    assert [e["seq"] for e in entries] == list(range(1, len(entries) + 1))
    status, summary = nodes[1].get(f"/api/rooms/{code}")
    assert status == 200 and summary["phase"] == "over"


def test_owner_killed_mid_auction_another_takes_over(
    nodes: list[Node], redis_server: RedisServer
) -> None:
    client = redis_server.client()
    owner = nodes[0]
    room = owner.create_room(seed=SEED, **PACE)
    code = room["code"]
    first_owner = owner_of(client, code)

    async def play() -> tuple[int, int]:
        players = await seat_players(
            list(nodes), code, room["host_token"], ["Ann", "Bob", "Cat"], Keeper
        )
        await players[0].send(type="start")
        await drive(players, until_round=2)
        # Mid-auction: a bid is accepted and everybody has heard of it, then the owner dies.
        bidder = players[1]
        assert bidder.view is not None
        options = bidder.view["you"]["bid_options"]
        currency = next(c for c in bidder.view["column"] if not options[c]["reason"])
        await bidder.send(type="bid", currency=currency, amount=options[currency]["min"])
        await wait_any(players, lambda: all(p.view and p.view["high_bid"] for p in players))
        accepted = max(p.seq for p in players)
        high_bid = players[1].view["high_bid"]  # type: ignore[index]
        owner.kill()
        killed_at = time.monotonic()
        survivors = players[1:]
        welcomes = [p.welcomes for p in survivors]
        # The survivors' processes notice the lease has gone; one takes the room, and both
        # put their players back in their seats: a fresh welcome, nothing lost.
        await wait_any(
            survivors,
            lambda: all(p.welcomes > w for p, w in zip(survivors, welcomes, strict=True)),
        )
        pause = time.monotonic() - killed_at
        for p in survivors:
            assert p.seq >= accepted
            assert p.view is not None and p.view["high_bid"] == high_bid
        # The dead process's player reconnects to another process and resumes.
        await players[0].close()
        back = Keeper("Ann")
        await back.connect(nodes[1], code, {"type": "resume", "token": players[0].token})
        table = [back, *survivors]
        await drive(table)
        await wait_any(table, lambda: all(p.view and p.view["phase"] == "over" for p in table))
        for p in table:
            assert not secrets_leaked(p), p.name
            await p.close()
        return accepted, round(pause * 1000)

    accepted, pause_ms = run(play())
    assert pause_ms < WAIT * 1000
    assert owner_of(client, code) != first_owner
    entries = log_entries(client, code)
    assert [e["seq"] for e in entries] == list(range(1, len(entries) + 1))
    assert len(entries) >= accepted
    epochs = [e["epoch"] for e in entries]
    assert epochs == sorted(epochs) and epochs[-1] > epochs[0]


def test_a_paused_owner_that_lost_its_lease_cannot_write(
    nodes: list[Node], redis_server: RedisServer
) -> None:
    client = redis_server.client()
    owner, other = nodes[0], nodes[1]
    room = owner.create_room(seed=SEED, **PACE)
    code = room["code"]
    first_owner = owner_of(client, code)

    async def play() -> dict[str, Any]:
        players = await seat_players(
            [owner, other, other], code, room["host_token"], ["Ann", "Bob", "Cat"], Keeper
        )
        await players[0].send(type="start")
        await drive(players, until_round=1)
        owner.pause()
        try:
            # Past the lease, the other process takes the room over (it has clients there).
            deadline = time.monotonic() + WAIT
            while owner_of_or_none(client, code) in (None, first_owner):
                assert time.monotonic() < deadline, "nobody took the lease over"
                await asyncio.sleep(0.05)
            # A bid sent to the paused process waits in its socket until it wakes up.
            ann = players[0]
            assert ann.view is not None
            options = ann.view["you"]["bid_options"]
            currency = next(c for c in ann.view["column"] if not options[c]["reason"])
            bid = {"type": "bid", "currency": currency, "amount": options[currency]["min"]}
            await ann.send(**bid)
            await asyncio.sleep(0.2)
        finally:
            owner.resume()
        await asyncio.sleep(LEASE_MS / 1000)
        await drive(players)
        await wait_any(players, lambda: all(p.view and p.view["phase"] == "over" for p in players))
        for p in players:
            assert not secrets_leaked(p), p.name
            await p.close()
        return bid

    bid = run(play())
    entries = log_entries(client, code)
    assert [e["seq"] for e in entries] == list(range(1, len(entries) + 1))
    epochs = [e["epoch"] for e in entries]
    first_epoch = int(first_owner.split(":")[0])
    taken = next(i for i, e in enumerate(epochs) if e != first_epoch)
    # Once the lease changed hands, not one entry of the old owner's epoch was written.
    assert all(e > first_epoch for e in epochs[taken:])
    # Ann's bid, refused by Redis on the stale owner, was passed on and applied by the new one.
    bids = [
        e for e in entries[taken:] if e["kind"] == "action" and e["data"]["action"]["type"] == "bid"
    ]
    assert bids[0]["data"]["action"] == {**bid, "seat": 0}
    noticed = owner.log.read_text()
    assert "is no longer held" in noticed or "lost; the room is handed over" in noticed


def owner_of_or_none(client: redis.Redis, code: str) -> str | None:
    holder = client.get(f"pc:lease:{code}")
    return None if holder is None else holder.decode()  # type: ignore[union-attr]


def test_the_clients_of_a_dead_relay_are_shown_away(nodes: list[Node]) -> None:
    owner, relay = nodes[0], nodes[1]
    room = owner.create_room(seed=SEED, **PACE)

    async def play() -> None:
        ann, bob = await seat_players(
            [owner, relay], room["code"], room["host_token"], ["Ann", "Bob"], Keeper
        )
        await ann.wait(
            lambda: len(ann.view["players"]) == 2 and ann.view["players"][1]["connected"]
        )  # type: ignore[index]
        relay.kill()  # Bob's process dies without a word to the owner
        await ann.wait(lambda: not ann.view["players"][1]["connected"])  # type: ignore[index]
        for p in (ann, bob):
            await p.close()

    run(play())


def test_a_device_admitted_to_a_seat_keeps_it_when_the_room_changes_hands(
    nodes: list[Node], redis_server: RedisServer
) -> None:
    """A claim admitted on the owner, then the owner loses its lease: the admitted device's
    place in the room is its new seat (a `resume` with the new token), not the watching it
    started as."""
    client = redis_server.client()
    owner, other = nodes[0], nodes[1]
    room = owner.create_room(seed=SEED, **PACE)
    code = room["code"]
    first_owner = owner_of(client, code)

    async def play() -> None:
        ann, bob, cat = await seat_players(
            [owner, owner, other], code, room["host_token"], ["Ann", "Bob", "Cat"], Keeper
        )
        await ann.send(type="start")
        await ann.wait(lambda: ann.view is not None and ann.view["phase"] != "lobby")
        await bob.close()
        await ann.wait(lambda: ann.view is not None and not ann.view["players"][1]["connected"])
        device = Keeper("Bob's new phone")
        await device.connect(owner, code, {"type": "watch"})
        await device.send(type="claim", seat=1)
        await ann.wait(lambda: ann.view is not None and bool(ann.view["claims"]))
        assert ann.view is not None
        await ann.send(type="admit", claim=ann.view["claims"][0]["id"])
        await device.wait(lambda: device.seat == 1)
        welcomes = device.welcomes
        owner.pause()
        try:
            deadline = time.monotonic() + WAIT
            while owner_of_or_none(client, code) in (None, first_owner):
                assert time.monotonic() < deadline, "nobody took the lease over"
                await asyncio.sleep(0.05)
        finally:
            owner.resume()
        await device.wait(lambda: device.welcomes > welcomes)
        assert device.seat == 1 and device.view is not None and device.view["you"] is not None
        for p in (ann, cat, device):
            await p.close()

    run(play())
