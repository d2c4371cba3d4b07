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


#: The five others' names when people (lines of the test's own that never act) sit at the table.
OTHERS = ("Bea", "Cid", "Dot", "Eli", "Fay")


@dataclass
class FullTable:
    """A room of six seats: Ana on the phone (seat 0) and five others, bots or `people`; the TV
    holds the host token; `host` is the test's own line with the host token."""

    room: dict[str, Any]
    host: Line
    phone: Page
    tv: Page
    people: list[Line]

    def bots_take_over(self) -> None:
        """The people leave, and the host hands their seats to bots, which play the game on (a
        development server's bots play in a blink)."""
        for line in self.people:
            line.close()
        seats = range(1, 1 + len(self.people))
        self.host.until(lambda s: not any(s["players"][i]["connected"] for i in seats))
        for seat in seats:
            self.host.send({"type": "add_bot", "level": "easy", "seat": seat})
        self.host.until(lambda s: all(s["players"][i]["bot"] for i in seats))
        self.people = []

    def start(self) -> None:
        self.host.send({"type": "start"})
        self.host.until(lambda s: s["phase"] != "lobby")
        expect(self.phone.locator(".lobby")).to_have_count(0)

    def close(self) -> None:
        for line in self.people:
            line.close()
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
    people: bool = False,
) -> FullTable:
    """A game's lobby with six seats (Ana and five bots, or five `people` who never act: the
    game waits for them, or its clock plays for them, until `bots_take_over`), on a phone and a
    TV."""
    room = post_room(base_url, {"game": game, "seed": seed, **PACE[game]})
    host = Line(base_url, room["code"], {"type": "watch", "host_token": room["host_token"]})
    page = new_page(browser, phone, touch=True, mobile=True)
    store_host_token(page, base_url, room)
    screen = tv_page(browser, base_url, room, tv)
    join(page, room["join_url"], "Ana")
    others = []
    for name in OTHERS:
        if people:
            others.append(Line(base_url, room["code"], {"type": "join", "name": name}))
        else:
            host.send({"type": "add_bot", "level": "easy"})
    host.until(lambda s: len(s["players"]) == 6)
    expect(screen.locator(".lobby-player")).to_have_count(6)
    expect(page.locator(".lobby-player")).to_have_count(6)
    return FullTable(room, host, page, screen, others)


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
