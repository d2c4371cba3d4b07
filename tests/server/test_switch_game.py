"""The evening: the host moves the same table from one game to the next (`switch_game`), over
real sockets. Seats, names, tokens and bots carry over, everyone lands in the new game's lobby,
the finished games stay in the room's history, and every refusal changes nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from peanutclub.games import GAMES, find_game, register

from .harness import RunningServer, join, open_client, run, serve
from .players import FAST, play_all, watched_table
from .test_game_plugin import toy_settings
from .toy_game import TakeAway


def lobby_of(game: str) -> Any:
    """A predicate: a whole state of `game`'s lobby."""
    return lambda m: (
        m["type"] == "state" and m["state"]["game"] == game and m["state"]["phase"] == "lobby"
    )


def summary(server: RunningServer, code: str) -> dict[str, Any]:
    found: dict[str, Any] = httpx.get(f"{server.base}/api/rooms/{code}").json()
    return found


def test_a_table_plays_peanut_club_then_switches_to_peanuts_then_nur_peanuts(
    dev_server: RunningServer,
) -> None:
    async def body() -> None:
        room, tv, players = await watched_table(dev_server, seed=11, **FAST)
        code = room["code"]
        tokens = [p.token for p in players]
        await tv.send(type="start")
        await tv.until(lambda m: m["type"] == "state" and m["state"]["phase"] != "lobby")
        await tv.send(type="switch_game", game="peanuts", ref="early")
        assert (await tv.error("wrong_phase"))["ref"] == "early"  # not in the middle of a game
        await play_all(players)
        await tv.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "over")
        before = summary(dev_server, code)
        assert before["game"] == "peanut-club"

        await players[1].send(type="switch_game", game="peanuts", ref="nope")
        assert (await players[1].error("not_host"))["ref"] == "nope"
        await tv.send(type="switch_game", game="chess", ref="what")
        assert (await tv.error("unknown_game"))["ref"] == "what"
        assert summary(dev_server, code) == before  # the refusals changed nothing

        await tv.send(type="switch_game", game="peanuts", ref="next")
        switched = await tv.until(lambda m: m["type"] == "state" and m.get("ref") == "next")
        assert switched["state"]["game"] == "peanuts" and switched["state"]["phase"] == "lobby"
        assert {"type": "game_switched", "game": "peanuts"} in switched["events"]
        assert [p["name"] for p in switched["state"]["players"]] == ["Ana", "Bo", "Cy"]
        assert switched["state"]["settings"] == find_game("peanuts").Settings().model_dump()
        for seat, p in enumerate(players):
            state = await p.until(lobby_of("peanuts"))
            assert state["state"]["you"] is not None and p.seat == seat
        assert summary(dev_server, code)["game"] == "peanuts"

        # A phone that lost its connection takes its seat back with its old token.
        await players[2].ws.close()
        back = await open_client(dev_server, code)
        await back.send(type="resume", token=tokens[2])
        welcome = await back.until(lambda m: m["type"] == "welcome")
        assert welcome["seat"] == 2 and welcome["token"] == tokens[2]
        assert welcome["state"]["game"] == "peanuts"

        # The new game's moves are what the room takes now; Peanut Club's are unknown to it.
        await players[0].send(type="bid", amount=1, currency="peanuts", ref="old")
        assert (await players[0].error("bad_message"))["ref"] == "old"

        await tv.send(type="switch_game", game="nur-peanuts", ref="third")
        third = await tv.until(lambda m: m["type"] == "state" and m.get("ref") == "third")
        assert third["state"]["game"] == "nur-peanuts"
        assert [p["name"] for p in third["state"]["players"]] == ["Ana", "Bo", "Cy"]
        await back.until(lobby_of("nur-peanuts"))
        await tv.send(type="start", ref="go")
        started = await tv.until(lambda m: m["type"] == "state" and m.get("ref") == "go")
        assert started["state"]["game"] == "nur-peanuts" and started["state"]["phase"] != "lobby"

        async with httpx.AsyncClient(base_url=dev_server.base) as http:
            games = (await http.get(f"/api/rooms/{code}/games")).json()["games"]
        assert len(games) == 1  # the finished Peanut Club game stays in the room's history
        await asyncio.gather(*(c.ws.close() for c in (tv, back, *players[:2])))

    run(body())


def test_a_table_too_small_for_the_game_is_refused_unless_the_host_adds_bots(
    dev_server: RunningServer,
) -> None:
    async def body() -> None:
        room = dev_server.create_room(game="peanuts", seed=3)
        code = room["code"]
        host = await open_client(dev_server, code)
        await host.send(type="join", name="Ana", host_token=room["host_token"])
        await host.until(lambda m: m["type"] == "welcome")
        other = await open_client(dev_server, code)
        await other.send(type="join", name="Bo")
        await other.until(lambda m: m["type"] == "welcome")
        before = summary(dev_server, code)

        await host.send(type="switch_game", game="peanut-club", ref="small")
        refused = await host.error("table_size")
        assert refused["ref"] == "small"
        assert (refused["min"], refused["max"], refused["seats"]) == (3, 6, 2)
        assert summary(dev_server, code) == before

        await host.send(type="switch_game", game="peanut-club", fit="bots", ref="fill")
        filled = await host.until(lambda m: m["type"] == "state" and m.get("ref") == "fill")
        state = filled["state"]
        assert state["game"] == "peanut-club"
        assert [(p["name"], p["bot"]) for p in state["players"]] == [
            ("Ana", None),
            ("Bo", None),
            ("Bot 1", "normal"),
        ]
        await other.until(lobby_of("peanut-club"))
        await asyncio.gather(host.ws.close(), other.ws.close())

    run(body())


def test_seats_beyond_a_smaller_games_most_watch_it_and_play_again_in_the_next(
    tmp_path: Path,
) -> None:
    """Take-away (the toy game) seats at most 4: a table of 5 moves to it only when the host
    says the fifth seat watches; it keeps its name and token, sees the TV's view (no `you`, no
    move), and plays again once the table moves to a game that seats it."""
    register(TakeAway)
    try:
        with serve(toy_settings(tmp_path)) as server:
            run(_five_seats_and_a_game_for_four(server))
    finally:
        GAMES.pop(TakeAway.id)


async def _five_seats_and_a_game_for_four(server: RunningServer) -> None:
    room = server.create_room(game="peanuts", seed=9)
    code = room["code"]
    names = ["Ana", "Bo", "Cy", "Di", "Ed"]
    seated = [await join(server, code, "Ana", host_token=room["host_token"])]
    seated += [await join(server, code, name) for name in names[1:]]
    host, ed = seated[0], seated[4]
    before = summary(server, code)
    await host.send(type="switch_game", game="take-away", ref="big")
    refused = await host.error("table_size")
    assert (refused["min"], refused["max"], refused["seats"]) == (2, 4, 5)
    assert summary(server, code) == before

    await host.send(type="switch_game", game="take-away", fit="watch", ref="watch")
    switched = await host.until(lambda m: m["type"] == "state" and m.get("ref") == "watch")
    assert [p["name"] for p in switched["state"]["players"]] == names[:4]
    assert switched["state"]["watching"] == [{"seat": 4, "name": "Ed", "connected": True}]
    watched = await ed.until(lobby_of("take-away"))
    assert watched["state"]["you"] is None and ed.seat == 4
    await host.send(type="start", ref="go")
    await host.until(lambda m: m["type"] == "state" and m.get("ref") == "go")
    playing = await ed.until(lambda m: m["type"] == "state" and m["state"]["phase"] != "lobby")
    assert playing["state"]["you"] is None and len(playing["state"]["players"]) == 4
    await ed.send(type="take", count=1, ref="mine")
    assert (await ed.error("not_seated"))["ref"] == "mine"
    await host.send(type="end_game")
    await host.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "lobby")

    await host.send(type="switch_game", game="peanuts", ref="back")
    back = await host.until(lambda m: m["type"] == "state" and m.get("ref") == "back")
    assert [p["name"] for p in back["state"]["players"]] == names
    assert "watching" not in back["state"]
    again = await ed.until(lobby_of("peanuts"))
    assert again["state"]["you"] is not None and ed.seat == 4
    await asyncio.gather(*(c.ws.close() for c in seated))
