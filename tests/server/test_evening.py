"""The league of the night over real sockets: a room plays two Peanut Club games to their end
and ends a third; every view's `evening` lists the games in order with each game's places as its
own result gives them, and standings equal a pair-by-pair count of those results."""

from __future__ import annotations

import asyncio
from fractions import Fraction
from typing import Any

import httpx

from .harness import Client, RunningServer, run, watch
from .players import FAST, play_all, watched_table


def pair_count(results: list[list[int]], seats: int) -> list[Fraction]:
    """For every pair of players in every finished game: a point to the one placed ahead, half
    each on a tie (counted apart from the server's own function)."""
    points = [Fraction(0)] * seats
    for places in results:
        for a in range(seats):
            for b in range(seats):
                if a != b and places[a] < places[b]:
                    points[a] += 1
                elif a != b and places[a] == places[b]:
                    points[a] += Fraction(1, 2)
    return points


async def reach(clients: list[Client], phase: str) -> None:
    """Read the TV's frames until its view is in `phase`, then everyone's up to the same
    change (a player's view may already show that phase from before)."""
    tv = clients[0]
    while tv.view is None or tv.view["phase"] != phase:
        await tv.next()
    for c in clients[1:]:
        while c.seq < tv.seq:
            await c.next()


def test_every_view_carries_the_evening_of_two_games_and_an_ended_one(
    dev_server: RunningServer,
) -> None:
    async def body() -> None:
        room, tv, players = await watched_table(dev_server, seed=11, **FAST)
        code = room["code"]
        guest = await watch(dev_server, code)
        everyone = [tv, guest, *players]
        assert all(c.view is not None and c.view["evening"]["games"] == [] for c in everyone)
        assert [s["points"] for s in guest.view["evening"]["standings"]] == [0, 0, 0]  # type: ignore[index]
        for round_ in range(2):
            await tv.send(type="start")
            await play_all(players)
            await reach(everyone, "over")
            # a finished game counts from its end, before the host's next command
            assert len(tv.view["evening"]["games"]) == round_ + 1  # type: ignore[index]
            await tv.send(type="rematch")
            await reach(everyone, "lobby")
        await tv.send(type="start")
        await tv.until(lambda m: m["type"] == "state" and m["state"]["phase"] != "lobby")
        await tv.send(type="end_game")
        await reach(everyone, "lobby")

        async with httpx.AsyncClient(base_url=dev_server.base) as http:
            kept = (await http.get(f"/api/rooms/{code}/games")).json()["games"]
            exports = {g["id"]: (await http.get(g["export"])).json() for g in kept}
        evenings = [c.view["evening"] for c in everyone if c.view is not None]
        assert len(evenings) == len(everyone)
        assert all(e == evenings[0] for e in evenings)  # the same evening in every view
        evening: dict[str, Any] = evenings[0]
        games = evening["games"]
        assert [g["game"] for g in games] == ["peanut-club"] * 3
        assert [g["abandoned"] for g in games] == [False, False, True]
        assert games[2]["placings"] == []
        assert len({g["record"] for g in games}) == 3
        results: list[list[int]] = []
        for g in games[:2]:
            by_seat = {s["seat"]: s["place"] for s in exports[g["record"]]["result"]["scores"]}
            places = [by_seat[seat] for seat in range(3)]
            assert [p["place"] for p in g["placings"]] == places
            assert [p["seat"] for p in g["placings"]] == [0, 1, 2]
            results.append(places)
        assert exports[games[2]["record"]]["abandoned"] is True
        expected = pair_count(results, 3)
        standings = evening["standings"]
        assert {s["seat"]: Fraction(s["points"]) for s in standings} == dict(enumerate(expected))
        assert {s["seat"]: s["name"] for s in standings} == {0: "Ana", 1: "Bo", 2: "Cy"}
        assert [s["points"] for s in standings] == sorted(
            (s["points"] for s in standings), reverse=True
        )
        assert sum(s["points"] for s in standings) == 6  # two games of three: 3 points each
        await asyncio.gather(*(c.ws.close() for c in everyone))

    run(body(), timeout=90)


def test_points_follow_the_person_when_the_host_swaps_seats_after_a_game(
    dev_server: RunningServer,
) -> None:
    """Seats change hands in the lobby (a swap): each player keeps the points they won, and the
    finished game still names who sat where when it was played."""

    async def body() -> None:
        _room, tv, players = await watched_table(dev_server, seed=11, **FAST)
        everyone = [tv, *players]
        await tv.send(type="start")
        await play_all(players)
        await reach(everyone, "over")
        before = {s["name"]: s["points"] for s in tv.view["evening"]["standings"]}  # type: ignore[index]
        assert len(set(before.values())) > 1, "the seed must give the players different points"
        await tv.send(type="rematch")
        await reach(everyone, "lobby")
        await tv.send(type="swap", seats=[0, 2])
        await tv.until(lambda m: m["type"] == "state" and m["state"]["players"][0]["name"] == "Cy")
        evening: dict[str, Any] = tv.view["evening"]  # type: ignore[index]
        assert {s["name"]: s["points"] for s in evening["standings"]} == before
        assert {s["seat"]: s["name"] for s in evening["standings"]} == {0: "Cy", 1: "Bo", 2: "Ana"}
        played = evening["games"][0]["placings"]
        assert [p["name"] for p in played] == ["Ana", "Bo", "Cy"]  # who played which seat then
        await asyncio.gather(*(c.ws.close() for c in everyone))

    run(body(), timeout=60)
