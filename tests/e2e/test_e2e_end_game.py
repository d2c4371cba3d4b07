"""The host ends a game from the TV in any game (here Peanut Club's table): it asks once more,
everyone is back in the lobby, and the room's history keeps the game marked abandoned."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import TV, create_room, expect_no_js_errors, keep, new_page, store_host_token
from party_tv_helpers import Player
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as res:
        return json.load(res)


def test_the_host_ends_a_game_of_peanut_club_from_the_tv(
    browser: Any, base_url: str, shots: Path
) -> None:
    room = create_room(base_url, seed=5, idle_seconds=0)
    tv = new_page(browser, TV)
    store_host_token(tv, base_url, room)
    tv.goto(room["tv_url"])
    players = [Player(base_url, room, n) for n in ("Ana", "Bruno", "Chloé")]
    try:
        expect(tv.locator(".lobby-player")).to_have_count(3)
        expect(tv.locator("[data-key=end-game]")).to_have_count(0)  # no game yet
        tv.click("[data-key=start]")
        tv.click("[data-key=end-game]")
        expect(tv.locator("[data-key=end-confirm]")).to_contain_text("End the game now?")
        keep(tv, shots, "peanut-club-tv-end-game-1920x1080")
        tv.click("[data-key=end-game-yes]")
        expect(tv.locator(".lobby-player")).to_have_count(3)
        for p in players:
            p.until(lambda s: s["phase"] == "lobby")
        games = _get(f"{base_url}/api/rooms/{room['code']}/games")["games"]
        assert len(games) == 1
        assert _get(f"{base_url}{games[0]['history']}")["abandoned"] is True
        expect_no_js_errors(tv)
    finally:
        for p in players:
            p.close()
