"""The table sees each player's connection as the server times it: a page's `echo` of the
server's `pong`, timed on the server's clock (server/links.py). A quick echo reads good, slow
ones poor (the median of the last few, so one late packet does not flicker); an echo that
answers no pong measures nothing; a player who leaves is measured again on return; a watcher
is not measured."""

from __future__ import annotations

import asyncio
from typing import Any

from .harness import Client, RunningServer, join, open_client, run, watch


def link_of(view: dict[str, Any] | None, seat: int) -> str | None:
    assert view is not None
    players = view["players"]
    link: str | None = players[seat]["link"] if seat < len(players) else None
    return link


async def trip(client: Client, delay: float = 0.0) -> None:
    """One ping, its pong, and the echo `delay` seconds after the pong arrived."""
    await client.send(type="ping", t=1)
    await client.until(lambda m: m["type"] == "pong")
    if delay:
        await asyncio.sleep(delay)
    await client.send(type="echo")


def test_quick_echoes_read_good_and_slow_ones_poor(dev_server: RunningServer) -> None:
    async def body() -> None:
        room = dev_server.create_room(seed=3)
        tv = await watch(dev_server, room["code"], room["host_token"])
        ana = await join(dev_server, room["code"], "Ana")
        assert ana.view is not None and ana.view["players"][0]["link"] is None  # not measured
        await trip(ana)
        await tv.until(lambda m: m["type"] == "state" and link_of(m["state"], 0) == "good")
        for _ in range(2):  # two slow trips of three: the median is slow
            await trip(ana, delay=0.35)
        await tv.until(lambda m: m["type"] == "state" and link_of(m["state"], 0) == "poor")
        # The same quality again sends nothing new to the table.
        before = len(tv.messages)
        await trip(ana, delay=0.35)
        await trip(ana, delay=0.35)
        await ana.send(type="ping", t=2)
        await ana.until(lambda m: m["type"] == "pong" and m["t"] == 2)
        await asyncio.sleep(0.1)
        assert [m for m in tv.messages[before:] if m["type"] == "state"] == []
        await asyncio.gather(tv.ws.close(), ana.ws.close())

    run(body())


def test_an_echo_that_answers_no_pong_measures_nothing(dev_server: RunningServer) -> None:
    async def body() -> None:
        room = dev_server.create_room(seed=3)
        tv = await watch(dev_server, room["code"], room["host_token"])
        ana = await join(dev_server, room["code"], "Ana")
        await ana.send(type="echo")  # no pong was sent: no error, no measure, no frame
        await trip(ana, delay=0.35)
        await ana.send(type="echo")  # a second echo of the same pong
        await ana.send(type="ping", t=3)
        await ana.until(lambda m: m["type"] == "pong" and m["t"] == 3)
        assert [m for m in ana.messages if m["type"] == "error"] == []
        state = await tv.until(lambda m: m["type"] == "state" and link_of(m["state"], 0))
        assert link_of(state["state"], 0) == "poor"  # the one timed trip, not the stray echoes
        # The watcher's own echoes measure nothing (a TV has no seat to show).
        await trip(tv)
        await tv.send(type="ping", t=4)
        await tv.until(lambda m: m["type"] == "pong" and m["t"] == 4)
        assert link_of(tv.view, 0) == "poor"
        await asyncio.gather(tv.ws.close(), ana.ws.close())

    run(body())


def test_a_player_who_leaves_is_measured_again_on_return(dev_server: RunningServer) -> None:
    async def body() -> None:
        room = dev_server.create_room(seed=3)
        tv = await watch(dev_server, room["code"], room["host_token"])
        ana = await join(dev_server, room["code"], "Ana")
        await trip(ana)
        await tv.until(lambda m: m["type"] == "state" and link_of(m["state"], 0) == "good")
        token = ana.token
        await ana.ws.close()
        await tv.until(lambda m: m["type"] == "state" and not m["state"]["players"][0]["connected"])
        assert link_of(tv.view, 0) is None
        again = await join_back(dev_server, room["code"], token)
        assert link_of(again.view, 0) is None
        await asyncio.gather(tv.ws.close(), again.ws.close())

    run(body())


async def join_back(server: RunningServer, code: str, token: str | None) -> Client:
    client = await open_client(server, code)
    await client.send(type="resume", token=token)
    await client.until(lambda m: m["type"] == "welcome")
    return client
