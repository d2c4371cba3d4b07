"""The room's history over an evening in Chromium: a room plays a game of Peanut Club to its end,
switches to Peanuts! and ends that one early; `/r/{code}/history` then lists both games in order
(the first with its places, the second marked abandoned), each linking to its own history page
(which links back to the list) and its export. On a phone and a TV, in English and French."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import Line, create_room, expect_no_js_errors, keep, new_page
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 640}
TV = {"width": 1280, "height": 720}


def evening_of_two(base_url: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Bots play Peanut Club to its end, the host switches to Peanuts! and ends it early. The
    room and the first game's last view."""
    room = create_room(base_url, seed=5, going_step_seconds=0.01, idle_seconds=0.03)
    host = Line(base_url, room["code"], {"type": "watch", "host_token": room["host_token"]})
    try:
        for _ in range(3):
            host.send({"type": "add_bot", "level": "normal"})
        host.until(lambda s: len(s["players"]) == 3)
        host.send({"type": "start"})
        over = host.until(lambda s: s["phase"] == "over", seconds=90)
        host.send({"type": "switch_game", "game": "peanuts"})
        host.until(lambda s: s["game"] == "peanuts")
        host.send({"type": "start"})
        host.until(lambda s: s["phase"] != "lobby")
        host.send({"type": "end_game"})
        host.until(lambda s: s["phase"] == "lobby" and len(s["evening"]["games"]) == 2)
    finally:
        host.close()
    return room, over


def fits(page: Page) -> bool:
    return bool(page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"))


def test_the_room_history_lists_the_evenings_games_and_opens_each(
    browser: Browser, base_url: str, shots: Path
) -> None:
    room, over = evening_of_two(base_url)
    code = room["code"]
    placings = over["evening"]["games"][0]["placings"]
    names = [p["name"] for p in over["players"]]
    page = new_page(browser, PHONE, touch=True, mobile=True)
    page.goto(f"{base_url}/r/{code}/history")
    games = page.locator("[data-key=games] > li")
    expect(games).to_have_count(2)
    expect(games.nth(0).locator("h3")).to_have_text("Game 1: Peanut Club")
    expect(games.nth(1).locator("h3")).to_have_text("Game 2: Peanuts!")
    # The first game's places as the evening counted them, best first; the second abandoned.
    winners = ", ".join(names[p["seat"]] for p in placings if p["place"] == 1)
    expect(games.nth(0).locator("[data-key=places] li").first).to_have_text(f"1st: {winners}")
    expect(games.nth(0).locator("[data-key=abandoned]")).to_have_count(0)
    expect(games.nth(1).locator("[data-key=abandoned]")).to_be_visible()
    records = [g["record"] for g in over["evening"]["games"]]
    export = games.nth(0).locator("[data-key=export]").get_attribute("href")
    assert export == f"/api/games/{records[0]}/export"
    assert fits(page)
    keep(page, shots, "evening-history-390x844-after")
    # Each game opens on its own page, which leads back to the list.
    games.nth(0).locator("[data-key=open]").click()
    expect(page).to_have_url(f"{base_url}/r/{code}/history/{records[0]}")
    expect(page.locator("#hist-step-title")).to_have_text("The deal")
    page.click("[data-key=all-games]")
    expect(games).to_have_count(2)
    games.nth(1).locator("[data-key=open]").click()
    expect(page.locator(".hist-abandoned")).to_contain_text("abandoned")
    expect(page.locator(".hist-round")).to_have_count(1)  # that game only
    expect(page.locator("[data-key=all-games]")).to_be_visible()
    expect_no_js_errors(page)

    # On a TV, and in French on a small phone.
    tv = new_page(browser, TV)
    tv.goto(f"{base_url}/r/{code}/history")
    expect(tv.locator("[data-key=games] > li")).to_have_count(2)
    assert fits(tv)
    keep(tv, shots, "evening-history-1280x720-after")
    small = new_page(browser, SMALL, locale="fr-FR", touch=True, mobile=True)
    small.goto(f"{base_url}/r/{code}/history")
    listed = small.locator("[data-key=games] > li")
    expect(listed.nth(1).locator("h3")).to_have_text("Partie 2 : Peanuts!")
    expect(listed.nth(1).locator("[data-key=abandoned]")).to_have_text(
        "Arrêtée par l'hôte avant la fin"
    )
    expect(listed.nth(0).locator("[data-key=places] li").first).to_have_text(f"1er : {winners}")
    assert fits(small)
    expect_no_js_errors(tv, small)
