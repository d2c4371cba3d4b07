"""The evening in Chromium: the host's phone moves the table from Peanut Club to Peanuts!, and
both phones land in the new game's lobby in their seats with no tap; a table too small for the
chosen game gets the host's choice (add bots), never a silent drop."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import (
    Line,
    bots_play_to_the_end,
    create_room,
    expect_no_js_errors,
    join,
    keep,
    new_page,
    post_room,
    store_host_token,
    tv_page,
)
from party_tv_helpers import clipped
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
TV = {"width": 1280, "height": 720}


def phone(browser: Any, base_url: str, room: dict[str, Any], name: str, host: bool) -> Page:
    page = new_page(browser, PHONE, touch=True, mobile=True)
    if host:
        store_host_token(page, base_url, room)
    join(page, f"{base_url}/r/{room['code']}", name)
    return page


def test_the_host_phone_switches_an_ended_peanut_club_game_to_peanuts(
    browser: Any, base_url: str, shots: Path
) -> None:
    room = create_room(base_url, seed=5)
    ana = phone(browser, base_url, room, "Ana", host=True)
    bo = phone(browser, base_url, room, "Bo", host=False)
    tv = tv_page(browser, base_url, room, TV)
    host = Line(base_url, room["code"], {"type": "watch", "host_token": room["host_token"]})
    try:
        ana.click("[data-key=add-bot]")
        expect(ana.locator(".lobby-player")).to_have_count(3)
        ana.click("[data-key=start]")
        host.until(lambda s: s["phase"] != "lobby")
        host.send({"type": "end_game"})
        expect(ana.locator(".lobby")).to_be_visible()
        expect(bo.locator("[data-key=next-game]")).to_have_count(0)  # only the host picks
        expect(tv.locator("[data-key=next-game-choice]")).to_be_visible()
        keep(tv, shots, "evening-next-game-1280x720-after")
        ana.select_option("[data-key=next-game-choice]", "peanuts")
        ana.locator("[data-key=next-game]").scroll_into_view_if_needed()
        keep(ana, shots, "evening-next-game-390x844-after")
        ana.click("[data-key=next-game-go]")
        for page in (ana, bo, tv):
            expect(page.locator("body[data-game=peanuts]")).to_have_count(1)
            expect(page.locator(".lobby-player")).to_have_count(3)
        host.until(lambda s: s["game"] == "peanuts")
        expect(ana.locator("[data-key=lobby-game]")).to_have_text("Peanuts!")
        # Each phone is back in its own seat (the host's phone still the host's).
        expect(ana.locator("[data-key=start]")).to_be_visible()
        expect(bo.locator("[data-key=start]")).to_have_count(0)
        assert [p["name"] for p in host.state["players"]] == ["Ana", "Bo", "Bot 1"]
        expect_no_js_errors(ana, bo, tv)
    finally:
        host.close()
        for page in (ana, bo, tv):
            page.context.close()


def test_a_table_too_small_gets_the_choice_to_add_bots(
    browser: Any, base_url: str, shots: Path
) -> None:
    room = post_room(base_url, {"game": "peanuts", "seed": 3})
    ana = phone(browser, base_url, room, "Ana", host=True)
    bo = phone(browser, base_url, room, "Bo", host=False)
    try:
        ana.select_option("[data-key=next-game-choice]", "peanut-club")
        ana.click("[data-key=next-game-go]")
        fit = ana.locator("[data-key=next-game-fit]")
        expect(fit).to_contain_text("needs at least 3 players; the table has 2")
        expect(ana.locator("body[data-game=peanuts]")).to_have_count(1)  # nothing changed
        fit.scroll_into_view_if_needed()
        keep(ana, shots, "evening-table-size-390x844-after")
        ana.click("[data-key=next-game-bots]")
        for page in (ana, bo):
            expect(page.locator("body[data-game=peanut-club]")).to_have_count(1)
            expect(page.locator(".lobby-player")).to_have_count(3)
        expect_no_js_errors(ana, bo)
    finally:
        for page in (ana, bo):
            page.context.close()


def test_the_tv_offers_the_next_game_once_a_game_is_over(
    browser: Any, base_url: str, shots: Path
) -> None:
    room = create_room(base_url, seed=5, going_step_seconds=0.05, idle_seconds=0.1)
    tv, last = bots_play_to_the_end(browser, base_url, room, 3, TV)
    try:
        assert last["phase"] == "over"
        expect(tv.locator("[data-key=next-game-choice]")).to_be_visible()
        tv.select_option("[data-key=next-game-choice]", "nur-peanuts")
        keep(tv, shots, "evening-over-next-game-1280x720-after")
        assert clipped(tv, "#foot > *") == []
        tv.click("[data-key=next-game-go]")
        expect(tv.locator("body[data-game=nur-peanuts]")).to_have_count(1)
        expect(tv.locator(".lobby-player")).to_have_count(3)
        expect_no_js_errors(tv)
    finally:
        tv.context.close()


def test_a_game_started_right_after_a_switch_never_reaches_the_old_page(
    browser: Any, base_url: str
) -> None:
    """The host switches and starts at once, back and forth: a TV still showing the old game's
    page reloads for the new one, and the start that arrives before it unloads is dropped
    rather than drawn by the old game's page (which cannot read another game's table)."""
    room = post_room(base_url, {"game": "peanuts", "seed": 3})
    tv = tv_page(browser, base_url, room, TV)
    host = Line(base_url, room["code"], {"type": "watch", "host_token": room["host_token"]})
    try:
        for _ in range(3):
            host.send({"type": "add_bot", "level": "easy"})
        host.until(lambda s: len(s["players"]) == 3)
        for game in ("nur-peanuts", "peanuts", "nur-peanuts", "peanuts"):
            host.send({"type": "switch_game", "game": game})
            host.send({"type": "start"})
            host.until(lambda s, g=game: s["game"] == g and s["phase"] != "lobby")
            expect(tv.locator(f"body[data-game={game}]")).to_have_count(1)
            expect(tv.locator(".lobby-player")).to_have_count(0)
            host.send({"type": "end_game"})
            host.until(lambda s: s["phase"] == "lobby")
        expect_no_js_errors(tv)
    finally:
        host.close()
        tv.context.close()
