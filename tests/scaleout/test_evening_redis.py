"""The evening across processes (Redis mode): a table of bots plays a Peanut Club game on a
room another process owns; the owner is killed between games; the process that takes the room
over rebuilds it from the shared log, evening included, and its viewers see the same evening."""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.persistence.procs import run
from tests.scaleout.nodes import Keeper, Node, RedisServer, start_nodes

from .test_scaleout import redis_server  # noqa: F401 (the module's redis-server fixture)

FAST = {"going_step_seconds": 0.01, "idle_seconds": 0.03, "pay_seconds": 5}


@pytest.fixture
def two_nodes(tmp_path: Path, redis_server: RedisServer) -> Iterator[list[Node]]:  # noqa: F811
    started = start_nodes(tmp_path, redis_server.url, 2)
    yield started
    for node in started:
        node.stop()


def phase(k: Keeper) -> str | None:
    return None if k.view is None else k.view["phase"]


def test_the_evening_survives_its_owner_dying_between_games(two_nodes: list[Node]) -> None:
    owner, relay = two_nodes
    room = owner.create_room(seed=9, **FAST)
    code = room["code"]

    async def body() -> tuple[dict[str, Any], dict[str, Any]]:
        tv = Keeper("tv")
        await tv.connect(relay, code, {"type": "watch", "host_token": room["host_token"]})
        for _ in range(3):
            await tv.send(type="add_bot", level="easy")
        await tv.wait(lambda: tv.view is not None and len(tv.view["players"]) == 3)
        await tv.send(type="start")
        await tv.wait(lambda: phase(tv) == "over")
        await tv.send(type="rematch")
        await tv.wait(lambda: phase(tv) == "lobby")
        assert tv.view is not None
        before: dict[str, Any] = tv.view["evening"]
        welcomes = tv.welcomes
        owner.kill()
        # the relay's process takes the room over from the log and welcomes its viewers again
        await tv.wait(lambda: tv.welcomes > welcomes)
        assert tv.view is not None
        after: dict[str, Any] = tv.view["evening"]
        await tv.close()
        return before, after

    before, after = run(body())
    assert len(before["games"]) == 1 and before["games"][0]["abandoned"] is False
    assert [p["place"] for p in before["games"][0]["placings"]].count(1) >= 1
    assert sum(s["points"] for s in before["standings"]) == 3
    assert after == before


def test_a_process_that_does_not_run_the_room_draws_the_same_recap(two_nodes: list[Node]) -> None:
    """The recap image from the process that runs the room and from one that does not (it
    rebuilds the room from the shared log to draw it) is the same picture, awards included."""
    owner, relay = two_nodes
    room = owner.create_room(seed=9, **FAST)
    code = room["code"]

    async def body() -> dict[str, Any]:
        tv = Keeper("tv")
        await tv.connect(owner, code, {"type": "watch", "host_token": room["host_token"]})
        for _ in range(3):
            await tv.send(type="add_bot", level="easy")
        await tv.wait(lambda: tv.view is not None and len(tv.view["players"]) == 3)
        await tv.send(type="start")
        await tv.wait(lambda: phase(tv) == "over")
        await tv.send(type="rematch")
        await tv.wait(lambda: phase(tv) == "lobby")
        assert tv.view is not None
        evening: dict[str, Any] = tv.view["evening"]
        await tv.close()
        return evening

    evening = run(body())
    assert len(evening["games"]) == 1

    def recap(node: Node, lang: str) -> str:
        url = f"{node.base}/r/{code}/recap.svg?lang={lang}"
        with urllib.request.urlopen(url, timeout=10) as res:
            assert res.status == 200
            text: str = res.read().decode()
        return text

    for lang in ("en", "fr"):
        drawn = recap(owner, lang)
        assert drawn.count('data-key="award"') == len(evening["games"][0]["awards"])
        assert 'data-key="champion"' in drawn
        assert recap(relay, lang) == drawn
