"""A leak scan of every frame of whole games of every game, over real sockets.

Three seated people, each a client over a real WebSocket playing as the game's bot would from its
own view, and the host's TV play two whole games (a rematch between them) at a quick table of a
development server. Then every frame each of them received is scanned, against the game as it
stood at that frame's `seq` (rebuilt from the room's log):

- no seat token outside its owner's `welcome`, and the host token in no frame (every game);
- the game's secrets (`every_game.Proofs.secrets`): no hand or collector of another seat before
  the end (Peanut Club), no face-down card (Peanuts!: a peanuts pile under its top, a stock).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from peanutclub.server.store import LogEntry

from .every_game import PROOFS, Proofs
from .fuzzing import move_types
from .support import Served, run

NAMES = ("Ana", "Bo", "Cy")
GAMES_PLAYED = 2
#: Seconds between two looks of a person at the table.
PACE = 0.03


async def play(client: Any, proofs: Proofs, games: int) -> None:
    """A person at the table: follows every frame, and every few hundredths of a second plays
    what the game's bot would from this seat's view, until `games` games are over."""
    seat = client.seat
    bot = proofs.game.bots["hard"](seat, 7 + seat)
    moves = move_types(proofs.game)
    seen: dict[str, Any] = {"view": None, "over": 0}

    async def follow() -> None:
        while seen["over"] < games:
            message = await client.next(60)
            if message["type"] in ("welcome", "state"):
                was = seen["view"]
                seen["view"] = message["state"]
                ends = message["state"]["phase"] == "over" and (was or {}).get("phase") != "over"
                seen["over"] += ends  # a game ended (later states of the same end do not count)
            elif message["type"] == "patch" and seen["view"] is not None:
                seen["view"] = proofs.apply_patch(seen["view"], message)

    reader = asyncio.ensure_future(follow())
    while not reader.done():
        await asyncio.sleep(PACE)
        view = seen["view"]
        if view is None or view["phase"] in ("lobby", "countdown", "over"):
            continue
        action = bot.decide(view)
        if action is not None:
            move = {k: v for k, v in action.to_dict().items() if k != "seat"}
            if move["type"] in moves:
                await client.send(**move)
    await reader


async def whole_games(served: Served, proofs: Proofs) -> tuple[list[Any], str, str]:
    from server.harness import join, watch

    server = served.server
    room = server.create_room(game=proofs.id, seed=5, **proofs.quick)
    code, host_token = room["code"], room["host_token"]
    tv = await watch(server, code, host_token)
    players = [await join(server, code, NAMES[0], host_token=host_token)]
    players += [await join(server, code, name) for name in NAMES[1:]]
    await players[0].send(type="start")
    people = [asyncio.ensure_future(play(p, proofs, GAMES_PLAYED)) for p in players]
    for number in range(GAMES_PLAYED):
        await tv.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "over", 90)
        if number + 1 < GAMES_PLAYED:
            await tv.send(type="rematch")
            await tv.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "lobby")
            await tv.send(type="start")
    await asyncio.gather(*people)
    for client in (tv, *players):
        await client.ws.close()
    return [tv, *players], code, host_token


class Moments:
    """The game as it stood at each `seq`, rebuilt from the room's log (seq only rises)."""

    def __init__(self, entries: list[LogEntry], proofs: Proofs, settings: Any) -> None:
        self.entries = entries
        self.proofs = proofs
        self.settings = settings
        self.done = 0
        self.seats = 0
        self.game: Any = None

    def at(self, seq: int) -> Any:
        cls = self.proofs.game
        while self.done < len(self.entries) and self.entries[self.done].seq <= seq:
            entry = self.entries[self.done]
            self.done += 1
            if entry.kind == "seat":
                self.seats += 1
            elif entry.kind == "start":
                self.game = cls(self.seats, entry.data["seed"], self.settings)
            elif entry.kind == "action":
                self.game.apply(cls.action_from_dict(entry.data["action"]))
            elif entry.kind == "rematch":
                self.game = None
        return self.game


def scan(
    client: Any, viewer: int | None, moments: Moments, tokens: list[str], host_token: str
) -> list[str]:
    """What this client was shown that it must not see, frame by frame."""
    found = []
    for raw, message in zip(client.frames, client.messages, strict=True):
        if host_token in raw:
            found.append(f"the host token in a {message['type']}")
        for token in tokens:
            if token in raw and not (message["type"] == "welcome" and client.token == token):
                found.append(f"a seat token in a {message['type']} to seat {viewer}")
        if "seq" in message:
            game = moments.at(message["seq"])
            if game is not None:
                found += moments.proofs.secrets(message, viewer, game)
            state = message.get("state")
            if state is not None and state["phase"] != (game.phase if game else "lobby"):
                found.append(f"seq {message['seq']} is not the moment the frame shows")
    return found


@pytest.mark.parametrize("proofs", PROOFS, ids=[p.id for p in PROOFS])
def test_no_frame_of_whole_games_shows_a_secret_or_a_token(
    open_server: Served, proofs: Proofs
) -> None:
    clients, code, host_token = run(whole_games(open_server, proofs), timeout=180)
    room = open_server.rooms.get(code)
    entries = open_server.log(code)
    tokens = [c.token for c in clients[1:]]
    assert len(set(tokens)) == len(NAMES)
    frames = 0
    for client in clients:
        moments = Moments(entries, proofs, room.game_settings)
        assert scan(client, client.seat, moments, tokens, host_token) == []
        frames += len(client.frames)
    games = sum(e.kind == "start" for e in entries)
    actions = sum(e.kind == "action" for e in entries)
    print(f"\n{proofs.id}: {frames} frames of {games} games ({actions} actions) scanned")
    assert games == GAMES_PLAYED and room.game.over
