"""The room's history over an evening, over HTTP: `GET /api/rooms/{code}/games` lists every kept
game in the order played, with its kind, names and places (the evening's own figures) or marked
abandoned; `GET /r/{code}/history` is the list page once the room has kept two games, and each
game has its own page at `/r/{code}/history/{record}`; an unknown room or record is not found."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from .harness import RunningServer, run
from .players import FAST, play_all, watched_table


def state_with(ref: str) -> Any:
    return lambda m: m["type"] == "state" and m.get("ref") == ref


def test_the_room_history_lists_the_evenings_games_in_order(dev_server: RunningServer) -> None:
    async def body() -> None:
        room, tv, players = await watched_table(dev_server, seed=11, **FAST)
        code = room["code"]
        async with httpx.AsyncClient(base_url=dev_server.base) as http:
            # No game kept yet: the room's own game's history page, which says so.
            page = await http.get(f"/r/{code}/history")
            assert page.status_code == 200 and "games/peanut-club/history" in page.text

            await tv.send(type="start")
            await play_all(players)
            over = await tv.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "over")
            first = over["state"]["evening"]["games"][0]

            # One kept game: the room's history is that game's page, as before the evening.
            page = await http.get(f"/r/{code}/history")
            assert page.status_code == 200 and "games/peanut-club/history" in page.text

            await tv.send(type="switch_game", game="peanuts", ref="next")
            await tv.until(state_with("next"))
            await tv.send(type="start", ref="go")
            await tv.until(lambda m: m["type"] == "state" and m["state"]["phase"] != "lobby")
            await tv.send(type="end_game", ref="end")
            await tv.until(state_with("end"))

            listing = (await http.get(f"/api/rooms/{code}/games")).json()["games"]
            assert [(g["game"], g["abandoned"]) for g in listing] == [
                ("peanut-club", False),
                ("peanuts", True),
            ]
            assert listing[0]["id"] == first["record"]
            # The evening's own places, and who sat where.
            places = [(p["seat"], p["place"]) for p in listing[0]["placings"]]
            assert places == [(p["seat"], p["place"]) for p in first["placings"]]
            assert listing[0]["names"] == ["Ana", "Bo", "Cy"]
            assert [p["name"] for p in listing[0]["placings"]] == ["Ana", "Bo", "Cy"]
            assert listing[1]["placings"] == []
            for g in listing:
                assert g["page"] == f"/r/{code}/history/{g['id']}"

            # Two kept games: the list page; each game on its own game's page.
            page = await http.get(f"/r/{code}/history")
            assert page.status_code == 200 and page.text.startswith(
                "<!doctype html><title>history_list<"
            )
            for g in listing:
                own = await http.get(g["page"])
                assert own.status_code == 200
                assert f"games/{g['game']}/history" in own.text and g["id"] in own.text

            # A record this room did not keep, another room's record, an unknown room.
            assert (await http.get(f"/r/{code}/history/{code}-0-9")).status_code == 404
            other, other_tv, _ = await watched_table(dev_server, names=(), **FAST)
            stolen = await http.get(f"/r/{other['code']}/history/{listing[0]['id']}")
            assert stolen.status_code == 404
            assert (await http.get("/r/QQQQ/history")).status_code == 404
            assert (await http.get(f"/r/QQQQ/history/{listing[0]['id']}")).status_code == 404
        await asyncio.gather(*(c.ws.close() for c in (tv, other_tv, *players)))

    run(body())
