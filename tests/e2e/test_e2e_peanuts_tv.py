"""Peanuts! on the TV at a party's worst case: up to six decks with every Ace out (24
foundations) must fit a 1920×1080 and a 1280×720 screen, every foundation and its count readable,
nothing hidden behind the footer and nothing to scroll, at every count on the way there."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import expect_no_js_errors, keep, new_page
from peanuts_helpers import TV_FULL, TV_SMALL, create_room, crowded_view, fits_screen, serve_view
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def _clipped(page: Any) -> list[str]:
    """Each foundation (card and count) that is not wholly on screen, above the footer and
    inside its own panel: what a guest across the room could not read."""
    return list(
        page.evaluate(
            """() => {
              const foot = document.querySelector('#foot').getBoundingClientRect();
              const panel = document.querySelector('.tv-foundations').getBoundingClientRect();
              const bad = [];
              for (const li of document.querySelectorAll('.tv-fnd')) {
                const parts = [li.querySelector('.card-face'), li.querySelector('.fnd-count')];
                for (const part of parts) {
                  const r = part.getBoundingClientRect();
                  if (r.height < 8 || r.top < panel.top - 1 || r.bottom > panel.bottom + 1 ||
                      r.bottom > foot.top + 1 || r.right > innerWidth + 1 || r.left < 0)
                    bad.push(li.dataset.key + ':' + part.className);
                }
              }
              return bad;
            }"""
        )
    )


@pytest.mark.parametrize("size", [TV_FULL, TV_SMALL], ids=["1920x1080", "1280x720"])
def test_every_foundation_and_its_count_fits_the_tv_up_to_24(
    browser: Any, base_url: str, shots: Path, size: dict[str, int]
) -> None:
    room = create_room(base_url)
    tv = new_page(browser, size)
    tv.emulate_media(reduced_motion="reduce")  # a foundation that grows flashes bigger a moment
    label = f"{size['width']}x{size['height']}"
    served = serve_view(tv, crowded_view(room["code"], players=5, count=14))
    tv.goto(room["tv_url"])
    expect(tv.locator(".tv-fnd")).to_have_count(14)
    keep(tv, shots, f"peanuts-tv-14-foundations-{label}")
    for players, count in [(5, n) for n in range(1, 21)] + [(6, n) for n in range(21, 25)]:
        served.push(crowded_view(room["code"], players=players, count=count))
        expect(tv.locator(".tv-fnd")).to_have_count(count)
        assert _clipped(tv) == [], f"{count} foundations at {label}"
        assert fits_screen(tv), f"{count} foundations at {label}"
    expect(tv.locator(".race")).to_have_count(6)
    keep(tv, shots, f"peanuts-tv-24-foundations-{label}")
    # The counts stay large enough to read across a room.
    smallest = tv.locator(".fnd-count").evaluate_all(
        "els => Math.min(...els.map(e => parseFloat(getComputedStyle(e).fontSize)))"
    )
    assert smallest >= 14
    expect_no_js_errors(tv)


def test_the_tv_shows_a_photo_finish_who_won_and_by_how_much(
    browser: Any, base_url: str, shots: Path
) -> None:
    room = create_room(base_url)
    tv = new_page(browser, TV_SMALL)
    view = crowded_view(room["code"], players=4, count=6)
    served = serve_view(tv, view)
    tv.goto(room["tv_url"])
    expect(tv.locator(".tv-fnd")).to_have_count(6)
    expect(tv.locator(".tv-photo")).to_have_count(0)
    photo = {"pile": 4, "winner": 0, "loser": 2, "margin_ms": 37}
    served.push({**view, "photo_finish": photo})
    expect(tv.locator(".tv-photo")).to_have_text("Photo finish: Anastasia beat Clementine by 37 ms")
    expect(tv.locator("[data-key=f4]")).to_have_class(re.compile(r"\bphoto\b"))
    keep(tv, shots, "peanuts-tv-photo-finish-1280x720")
    assert fits_screen(tv)
    # It stays a few seconds, then the race goes on without it; the same finish, still in the
    # view when the next card lands, does not come back.
    expect(tv.locator(".tv-photo")).to_have_count(0, timeout=10_000)
    expect(tv.locator("[data-key=f4]")).not_to_have_class(re.compile(r"\bphoto\b"))
    served.push({**view, "photo_finish": photo})  # another frame, the same finish
    tv.wait_for_timeout(300)
    expect(tv.locator(".tv-photo")).to_have_count(0)
    expect_no_js_errors(tv)


def test_the_host_at_the_tv_skips_a_round_and_ends_the_game_after_a_second_thought(
    browser: Any, base_url: str, shots: Path
) -> None:
    room = create_room(base_url)
    tv = new_page(browser, TV_FULL)
    view = crowded_view(room["code"], players=3, count=5)
    served = serve_view(tv, view, host=True)
    tv.goto(room["tv_url"])
    tv.click("[data-key=skip-round]")
    tv.click("[data-key=end-game]")
    expect(tv.locator("[data-key=end-confirm]")).to_contain_text("End the game now?")
    keep(tv, shots, "peanuts-tv-end-game-1920x1080")
    assert fits_screen(tv)
    tv.click("[data-key=end-game-no]")  # a second thought: nothing is sent
    expect(tv.locator("[data-key=end-game]")).to_be_visible()
    tv.click("[data-key=end-game]")
    tv.click("[data-key=end-game-yes]")
    expect(tv.locator("[data-key=end-game]")).to_be_visible()
    assert [m["type"] for m in served.sent] == ["skip_round", "end_game"]
    expect_no_js_errors(tv)


def test_the_game_over_screen_names_who_called_peanuts_and_one_point_is_singular(
    browser: Any, base_url: str, shots: Path
) -> None:
    room = create_room(base_url)
    tv = new_page(browser, TV_SMALL)
    view = crowded_view(room["code"], players=3, count=4)
    served = serve_view(
        tv, {**view, "players": [{**p, "round_points": 1} for p in view["players"]]}
    )
    tv.goto(room["tv_url"])
    expect(tv.locator(".race-foot").first).to_contain_text("1 pt")
    expect(tv.locator(".race-foot").first).not_to_contain_text("1 pts")
    scores = [
        {"seat": s, "seats": [s], "played": 10, "peanuts_left": 0, "points": 10} for s in range(3)
    ]
    over = {
        **view,
        "phase": "over",
        "round_scores": scores,
        "round_end": {"reason": "peanuts", "caller": 1},
        "winners": [1],
    }
    served.push(over)
    expect(tv.locator(".tv-summary")).to_contain_text("Bartholomew wins!")
    expect(tv.locator(".tv-summary [data-key=end-line]")).to_have_text(
        "Bartholomew called Peanuts!"
    )
    keep(tv, shots, "peanuts-tv-over-1280x720")
    assert fits_screen(tv)
    expect_no_js_errors(tv)


def test_the_tv_marks_a_teammate_who_is_away(browser: Any, base_url: str, shots: Path) -> None:
    room = create_room(base_url)
    tv = new_page(browser, TV_SMALL)
    served = serve_view(tv, crowded_view(room["code"], players=4, count=8, teams=True))  # 3 away
    tv.goto(room["tv_url"])
    races = tv.locator(".race")
    expect(races).to_have_count(2)
    expect(races.nth(1)).to_contain_text("Clementine")
    expect(races.nth(1)).to_contain_text("Dominique")
    away = races.nth(1).locator(".badge-away")
    expect(away).to_have_count(1)
    badge, race = away.bounding_box(), races.nth(1).bounding_box()
    assert badge and race and badge["x"] + badge["width"] <= race["x"] + race["width"]
    hidden = away.evaluate(
        "el => { const b = el.getBoundingClientRect(); let p = el.parentElement;"
        " while (p && !p.classList.contains('race')) { const r = p.getBoundingClientRect();"
        " if (getComputedStyle(p).overflow !== 'visible' && (b.right > r.right + 1 ||"
        " b.left < r.left - 1)) return true; p = p.parentElement; } return false; }"
    )
    assert not hidden  # not cut off by a name too long for the line
    expect(races.nth(0).locator(".badge-away")).to_have_count(0)
    keep(tv, shots, "peanuts-tv-teams-away-1280x720")
    assert fits_screen(tv)
    # Six in three teams, every Ace out: the names one a line and 24 foundations still fit.
    served.push(crowded_view(room["code"], players=6, teams=True))
    expect(races).to_have_count(3)
    expect(tv.locator(".tv-fnd")).to_have_count(24)
    assert _clipped(tv) == []
    assert fits_screen(tv)
    expect_no_js_errors(tv)
