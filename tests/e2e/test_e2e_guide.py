"""The guided first game in Chromium, for each game: the TV's line and a phone's line appear in
a guided game and change with the situation; a phone hides its hints with one tap and they stay
hidden after a reload (and come back from the lobby); a game without the guide shows no line;
and every line of every game, in English and French, fits its real line element on a 360x640
phone (at most two lines) and a 1280x720 TV, with no horizontal overflow."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import add_bots, expect_no_js_errors, join, keep, new_page, post_room, tv_page
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}
TV = {"width": 1280, "height": 720}

#: Each game's room for these tests: quick clocks where a game has them, a fixed seed, and the
#: bots that fill the table to its fewest players beside one person.
ROOMS: dict[str, tuple[dict[str, Any], int]] = {
    "peanut-club": ({"going_step_seconds": 0.3, "idle_seconds": 0, "pay_seconds": 60}, 2),
    "peanuts": ({"countdown_seconds": 1, "between_rounds_seconds": 120, "stall_seconds": 30}, 1),
    "nur-peanuts": ({}, 1),
}


def line(page: Page) -> Any:
    """The guided game's line of a page (the TV's or a phone's)."""
    return page.locator("#guide [data-key=guide-line]")


def guided_table(browser: Browser, base_url: str, game: str, **settings: Any) -> tuple[Page, Page]:
    """A room of `game` with the host's TV at 1280x720 and Ana's phone at 360x640 (touch)."""
    quick, _ = ROOMS[game]
    room = post_room(base_url, {"game": game, "seed": 11, **quick, **settings})
    tv = tv_page(browser, base_url, room, TV)
    phone = new_page(browser, PHONE, touch=True)
    join(phone, room["join_url"], "Ana")
    expect(phone.locator(".lobby")).to_be_visible()
    return tv, phone


@pytest.mark.parametrize("game", list(ROOMS))
def test_a_guided_game_shows_lines_that_follow_it_and_a_phone_hides_its_own(
    browser: Browser, base_url: str, shots: Path, game: str
) -> None:
    tv, phone = guided_table(browser, base_url, game)
    for page in (tv, phone):
        expect(line(page)).to_be_visible()
        expect(line(page)).to_have_attribute("data-guide", "lobby")
    # The words come from the game's catalogue, never the key itself.
    assert not line(tv).inner_text().startswith("guide.")
    lobby_text = line(phone).inner_text()
    assert lobby_text and not lobby_text.startswith("guide.")

    add_bots(tv, ROOMS[game][1])
    tv.click("[data-key=start]")
    for page in (tv, phone):
        expect(line(page)).not_to_have_attribute("data-guide", "lobby")
        expect(line(page)).to_be_visible()
    assert line(phone).inner_text() != lobby_text
    keep(phone, shots, f"{game}-guide-360x640-after")
    keep(tv, shots, f"{game}-guide-1280x720-after")

    phone.click("[data-key=guide-hide]")
    expect(phone.locator("#guide")).to_be_hidden()
    phone.reload()
    expect(phone.locator("body")).to_have_attribute("data-game", game)
    # Back in the game, seated: the view came (the name in the bar), and no line.
    expect(phone.locator(".bar .me")).to_have_text("Ana")
    phone.wait_for_function("() => document.querySelector('#guide') !== null")
    expect(phone.locator("#guide")).to_be_hidden()
    expect(line(tv)).to_be_visible()  # hiding is the phone's own: the TV goes on
    expect_no_js_errors(tv, phone)
    tv.context.close()
    phone.context.close()


def test_without_the_guide_no_line_shows_and_the_host_turns_it_on_in_the_lobby(
    browser: Browser, base_url: str
) -> None:
    tv, phone = guided_table(browser, base_url, "peanut-club", guide=False)
    expect(tv.locator(".lobby")).to_be_visible()
    for page in (tv, phone):
        expect(page.locator("#guide")).to_be_hidden()

    # The host's lobby lists the guide among the settings, as a switch.
    tv.click("details.settings summary")
    switch = tv.locator("[data-key=set-guide]")
    expect(switch).not_to_be_checked()
    switch.check()
    tv.click("[data-key=save-settings]")
    for page in (tv, phone):
        expect(line(page)).to_have_attribute("data-guide", "lobby")

    # Hidden on the phone, the hints come back from the lobby with one tap.
    phone.click("[data-key=guide-hide]")
    expect(line(phone)).to_be_hidden()
    phone.click("[data-key=guide-show]")
    expect(line(phone)).to_have_attribute("data-guide", "lobby")
    expect(line(phone)).to_be_visible()

    # Saved, the settings closed: the host opens them again to turn the guide off.
    tv.click("details.settings summary")
    switch = tv.locator("[data-key=set-guide]")
    switch.uncheck()
    tv.click("[data-key=save-settings]")
    for page in (tv, phone):
        expect(page.locator("#guide")).to_be_hidden()
    expect_no_js_errors(tv, phone)
    tv.context.close()
    phone.context.close()


#: Every guide line of `game` for `role`, in English and French, put in the page's real line
#: element and measured: its lines, and whether anything is wider than the screen. Also each
#: key the game's module may pick without a line, and each line of no key.
MEASURE = """async ([game, role]) => {
  const keys = (await import(`/static/games/${game}/ui/guide.js`)).KEYS[role];
  const box = document.getElementById("guide");
  const text = box.querySelector(".guide-text");
  const saved = text.textContent;
  const out = [];
  for (const lang of ["en", "fr"]) {
    const catalogue = (await import(`/static/games/${game}/i18n/${lang}.js`)).default;
    const prefix = `guide.${role}.`;
    const named = Object.keys(catalogue)
      .filter((k) => k.startsWith(prefix))
      .map((k) => k.slice(prefix.length));
    for (const key of new Set([...keys, ...named])) {
      const words = catalogue[prefix + key];
      if (!keys.includes(key) || typeof words !== "string") {
        out.push({ lang, key, problem: "no such key or no line" });
        continue;
      }
      text.textContent = words;
      const height = text.getBoundingClientRect().height;
      const lines = Math.round(height / parseFloat(getComputedStyle(text).lineHeight));
      const wide =
        text.scrollWidth > text.clientWidth ||
        box.scrollWidth > box.clientWidth ||
        document.documentElement.scrollWidth > window.innerWidth;
      out.push({ lang, key, lines, wide });
    }
  }
  text.textContent = saved;
  return out;
}"""


@pytest.mark.parametrize("game", list(ROOMS))
def test_every_guide_line_fits_a_small_phone_and_a_small_tv(
    browser: Browser, base_url: str, game: str
) -> None:
    tv, phone = guided_table(browser, base_url, game)
    for page, role in ((phone, "phone"), (tv, "tv")):
        expect(line(page)).to_be_visible()
        measured = page.evaluate(MEASURE, [game, role])
        assert len(measured) >= 2 * 8, measured  # both languages, every situation
        problems = [m for m in measured if m.get("problem") or m["wide"] or m["lines"] > 2]
        assert problems == [], problems
    expect_no_js_errors(tv, phone)
    tv.context.close()
    phone.context.close()
