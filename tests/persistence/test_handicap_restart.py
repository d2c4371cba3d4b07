"""A room's handicaps survive SIGKILL as its settings do: started again on the same file, the
lobby still says who has what, and the game then dealt gives that seat its step."""

from __future__ import annotations

from pathlib import Path

from .procs import Server, free_port, resume_players, run, seat_players, view_of
from .test_restart import NAMES, close_all


def test_a_handicap_set_in_the_lobby_is_there_after_sigkill(tmp_path: Path) -> None:
    server = Server(tmp_path / "rooms.db", free_port(), tmp_path / "server.log").start()
    try:
        room = server.create_room(game="peanuts", seed=3)
        code = room["code"]

        async def lobby() -> list:  # type: ignore[type-arg]
            players = await seat_players(server, code, room["host_token"], NAMES)
            host = players[0]
            await host.send(type="settings", pile={"2": 16})
            await host.wait(lambda: view_of(host)["settings"].get("pile") == {"2": 16})
            await close_all(players)
            return players

        before = run(lobby())
        server.kill()
        server.start()

        async def after_restart() -> None:
            players = await resume_players(server, code, before)
            view = view_of(players[0])
            assert view["settings"]["pile"] == {"2": 16}
            assert [[h["value"] for h in p["handicap"]] for p in view["players"]] == [[], [], [16]]
            await players[0].send(type="start")
            await players[0].wait(lambda: view_of(players[0])["phase"] not in (None, "lobby"))
            dealt = view_of(players[0])["players"]
            assert [p["peanuts"]["left"] for p in dealt] == [13, 13, 16]
            await close_all(players)

        run(after_restart())
    finally:
        server.stop()
