"""The TV shows the league of the night between games: after a game of bots, its end screen has
the standings (each seat's name and points, the leader marked) as the view's `evening` gives
them, and the lobby after `rematch` keeps them; in French too."""

from __future__ import annotations

from typing import Any

from e2e_helpers import bots_play_to_the_end, create_room, expect_no_js_errors, keep
from playwright.sync_api import Browser, Page, expect

SMALL_TV = {"width": 1280, "height": 720}


def rows(page: Page) -> list[tuple[bool, str, str]]:
    """(leader?, name, points) per row of the standings on screen, top to bottom."""
    found: list[list[Any]] = page.locator("[data-key=evening] tr").evaluate_all(
        """rs => rs.map(r => [r.classList.contains('leader'),
            r.querySelector('.evening-name').textContent,
            r.querySelector('.evening-points').textContent])"""
    )
    return [(bool(a), str(b), str(c)) for a, b, c in found]


def expected(state: dict[str, Any], french: bool = False) -> list[tuple[bool, str, str]]:
    """The rows the view's standings call for: "1 pt", "2.5 pts" (French: "1,5 pts", one
    point or less singular)."""
    standings = state["evening"]["standings"]
    best = standings[0]["points"]
    rows = []
    for s in standings:
        n = s["points"]
        one = n <= 1 if french else n == 1
        text = f"{n:g} {'pt' if one else 'pts'}"
        rows.append((n == best and best > 0, s["name"], text.replace(".", ",") if french else text))
    return rows


def test_the_tv_shows_the_standings_after_a_game(
    browser: Browser, base_url: str, shots: Any
) -> None:
    room = create_room(base_url, going_step_seconds=0.01, idle_seconds=0.03)
    tv, state = bots_play_to_the_end(browser, base_url, room, 3, SMALL_TV)
    evening = tv.locator("[data-key=evening]")
    expect(evening).to_be_visible()
    expect(evening.locator("tr")).to_have_count(3)
    assert [g["abandoned"] for g in state["evening"]["games"]] == [False]
    assert rows(tv) == expected(state)
    assert sum(1 for leader, _, _ in rows(tv) if leader) >= 1
    box = evening.bounding_box()
    assert box is not None and box["y"] + box["height"] <= SMALL_TV["height"]  # on screen
    keep(tv, shots, "peanut-club-evening-end-1280x720-after")
    tv.click("[data-key=rematch]")
    expect(tv.locator("[data-key=start]")).to_be_visible()
    expect(evening).to_be_visible()
    assert rows(tv) == expected(state)
    tv.click("button.lang")
    expect(evening.locator(".evening-title")).to_have_text("La ligue de la soirée")
    assert rows(tv) == expected(state, french=True)
    expect_no_js_errors(tv)
    tv.context.close()
