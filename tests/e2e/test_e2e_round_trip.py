"""The round trip a phone sees: every player page measures it with `ping` → `pong` over its own
socket and shows it in its bar, the figure a player at a slow table would ask about."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import PHONE, create_room, join, new_page, shot
from nur_peanuts_helpers import create_room as create_nur_peanuts_room
from peanuts_helpers import create_room as create_peanuts_room
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("game", ["peanut-club", "peanuts", "nur-peanuts"])
def test_the_phone_shows_the_round_trip_it_measured(
    browser: Any, base_url: str, shots: Path, game: str
) -> None:
    room = {
        "peanut-club": create_room,
        "peanuts": create_peanuts_room,
        "nur-peanuts": create_nur_peanuts_room,
    }[game](base_url)
    page = new_page(browser, PHONE)
    sent: list[dict[str, Any]] = []
    answered: list[dict[str, Any]] = []

    def watch(ws: Any) -> None:
        ws.on("framesent", lambda f: sent.append(json.loads(f)))
        ws.on("framereceived", lambda f: answered.append(json.loads(f)))

    page.on("websocket", watch)
    join(page, room["join_url"], "Ana")

    badge = page.locator("#rtt")
    expect(badge).to_have_text(re.compile(r"^\d+ ms$"))
    shown = int(badge.inner_text().split()[0])
    pings = [f for f in sent if f["type"] == "ping"]
    pongs = [f for f in answered if f["type"] == "pong"]
    assert pings and pongs, "the page measured nothing over its socket"
    # The server echoes the page's own clock; the badge shows the page's difference to it.
    assert pongs[0]["t"] == pings[0]["t"]
    assert 1 <= shown < 5000
    assert "Round trip" in (badge.get_attribute("title") or "")
    assert badge.get_attribute("data-speed") in {"quick", "fair", "slow"}
    shot(page, shots, f"round-trip-{game}")
