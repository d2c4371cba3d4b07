"""The host ends a game before its end, from the TV or the host's phone (`end_game`, every game):
the game reaches the room's history marked abandoned, everyone is back in the lobby with the same
seats, and the refusals change nothing."""

from __future__ import annotations

import asyncio

import httpx

from .harness import RunningServer, run
from .players import FAST, watched_table


def test_the_host_ends_a_game_it_is_kept_as_abandoned_and_everyone_is_back_in_the_lobby(
    dev_server: RunningServer,
) -> None:
    async def body() -> None:
        room, tv, players = await watched_table(dev_server, seed=7, **FAST)
        code = room["code"]
        await tv.send(type="end_game", ref="early")
        assert (await tv.error("wrong_phase"))["ref"] == "early"  # no game yet
        await tv.send(type="start")
        await tv.until(lambda m: m["type"] == "state" and m["state"]["phase"] != "lobby")
        await players[1].send(type="end_game", ref="nope")
        assert (await players[1].error("not_host"))["ref"] == "nope"
        await tv.send(type="end_game", ref="end")
        ended = await tv.until(lambda m: m["type"] == "state" and m.get("ref") == "end")
        assert ended["state"]["phase"] == "lobby"
        assert {"type": "game_ended"} in ended["events"]
        assert [p["name"] for p in ended["state"]["players"]] == ["Ana", "Bo", "Cy"]
        for p in players:
            await p.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "lobby")
        async with httpx.AsyncClient(base_url=dev_server.base) as http:
            games = (await http.get(f"/api/rooms/{code}/games")).json()["games"]
            assert len(games) == 1
            told = (await http.get(games[0]["history"])).json()
            export = (await http.get(games[0]["export"])).json()
        assert told["abandoned"] is True and export["abandoned"] is True
        assert export["result"] is None  # nobody won a game that was not finished
        await tv.send(type="end_game", ref="again")
        assert (await tv.error("wrong_phase"))["ref"] == "again"  # back in the lobby
        await asyncio.gather(*(c.ws.close() for c in (tv, *players)))

    run(body())


def test_every_game_tells_the_history_of_a_game_ended_before_its_end() -> None:
    from peanutclub.core import export_game
    from peanutclub.games import GAMES

    for game_class in GAMES.values():
        players = game_class.players.start + 1
        game = game_class(players, 3, game_class.Settings())
        export = {**export_game(game, [f"P{s}" for s in range(players)]), "abandoned": True}
        told = game_class.history(export)
        assert told, game_class.id
