"""The guided first game's default survives SIGKILL: it follows from the room's log (the games
the evening holds), so a room restarted on the same file has the same `guide` setting."""

from __future__ import annotations

from pathlib import Path

from .procs import Player, Server, free_port, resume_players, run, seat_players, view_of
from .test_restart import NAMES, PACE, close_all


def test_the_guide_setting_is_the_same_after_a_restart(tmp_path: Path) -> None:
    server = Server(tmp_path / "rooms.db", free_port(), tmp_path / "server.log").start()
    try:
        room = server.create_room(seed=5, **PACE)
        code = room["code"]

        async def an_evening() -> list[Player]:
            players = await seat_players(server, code, room["host_token"], NAMES)
            host = players[0]
            assert view_of(host)["settings"]["guide"] is True
            for game in ("peanuts", "peanut-club"):
                await host.send(type="start")
                await host.wait(lambda: view_of(host)["phase"] not in (None, "lobby"))
                await host.send(type="end_game")
                await host.wait(lambda: view_of(host)["phase"] == "lobby")
                await host.send(type="switch_game", game=game)
                await host.wait(lambda g=game: view_of(host).get("game") == g)
            # Back to Peanut Club, which the evening holds: unguided by default.
            assert view_of(host)["settings"]["guide"] is False
            await close_all(players)
            return players

        before = run(an_evening())
        server.kill()
        server.start()

        async def after_restart() -> None:
            players = await resume_players(server, code, before)
            view = view_of(players[0])
            assert view["game"] == "peanut-club" and view["phase"] == "lobby"
            assert view["settings"]["guide"] is False
            await close_all(players)

        run(after_restart())
    finally:
        server.stop()
