"""An away player does not stall the table (over real sockets): when the person a decision waits
for has no connection while someone else sits at the table, the room's clock plays the safe move
for them after the game's short grace (`away_seconds`) instead of the whole turn clock; it gives
the full clock back when they return, and hurries again when they drop once more."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.harness import Client, RunningServer, dev_server, join, open_client, run

TURN = 120
#: Long enough for a client to come back before it runs out, short for a test.
AWAY = 1.5


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    with dev_server(tmp_path_factory) as running:
        yield running


def left(view: dict[str, Any]) -> float:
    """Seconds the clock in this view gives (its deadline from the server's now)."""
    return float(view["deadline"] - view["now"]) / 1000


async def until_buyer(clients: list[Client], seat: int) -> None:
    """Seat 0 (Ana) buys in the preliminary round until `seat` must buy."""
    ana = clients[0]
    while True:
        view = ana.view
        assert view is not None and view["phase"] == "buying"
        purchase = view["purchase"]
        if purchase["seat"] == seat:
            return
        assert purchase["seat"] == 0
        before = ana.seq
        await ana.send(type="buy", field=max(purchase["fields"]))
        await ana.until(lambda m, b=before: m["type"] in ("state", "patch") and m["seq"] > b)


def test_an_away_players_decision_is_played_after_the_short_grace_not_the_turn_clock(
    server: RunningServer,
) -> None:
    room = server.create_room(game="nur-peanuts", seed=3, turn_seconds=TURN, away_seconds=AWAY)

    async def body() -> None:
        ana = await join(server, room["code"], "Ana", host_token=room["host_token"])
        bruno = await join(server, room["code"], "Bruno")
        await ana.send(type="start")
        await ana.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "buying")
        await until_buyer([ana, bruno], 1)
        assert ana.view is not None and left(ana.view) > AWAY * 10  # the whole turn clock

        # Bruno's phone drops: the clock now waits only the short grace for him.
        token = bruno.token
        await bruno.ws.close()
        away = await ana.until(
            lambda m: any(e["type"] == "player_away" for e in m.get("events", []))
        )
        assert left(away["state"]) <= AWAY

        # He comes back before it runs out: his whole turn clock again.
        bruno = await open_client(server, room["code"])
        await bruno.send(type="resume", token=token)
        back = await ana.until(
            lambda m: any(e["type"] == "player_back" for e in m.get("events", []))
        )
        assert left(back["state"]) > AWAY * 10

        # He drops again: after the grace, the clock buys the cheapest field for him.
        await bruno.ws.close()
        bought = await ana.until(
            lambda m: any(e["type"] == "bought" and e["seat"] == 1 for e in m.get("events", [])),
            timeout=AWAY * 4,
        )
        assert bought["state"]["players"][1]["fields"]

    run(body())
