"""A room closed for idleness comes back when someone opens its link: its summary, one of its
pages, or a WebSocket to it. The sweeper frees a room's memory once nobody has come for
`room_idle_ttl_seconds`; its log stays in the store, and the room is rebuilt from it on the next
visit, seats, tokens and `seq` as they were, not only after a restart."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from .support import Served, run


async def closed_room_with_two_seats(served: Served) -> tuple[str, str, int]:
    """A room where Ana and Bo sat down and left, then closed by the sweeper: its code, Ana's
    seat token and the room's last seq."""
    from server.harness import join

    code = served.server.create_room()["code"]
    ana = await join(served.server, code, "Ana")
    bo = await join(served.server, code, "Bo")
    token = ana.token
    assert token is not None
    await asyncio.gather(ana.ws.close(), bo.ws.close())

    async def close_for_idleness() -> int:
        rooms = served.rooms
        room = rooms.get(code)
        for _ in range(1000):  # the two connections' ends reach the room (10 s at most)
            if not room.viewers:
                break
            await asyncio.sleep(0.01)
        room.last_activity -= served.app.state.peanutclub.settings.room_idle_ttl_seconds + 1
        await rooms.sweep()
        assert rooms.get(code) is None, "the sweeper did not close the idle room"
        return int(room.seq)

    seq = served.on_server(close_for_idleness())
    return code, token, seq


@pytest.mark.parametrize("way", ["summary", "player page", "tv page", "websocket"])
def test_a_room_closed_for_idleness_comes_back_when_its_link_is_opened(
    open_server: Served, way: str
) -> None:
    from server.harness import open_client

    async def body() -> None:
        code, token, seq = await closed_room_with_two_seats(open_server)
        base = open_server.server.base
        async with httpx.AsyncClient() as http:
            if way == "summary":
                response = await http.get(f"{base}/api/rooms/{code}")
                assert response.status_code == 200, response.text
                assert [p["name"] for p in response.json()["players"]] == ["Ana", "Bo"]
            elif way == "player page":
                assert (await http.get(f"{base}/r/{code}")).status_code == 200
            elif way == "tv page":
                assert (await http.get(f"{base}/r/{code.lower()}/tv")).status_code == 200
            else:
                ana = await open_client(open_server.server, code)
                await ana.send(type="resume", token=token)
                welcome = await ana.until(lambda m: m["type"] in ("welcome", "error"))
                assert welcome["type"] == "welcome", welcome
                assert welcome["seat"] == 0 and welcome["seq"] >= seq
                await ana.ws.close()
        room = open_server.rooms.get(code)
        assert room is not None and [s.name for s in room.seats] == ["Ana", "Bo"]
        assert room.seq >= seq  # seq never goes back

    run(body())


def test_visitors_arriving_together_share_one_rebuild(open_server: Served) -> None:
    async def body() -> None:
        code, _, _ = await closed_room_with_two_seats(open_server)
        store = open_server.store
        loads: list[str] = []
        load = store.load

        async def counted(wanted: str) -> Any:
            loads.append(wanted)
            await asyncio.sleep(0.05)  # a slow read: the other visitors arrive meanwhile
            return await load(wanted)

        store.load = counted  # type: ignore[method-assign]
        try:
            base = open_server.server.base
            async with httpx.AsyncClient() as http:
                answers = await asyncio.gather(
                    *(http.get(f"{base}/api/rooms/{code}") for _ in range(6))
                )
        finally:
            del store.load
        assert [a.status_code for a in answers] == [200] * 6
        assert loads == [code]

    run(body())


def test_a_code_the_store_does_not_hold_stays_unknown_and_counts_as_a_guess(
    strict_server: Served,
) -> None:
    async def body() -> None:
        base = strict_server.server.base
        async with httpx.AsyncClient() as http:
            for _ in range(4):  # the burst allowed (4), each a miss
                response = await http.get(f"{base}/api/rooms/CDFG")
                assert response.status_code == 404
                assert response.json()["code"] == "unknown_room"
            blocked = await http.get(f"{base}/api/rooms/CDFG")
            assert blocked.status_code == 429 and blocked.json()["code"] == "rate_limited"
        assert strict_server.rooms.get("CDFG") is None

    run(body())


def test_the_games_list_of_a_closed_room_is_no_guess_and_a_miss_there_is(
    strict_server: Served,
) -> None:
    """`/api/rooms/{code}/games` counts a code with neither a room nor kept games as a guess,
    alone as well as with the other routes; a room closed for idleness is no such code."""

    async def body() -> None:
        code, _, _ = await closed_room_with_two_seats(strict_server)
        base = strict_server.server.base
        async with httpx.AsyncClient() as http:
            for _ in range(6):  # more than the burst (4): a known code never counts
                known = await http.get(f"{base}/api/rooms/{code}/games")
                assert known.status_code == 200 and known.json()["games"] == []
            for guess in ("CDFG", "CDFH", "CDFJ", "CDFK"):
                missed = await http.get(f"{base}/api/rooms/{guess}/games")
                assert missed.status_code == 404 and missed.json()["code"] == "unknown_room"
            blocked = await http.get(f"{base}/api/rooms/{code}/games")
            assert blocked.status_code == 429 and blocked.json()["code"] == "rate_limited"

    run(body())
