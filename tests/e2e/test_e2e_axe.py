"""axe-core, run in Chromium on the pages of every game, in English and in French: no serious or
critical violation on the landing page, the lobby (phone and TV), a game being played (phone
and TV), its end (phone and TV) and its history page.

axe-core comes from the `axe-playwright-python` package (its bundled `axe.min.js`); the rules are
WCAG 2.1 A and AA. Each game is played to its end (bots, and the game's clock for the phone's
player), so every screen a player sees is checked with real data."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from e2e_helpers import Line, join, new_page, post_room, store_host_token, tv_page
from evening_helpers import PACE, to_the_end
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
TV = {"width": 1280, "height": 720}
AXE = Axe()
OPTIONS = {
    "resultTypes": ["violations"],
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
}


def serious(page: Page, where: str) -> list[str]:
    """Every serious or critical violation axe finds on the page as it is, one line each.

    A page in play redraws while axe reads it (bots bid on): a node redrawn away in the middle
    of a scan is reported at `:root` (axe's selector for a node it no longer finds). Such a scan
    is torn, not a finding, so it is taken again (twice at most); a real violation is found by
    every scan and stays reported."""
    for _ in range(3):
        found = []
        torn = False
        for v in AXE.run(page, options=OPTIONS).response["violations"]:
            if v.get("impact") in ("serious", "critical"):
                targets = [", ".join(n["target"]) for n in v["nodes"]]
                torn = torn or ":root" in targets
                found.append(f"{where}: {v['id']} ({v['impact']}) at {targets[:4]}")
        if not torn:
            break
    return found


def both_languages(page: Page, where: str) -> list[str]:
    """The page checked as it is (English), then in French, then back."""
    found = serious(page, f"{where} en")
    page.evaluate("() => localStorage.setItem('pc.lang', 'fr')")
    page.locator("button.lang").first.click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    found += serious(page, f"{where} fr")
    page.locator("button.lang").first.click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    return found


@pytest.mark.parametrize("game", ["peanut-club", "peanuts", "nur-peanuts"])
def test_no_serious_accessibility_violation_on_any_page_of_the_game(
    browser: Any, base_url: str, game: str
) -> None:
    found: list[str] = []
    landing = new_page(browser, PHONE)
    landing.goto(base_url)
    expect(landing.locator("#howto p").first).to_be_visible()  # the chosen game's rules shown
    found += serious(landing, "landing")
    landing.context.close()

    room = post_room(base_url, {"game": game, "seed": 4, **PACE[game]})
    host = Line(base_url, room["code"], {"type": "watch", "host_token": room["host_token"]})
    phone = new_page(browser, PHONE, touch=True, mobile=True)
    store_host_token(phone, base_url, room)
    tv = tv_page(browser, base_url, room, TV)
    try:
        join(phone, room["join_url"], "Ana")
        for _ in range(2):
            host.send({"type": "add_bot", "level": "easy"})
        host.until(lambda s: len(s["players"]) == 3)
        expect(tv.locator(".lobby-player")).to_have_count(3)
        found += both_languages(phone, f"{game} lobby phone")
        found += both_languages(tv, f"{game} lobby tv")

        host.send({"type": "start"})
        host.until(lambda s: s["phase"] not in ("lobby",))
        expect(phone.locator(".lobby")).to_have_count(0)
        found += serious(phone, f"{game} playing phone")
        found += serious(tv, f"{game} playing tv")

        # The game's clock plays for Ana; the bots finish the game.
        to_the_end(host, 1)
        expect(tv.locator("[data-key=next-game-choice]")).to_be_visible()
        found += both_languages(phone, f"{game} end phone")
        found += both_languages(tv, f"{game} end tv")

        history = new_page(browser, TV)
        history.goto(f"{base_url}/r/{room['code']}/history")
        expect(history.locator("main")).to_be_visible()
        history.wait_for_load_state("networkidle")
        found += both_languages(history, f"{game} history")
        history.context.close()
    finally:
        host.close()
        for page in (phone, tv):
            page.context.close()
    assert found == [], "\n".join(found)
