"""A phone dies mid-game: its owner opens the room's link on another phone, says which away
seat is theirs ("I'm Bea"), the host's phone (and TV) show the request with Admit / Refuse, and
once admitted the new phone plays on as that seat (static/js/ui/claims.js, shared by every
game's pages through the connection)."""

from __future__ import annotations

import os
from typing import Any

import pytest
from e2e_helpers import Line, expect_no_js_errors, join, new_page, store_host_token, tv_page
from nur_peanuts_helpers import create_room
from party_phone_helpers import PHONE_360, PHONE_390, doc_shot, in_view, overflowing, seated_table
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

TAG = os.environ.get("PEANUTCLUB_SHOT_TAG", "after")
TV_720 = {"width": 1280, "height": 720}


def banner(page: Page) -> Any:
    return page.locator(".claim-row")


def test_a_replaced_phone_gets_its_seat_back_through_the_host(browser: Any, base_url: str) -> None:
    room, (ana, bea, cy) = seated_table(browser, base_url, ["Ana", "Bea", "Cy"])
    tv = tv_page(browser, base_url, room, TV_720)
    expect(tv.locator(".tv-players .player")).to_have_count(3)
    bea.context.close()  # Bea's phone dies
    expect(ana.locator(".player.away[data-seat='1']")).to_have_count(1)
    # A new phone opens the room's link: it sees the game, and the away seat it may ask for.
    phone = new_page(browser, PHONE_390, touch=True, mobile=True)
    phone.goto(room["join_url"])
    expect(phone.locator("[data-key=watching]")).to_be_visible()
    doc_shot(phone, f"peanut-club-claim-390x844-{TAG}")
    ask = phone.locator("[data-key=claim-1]")
    expect(ask).to_contain_text("Bea")
    expect(phone.locator("[data-key=claim-0]")).to_have_count(0)  # Ana is here: not offered
    assert in_view(phone, "[data-key=claim-1]") == []
    phone.set_viewport_size(PHONE_360)
    assert in_view(phone, "[data-key=claim-1]") == []
    assert overflowing(phone, ".claim-box button") == []
    doc_shot(phone, f"peanut-club-claim-360x640-{TAG}")
    phone.set_viewport_size(PHONE_390)
    ask.tap()
    expect(phone.locator("[data-key=claim-waiting]")).to_be_visible()
    doc_shot(phone, f"peanut-club-claim-waiting-390x844-{TAG}")
    # The host's phone and the TV show the request; only the host is asked.
    for page in (ana, tv):
        expect(banner(page)).to_contain_text("Bea")
        expect(banner(page).locator("button.claim-admit")).to_be_visible()
    expect(banner(cy)).to_have_count(0)
    assert overflowing(tv, ".claim-row button") == []
    doc_shot(tv, f"peanut-club-claim-1280x720-{TAG}")
    ana.evaluate("window.scrollTo(0, 0)")
    doc_shot(ana, f"peanut-club-claim-host-390x844-{TAG}")
    ana.locator(".claim-row button.claim-admit").click()
    # The new phone holds Bea's seat now and plays on; the banners go.
    expect(phone.locator(".bidpanel")).to_be_visible()
    expect(phone.locator("#bar .me")).to_have_text("Bea")
    for page in (ana, tv, phone):
        expect(banner(page)).to_have_count(0)
    expect(tv.locator(".player.away[data-seat='1']")).to_have_count(0)
    phone.reload()  # its new seat token is kept: a reload resumes the seat
    expect(phone.locator(".bidpanel")).to_be_visible()
    expect(phone.locator("#bar .me")).to_have_text("Bea")
    expect_no_js_errors(ana, cy, tv, phone)


def test_a_refused_request_leaves_the_new_phone_watching(browser: Any, base_url: str) -> None:
    room, (ana, bea, cy) = seated_table(browser, base_url, ["Ana", "Bea", "Cy"], locale="fr-FR")
    bea.context.close()
    phone = new_page(browser, PHONE_360, "fr-FR", touch=True, mobile=True)
    phone.goto(room["join_url"])
    phone.locator("[data-key=claim-1]").tap()
    expect(phone.locator("[data-key=claim-waiting]")).to_be_visible()
    expect(banner(ana)).to_contain_text("Bea")
    ana.locator(".claim-row button.claim-refuse").click()
    expect(phone.locator("[data-key=claim-waiting]")).to_have_count(0)
    expect(phone.locator("[data-key=claim-1]")).to_be_visible()  # may ask again
    expect(phone.locator("[data-key=watching]")).to_be_visible()
    expect(banner(ana)).to_have_count(0)
    expect_no_js_errors(ana, cy, phone)


def test_nur_peanuts_a_replaced_phone_gets_its_seat_back(browser: Any, base_url: str) -> None:
    """The same from every game's pages: Nur Peanuts! here, Bo's phone a protocol client."""
    room = create_room(base_url, seed=9)
    ana = new_page(browser, PHONE_360, touch=True, mobile=True)
    store_host_token(ana, base_url, room)
    join(ana, room["join_url"], "Ana")
    bo = Line(base_url, room["code"], {"type": "join", "name": "Bo"})
    try:
        expect(ana.locator(".lobby-player")).to_have_count(2)
        ana.click("[data-key=start]")
        bo.until(lambda s: s["phase"] != "lobby")
    finally:
        bo.close()
    phone = new_page(browser, PHONE_360, touch=True, mobile=True)
    phone.goto(room["join_url"])
    expect(phone.locator("[data-key=claim-1]")).to_contain_text("Bo")
    assert in_view(phone, "[data-key=claim-1]") == []
    doc_shot(phone, f"nur-peanuts-claim-360x640-{TAG}")
    phone.locator("[data-key=claim-1]").tap()
    expect(phone.locator("[data-key=claim-waiting]")).to_be_visible()
    expect(banner(ana)).to_contain_text("Bo")
    doc_shot(ana, f"nur-peanuts-claim-host-360x640-{TAG}")
    ana.locator(".claim-row button.claim-admit").tap()
    expect(phone.locator(".bar .me")).to_have_text("Bo")
    expect(phone.locator("[data-key=claim-waiting]")).to_have_count(0)
    expect(banner(ana)).to_have_count(0)
    expect_no_js_errors(ana, phone)
