"""A switched room across processes: any process serves the room's pages as its new game's,
and when its owner dies the process that takes it over rebuilds it as the new game's room, with
every seat and token."""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.persistence.procs import free_port, run, seat_players, wait_any
from tests.scaleout.nodes import PACE, Keeper, Node, RedisServer, start_nodes


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(free_port(), tmp_path_factory.mktemp("redis-switch") / "redis.log")
    yield server.start()
    server.stop()


@pytest.fixture
def nodes(tmp_path: Path, redis_server: RedisServer) -> Iterator[list[Node]]:
    started = start_nodes(tmp_path, redis_server.url, 2)
    yield started
    for node in started:
        node.stop()


def page_game(node: Node, code: str) -> str:
    with urllib.request.urlopen(f"{node.base}/r/{code}", timeout=5) as res:
        html = res.read().decode()
    return html.split('data-game="', 1)[1].split('"', 1)[0]


def test_a_switch_survives_an_owner_change(nodes: list[Node]) -> None:
    owner, other = nodes
    room = owner.create_room(**PACE)
    code = room["code"]

    async def evening() -> None:
        players = await seat_players(
            [owner, other], code, room["host_token"], ["Ann", "Bob", "Cat"], Keeper
        )
        host = players[0]
        await host.send(type="switch_game", game="peanuts")
        await wait_any(
            players, lambda: all(p.view and p.view["game"] == "peanuts" for p in players)
        )
        assert page_game(other, code) == "peanuts"  # the process that does not run the room
        bob = players[1]  # on the process that lives on
        welcomed = bob.welcomes
        owner.kill()
        await bob.wait(lambda: bob.welcomes > welcomed)  # put back in its seat by the new owner
        assert bob.view is not None and bob.view["game"] == "peanuts"
        back = Keeper("Ann")
        await back.connect(other, code, {"type": "resume", "token": host.token})
        assert back.host and back.view is not None
        assert back.view["game"] == "peanuts" and back.view["phase"] == "lobby"
        assert [p["name"] for p in back.view["players"]] == ["Ann", "Bob", "Cat"]
        await back.send(type="start")
        await back.wait(lambda: back.view is not None and back.view["phase"] != "lobby")
        assert back.view["game"] == "peanuts"
        for p in (back, *players):
            await p.close()

    run(evening())
