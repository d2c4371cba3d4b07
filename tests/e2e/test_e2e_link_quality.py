"""The TV shows each player's connection beside their name, as the server times it: a phone on
this machine reads good (three bars), a player whose echoes come late reads poor (one bar). The
bars differ in shape, not only in colour, in every game's TV (its lobby and, for Peanut Club, its
table)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import Line, add_bots, join, new_page, post_room, shot, tv_page
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
TV = {"width": 1280, "height": 720}


def slow_trips(line: Line, count: int, delay: float) -> None:
    """`count` round trips whose echo leaves `delay` seconds after the pong came."""
    for i in range(count):
        line.send({"type": "ping", "t": i})
        end = time.monotonic() + 10
        while time.monotonic() < end:
            raw = line.ws.recv(10)
            if json.loads(raw)["type"] == "pong":
                break
        time.sleep(delay)
        line.ws.send('{"type":"echo"}')


def filled_bars(page: Page, seat: int) -> int:
    """How many of the seat's bars are drawn solid (not faint) on the page."""
    count: int = page.locator(f".lobby-player[data-seat='{seat}'] .link i").evaluate_all(
        "is => is.filter(i => Number(getComputedStyle(i).opacity) > 0.5).length"
    )
    return count


@pytest.mark.parametrize("game", ["peanut-club", "peanuts", "nur-peanuts"])
def test_the_tv_shows_each_players_connection_by_its_bars(
    browser: Any, base_url: str, game: str
) -> None:
    room = post_room(base_url, {"game": game, "seed": 3})
    tv = tv_page(browser, base_url, room, TV)
    ana = new_page(browser, PHONE, touch=True, mobile=True)
    bo = Line(base_url, room["code"], {"type": "join", "name": "Bo"})
    try:
        join(ana, room["join_url"], "Ana")  # the page pings at once and echoes each pong
        slow_trips(bo, 2, 0.4)
        good = tv.locator(".lobby-player .link-good")
        poor = tv.locator(".lobby-player .link-poor")
        expect(good).to_have_count(1)
        expect(poor).to_have_count(1)
        expect(good).to_have_attribute("aria-label", "Connection: good")
        assert filled_bars(tv, 0) == 1 and filled_bars(tv, 1) == 3  # Bo sat first
        # A phone shows no bars of its own (the TV is where the table looks).
        expect(ana.locator(".link")).to_have_count(0)
    finally:
        bo.close()
        for page in (tv, ana):
            page.context.close()


def test_the_peanut_club_table_keeps_the_bars_beside_the_names(
    browser: Any, base_url: str, shots: Path
) -> None:
    room = post_room(base_url, {"game": "peanut-club", "seed": 3})
    tv = tv_page(browser, base_url, room, TV)
    ana = new_page(browser, PHONE, touch=True, mobile=True)
    bo = Line(base_url, room["code"], {"type": "join", "name": "Bo"})
    try:
        join(ana, room["join_url"], "Ana")
        slow_trips(bo, 2, 0.4)
        add_bots(tv, 1)
        tv.click("[data-key=start]")
        expect(tv.locator(".tv-players .player")).to_have_count(3)
        expect(tv.locator(".tv-players [data-seat='0'] .link-poor")).to_have_count(1)
        expect(tv.locator(".tv-players [data-seat='1'] .link-good")).to_have_count(1)
        expect(tv.locator(".tv-players [data-seat='2'] .link")).to_have_count(0)  # a bot
        shot(tv, shots, "tv-link-quality-1280x720")
    finally:
        bo.close()
        for page in (tv, ana):
            page.context.close()
