"""Nur Peanuts! over real sockets (uvicorn + websockets): a room of this game is created with its
settings, joined, started; purchases, throws and parks are applied or refused with the game's
codes; a move of another game is a bad message; and the view a client builds from the patches
(the shared rule: each field a patch carries replaces the old) is the room's own view."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from peanutclub.games.nur_peanuts.engine.board import STANDARD
from tests.server.harness import Client, RunningServer, dev_server, join, run

#: What the room adds to the game's view, and what changes with the clock alone.
CLOCK = ("now", "deadline", "deadline_kind")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    with dev_server(tmp_path_factory) as running:
        yield running


def new_room(server: RunningServer, **settings: Any) -> dict[str, Any]:
    return server.create_room(game="nur-peanuts", seed=11, turn_seconds=120, **settings)


async def seated(server: RunningServer, room: dict[str, Any]) -> tuple[Client, Client]:
    ana = await join(server, room["code"], "Ana", host_token=room["host_token"])
    bruno = await join(server, room["code"], "Bruno")
    return ana, bruno


async def started(server: RunningServer) -> list[Client]:
    """Ana (the host) and Bruno at a new table, the game started: both see the buying begin."""
    ana, bruno = await seated(server, new_room(server))
    await ana.send(type="start")
    for client in (ana, bruno):
        await client.until(state_in("buying"))
    return [ana, bruno]


def state_in(phase: str) -> Any:
    return lambda m: m["type"] == "state" and m["state"]["phase"] == phase


async def buy_all(clients: list[Client]) -> None:
    """The preliminary round: whoever must buy takes the most valuable field they can afford."""
    while True:
        view = clients[0].view
        assert view is not None
        if view["phase"] != "buying":
            return
        purchase = view["purchase"]
        best = max(purchase["fields"], key=lambda f: view["board"][f]["value"])
        buyer = clients[purchase["seat"]]
        before = buyer.seq
        await buyer.send(type="buy", field=best)
        for client in clients:
            await client.until(lambda m, b=before: m["type"] in ("state", "patch") and m["seq"] > b)


def test_a_room_of_the_game_is_created_with_its_settings_and_started(
    server: RunningServer,
) -> None:
    room = new_room(server, board="random")
    summary = httpx.get(f"{server.base}/api/rooms/{room['code']}").json()
    assert summary["game"] == "nur-peanuts"

    async def body() -> None:
        ana, bruno = await seated(server, room)
        assert ana.view is not None and ana.view["game"] == "nur-peanuts"
        assert ana.view["phase"] == "lobby" and ana.view["settings"]["board"] == "random"
        await ana.send(type="start")
        started = await bruno.until(state_in("buying"))
        view = started["state"]
        values = [f["value"] for f in view["board"]]
        assert sorted(values) == sorted(STANDARD) and values != list(STANDARD)  # shuffled
        assert [p["cash"] for p in view["players"]] == [9700, 9700]
        assert view["purchase"]["seat"] in (0, 1) and len(view["purchase"]["fields"]) == 24

    run(body())


def test_a_setting_out_of_its_choices_is_refused(server: RunningServer) -> None:
    response = httpx.post(
        f"{server.base}/api/rooms", json={"game": "nur-peanuts", "board": "square"}
    )
    assert response.status_code == 400 and response.json()["code"] == "bad_settings"

    async def body() -> None:
        ana, _ = await seated(server, new_room(server))
        await ana.send(type="settings", board="hexagonal")
        refused = await ana.error("bad_settings")  # not a name the setting knows: named
        assert refused["message"] == "board must be one of standard, random."
        await ana.send(type="settings", turn_seconds=5000)
        await ana.error("bad_settings")
        assert ana.view is not None and ana.view["settings"]["board"] == "standard"
        await ana.send(type="settings", board="random")
        changed = await ana.until(lambda m: m["type"] == "state")
        assert changed["state"]["settings"]["board"] == "random"

    run(body())


def test_purchases_are_applied_in_turn_and_refused_with_the_games_codes(
    server: RunningServer,
) -> None:
    async def body() -> None:
        clients = await started(server)
        view = clients[0].view
        assert view is not None
        buyer = view["purchase"]["seat"]
        waiting = clients[1 - buyer]
        await waiting.send(type="buy", field=0, ref="early")
        assert (await waiting.error("not_your_turn"))["ref"] == "early"
        await clients[buyer].send(type="buy", field=24)
        await clients[buyer].error("bad_field")
        await clients[buyer].send(type="throw", dice="black")
        await clients[buyer].error("wrong_phase")
        await clients[buyer].send(type="buy", field=0)
        bought = await waiting.until(lambda m: m["type"] == "state")
        assert bought["state"]["board"][0]["owner"] == buyer
        assert {"type": "bought", "seat": buyer, "field": 0, "price": 2400} in bought["events"]
        assert bought["state"]["players"][buyer]["cash"] == 9700 - 2400
        second = bought["state"]["purchase"]["seat"]
        await clients[second].send(type="buy", field=0)
        await clients[second].error("field_sold")

    run(body())


def test_a_move_of_another_game_or_a_malformed_throw_is_a_bad_message(
    server: RunningServer,
) -> None:
    async def body() -> None:
        clients = await started(server)
        ana = clients[0]
        for move in (
            {"type": "bid", "amount": 1, "currency": "dollars"},
            {"type": "move", "card": 1, "to": "foundation", "pile": None},
            {"type": "flip"},
            {"type": "throw", "dice": "red"},
            {"type": "buy", "field": "the best one"},
        ):
            await ana.send(**move)
            await ana.error("bad_message")
        # The room and the connection survive: a good purchase still goes through.
        view = ana.view
        assert view is not None and view["phase"] == "buying"
        buyer = clients[view["purchase"]["seat"]]
        await buyer.send(type="buy", field=5)
        bought = await buyer.until(lambda m: m["type"] == "state")
        assert bought["state"]["board"][5]["owner"] == view["purchase"]["seat"]

    run(body())


def test_throws_and_parks_are_applied_or_refused_and_patches_rebuild_the_view(
    server: RunningServer,
) -> None:
    async def body() -> None:
        clients = await started(server)
        await buy_all(clients)
        view = clients[0].view
        assert view is not None and view["phase"] == "turns"
        mover = view["turn"]["seat"]
        other = clients[1 - mover]
        assert set(view["turn"]["odds"]) == {"black", "white", "two_white"}
        await clients[mover].send(type="park")
        await clients[mover].error("must_throw")
        await other.send(type="throw", dice="black")
        await other.error("not_your_turn")
        await clients[mover].send(type="throw", dice="black", ref="t1")
        thrown = await other.until(lambda m: m["type"] in ("patch", "state"))
        lt = thrown["last_throw"] if thrown["type"] == "patch" else thrown["state"]["last_throw"]
        assert lt["dice"] == "black" and lt["seat"] == mover and 1 <= lt["moved"] <= 3
        assert any(e["type"] == "thrown" for e in thrown["events"])
        patched = other.view
        assert patched is not None and patched["turn"]["thrown"]
        # A whole view asked for now is the view the patches built (the clock aside).
        await other.send(type="resync")
        fresh = await other.until(lambda m: m["type"] == "state")
        assert strip(fresh["state"]) == strip(patched)
        await clients[mover].send(type="park")
        parked = await other.until(
            lambda m: (
                m["type"] in ("patch", "state") and any(e["type"] == "parked" for e in m["events"])
            )
        )
        assert parked["seq"] > thrown["seq"]
        after = other.view
        assert after is not None
        pawn = next(p for p in after["pieces"] if p["id"] == f"pawn-{mover}")
        assert pawn["place"] == "parking" and pawn["field"] == lt["to"]

    run(body())


def strip(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in CLOCK}
