"""Abuse limits, each reached on a real server: connections per room and per address (counted
from the moment of connecting), sockets that never say who they are, room creation and room-code
guessing per address, and where secrets travel.

Already covered in tests/server (not repeated here): the message rate per connection and frame
sizes (test_bad_input), name length and content and a kicked player's token (test_seats).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import httpx
import pytest
from starlette.requests import Request
from websockets.exceptions import ConnectionClosed

from peanutclub.server.http import client_ip

from .support import Served, run, served_as_users_run_it


async def refused(client: Any, code: str, close_code: int) -> None:
    """The server answers with an `error` of `code`, then closes with `close_code`."""
    error = await client.next()
    assert error["type"] == "error" and error["code"] == code, error
    with pytest.raises(ConnectionClosed) as closed:
        await client.ws.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == close_code


async def watching(served: Served, code: str) -> Any:
    from server.harness import open_client

    client = await open_client(served.server, code)
    await client.send(type="watch")
    assert (await client.next())["type"] == "welcome"
    return client


def test_connections_per_room_count_before_the_handshake(strict_server: Served) -> None:
    from server.harness import open_client

    async def body() -> None:
        code = strict_server.server.create_room()["code"]
        # Five sockets that have not said a word yet fill the room (limit 5) ...
        silent = await asyncio.gather(*(open_client(strict_server.server, code) for _ in range(5)))
        extra = await open_client(strict_server.server, code)
        await refused(extra, "room_full", 1013)
        # ... and one leaving frees its place.
        await silent[0].ws.close()
        await asyncio.sleep(0.1)
        back = await open_client(strict_server.server, code)
        await back.send(type="watch")
        assert (await back.next())["type"] == "welcome"
        await asyncio.gather(*(c.ws.close() for c in (back, *silent[1:])))

    run(body())


def test_a_burst_of_simultaneous_connections_cannot_slip_past_the_room_limit(
    strict_server: Served,
) -> None:
    from server.harness import open_client

    async def body() -> None:
        code = strict_server.server.create_room()["code"]
        clients = await asyncio.gather(*(open_client(strict_server.server, code) for _ in range(8)))
        for client in clients:
            with contextlib.suppress(ConnectionClosed):  # a refused one may be closed already
                await client.send(type="watch")
        welcomed, full = 0, 0
        for client in clients:
            first = await client.next()
            welcomed += first["type"] == "welcome"
            full += first.get("code") in ("room_full", "rate_limited")
        assert (welcomed, full) == (5, 3)
        await asyncio.gather(*(c.ws.close() for c in clients))

    run(body())


def test_connections_per_address_across_rooms(strict_server: Served) -> None:
    from server.harness import open_client

    async def body() -> None:
        first = strict_server.server.create_room()["code"]
        second = strict_server.server.create_room()["code"]
        held = [await watching(strict_server, first) for _ in range(5)]
        held += [await watching(strict_server, second) for _ in range(3)]  # 8: the limit
        extra = await open_client(strict_server.server, second)
        await refused(extra, "rate_limited", 1013)
        await held.pop().ws.close()
        await asyncio.sleep(0.1)
        held.append(await watching(strict_server, second))
        await asyncio.gather(*(c.ws.close() for c in held))

    run(body())


def test_sockets_that_never_say_who_they_are_are_closed_and_free_their_place(
    strict_server: Served,
) -> None:
    from server.harness import open_client

    async def body() -> None:
        code = strict_server.server.create_room()["code"]
        silent = [await open_client(strict_server.server, code) for _ in range(5)]
        for client in silent:  # handshake timeout: 1 s
            with pytest.raises(ConnectionClosed) as closed:
                await client.ws.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        await asyncio.sleep(0.1)
        assert strict_server.rooms.directory.connections_in.get(code, 0) == 0
        client = await watching(strict_server, code)  # the room has room again
        await client.ws.close()

    run(body())


def test_room_creation_per_address_and_forwarded_for_from_strangers(
    strict_server: Served,
) -> None:
    base = strict_server.server.base
    for _ in range(3):
        assert httpx.post(f"{base}/api/rooms", json={}).status_code == 201
    # A client cannot pose as someone else: X-Forwarded-For counts only from a trusted proxy.
    response = httpx.post(f"{base}/api/rooms", json={}, headers={"x-forwarded-for": "10.9.8.7"})
    assert response.status_code == 429 and response.json()["code"] == "rate_limited"


def test_the_real_command_ignores_forwarded_for_from_strangers(tmp_path: Any) -> None:
    """`peanutclub serve` itself (not only the app): uvicorn must not rewrite the client address
    from X-Forwarded-For behind the app's back (its default trusts 127.0.0.1)."""
    with served_as_users_run_it(tmp_path, PEANUTCLUB_MAX_ROOMS_PER_ADDRESS="1") as server:
        statuses = [
            httpx.post(
                f"{server.base}/api/rooms", json={}, headers={"x-forwarded-for": f"10.0.0.{i}"}
            )
            for i in range(2)
        ]
    assert [r.status_code for r in statuses] == [201, 429]


def test_forwarded_for_is_read_only_from_trusted_proxies() -> None:
    def request(peer: str, forwarded: str) -> Request:
        headers = [(b"x-forwarded-for", forwarded.encode())]
        return Request({"type": "http", "client": (peer, 1), "headers": headers})

    assert client_ip(request("203.0.113.5", "10.0.0.1"), ["127.0.0.1"]) == "203.0.113.5"
    assert client_ip(request("127.0.0.1", "spoof, 10.0.0.1"), ["127.0.0.1"]) == "10.0.0.1"


def test_room_code_guessing_is_throttled_per_address(strict_server: Served) -> None:
    from server.harness import open_client

    async def body() -> None:
        real = strict_server.server.create_room()["code"]
        kept = "KPTW"  # a room gone, its finished game still kept
        strict_server.on_server(strict_server.store.save_game(f"{kept}-1-1", kept, {"seed": 1}))
        base = strict_server.server.base
        guesses = ["CDFG", "CDFH", "CDFJ", "CDFK"]  # a burst of 4 allowed
        for guess in guesses[:2]:
            client = await open_client(strict_server.server, guess)
            await refused(client, "unknown_room", 4404)
        async with httpx.AsyncClient() as http:
            assert (await http.get(f"{base}/api/rooms/{kept}/games")).status_code == 200  # a hit
            assert (await http.get(f"{base}/api/rooms/{guesses[2]}/games")).status_code == 404
            assert (await http.get(f"{base}/api/rooms/{guesses[3]}")).status_code == 404
            # The allowance is spent: every lookup is refused now, a real code too, on every
            # route (a guesser cannot tell a hit from a miss).
            paths = (f"/api/rooms/{real}", f"/r/{real}", f"/r/{real}/tv", f"/r/{real}/qr.svg")
            for path in (*paths, f"/api/rooms/{real}/games", f"/api/rooms/{kept}/games"):
                response = await http.get(base + path)
                assert response.status_code == 429, path
                assert response.json()["code"] == "rate_limited"
            client = await open_client(strict_server.server, real)
            await refused(client, "rate_limited", 1013)
            # It refills (0.5 per second): one more attempt after a pause.
            await asyncio.sleep(2.2)
            assert (await http.get(f"{base}/api/rooms/{real}")).status_code == 200

    run(body())


def test_secrets_travel_only_to_their_owner(open_server: Served) -> None:
    """Over a whole game with a resume and a kick: a seat token appears only in its owner's
    `welcome` frames; the host token in no frame at all (the host sends it, never receives it);
    neither in any link, the QR code or the public summary."""
    from server.harness import join, open_client, watch
    from server.players import FAST, play_all

    async def body() -> None:
        server = open_server.server
        room = server.create_room(seed=21, **FAST)
        code, host_token = room["code"], room["host_token"]
        for link in ("join_url", "tv_url"):
            assert host_token not in room[link]
        tv = await watch(server, code, host_token)
        spectator = await watch(server, code)
        players = [await join(server, code, n) for n in ("Ana", "Bo", "Cy", "Dee")]
        await tv.send(type="kick", seat=3)
        kicked_token = players.pop().token
        await tv.until(lambda m: m["type"] == "state" and len(m["state"]["players"]) == 3)
        await tv.send(type="start")
        await players[1].until(lambda m: m["type"] == "state" and m["state"]["phase"] == "bidding")
        await players[1].ws.close()  # Bo drops, then resumes on a new connection
        bo = await open_client(server, code)
        await bo.send(type="resume", token=players[1].token)
        assert (await bo.next())["type"] == "welcome"
        players[1] = bo
        await play_all(players)
        clients = [tv, spectator, *players]
        tokens = {p.token for p in players} | {kicked_token}
        for client in clients:
            for frame, message in zip(client.frames, client.messages, strict=True):
                assert host_token not in frame
                for token in tokens:
                    if token in frame:
                        assert message["type"] == "welcome" and message["token"] == token
                        assert client.token == token
        async with httpx.AsyncClient() as http:
            for path in (f"/api/rooms/{code}", f"/r/{code}/qr.svg", f"/r/{code}", f"/r/{code}/tv"):
                text = (await http.get(server.base + path)).text
                assert not any(secret in text for secret in (host_token, *tokens))
        await asyncio.gather(*(c.ws.close() for c in clients))

    run(body())


def test_the_guess_throttle_stays_bounded_in_memory() -> None:
    from peanutclub.server.ratelimit import AddressThrottle

    throttle = AddressThrottle(rate=0.001, burst=2, max_addresses=100)
    for i in range(1000):
        throttle.failed(f"10.0.{i // 256}.{i % 256}")
    assert len(throttle.buckets) <= 100
    throttle.failed("203.0.113.9")
    throttle.failed("203.0.113.9")
    assert throttle.blocked("203.0.113.9") and not throttle.blocked("203.0.113.10")
