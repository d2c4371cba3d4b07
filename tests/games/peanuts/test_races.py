"""Peanuts! over real sockets (uvicorn + websockets): races for the same foundation top decided by
arrival order, and whole bot games whose every frame hides the face-down cards and the seats'
tokens."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from peanutclub.games.peanuts import Peanuts
from peanutclub.games.peanuts.engine import action_from_dict
from peanutclub.games.peanuts.patch import apply_patch
from tests.server.harness import Client, RunningServer, dev_server, join, run, watch

#: A deal (2 players, this seed) where seat 0 shows the Ace of clubs (card 39) and both decks show
#: their 2 of clubs (card 40 of deck 0, card 92 of deck 1) on top of a pile.
RACE_SEED = 103
ACE = 39
TWOS = (40, 92)
#: As many races as fit in this long (at most RACES): the figure is printed.
RACES = 1000
RACE_SECONDS = 15.0
CONCURRENT = 40


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    with dev_server(tmp_path_factory) as running:
        yield running


def peanuts_view(client: Client) -> dict[str, Any]:
    """The client's view as a Peanuts! page holds it: the last whole state, then every patch after
    it applied by the game's own rule (the harness's `view` only knows the generic one)."""
    view: dict[str, Any] | None = None
    for message in client.messages:
        if message["type"] in ("welcome", "state"):
            view = message["state"]
        elif message["type"] == "patch":
            assert view is not None
            view = apply_patch(view, message)
    assert view is not None
    return view


def where(view: dict[str, Any], seat: int, card: int) -> tuple[str, int] | None:
    """Which top of the seat's piles shows `card`."""
    me = view["players"][seat]
    if me["peanuts"]["top"] and me["peanuts"]["top"]["id"] == card:
        return ("peanuts", -1)
    for index, pile in enumerate(me["building"]):
        if pile and pile[-1]["id"] == card:
            return ("building", index)
    return None


def playing(message: dict[str, Any]) -> bool:
    return message["type"] == "state" and message["state"]["phase"] == "playing"


def moved(card: int) -> Any:
    return lambda m: (
        m["type"] == "patch"
        and any(e["type"] == "moved" and e["card"] == card for e in m["events"])
    )


async def one_race(server: RunningServer, http: httpx.AsyncClient, rng: random.Random) -> int:
    """Two players send their 2 of clubs onto the same foundation (its Ace) at the same moment;
    returns the seat whose card was applied, after checking the other's refusal."""
    response = await http.post(
        "/api/rooms",
        json={"game": "peanuts", "seed": RACE_SEED, "countdown_seconds": 0, "stall_seconds": 300},
    )
    room = response.json()
    ana = await join(server, room["code"], "Ana", host_token=room["host_token"])
    bruno = await join(server, room["code"], "Bruno")
    try:
        await ana.send(type="start")
        await ana.until(playing)
        await bruno.until(playing)
        await ana.send(type="move", card=ACE, to="foundation", pile=None)
        await ana.until(moved(ACE))
        await bruno.until(moved(ACE))
        clients = [ana, bruno]
        before = [where(peanuts_view(c), seat, TWOS[seat]) for seat, c in enumerate(clients)]
        assert None not in before
        order = [0, 1]
        rng.shuffle(order)  # who writes first varies; the room's arrival order decides
        await asyncio.gather(
            *(
                clients[seat].send(
                    type="move", card=TWOS[seat], to="foundation", pile=0, ref=f"race-{seat}"
                )
                for seat in order
            )
        )
        outcomes = await asyncio.gather(
            *(
                clients[seat].until(
                    lambda m, seat=seat: (
                        moved(TWOS[seat])(m)
                        or (m["type"] == "error" and m.get("ref") == f"race-{seat}")
                    )
                )
                for seat in (0, 1)
            )
        )
        winners = [seat for seat in (0, 1) if outcomes[seat]["type"] == "patch"]
        assert len(winners) == 1, outcomes
        (winner,) = winners
        loser = 1 - winner
        assert outcomes[loser]["code"] == "pile_changed", outcomes[loser]
        # Both see the winner's card on the foundation, the loser's card where it was.
        for client in clients:
            view = peanuts_view(client)
            foundation = view["foundations"][0]
            assert foundation["top"]["id"] == TWOS[winner] and foundation["count"] == 2
            assert where(view, loser, TWOS[loser]) == before[loser]
        assert not any(moved(TWOS[loser])(m) for c in clients for m in c.messages)
        return winner
    finally:
        await ana.ws.close()
        await bruno.ws.close()


def test_two_players_on_the_same_foundation_top_the_first_to_arrive_wins_the_other_is_refused(
    server: RunningServer,
) -> None:
    async def body() -> tuple[int, list[int], float]:
        rng = random.Random(20)
        wins = [0, 0]
        done = 0
        start = time.monotonic()
        gate = asyncio.Semaphore(CONCURRENT)

        async with httpx.AsyncClient(base_url=server.base, timeout=10) as http:

            async def worker() -> None:
                nonlocal done
                while done < RACES and time.monotonic() - start < RACE_SECONDS:
                    async with gate:
                        done += 1
                        wins[await one_race(server, http, rng)] += 1

            await asyncio.gather(*(worker() for _ in range(CONCURRENT)))
        return done, wins, time.monotonic() - start

    races, wins, seconds = run(body(), timeout=RACE_SECONDS + 45)
    print(
        f"\n{races} races in {seconds:.1f} s: one card applied and one refused (pile_changed) "
        f"each time; won by seat 0: {wins[0]}, by seat 1: {wins[1]}"
    )
    assert sum(wins) == races >= 100
    assert min(wins) > 0  # the arrival order decides, not the seat


# ---------------------------------------------------------------------------- whole games


def face_down(game: Peanuts) -> set[int]:
    """Every card lying face down now: each peanuts pile under its top, each stock."""
    hidden: set[int] = set()
    for layout in game.engine.layouts.values():
        hidden.update(card.id for card in layout.peanuts[:-1])
        hidden.update(card.id for card in layout.stock)
    return hidden


def cards_in(value: Any, found: set[int]) -> None:
    """Every card (a dict with an id and a rank) and every id under "card" in a frame."""
    if isinstance(value, dict):
        if "rank" in value and isinstance(value.get("id"), int):
            found.add(value["id"])
        if isinstance(value.get("card"), int):
            found.add(value["card"])
        for item in value.values():
            cards_in(item, found)
    elif isinstance(value, list):
        for item in value:
            cards_in(item, found)


def game_fields(view: dict[str, Any], like: dict[str, Any]) -> dict[str, Any]:
    """The part of a client's view the game made (the room adds names, the clock, `you`)."""
    fields = {k: view[k] for k in like}
    players = like["players"]
    fields["players"] = [
        {k: p[k] for k in players[i]} for i, p in enumerate(view["players"][: len(players)])
    ]
    return fields


def test_no_face_down_card_and_no_foreign_token_in_any_frame_of_whole_bot_games(
    server: RunningServer,
) -> None:
    """Two seated people who never move, two bots and a TV: every frame each of them receives
    during whole games is checked against the game replayed from its export, moment by moment."""

    async def play(seed: int) -> tuple[list[Client], dict[str, Any], list[str]]:
        room = server.create_room(
            game="peanuts",
            seed=seed,
            countdown_seconds=0,
            between_rounds_seconds=0,
            stall_seconds=0.3,
            target_score=20,
        )
        code = room["code"]
        ana = await join(server, code, "Ana", host_token=room["host_token"])
        bruno = await join(server, code, "Bruno")
        tv = await watch(server, code, room["host_token"])
        await ana.send(type="add_bot", level="hard")
        await ana.send(type="add_bot", level="normal")
        await ana.until(lambda m: m["type"] == "state" and len(m["state"]["players"]) == 4)
        await ana.send(type="start")
        clients = [ana, bruno, tv]
        for client in clients:
            await client.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "over", 60)
        tokens = [t for t in (ana.token, bruno.token) if t]
        async with httpx.AsyncClient(base_url=server.base, timeout=10) as http:
            listing = (await http.get(f"/api/rooms/{code}/games")).json()
            export = (await http.get(listing["games"][-1]["export"])).json()
        for client in clients:
            await client.ws.close()
        return clients, export, tokens

    frames = 0
    for seed in (31, 32):
        clients, export, tokens = run(play(seed), timeout=90)
        assert len(tokens) == 2
        # Tokens: each only in its own seat's welcome.
        for client in clients:
            for raw, message in zip(client.frames, client.messages, strict=True):
                for token in tokens:
                    if token in raw:
                        assert message["type"] == "welcome" and client.token == token
        # Cards: replay the game from its export, and walk each client's views along it.
        for client in clients:
            game = Peanuts(
                export["players"], export["seed"], Peanuts.Settings(**export["settings"])
            )
            actions = [action_from_dict(a) for a in export["actions"]]
            done = 0
            view: dict[str, Any] | None = None
            for message in client.messages:
                if message["type"] in ("welcome", "state"):
                    view = message["state"]
                elif message["type"] == "patch":
                    assert view is not None
                    view = apply_patch(view, message)
                else:
                    continue
                assert view is not None
                if view["phase"] == "lobby":
                    continue
                # The game's moment this view shows: the first at or after the last one found.
                while game_fields(view, game.public_view()) != game.public_view():
                    assert done < len(actions), f"a view the game never had: {message}"
                    game.apply(actions[done])
                    done += 1
                shown: set[int] = set()
                cards_in(message, shown)
                assert not shown & face_down(game), (message["type"], shown & face_down(game))
                frames += 1
            assert done == len(actions)
    print(f"\n{frames} frames checked: no face-down card, no foreign token")
    assert frames > 500


def test_the_race_seed_still_deals_the_race() -> None:
    """The races above rely on this deal: both 2s of clubs and the Ace on top of piles."""
    game = Peanuts(2, RACE_SEED, Peanuts.Settings())
    view = game.public_view()
    assert where(view, 0, ACE) and where(view, 0, TWOS[0]) and where(view, 1, TWOS[1])
