"""A seated person drops during a game: the TV and the host's phone say so, naming them, with a
one-tap "let a bot play"; the notice goes away when they come back or a bot takes the seat.
Every game's pages share it (static/js/ui/away.js): Peanut Club and Nur Peanuts! here."""

from __future__ import annotations

import os
from typing import Any

import httpx
import pytest
from e2e_helpers import TV, Line, expect_no_js_errors, new_page, store_host_token, tv_page
from party_phone_helpers import PHONE_390, doc_shot, in_view, seated_table
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

TAG = os.environ.get("PEANUTCLUB_SHOT_TAG", "after")


def notice(page: Page) -> Any:
    return page.locator(".away-notice")


#: On a TV the notice takes a strip of its own between the table and the footer: it lies over
#: no part of the table (a heading, a banner, a field) and the footer stays whole on screen.
OWN_STRIP = """() => {
  const box = document.querySelector(".away-notice").getBoundingClientRect();
  const table = document.getElementById("app").getBoundingClientRect();
  const foot = document.getElementById("foot").getBoundingClientRect();
  return { over_table: Math.max(0, table.bottom - box.top),
           over_foot: Math.max(0, box.bottom - foot.top),
           foot_below: Math.max(0, foot.bottom - innerHeight) };
}"""


def covers_nothing(tv: Page) -> None:
    assert tv.evaluate(OWN_STRIP) == {"over_table": 0, "over_foot": 0, "foot_below": 0}


def test_peanut_club_tells_the_tv_and_the_host_phone_who_dropped(
    browser: Any, base_url: str
) -> None:
    room, (ana, bruno, chloe) = seated_table(browser, base_url, ["Ana", "Bruno", "Chloé"])
    tv = tv_page(browser, base_url, room, TV)
    expect(tv.locator(".tv-players .player")).to_have_count(3)
    # Bruno's phone drops (its page closes); he comes back on the same phone later.
    storage = bruno.context.storage_state()
    bruno.context.close()
    for page in (tv, ana):  # the table knows he is away...
        expect(page.locator(".player.away[data-seat='1']")).to_have_count(1)
    for page in (tv, ana):  # ...and says so where the host looks, with the one tap
        expect(notice(page)).to_contain_text("Bruno")
        expect(notice(page).locator("[data-key=away-bot-1]")).to_be_visible()
        assert in_view(page, ".away-notice [data-key=away-bot-1]") == []
    covers_nothing(tv)
    ana.evaluate("window.scrollTo(0, 0)")
    doc_shot(tv, f"peanut-club-away-1920x1080-{TAG}")
    doc_shot(ana, f"peanut-club-away-390x844-{TAG}")
    expect(notice(chloe)).to_have_count(0)  # only the host is asked
    # Back on the same phone: the notice goes.
    back = browser.new_context(viewport=PHONE_390, storage_state=storage).new_page()
    back.goto(room["join_url"])
    expect(back.locator(".bidpanel")).to_be_visible()
    for page in (tv, ana):
        expect(notice(page)).to_have_count(0)
    # Gone again; this time the host taps "let a bot play" on the phone.
    back.context.close()
    expect(notice(ana)).to_contain_text("Bruno")
    ana.click("[data-key=away-bot-1]")
    for page in (tv, ana):
        expect(notice(page)).to_have_count(0)
    expect(tv.locator(".tv-players .player[data-seat='1'] .badge-bot")).to_be_visible()
    expect_no_js_errors(tv, ana, chloe)


def test_nur_peanuts_tells_the_tv_who_dropped(browser: Any, base_url: str) -> None:
    res = httpx.post(
        f"{base_url}/api/rooms",
        json={"game": "nur-peanuts", "turn_seconds": 60, "stone_step_seconds": 0.05},
        timeout=5,
    )
    res.raise_for_status()
    room = res.json()
    tv = new_page(browser, TV)
    store_host_token(tv, base_url, room)
    tv.goto(room["tv_url"])
    ana = Line(base_url, room["code"], {"type": "join", "name": "Ana"})
    bo = Line(base_url, room["code"], {"type": "join", "name": "Bo"})
    try:
        expect(tv.locator(".lobby-player")).to_have_count(2)
        tv.click("[data-key=start]")
        ana.until(lambda s: s["phase"] != "lobby")
        bo.close()
        expect(tv.locator(".badge-away")).to_have_count(1)
        expect(notice(tv)).to_contain_text("Bo")
        covers_nothing(tv)
        doc_shot(tv, f"nur-peanuts-away-1920x1080-{TAG}")
        tv.set_viewport_size({"width": 1280, "height": 720})
        covers_nothing(tv)
        doc_shot(tv, f"nur-peanuts-away-1280x720-{TAG}")
        tv.set_viewport_size(TV)
        tv.click("[data-key=away-bot-1]")
        expect(notice(tv)).to_have_count(0)
        ana.until(lambda s: s["players"][1]["bot"])
        expect_no_js_errors(tv)
    finally:
        ana.close()
