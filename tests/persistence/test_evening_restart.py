"""The evening survives a SIGKILL: a real server process on a SQLite file, a table of bots that
plays two Peanut Club games to their end, a third game killed in its middle; after the restart
the room, rebuilt from its log, shows the same evening (the two games, their places as their
results give them, the same standings), and a game ended by the host after it joins as
abandoned."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from .procs import Player, Server, free_port, run

FAST = {"going_step_seconds": 0.01, "idle_seconds": 0.03, "pay_seconds": 5}


def places_of(export: dict[str, Any]) -> list[int]:
    by_seat = {s["seat"]: s["place"] for s in export["result"]["scores"]}
    return [by_seat[seat] for seat in range(len(by_seat))]


def pair_count(results: list[list[int]], seats: int) -> dict[int, Fraction]:
    points = dict.fromkeys(range(seats), Fraction(0))
    for places in results:
        for a in range(seats):
            for b in range(seats):
                if a != b:
                    won = places[a] < places[b]
                    points[a] += 1 if won else Fraction(1, 2) if places[a] == places[b] else 0
    return points


def phase(tv: Player) -> str | None:
    return None if tv.view is None else tv.view["phase"]


def test_the_evening_is_rebuilt_from_the_log_after_a_sigkill(tmp_path: Path) -> None:
    server = Server(tmp_path / "rooms.db", free_port(), tmp_path / "server.log").start()
    try:
        room = server.create_room(seed=5, **FAST)
        code, host_token = room["code"], room["host_token"]
        hello = {"type": "watch", "host_token": host_token}

        async def two_games_and_a_third_begun() -> dict[str, Any]:
            tv = Player("TV")
            await tv.connect(server, code, hello)
            for _ in range(3):
                await tv.send(type="add_bot", level="easy")
            await tv.wait(lambda: tv.view is not None and len(tv.view["players"]) == 3)
            for played in range(2):
                await tv.send(type="start")
                await tv.wait(lambda: phase(tv) == "over")
                assert tv.view is not None
                assert len(tv.view["evening"]["games"]) == played + 1
                await tv.send(type="rematch")
                await tv.wait(lambda: phase(tv) == "lobby")
            await tv.send(type="start")
            await tv.wait(lambda: phase(tv) not in ("lobby", None))
            assert tv.view is not None
            evening: dict[str, Any] = tv.view["evening"]
            await tv.close()
            return evening

        before = run(two_games_and_a_third_begun())
        server.kill()
        server.start()

        async def after_restart() -> tuple[dict[str, Any], dict[str, Any]]:
            tv = Player("TV")
            await tv.connect(server, code, hello)
            assert tv.view is not None and tv.view["phase"] != "lobby"  # the third game goes on
            restored: dict[str, Any] = tv.view["evening"]
            await tv.send(type="end_game")
            await tv.wait(lambda: phase(tv) == "lobby")
            assert tv.view is not None
            ended: dict[str, Any] = tv.view["evening"]
            await tv.close()
            return restored, ended

        restored, ended = run(after_restart())
        assert restored == before
        games = restored["games"]
        assert [g["abandoned"] for g in games] == [False, False]
        results = []
        for g in games:
            status, export = server.get(f"/api/games/{g['record']}/export")
            assert status == 200
            places = places_of(export)
            assert [p["place"] for p in g["placings"]] == places
            results.append(places)
        expected = pair_count(results, 3)
        assert {s["seat"]: Fraction(s["points"]) for s in restored["standings"]} == expected
        assert ended["games"][:2] == games
        assert ended["games"][2]["abandoned"] is True and ended["games"][2]["placings"] == []
        assert ended["standings"] == restored["standings"]  # an ended game gives no points
    finally:
        server.stop()
