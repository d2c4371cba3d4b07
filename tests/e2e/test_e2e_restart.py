"""Persistence seen from a browser: a server killed and started again on the same port and file
(the phone page finds its seat), and the history page of a finished game kept in the file."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import PHONE, new_page
from playwright.sync_api import expect
from websockets.sync.client import connect

pytestmark = pytest.mark.e2e


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(db: Path, port: int, log: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PEANUTCLUB_STORE": "sqlite"}
    command = [sys.executable, "-m", "peanutclub", "serve", "--dev", "--db", str(db)]
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [*command, "--port", str(port)], env=env, stdout=out, stderr=subprocess.STDOUT
        )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert proc.poll() is None, log.read_text()[-2000:]
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return proc
        except OSError:
            time.sleep(0.05)
    raise AssertionError("the server did not start")


def _summary(base: str, code: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base}/api/rooms/{code}", timeout=10) as res:
        data: dict[str, Any] = json.loads(res.read())
    return data


def test_the_player_page_gets_its_seat_back_after_a_server_restart(
    browser: Any, tmp_path: Path
) -> None:
    db, port, log = tmp_path / "restart.db", _port(), tmp_path / "server.log"
    base = f"http://127.0.0.1:{port}"
    proc = _start(db, port, log)
    stack = contextlib.ExitStack()
    try:
        body = json.dumps({"seed": 11, "going_step_seconds": 5, "idle_seconds": 0}).encode()
        request = urllib.request.Request(
            f"{base}/api/rooms", data=body, headers={"content-type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as res:
            room = json.loads(res.read())
        code = room["code"]
        ws_url = f"ws://127.0.0.1:{port}/ws/{code}"
        others = []
        for name, extra in (("Bea", {"host_token": room["host_token"]}), ("Cid", {})):
            ws = stack.enter_context(connect(ws_url, origin=base))
            ws.send(json.dumps({"type": "join", "name": name, **extra}))
            assert json.loads(ws.recv(10))["type"] == "welcome"
            others.append(ws)

        page = new_page(browser, PHONE)
        page.goto(f"{base}/r/{code}")
        page.fill("#name", "Ana")
        page.click("[data-key=join]")
        expect(page.locator(".lobby")).to_be_visible()
        others[0].send(json.dumps({"type": "start"}))
        expect(page.locator(".bidpanel")).to_be_visible()
        stack.close()

        os.kill(proc.pid, signal.SIGKILL)  # a crash: no goodbye to anyone
        proc.wait()
        expect(page.locator("#conn")).to_contain_text("reconnecting")
        proc = _start(db, port, log)

        # The page comes back by itself, to the same seat in the same game.
        expect(page.locator("#conn")).to_be_hidden(timeout=30_000)
        expect(page.locator(".bidpanel")).to_be_visible()
        expect(page.locator("#bar .me")).to_have_text("Ana")
        ana = next(p for p in _summary(base, code)["players"] if p["name"] == "Ana")
        assert ana["connected"] is True
        assert page.js_errors == []  # type: ignore[attr-defined]
    finally:
        stack.close()
        proc.terminate()
        proc.wait(10)


def _bot_game(seed: int) -> dict[str, Any]:
    """A whole game of bots, as its export (what the server keeps when a game ends)."""
    from peanutclub.core import export_game
    from peanutclub.games.peanut_club import PeanutClub, Settings
    from peanutclub.games.peanut_club.bots import make_bot
    from peanutclub.games.peanut_club.engine import Phase, RuleError, view

    table = PeanutClub(3, seed, Settings())
    game = table.engine
    bots = [make_bot("normal", seat, seed) for seat in range(3)]
    while game.phase is not Phase.OVER:
        for seat in range(3):
            action = bots[seat].decide(view(game, seat))
            if action is not None and getattr(action, "seat", seat) == seat:
                try:
                    game.apply(action)
                    break
                except RuleError:
                    continue
        else:
            game.apply(game.auctioneer_action())
    return export_game(table, ["Ana", "Bo", "Cy"])


def test_the_history_page_steps_through_a_finished_game(browser: Any, tmp_path: Path) -> None:
    from peanutclub.server.sqlite_store import SqliteStore

    db, port, log = tmp_path / "history.db", _port(), tmp_path / "server.log"
    export = _bot_game(5)

    async def keep() -> None:
        store = await SqliteStore.open(db)
        await store.save_game("HIST-1-1", "HIST", {"id": "HIST-1-1", "code": "HIST", **export})
        await store.close()

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, keep()).result()
    proc = _start(db, port, log)
    try:
        page = new_page(browser, PHONE)
        page.goto(f"http://127.0.0.1:{port}/r/HIST/history")
        expect(page.locator("#hist-step-title")).to_have_text("The deal")
        expect(page.locator(".hist-player")).to_have_count(3)
        page.click("[data-key=next]")
        expect(page.locator("#hist-step-title")).to_contain_text("Lot 1 of")
        page.click("[data-key=last]")
        expect(page.locator("#hist-step-title")).to_have_text("The end")
        expect(page.locator(".hist-scores .score")).to_have_count(3)
        page.click("button.lang")
        expect(page.locator("#hist-step-title")).to_have_text("La fin")
        expect(page.locator(".hist-scores h2")).to_have_text("Scores finaux")
        href = page.locator(".hist-export a").get_attribute("href")
        assert href == "/api/games/HIST-1-1/export"
        assert page.js_errors == []  # type: ignore[attr-defined]
    finally:
        proc.terminate()
        proc.wait(10)
