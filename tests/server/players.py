"""Simple scripted players for the protocol tests, and the secrecy checks run on what they got."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterable
from typing import Any

from pydantic import TypeAdapter

from peanutclub.games.peanut_club.frames import ANSWERS, Patch, View
from peanutclub.server.protocol import server_messages

from .harness import Client, RunningServer, join, watch

#: Peanut Club's server frames, as the protocol declares them.
SERVER_MESSAGE: TypeAdapter[object] = TypeAdapter(server_messages(View, Patch, ANSWERS))

#: Tiny clock steps (development mode): a whole game takes about a second.
FAST = {"going_step_seconds": 0.01, "idle_seconds": 0.03, "pay_seconds": 5}


async def watched_table(
    server: RunningServer, names: Iterable[str] = ("Ana", "Bo", "Cy"), **body: Any
) -> tuple[dict[str, Any], Client, list[Client]]:
    """A room created with `body` (its seed, its pace), its host's TV watching and `names`
    seated in its lobby: the room as created, the TV, the players."""
    room = server.create_room(**body)
    tv = await watch(server, room["code"], room["host_token"])
    players = [await join(server, room["code"], name) for name in names]
    return room, tv, players


async def play(client: Client) -> None:
    """Seat (round % players) bids the lowest amount it can once per lot; the winner pays.

    A lot nobody may bid on is called by that seat, so that it is discarded.
    """
    acted: set[tuple[Any, ...]] = set()
    while True:
        with contextlib.suppress(TimeoutError):
            await client.next(timeout=0.5)
        view = client.view
        if view is None or view["phase"] == "lobby":
            continue
        if view["phase"] == "over":
            return
        you = view["you"]
        key = (view["phase"], view["round"], len(view["paid"]))
        if key in acted:
            continue
        if view["phase"] == "bidding" and view["round"] % len(view["players"]) == client.seat:
            if view["high_bid"] is None and view["going"] == 0:
                acted.add(key)
                choices = [(c, o["min"]) for c, o in you["bid_options"].items() if not o["reason"]]
                if choices:
                    currency, amount = choices[0]
                    await client.send(type="bid", amount=amount, currency=currency)
                else:
                    await client.send(type="going")
        elif view["phase"] == "paying" and view["payer"] == client.seat:
            acted.add(key)
            await client.send(type="pay", **you["pay_suggestion"])


async def play_all(clients: Iterable[Client]) -> None:
    await asyncio.gather(*(play(c) for c in clients))


def _cards(value: Any, found: list[dict[str, Any]], path: str = "") -> None:
    """Collect every currency card (and forbidden key) outside a `you` block."""
    if isinstance(value, dict):
        if {"id", "currency", "value"} <= value.keys():
            found.append(value)
        for key, item in value.items():
            if key == "you":
                continue
            if key in ("collector", "hand") and item is not None:
                found.append({"forbidden": key, "at": path})
            _cards(item, found, f"{path}.{key}")
    elif isinstance(value, list):
        for item in value:
            _cards(item, found, path)


def secrecy_problems(client: Client) -> list[Any]:
    """Every card or collector this client saw that was not its own or already paid (face up)."""
    own: set[int] = set()
    paid: set[int] = set()
    problems: list[Any] = []
    for message in client.messages:
        state = message.get("state")
        if state is not None:
            if state.get("phase") == "over":
                break
            if state["you"]:
                own |= {c["id"] for c in state["you"]["hand"]}
            paid |= {c["id"] for c in state["paid"]}
        for event in message.get("events", []):
            if event["type"] == "paid":
                paid |= {c["id"] for c in event["cards"]}
            if event["type"] == "game_over":
                break
        found: list[dict[str, Any]] = []
        _cards(message, found)
        for item in found:
            if (
                "forbidden" in item
                and not any(e["type"] == "game_over" for e in message.get("events", []))
            ) or ("id" in item and item["id"] not in own | paid):
                problems.append(item)
    return problems


def foreign_secrets(client: Client, secrets: Iterable[str]) -> list[str]:
    """The secrets (not this client's own token) that appear anywhere in its frames."""
    return [s for s in secrets if s != client.token and any(s in f for f in client.frames)]


def shape_problems(client: Client) -> list[str]:
    """Frames that do not match the protocol's declared server messages."""
    problems = []
    for message in client.messages:
        try:
            SERVER_MESSAGE.validate_python(message)
        except ValueError as error:
            problems.append(f"{message.get('type')}: {error}"[:500])
    return problems
