"""The recap image survives a SIGKILL: a real server on a SQLite file, a table of bots plays a
game of Peanut Club to its end (its winners and awards in the recap); after the crash and a
restart the room, rebuilt from its log, draws the same image."""

from __future__ import annotations

import urllib.request
from pathlib import Path
from typing import Any

from .procs import Player, Server, free_port, run

FAST = {"going_step_seconds": 0.01, "idle_seconds": 0.03, "pay_seconds": 5}


def recap(server: Server, code: str) -> str:
    with urllib.request.urlopen(f"{server.base}/r/{code}/recap.svg", timeout=10) as res:
        assert res.status == 200
        text: str = res.read().decode()
    return text


def test_the_recap_image_is_the_same_after_a_sigkill(tmp_path: Path) -> None:
    server = Server(tmp_path / "rooms.db", free_port(), tmp_path / "server.log").start()
    try:
        room = server.create_room(seed=5, **FAST)
        code = room["code"]
        hello = {"type": "watch", "host_token": room["host_token"]}

        async def one_game() -> dict[str, Any]:
            tv = Player("TV")
            await tv.connect(server, code, hello)
            for _ in range(3):
                await tv.send(type="add_bot", level="easy")
            await tv.wait(lambda: tv.view is not None and len(tv.view["players"]) == 3)
            await tv.send(type="start")
            await tv.wait(lambda: tv.view is not None and tv.view["phase"] == "over")
            assert tv.view is not None
            view: dict[str, Any] = tv.view
            await tv.close()
            return view

        view = run(one_game())
        before = recap(server, code)
        assert 'data-key="winners"' in before and 'data-key="champion"' in before
        assert before.count('data-key="award"') == len(view["awards"]) > 0
        server.kill()
        server.start()
        assert recap(server, code) == before
    finally:
        server.stop()
