"""Peanut Club at a real party, the smaller items (issue 26): the outbid note, the phone's end
screen, the TV's power chips, what a phone says about the lot, the "up to" line, the Pay button
of a long hand, and a few words."""

from __future__ import annotations

import os
from typing import Any

import pytest
from e2e_helpers import (
    column,
    create_room,
    expect_no_js_errors,
    join,
    new_page,
    store_host_token,
)
from party_phone_helpers import PHONE_360, PHONE_390, doc_shot, in_view, overflowing, seated_table
from party_tv_helpers import PACE, TV_SMALL, Host, play_until
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

#: "before" or "after": which side of a fix these screenshots show (docs/screenshots/).
TAG = os.environ.get("PEANUTCLUB_SHOT_TAG", "after")


def club_shot(page: Page, what: str, size: dict[str, int]) -> None:
    doc_shot(page, f"peanut-club-{what}-{size['width']}x{size['height']}-{TAG}")


def test_a_re_bid_clears_the_outbid_note_and_the_note_fits(browser: Any, base_url: str) -> None:
    """Outbid, then bidding again at once: the phone says it holds the high bid and no longer
    that it was outbid; while it was, the note fits a 360 and a 390 px phone, whole."""
    # An idle call far off: its count-down shares the line with the note, as at a real table.
    _, (ana, bruno, _chloe) = seated_table(
        browser, base_url, ["Ana", "Bruno", "Chloé"], idle_seconds=60
    )
    top = column(ana)[0]
    ana.click(f"[data-key=bid-{top}]")
    for size in (PHONE_360, PHONE_390):
        ana.set_viewport_size(size)
        expect(ana.locator(".status .highbid.mine")).to_be_visible()
        bruno.click(f"[data-key=bid-{top}]")
        note = ana.locator(".status .note-outbid")
        expect(note).to_be_visible()
        expect(ana.locator(".status .call-idle")).to_be_visible()
        club_shot(ana, "outbid", size)
        assert overflowing(ana, ".status .note, .status .hb-by") == [], size
        ana.click(f"[data-key=bid-{top}]")  # at once, well within the note's 4 s
        expect(ana.locator(".status .highbid.mine")).to_be_visible()
        # the same render that shows "your bid" has taken the note away
        assert note.count() == 0, size
        assert overflowing(ana, ".status .hb-by") == [], size
        club_shot(ana, "rebid", size)
    expect_no_js_errors(ana, bruno)


def test_the_host_phone_end_screen_has_awards_its_row_and_play_again_on_top(
    browser: Any, base_url: str
) -> None:
    """A game hosted from one phone with five bots: its end screen shows the awards of the
    night, marks the phone's own row, and the host's "Play again" is on screen at the top.
    The game's history then opens on the deal, which says what it is."""
    room = create_room(base_url, seed=5, going_step_seconds=0.05, idle_seconds=0, pay_seconds=0.5)
    ana = new_page(browser, PHONE_390)
    store_host_token(ana, base_url, room)
    join(ana, room["join_url"], "Ana")
    for _ in range(5):
        ana.click("[data-key=add-bot]")
    expect(ana.locator(".lobby-player")).to_have_count(6)
    host = Host(base_url, room)
    try:
        ana.click("[data-key=start]")
        host.until(lambda s: s["phase"] == "bidding")
        play_until(host, left=-1)
        state = host.until(lambda s: s["phase"] == "over")
    finally:
        host.close()
    expect(ana.locator(".podium")).to_be_visible()
    ana.evaluate("window.scrollTo(0, 0)")
    club_shot(ana, "end", PHONE_390)
    assert state.get("awards"), "this seed's game gives awards"
    # The awards are on the phone's own end card, above the scores.
    expect(ana.locator("[data-key=end-card] .awards .award")).to_have_count(len(state["awards"]))
    mine = ana.locator(".podium .score.me")
    expect(mine).to_have_count(1)
    expect(mine.locator(".score-you")).to_be_visible()
    assert in_view(ana, "[data-key=rematch]") == []
    expect_no_js_errors(ana)
    # The game told lot by lot: its first step, the deal, says what it is.
    ana.goto(f"{base_url}/r/{room['code']}/history")
    expect(ana.locator("#hist-step-title")).to_have_text("The deal")
    expect(ana.locator(".hist-step")).to_contain_text("The cards are dealt")
    expect(ana.locator(".hist-step")).not_to_contain_text("Nothing happened")
    expect_no_js_errors(ana)


def test_the_tv_power_chips_are_readable_and_used_ones_plainly_used(
    browser: Any, base_url: str
) -> None:
    """At 1280×720, six bots well into a game: the power chips and the badges are at least
    14 px, and a used power is crossed out plainly (a thick line, greyed), not thinly."""
    # Bots in seats of their own (a stand-in spends none of its person's powers).
    room = create_room(base_url, seed=5, **PACE)
    host = Host(base_url, room)
    for _ in range(6):
        host.send({"type": "add_bot", "level": "hard"})
    host.until(lambda s: len(s["players"]) == 6)
    host.send({"type": "start"})
    tv = new_page(browser, TV_SMALL)
    store_host_token(tv, base_url, room)
    tv.goto(room["tv_url"])
    try:
        play_until(host, left=12)
        expect(tv.locator(".tv-players .token.used").first).to_be_visible()
        club_shot(tv, "tv-powers", TV_SMALL)
        sizes = tv.evaluate(
            """() => ({
              token: parseFloat(
                getComputedStyle(document.querySelector('.tv-players .token')).fontSize),
              badge: Math.min(...[...document.querySelectorAll('.tv-players .badge')]
                .map((b) => parseFloat(getComputedStyle(b).fontSize))),
              line: getComputedStyle(document.querySelector('.tv-players .token.used span'))
                .textDecorationThickness,
            })"""
        )
        assert sizes["token"] >= 14, sizes
        assert sizes["badge"] >= 14, sizes
        assert sizes["line"].endswith("px") and float(sizes["line"][:-2]) >= 2, sizes
        expect_no_js_errors(tv)
    finally:
        host.close()


def test_the_phone_names_the_lot_and_marks_what_fits_your_collection(
    browser: Any, base_url: str
) -> None:
    """At 360×640 every object of the lot shows its whole name, and an object with your
    collector's symbol says so (the view's `you.lot_fit`). The "up to" line differs per
    currency and says what the cards alone can pay."""
    _, phones = seated_table(browser, base_url, ["Ana", "Bruno", "Chloé"], viewport=PHONE_360)
    ana = phones[0]
    club_shot(ana, "lot", PHONE_360)
    assert overflowing(ana, ".lot-row .lot-name") == []
    marked = 0
    for phone in phones:
        collector = phone.locator(".hand .collector svg.sym").get_attribute("class") or ""
        symbol = collector.split("sym-")[-1]
        rows = phone.locator(".lot-row")
        for i in range(rows.count()):
            row = rows.nth(i)
            if row.locator(f".lot-syms svg.sym-{symbol}").count():
                expect(row.locator(".fit-collector")).to_be_visible()
                marked += 1
            else:
                expect(row.locator(".fit-collector")).to_have_count(0)
    assert marked, "no lot object matches a collector on this seed: not a real check"
    maxes = ana.locator(".bidpanel .max").all_inner_texts()
    assert len(set(maxes)) == len(maxes), maxes  # one line per currency, each its own
    # with a power counted on, the line first says what the cards alone pay
    assert all("(" in m or m.startswith("only") for m in maxes if "with" in m), maxes
    # French names are longer: still whole, on two lines where they must be.
    ana.click("button.lang")
    expect(ana.locator("#lot-title")).to_contain_text("Lot")
    expect(ana.locator(".bidpanel .max").first).to_contain_text("jusqu")
    club_shot(ana, "lot-fr", PHONE_360)
    assert overflowing(ana, ".lot-row .lot-name") == []
    assert in_view(ana, "[data-key=going]") == []
    expect_no_js_errors(*phones)


def test_the_pay_button_and_the_payments_worth_of_a_twenty_card_hand_are_on_screen(
    browser: Any, base_url: str
) -> None:
    """A winner holding 20 cards on a 360×640 phone: the Pay button is on screen, whole, and so
    is the line that says whether the chosen cards are enough."""
    _, (ana, bruno, chloe) = seated_table(
        browser, base_url, ["Ana", "Bruno", "Chloé"], viewport=PHONE_360, seed=25
    )
    assert ana.locator(".hand .card").count() >= 20
    bottom = column(ana)[2]
    ana.click(f"[data-key=bid-{bottom}]")
    expect(bruno.locator(".status .hb-by")).to_contain_text("Ana")
    bruno.click("[data-key=going]")
    pay = ana.locator("section.pay [data-key=pay]")
    expect(pay).to_be_enabled()
    club_shot(ana, "pay", PHONE_360)
    assert in_view(ana, "section.pay [data-key=pay]") == []
    # ...and so is what the chosen cards are worth against the price, read before paying.
    expect(ana.locator("section.pay .pay-value")).to_contain_text("Value")
    assert in_view(ana, "section.pay .pay-value") == []
    expect_no_js_errors(ana, bruno, chloe)


def test_words_agree_with_amounts_and_the_deal_says_what_it_is(browser: Any, base_url: str) -> None:
    """ "won 3 objects for 1 Peanut" (singular), and the history's deal step says the cards were
    dealt instead of "Nothing happened"."""
    room = create_room(base_url)
    page = new_page(browser, PHONE_390)
    page.goto(room["join_url"])
    expect(page.locator("#name")).to_be_visible()
    said = page.evaluate(
        """async () => {
          const { awardsView } = await import('/static/games/peanut-club/ui/awards.js');
          const players = [0, 1].map((seat) => ({ seat, name: `P${seat}`, objects: [] }));
          const awards = [{ award: 'power_of_the_night', seat: 0, value: 3,
            detail: { power: 'niet', objects: ['a', 'b', 'c'], amount: 1, currency: 'peanuts' } }];
          return awardsView({ players, awards }).querySelector('.award-detail').textContent;
        }"""
    )
    assert "1 Peanut" in said and "Peanuts" not in said, said
    expect_no_js_errors(page)
