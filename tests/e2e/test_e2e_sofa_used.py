"""Used things marked by more than a thin line (issue 29, readable from the sofa): on the TV a
used power token (Peanut Club) carries a bold cross of its own and a foundation finished at the
King (Peanuts!) a bold tick, which the others do not, so the state shows by a mark and not only
by a colour, a fade or a strike through the word."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import TV, expect_no_js_errors, keep, new_page, store_host_token
from party_tv_helpers import LONG_NAMES, TV_SMALL, table
from peanuts_helpers import create_room as peanuts_room
from peanuts_helpers import crowded_view, serve_view
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.e2e


def test_a_used_power_token_on_the_tv_carries_a_mark_the_unused_one_does_not(
    browser: Browser, base_url: str, shots: Path
) -> None:
    room, host, players = table(base_url, LONG_NAMES, seed=11, level=None)
    try:
        view: dict[str, Any] = dict(host.state)
    finally:
        host.close()
        for player in players:
            player.close()
    # Two powers used by the first seat, one by the second: as the room's view says it.
    view["players"] = [dict(p) for p in view["players"]]
    view["players"][0]["tokens"] = {**view["players"][0]["tokens"], "niet": True, "crash": True}
    view["players"][1]["tokens"] = {**view["players"][1]["tokens"], "convert": True}
    for size, viewport in (("1280x720", TV_SMALL), ("1920x1080", TV)):
        tv = new_page(browser, viewport)
        store_host_token(tv, base_url, room)
        serve_view(tv, view, host=True)
        tv.goto(room["tv_url"])
        first = tv.locator("[data-key=player-0] .tokens")
        expect(first.locator(".token")).to_have_count(5)
        keep(tv, shots, f"peanut-club-used-tokens-{size}-after")
        used = first.locator(".token.used")
        expect(used).to_have_count(2)
        # Each used token shows a mark of its own, seen (not only read by a screen reader) ...
        for i in range(2):
            mark = used.nth(i).locator(".token-mark")
            expect(mark).to_be_visible()
            assert mark.inner_text().strip(), "the mark is empty"
        # ... which no unused token has.
        expect(first.locator(".token:not(.used) .token-mark")).to_have_count(0)
        expect(tv.locator("[data-key=player-1] .token.used .token-mark")).to_have_count(1)
        expect_no_js_errors(tv)
        tv.context.close()


def test_a_finished_foundation_on_the_tv_carries_a_mark_the_others_do_not(
    browser: Browser, base_url: str, shots: Path
) -> None:
    """Peanuts!: a foundation finished at the King was only faded; it now shows a bold tick."""
    room = peanuts_room(base_url)
    view = crowded_view(room["code"], players=6, count=14)
    done = sum(1 for f in view["foundations"] if f["complete"])
    assert 0 < done < 14  # the view holds both kinds
    for size, viewport in (("1280x720", TV_SMALL), ("1920x1080", TV)):
        tv = new_page(browser, viewport)
        tv.emulate_media(reduced_motion="reduce")
        serve_view(tv, view)
        tv.goto(room["tv_url"])
        expect(tv.locator(".tv-fnd")).to_have_count(14)
        keep(tv, shots, f"peanuts-finished-foundation-{size}-after")
        marks = tv.locator(".tv-fnd.complete .fnd-mark")
        expect(marks).to_have_count(done)
        for i in range(done):
            expect(marks.nth(i)).to_be_visible()
            assert marks.nth(i).inner_text().strip(), "the mark is empty"
        expect(tv.locator(".tv-fnd:not(.complete) .fnd-mark")).to_have_count(0)
        expect_no_js_errors(tv)
        tv.context.close()
