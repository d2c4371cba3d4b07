"""Helpers for the colour-blind checks: a full table of each game (a person on a phone, five bots,
the TV), Chromium's emulated colour vision deficiencies, and the seat marks a page draws.

Shared by the browser test of the seat marks and by `scripts/colour-screens`, which saves what
each page looks like under each deficiency."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from e2e_helpers import Line, join, new_page, post_room, store_host_token, tv_page
from playwright.sync_api import Browser, Page, expect

#: The deficiencies Chromium's DevTools protocol emulates (`Emulation.setEmulatedVisionDeficiency`).
DEFICIENCIES = ("protanopia", "deuteranopia", "tritanopia", "achromatopsia")

PHONE = {"width": 360, "height": 640}
TV = {"width": 1280, "height": 720}

#: Clocks slow enough to look at a game in play, quick enough to see it end: the game's clock
#: plays for the person on the phone, bots for everyone else.
PACE: dict[str, dict[str, Any]] = {
    "peanut-club": {"going_step_seconds": 0.05, "idle_seconds": 0.3, "pay_seconds": 0.5},
    "peanuts": {"countdown_seconds": 1, "stall_seconds": 4, "target_score": 1},
    "nur-peanuts": {
        "turn_seconds": 0.6,
        "stone_step_seconds": 0.01,
        "between_rounds_seconds": 0.3,
    },
}


def see_as(page: Page, deficiency: str) -> None:
    """Make Chromium draw the page as a person with `deficiency` sees it ("none" for normal
    vision)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": deficiency})


@dataclass
class FullTable:
    """A room of six seats: Ana on the phone (seat 0) and five bots; the TV holds the host
    token; `host` is the test's own line with the host token."""

    room: dict[str, Any]
    host: Line
    phone: Page
    tv: Page

    def start(self) -> None:
        self.host.send({"type": "start"})
        self.host.until(lambda s: s["phase"] != "lobby")
        expect(self.phone.locator(".lobby")).to_have_count(0)

    def close(self) -> None:
        self.host.close()
        for page in (self.phone, self.tv):
            page.context.close()


def full_table(
    browser: Browser,
    base_url: str,
    game: str,
    *,
    phone: dict[str, int] = PHONE,
    tv: dict[str, int] = TV,
    seed: int = 4,
) -> FullTable:
    """A game's lobby with six seats (Ana and five bots), on a phone and a TV."""
    room = post_room(base_url, {"game": game, "seed": seed, **PACE[game]})
    host = Line(base_url, room["code"], {"type": "watch", "host_token": room["host_token"]})
    page = new_page(browser, phone, touch=True, mobile=True)
    store_host_token(page, base_url, room)
    screen = tv_page(browser, base_url, room, tv)
    join(page, room["join_url"], "Ana")
    for _ in range(5):
        host.send({"type": "add_bot", "level": "easy"})
    host.until(lambda s: len(s["players"]) == 6)
    expect(screen.locator(".lobby-player")).to_have_count(6)
    expect(page.locator(".lobby-player")).to_have_count(6)
    return FullTable(room, host, page, screen)


#: What `seat_marks` reads of every visible mark under a selector: whose it is, its shape's name
#: and the path it draws.
_READ_MARKS = """(scope) => [...document.querySelectorAll(scope + ' [data-seat-mark]')]
  .filter((m) => {
    const r = m.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(m).visibility !== 'hidden';
  })
  .map((m) => {
    const path = m.matches('path') ? m : m.querySelector('path');
    return {
      seat: Number(m.dataset.seatMark),
      shape: m.dataset.shape || '',
      path: path ? path.getAttribute('d') : '',
    };
  })"""


def seat_marks(page: Page, scope: str = "body") -> list[dict[str, Any]]:
    """Every seat mark drawn (and visible) under `scope`: {seat, shape, path}."""
    marks: list[dict[str, Any]] = page.evaluate(_READ_MARKS, scope)
    return marks
