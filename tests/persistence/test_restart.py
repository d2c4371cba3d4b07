"""Real processes: a server killed with SIGKILL and started again on the same file loses nothing."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from .procs import (
    Player,
    Server,
    command,
    drive,
    env,
    free_port,
    resume_players,
    run,
    seat_players,
    view_of,
)

NAMES = ["Ana", "Bo", "Cy"]
SEED = 4242
#: Only the going steps run on the clock (quickly); no idle call, no automatic payment.
PACE = {"going_step_seconds": 0.01, "idle_seconds": 0, "pay_seconds": 300}


sql_actions = "SELECT data FROM log WHERE code = ? AND kind = 'action' ORDER BY seq"


def stored_seqs(db: Path, code: str) -> list[int]:
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute("SELECT seq FROM log WHERE code = ? ORDER BY seq", (code,))
        return [r[0] for r in rows]
    finally:
        conn.close()


async def close_all(players: list[Player]) -> None:
    for p in players:
        await p.close()


async def start_game(server: Server, room: dict[str, Any]) -> list[Player]:
    players = await seat_players(server, room["code"], room["host_token"], NAMES)
    await players[0].send(type="start")
    await players[0].wait(lambda: view_of(players[0])["phase"] not in (None, "lobby"))
    return players


def finished_export(server: Server, code: str) -> dict[str, Any]:
    status, listing = server.get(f"/api/rooms/{code}/games")
    assert status == 200 and len(listing["games"]) == 1, listing
    status, export = server.get(listing["games"][0]["export"])
    assert status == 200
    return dict(export)


def test_a_game_survives_sigkill_and_ends_as_if_nothing_happened(tmp_path: Path) -> None:
    db = tmp_path / "rooms.db"
    server = Server(db, free_port(), tmp_path / "server.log").start()
    try:
        room = server.create_room(seed=SEED, **PACE)
        code = room["code"]

        async def first_half() -> list[Player]:
            players = await start_game(server, room)
            await drive(players, until_round=6)
            # A game that is not over has no export: its seed would reveal every hand.
            assert server.get(f"/api/rooms/{code}/games")[1]["games"] == []
            await close_all(players)
            return players

        before = run(first_half())
        seen = max(max(p.seqs) for p in before)
        server.kill()

        # Everything anyone heard of was written before they heard of it.
        assert stored_seqs(db, code)[-1] >= seen
        assert stored_seqs(db, code) == list(range(1, len(stored_seqs(db, code)) + 1))

        server.start()  # the same file, the same port
        reference_room = server.create_room(seed=SEED, **PACE)

        async def second_half() -> tuple[list[Player], list[Player]]:
            players = await resume_players(server, code, before)
            for old, new in zip(before, players, strict=True):
                assert (new.seat, new.token) == (old.seat, old.token)
                assert new.seqs[0] >= seen  # seq never goes back, not even across a restart
            assert players[0].host and not players[1].host
            assert players[0].view is not None and players[0].view["round"] == 6
            await drive(players)
            reference = await start_game(server, reference_room)
            await drive(reference)
            await close_all(players + reference)
            return players, reference

        after, reference = run(second_half())
        crashed = finished_export(server, code)
        clean = finished_export(server, reference_room["code"])
        assert crashed["seed"] == clean["seed"] == SEED + 0
        assert crashed["actions"] == clean["actions"]
        assert crashed["result"] == clean["result"] is not None
        assert crashed["names"] == NAMES
        assert after[0].view is not None and after[0].view["phase"] == "over"
        assert after[0].view["scores"] == reference[0].view["scores"]  # type: ignore[index]

        # The export downloaded from the server replays to the same result.
        path = tmp_path / "game.json"
        status, _ = server.get(f"/api/games/{crashed['id']}/export")
        assert status == 200
        path.write_text(json.dumps(crashed))
        replayed = subprocess.run(
            [sys.executable, "-m", "peanutclub", "replay", str(path)],
            capture_output=True,
            text=True,
            env=env(),
        )
        assert replayed.returncode == 0, replayed.stderr
        assert "1. " in replayed.stdout

        # And its history is told lot by lot, from the deal to the end.
        status, history = server.get(f"/api/games/{crashed['id']}/history")
        assert status == 200
        titles = [s["title"] for s in history["steps"]]
        assert titles[0] == "deal" and titles[-1] == "end" and titles.count("lot") >= 6
        assert history["names"] == NAMES
        assert server.get("/api/games/NOPE-1-1/export")[0] == 404
    finally:
        server.stop()


def test_clocks_start_over_after_a_restart(tmp_path: Path) -> None:
    """A going call running at the crash is taken back; a pay clock gets its full time again."""
    db = tmp_path / "clock.db"
    server = Server(db, free_port(), tmp_path / "server.log").start()
    try:
        pace = {"going_step_seconds": 1.0, "idle_seconds": 0, "pay_seconds": 120}
        room = server.create_room(seed=SEED, **pace)
        code = room["code"]

        async def call_it() -> tuple[list[Player], dict[str, Any]]:
            players = await start_game(server, room)
            host = players[0]
            assert host.view is not None
            options = host.view["you"]["bid_options"]
            currency = next(c for c in host.view["column"] if not options[c]["reason"])
            await host.send(type="bid", currency=currency, amount=1)
            await host.wait(lambda: view_of(host)["high_bid"] is not None)
            await host.send(type="going")
            await host.wait(lambda: view_of(host)["going"] == 1)
            bid = host.view["high_bid"]
            await close_all(players)
            return players, bid

        players, bid = run(call_it())
        server.kill()
        time.sleep(2.5)  # longer than the rest of the call: had it run on, the lot would be sold
        server.start()

        async def after_going() -> list[Player]:
            again = await resume_players(server, code, players)
            view = again[0].view
            assert view is not None
            assert view["phase"] == "bidding" and view["going"] == 0 and view["high_bid"] == bid
            assert view["deadline"] is None  # no idle call in this room: the lot waits
            # The lot can be called again and sold: the room is alive.
            await again[0].send(type="going")
            await again[0].wait(lambda: view_of(again[0])["phase"] == "paying")
            await close_all(again)
            return again

        again = run(after_going())
        server.kill()
        # The call was taken back by an action in the log, so that a replay agrees.
        conn = sqlite3.connect(db)
        actions = [r[0] for r in conn.execute(sql_actions, (code,))]
        conn.close()
        assert sum('"cancel_going"' in a for a in actions) == 1

        restarted_at = time.time() * 1000
        server.start()

        async def after_paying() -> None:
            back = await resume_players(server, code, again)
            view = back[0].view
            assert view is not None
            assert view["phase"] == "paying" and view["paid"] == []
            assert view["deadline_kind"] == "pay"
            # Full time from the restart on: set after the process started, 120 s ahead.
            assert restarted_at + 120_000 <= view["deadline"] <= view["now"] + 120_000
            await close_all(back)

        run(after_paying())
    finally:
        server.stop()


def test_a_corrupt_database_is_one_clear_line_and_a_failed_start(tmp_path: Path) -> None:
    db = tmp_path / "corrupt.db"
    db.write_bytes(b"certainly not SQLite " * 500)
    done = subprocess.run(
        command(db, free_port()), capture_output=True, text=True, env=env(), timeout=60
    )
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "not a usable Peanut Club database" in lines[0], done.stderr


def test_a_database_in_use_by_another_server_is_refused_at_start_up(tmp_path: Path) -> None:
    db = tmp_path / "shared.db"
    first = Server(db, free_port(), tmp_path / "first.log").start()
    try:
        done = subprocess.run(
            command(db, free_port()), capture_output=True, text=True, env=env(), timeout=60
        )
        assert done.returncode != 0
        assert "Traceback" not in done.stderr
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        assert len(lines) == 1 and "locked" in lines[0], done.stderr
        assert first.get("/healthz")[0] == 200  # the first one carries on
    finally:
        first.stop()
