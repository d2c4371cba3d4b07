"""Colour is never the only signal: every seat carries a shape of its own (js/ui/seatmark.js)
wherever its colour identifies it, on the TV and the phone of every game, with a full table of
six seats: the lobby's seats, the players' lists, the race bars and the decks' cards (Peanuts!),
the pawns, the players' tokens and the strip (Nur Peanuts!), the players and score lines (Peanut
Club), the end's scores and the night's standings.

The marks are read from the page as drawn (each one's seat, shape name and SVG path), and must
say the same seat with the same shape everywhere and never give two seats the same shape; they
stay drawn under each colour vision deficiency Chromium emulates."""

from __future__ import annotations

from typing import Any

import pytest
from colour_helpers import DEFICIENCIES, full_table, seat_marks, see_as
from e2e_helpers import expect_no_js_errors
from evening_helpers import to_the_end
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

#: Where each game draws seats' marks, and how many seats each place shows with a full table
#: (0: as many as stand there now, at least one): stage → page → [(selector, seats)].
Places = dict[str, dict[str, list[tuple[str, int]]]]
LOBBY = {"tv": [(".lobby-players", 6)], "phone": [(".lobby-players", 6)]}
PLACES: dict[str, Places] = {
    "peanut-club": {
        "lobby": LOBBY,
        "play": {"tv": [(".player-list", 6)], "phone": [(".player-list", 6)]},
        "end": {
            "tv": [(".scores", 6), (".evening-table", 6)],
            "phone": [(".scores", 6), (".night-list", 6)],
        },
    },
    "peanuts": {
        "lobby": LOBBY,
        # The race bars; on the phone the others' race and the player's own deck's cards.
        "play": {"tv": [(".race-list", 6)], "phone": [(".others", 5), (".reserve", 1)]},
        "end": {
            "tv": [("table.summary", 6), (".race-list", 6), (".evening-table", 6)],
            "phone": [("table.summary", 6), (".night-list", 6)],
        },
    },
    "nur-peanuts": {
        "lobby": LOBBY,
        # The pawns on the board and on the phone's strip (those in play), the players' tokens
        # and names.
        "play": {
            "tv": [(".np-board .pieces", 0), (".tv-players", 6)],
            "phone": [(".np-strip", 0), (".np-plist", 6)],
        },
        "end": {
            "tv": [(".np-board .pieces", 0), (".tv-players", 6), (".evening-table", 6)],
            "phone": [(".np-final", 6), (".night-list", 6)],
        },
    },
}


def shapes_of(marks: list[dict[str, Any]], where: str) -> dict[int, tuple[str, str]]:
    """Each seat's (shape, path) among `marks`, checking that a seat always has the same one and
    that no two seats share a shape or a path."""
    found: dict[int, tuple[str, str]] = {}
    for m in marks:
        shape = (m["shape"], m["path"])
        assert m["shape"] and m["path"], f"{where}: a mark without a shape: {m}"
        assert found.setdefault(m["seat"], shape) == shape, (
            f"{where}: seat {m['seat']} drawn as {found[m['seat']]} and as {shape}"
        )
    names = [s for s, _ in found.values()]
    paths = [p for _, p in found.values()]
    assert len(set(names)) == len(names) and len(set(paths)) == len(paths), (
        f"{where}: two seats share a shape: {found}"
    )
    return found


#: Characters that look like a seat's shape at a glance: a page never writes one, in its text
#: or in a style's content, so that a button or a sign is never taken for a seat (the seats'
#: shapes are drawn, never typed). Peanuts!' cards keep their suits (♦ is a card's own).
SHAPE_GLYPHS = "●○⬤▲△▴▵►■□▪◆◇★☆✦✚➕"

#: Every visible text and every ::before/::after content on the page that holds one of them.
LOOKALIKES = """(glyphs) => {
  const hit = (text) => [...text].some((c) => glyphs.includes(c));
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (el && hit(node.nodeValue) && el.checkVisibility()) found.push(node.nodeValue.trim());
  }
  for (const el of document.body.querySelectorAll("*")) {
    if (!el.checkVisibility()) continue;
    for (const pseudo of ["::before", "::after"]) {
      const content = getComputedStyle(el, pseudo).content;
      const shown = content && content !== "none" && hit(content);
      if (shown) found.push(`${el.className} ${pseudo} ${content}`);
    }
  }
  return found;
}"""


def check_page(page: Page, where: str, places: list[tuple[str, int]]) -> list[dict[str, Any]]:
    """Every place of `places` draws a mark for each of its seats, in shapes no two seats
    share (on the whole page too), and nothing else on the page looks like one. Returns the
    page's marks."""
    lookalikes = page.evaluate(LOOKALIKES, SHAPE_GLYPHS)
    assert lookalikes == [], f"{where}: a seat's shape used as a sign: {lookalikes}"
    for selector, seats in places:
        expect(page.locator(f"{selector} [data-seat-mark]").first).to_be_visible()
        found = shapes_of(seat_marks(page, selector), f"{where} {selector}")
        assert len(found) == seats or (seats == 0 and found), (
            f"{where} {selector}: marks for {sorted(found)}"
        )
    everywhere = seat_marks(page)
    shapes_of(everywhere, f"{where} (whole page)")
    return everywhere


def check_stage(table: Any, game: str, stage: str) -> None:
    for name in ("tv", "phone"):
        check_page(getattr(table, name), f"{game} {stage} {name}", PLACES[game][stage][name])


def marks_under_each_deficiency(page: Page, where: str, places: list[tuple[str, int]]) -> None:
    """The marks stay drawn, in their shapes, as a colour-blind person sees the page."""
    for deficiency in DEFICIENCIES:
        see_as(page, deficiency)
        check_page(page, f"{where} ({deficiency})", places)
    see_as(page, "none")


@pytest.mark.parametrize("game", ["peanut-club", "peanuts", "nur-peanuts"])
def test_every_seat_has_a_shape_of_its_own_not_only_a_colour(
    browser: Any, base_url: str, game: str
) -> None:
    # Five people who wait while the test looks at the game in play (a development server's
    # bots would end a Peanuts! round in a second), then bots play it to its end.
    table = full_table(browser, base_url, game, people=True)
    try:
        check_stage(table, game, "lobby")
        table.start()
        if game == "peanuts":  # the race is drawn once the count-down is over
            expect(table.phone.locator(".others")).to_be_visible()
        check_stage(table, game, "play")

        table.bots_take_over()
        to_the_end(table.host, 1)
        expect(table.tv.locator("[data-key=next-game-choice]")).to_be_visible()
        check_stage(table, game, "end")
        # The end stays on screen: each deficiency is looked at on the same pages.
        for name in ("tv", "phone"):
            places = PLACES[game]["end"][name]
            marks_under_each_deficiency(getattr(table, name), f"{game} end {name}", places)
        expect_no_js_errors(table.tv, table.phone)
    finally:
        table.close()
