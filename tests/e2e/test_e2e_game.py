"""A whole game through the pages: three phones and the TV, from the landing page to the podium."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import (
    PHONE,
    TV,
    bid,
    column,
    create_room,
    enabled_bids,
    expect_no_js_errors,
    free_currencies,
    new_page,
    pay_greedy,
    pay_verdict,
    shot,
    use_power,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

NAMES = ["Ana", "Bruno", "Chloé"]


def payer_page(phones: list[Page]) -> Page:
    """The phone that shows the payment panel."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for p in phones:
            if p.locator("section.pay").count():
                return p
        time.sleep(0.05)
    raise AssertionError("nobody was asked to pay")


def finish_lot(tv: Page, phones: list[Page], current: int) -> None:
    """After a call: pay if someone won (the suggestion as it is), until the next lot or the end."""
    deadline = time.monotonic() + 15
    while not tv.locator(".podium").count() and lot_number(tv) == current:
        assert time.monotonic() < deadline, "the lot was not closed"
        for p in phones:
            if p.locator("section.pay [data-key=pay]:enabled").count():
                p.click("[data-key=pay]")
                expect(p.locator("section.pay")).to_have_count(0)
        time.sleep(0.05)


def lot_number(tv: Page) -> int:
    """The lot counter shown on the TV (-1 when no lot is shown)."""
    title = tv.locator("#lot-title")
    try:
        text = title.inner_text(timeout=500) if title.count() else ""
    except Exception:
        return -1
    found = re.findall(r"\d+", text)
    return int(found[0]) if found else -1


def test_full_game(browser: Any, base_url: str, shots: Path) -> None:
    # The host opens the landing page on the TV, creates a room: "this screen is the table".
    tv = new_page(browser, TV)
    tv.goto(f"{base_url}/")
    expect(tv.locator("h1")).to_have_text("Peanut Club online")
    shot(tv, shots, "tv-00-landing")
    tv.click("#create")
    tv.click("#as-tv")
    expect(tv.locator(".tv-code")).to_be_visible()
    code = tv.locator(".tv-code").inner_text().strip()
    # This server listens on localhost only: the TV says phones cannot reach it, and how to fix it.
    expect(tv.locator(".tv-reach.warn .tv-cmd")).to_be_visible()

    # Quick clocks through the host's settings form (dev mode allows steps this small).
    tv.click(".settings summary")
    tv.fill("#set-going_step_seconds", "0.3")
    tv.fill("#set-idle_seconds", "0")
    tv.click("[data-key=save-settings]")

    # Three phones join with the code typed on the landing page.
    phones: list[Page] = []
    for name in NAMES:
        phone = new_page(browser, PHONE)
        phone.goto(f"{base_url}/")
        expect(phone.locator("h1")).to_have_text("Peanut Club online")  # the page script ran
        phone.fill("#code", code.lower())
        phone.click("#join-form button[type=submit]")
        expect(phone).to_have_url(re.compile(rf"/r/{code}$"))
        phone.fill("#name", name)
        phone.click("[data-key=join]")
        expect(phone.locator(".lobby")).to_be_visible()
        phones.append(phone)
    ana, bruno, chloe = phones
    expect(tv.locator(".lobby-player")).to_have_count(3)
    expect(tv.locator("#set-going_step_seconds")).to_have_value("0.3")
    shot(tv, shots, "tv-01-lobby")
    shot(ana, shots, "phone-01-lobby")

    tv.click("[data-key=start]")
    for p in phones:
        expect(p.locator(".bidpanel")).to_be_visible()
    expect(tv.locator(".tv-table")).to_be_visible()
    shot(ana, shots, "phone-02-bidding")
    ana.locator(".powers").scroll_into_view_if_needed()
    shot(ana, shots, "phone-02b-bid-panel")
    ana.evaluate("window.scrollTo(0, 0)")
    shot(tv, shots, "tv-02-bidding")

    # Ana bids in the middle currency; Bruno outbids her in the top one.
    top, middle, _ = column(ana)
    amount = bid(ana, middle, raise_by=1)
    expect(tv.locator(".tv-status .hb-by")).to_contain_text("Ana")
    expect(tv.locator(".tv-status .hb-amount")).to_contain_text(amount)
    expect(ana.locator(f"[data-key=bid-{middle}]")).to_be_disabled()
    bid(bruno, top)
    expect(tv.locator(".tv-status .hb-by")).to_contain_text("Bruno")
    expect(ana.locator(".status .note")).to_contain_text("Outbid")

    # Chloé plays Niet on the top currency: the auction restarts, the column shows the block.
    use_power(chloe, "niet", top)
    expect(tv.locator(".tv-column .col-row.blocked")).to_have_count(1)
    expect(tv.locator(".tv-column .niet-mark")).to_be_visible()
    expect(tv.locator(".tv-status .hb-none")).to_be_visible()
    expect(tv.locator(".feed-list li.latest")).to_contain_text("Niet")
    expect(ana.locator(f"[data-key=bid-{top}]")).to_be_disabled()
    expect(ana.locator("[data-key=power-niet]")).to_be_enabled()
    expect(chloe.locator("[data-key=power-niet]")).to_be_disabled()

    # Ana plays Crash: the bottom currency goes to the top of the column.
    bottom = column(ana)[2]
    use_power(
        ana,
        "crash",
        bottom,
        position=0,
        before_confirm=lambda: shot(ana, shots, "phone-03a-crash-confirm"),
    )
    expect(tv.locator(".tv-column .col-row").first).to_have_attribute("data-currency", bottom)
    expect(tv.locator(".feed-list li.latest")).to_contain_text("Crash")

    # Bruno plays À la carte with a bid of 2 in the best free currency.
    expect(bruno.locator(".bidpanel .col-row").first).to_have_attribute("data-currency", bottom)
    alc_currency = free_currencies(bruno)[0]
    use_power(bruno, "a_la_carte", alc_currency, amount=2)
    expect(tv.locator(".alc-banner")).to_be_visible()
    expect(bruno.locator(".alc-banner")).to_be_visible()
    expect(tv.locator(".tv-status .hb-by")).to_contain_text("Bruno")
    bruno.locator(".bidpanel").scroll_into_view_if_needed()
    shot(bruno, shots, "phone-03-a-la-carte")
    shot(tv, shots, "tv-03-powers")

    # Chloé outbids if she can; then Ana calls "Going once".
    expect(chloe.locator(".alc-banner")).to_be_visible()
    expect(chloe.locator(".status .hb-by")).to_contain_text("Bruno")
    choices = enabled_bids(chloe)
    if choices:
        bid(chloe, choices[0])
        expect(tv.locator(".tv-status .hb-by")).to_contain_text("Chloé")
    ana.click("[data-key=going]")
    expect(tv.locator(".tv-status .call, .tv-status .sold-stamp").first).to_be_visible()
    shot(tv, shots, "tv-04-going")

    # The winner edits the suggested payment and pays it.
    payer = payer_page(phones)
    shot(payer, shots, "phone-04-paying")
    shot(tv, shots, "tv-05-paying")
    pay_greedy(payer)
    expect(payer.locator("[data-key=pay]")).to_be_enabled()
    # One card more than needed: the server's dry run marks a card to keep, and Pay waits.
    spare = payer.locator("section.pay button.card.pick:enabled[aria-pressed=false]")
    if spare.count():
        extra = payer.locator(f"[data-key=card-{spare.first.get_attribute('data-card')}]")
        extra.click()
        expect(payer.locator("section.pay button.card.pick.unneeded")).to_have_count(1)
        expect(payer.locator("[data-key=pay]")).to_be_disabled()
        shot(payer, shots, "phone-04b-unneeded-card")
        extra.click()
        pay_verdict(payer)
    expect(payer.locator("[data-key=pay]")).to_be_enabled()
    payer.click("[data-key=pay]")
    expect(payer.locator("section.pay")).to_have_count(0)
    expect(tv.locator(".tv-players .symcount").first).to_be_visible()

    # The rest of the game: every other lot is won by a plain bid, the others go unsold.
    rounds = 0
    while not tv.locator(".podium").count():
        rounds += 1
        assert rounds < 40, "the game did not end"
        current = lot_number(tv)
        bidder = phones[rounds % 3]
        expect(bidder.locator("#lot-title")).to_have_text(re.compile(rf"\b{current}$"))
        caller = phones[(rounds + 1) % 3]
        bid_made = rounds % 2 == 0 and bool(enabled_bids(bidder))
        if bid_made:
            bid(bidder, enabled_bids(bidder)[0])
            expect(tv.locator(".tv-status .highbid:not(.empty)")).to_be_visible()
            expect(caller.locator(".status .highbid:not(.empty)")).to_be_visible()
        caller.click("[data-key=going]")
        if not bid_made:
            caller.click("[data-key=going-confirm]")  # a lot with no bid: the phone asks first
        finish_lot(tv, phones, current)

    # The podium on every screen, with each player's breakdown and collector revealed.
    expect(tv.locator(".podium .score")).to_have_count(3)
    expect(tv.locator(".podium .winner")).not_to_be_empty()
    for p in phones:
        expect(p.locator(".podium .score")).to_have_count(3)
        expect(p.locator(".podium .breakdown").first).to_be_visible()
    shot(tv, shots, "tv-06-podium")
    shot(ana, shots, "phone-05-podium", full=True)

    # The host plays again: everyone is back in the lobby, in the same seats.
    tv.click("[data-key=rematch]")
    expect(tv.locator(".lobby-player")).to_have_count(3)
    for p in phones:
        expect(p.locator(".lobby")).to_be_visible()
    expect_no_js_errors(tv, *phones)


def test_the_tv_sound_switch_plays_peanut_clubs_own_sounds(
    browser: Any, base_url: str, shots: Path
) -> None:
    """Peanut Club's choice of table sounds lives with its game (static/games/peanut-club/
    sound.js), the switch and the tone player every game's TV shares in static/js/sound.js, and
    no other game's sounds are loaded; the TV's "Sound on/off" switch turns them on, and the
    choice stays for the next visit."""
    room = create_room(base_url)
    loaded: list[str] = []
    tv = new_page(browser, TV)
    tv.on("request", lambda r: loaded.append(r.url))
    tv.goto(room["tv_url"])
    switch = tv.locator("[data-key=sound]")
    expect(switch).to_have_text("Sound off")
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.click()
    expect(switch).to_have_text("Sound on")
    expect(switch).to_have_attribute("aria-pressed", "true")
    shot(tv, shots, "peanut-club-sound-tv")
    tv.reload()
    expect(tv.locator("[data-key=sound]")).to_have_text("Sound on")
    sounds = [url for url in loaded if url.endswith("sound.js")]
    ours = ("/static/games/peanut-club/sound.js", "/static/js/sound.js")
    assert any(ours[0] in url for url in sounds), sounds
    assert all(any(path in url for path in ours) for url in sounds), sounds
    expect_no_js_errors(tv)
