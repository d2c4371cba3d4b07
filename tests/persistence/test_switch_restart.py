"""A room that switched games survives SIGKILL: started again on the same file, it is the new
game's room, with its seats, names and tokens, and the finished game stays in its history."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from .procs import Player, Server, free_port, resume_players, run, seat_players, view_of
from .test_restart import NAMES, PACE, close_all


def test_a_switched_room_is_restored_after_sigkill_between_two_games(tmp_path: Path) -> None:
    server = Server(tmp_path / "rooms.db", free_port(), tmp_path / "server.log").start()
    try:
        room = server.create_room(seed=5, **PACE)
        code = room["code"]

        async def first_game() -> list[Player]:
            players = await seat_players(server, code, room["host_token"], NAMES)
            host = players[0]
            await host.send(type="start")
            await host.wait(lambda: view_of(host)["phase"] not in (None, "lobby"))
            await host.send(type="end_game")
            await host.wait(lambda: view_of(host)["phase"] == "lobby")
            await host.send(type="switch_game", game="peanuts")
            await host.wait(lambda: view_of(host).get("game") == "peanuts")
            await close_all(players)
            return players

        before = run(first_game())
        server.kill()
        # The room's record names the game it plays now; its log still starts with Peanut Club.
        db = sqlite3.connect(tmp_path / "rooms.db")
        try:
            (game,) = db.execute("SELECT game FROM rooms WHERE code = ?", (code,)).fetchone()
        finally:
            db.close()
        assert game == "peanuts"
        server.start()

        async def after_restart() -> None:
            players = await resume_players(server, code, before)
            for old, new in zip(before, players, strict=True):
                assert (new.seat, new.token) == (old.seat, old.token)
            view = view_of(players[0])
            assert view["game"] == "peanuts" and view["phase"] == "lobby"
            assert [p["name"] for p in view["players"]] == NAMES
            await players[0].send(type="start")
            await players[0].wait(lambda: view_of(players[0])["phase"] not in (None, "lobby"))
            assert view_of(players[1])["game"] == "peanuts"
            await close_all(players)

        run(after_restart())
        status, listing = server.get(f"/api/rooms/{code}/games")
        assert status == 200 and len(listing["games"]) == 1  # the ended Peanut Club game
    finally:
        server.stop()
