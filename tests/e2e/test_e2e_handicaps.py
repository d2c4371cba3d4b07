"""Handicaps in Chromium: the host, on a phone (390×844, touch), gives Léo a peanuts pile of 16
beside his seat in the lobby; the TV (1280×720) and a French phone say it beside his name, and
once the game is dealt the TV still says it while his phone shows a pile of 16 cards."""

from __future__ import annotations

from pathlib import Path

from e2e_helpers import add_bots, expect_no_js_errors, keep, new_page, post_room, store_host_token
from playwright.sync_api import Browser, Page, expect

PHONE = {"width": 390, "height": 844}
TV = {"width": 1280, "height": 720}


def phone(browser: Browser, locale: str = "en-US") -> Page:
    return new_page(browser, PHONE, locale, touch=True, mobile=True)


def test_the_host_gives_a_seat_a_handicap_and_the_tv_shows_it(
    browser: Browser, base_url: str, shots: Path
) -> None:
    room = post_room(base_url, {"game": "peanuts", "countdown_seconds": 1})
    host = phone(browser)
    store_host_token(host, base_url, room)
    host.goto(room["join_url"])
    host.fill("#name", "Mamie")
    host.click("[data-key=join]")
    guest = phone(browser, "fr-FR")
    guest.goto(room["join_url"])
    guest.fill("#name", "Léo")
    guest.click("[data-key=join]")
    expect(host.locator(".lobby-player")).to_have_count(2)
    add_bots(host, 1)
    tv = new_page(browser, TV)
    tv.goto(room["tv_url"])
    expect(tv.locator(".lobby-player")).to_have_count(3)

    # a bot's seat offers no handicap; a person's offers the game's steps, the rule chosen
    expect(host.locator("[data-key=handicap-pile-2]")).to_have_count(0)
    pick = host.locator("[data-key=handicap-pile-1]")
    expect(pick).to_have_value("13")
    assert pick.locator("option").all_inner_texts() == [
        "10 cards (a head start)",
        "13 cards (the rule)",
        "16 cards (a handicap)",
    ]
    pick.select_option("16")

    said = "Peanuts pile: 16 cards (a handicap)"
    expect(tv.locator("[data-key=handicap-1-pile]")).to_have_text(said)
    expect(guest.locator("[data-key=handicap-1-pile]")).to_have_text(
        "Pile de cacahuètes : 16 cartes (un handicap)"
    )
    expect(tv.locator("[data-key=handicap-0-pile]")).to_have_count(0)
    expect(pick).to_have_value("16")  # the host's own phone says it in the select
    keep(host, shots, "peanuts-handicap-lobby-390x844-after")
    keep(tv, shots, "peanuts-handicap-tv-lobby-1280x720-after")

    # the game is dealt with it: Léo's pile has 16 cards, and the TV still says why
    host.click("[data-key=start]")
    expect(tv.locator(".lobby")).to_have_count(0)
    expect(tv.locator("[data-key=handicap-1-pile]").first).to_have_text(said)
    expect(tv.locator("[data-key=handicap-1-pile]").first).to_be_visible()
    expect(guest.get_by_text("encore 16", exact=True)).to_be_visible()  # his own pile
    keep(tv, shots, "peanuts-handicap-tv-play-1280x720-after")
    expect_no_js_errors(host, guest, tv)
