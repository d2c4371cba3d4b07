"""A room that switched games survives SIGKILL: started again on the same file, it is the new
game's room, with its seats, names and tokens, and the finished game stays in its history."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from .procs import Player, Server, drive, free_port, resume_players, run, seat_players, view_of
from .test_restart import NAMES, PACE, SEED, close_all, stored_seqs


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


def test_an_evening_survives_sigkill_between_two_games_and_in_the_middle_of_the_second(
    tmp_path: Path,
) -> None:
    """Peanut Club played to its end, the table moved to Peanuts!, SIGKILL; started again: the
    evening holds the finished game; Peanuts! begun, SIGKILL in its middle; started again:
    everything anyone heard of is kept, the race goes on in the same seats, the evening is the
    same, and the race ended by the host joins it as abandoned."""
    db = tmp_path / "rooms.db"
    server = Server(db, free_port(), tmp_path / "server.log").start()
    try:
        room = server.create_room(seed=SEED, **PACE)
        code = room["code"]

        async def first_game() -> tuple[list[Player], dict[str, Any]]:
            players = await seat_players(server, code, room["host_token"], NAMES)
            host = players[0]
            await host.send(type="start")
            await drive(players)
            await host.send(type="switch_game", game="peanuts")
            await host.wait(lambda: view_of(host).get("game") == "peanuts")
            evening: dict[str, Any] = view_of(host)["evening"]
            await close_all(players)
            return players, evening

        before, evening = run(first_game())
        assert [g["game"] for g in evening["games"]] == ["peanut-club"]
        assert not evening["games"][0]["abandoned"]
        server.kill()
        server.start()

        async def second_game_begun() -> list[Player]:
            players = await resume_players(server, code, before)
            host = players[0]
            assert view_of(host)["game"] == "peanuts" and view_of(host)["phase"] == "lobby"
            assert view_of(host)["evening"] == evening
            # Quick clocks: the decks turn by themselves while nobody plays.
            await host.send(type="settings", countdown_seconds=0.2, stall_seconds=0.2)
            await host.send(type="start")
            await host.wait(lambda: view_of(host)["phase"] not in ("lobby", None))
            started = host.seq
            await host.wait(lambda: host.seq >= started + 4)  # a few turns of the decks heard
            await close_all(players)
            return players

        during = run(second_game_begun())
        seen = max(max(p.seqs) for p in during)
        server.kill()
        assert stored_seqs(db, code)[-1] >= seen  # everything heard was written first
        server.start()

        async def after_restart() -> dict[str, Any]:
            players = await resume_players(server, code, during)
            host = players[0]
            for old, new in zip(during, players, strict=True):
                assert (new.seat, new.token) == (old.seat, old.token)
                assert new.seqs[0] >= seen
            view = view_of(host)
            assert view["game"] == "peanuts" and view["phase"] not in ("lobby", "over")
            assert [p["name"] for p in view["players"]] == NAMES
            assert view["evening"] == evening
            await host.send(type="end_game")
            await host.wait(lambda: view_of(host)["phase"] == "lobby")
            ended: dict[str, Any] = view_of(host)["evening"]
            await close_all(players)
            return ended

        ended = run(after_restart())
        assert ended["games"][0] == evening["games"][0]
        assert ended["games"][1]["game"] == "peanuts" and ended["games"][1]["abandoned"]
        assert ended["standings"] == evening["standings"]
    finally:
        server.stop()
