"""Peanut Club by keyboard alone, and what its live regions say.

Ana uses no pointer: she joins and starts the game from the host's lobby, answers the question
of an empty lot's call (cancel, then discard it), bids in each currency of the column (raising
one with +), plays Niet, Crash and À la carte (their choices by Enter, Escape closing one),
calls "Going once", pays a won lot as suggested, then pays another with Convert and
Abracadabra, a card picked and doubled by Enter. Her two opponents are the test's own quiet
clients (one bids once, to outbid her); every step on her page goes through `page.keyboard`.
The regions say her bid beaten and her lot won at once (assertive), the sales and payments
politely, in English and in French.
"""

from __future__ import annotations

from typing import Any

import pytest
from e2e_helpers import (
    PHONE,
    Line,
    column,
    create_room,
    expect_no_js_errors,
    new_page,
    store_host_token,
)
from keys_helpers import focused, listen, press_on, said, tab_to, wait_said
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def seat_by_keys(page: Page, name: str) -> None:
    tab_to(page, "#name")
    page.keyboard.type(name)
    page.keyboard.press("Enter")
    expect(page.locator(".lobby")).to_be_visible()


def table(browser: Any, base_url: str, locale: str = "en-US") -> tuple[Page, Line, Line]:
    """Ana (the host, by keyboard) and two quiet players of the test's own; the game started
    from Ana's lobby by keyboard."""
    room = create_room(base_url, seed=3)
    page = new_page(browser, PHONE, locale)
    store_host_token(page, base_url, room)
    page.goto(room["join_url"])
    seat_by_keys(page, "Ana")
    bruno = Line(base_url, room["code"], {"type": "join", "name": "Bruno"})
    chloe = Line(base_url, room["code"], {"type": "join", "name": "Chloé"})
    expect(page.locator(".lobby-player")).to_have_count(3)
    press_on(page, "[data-key=start]")
    expect(page.locator(".bidpanel")).to_be_visible()
    listen(page)
    return page, bruno, chloe


def high(line: Line, **want: Any) -> dict[str, Any]:
    """Wait until the room's high bid has the fields `want`."""
    state = line.until(
        lambda s: all((s.get("high_bid") or {}).get(k) == v for k, v in want.items())
    )
    return dict(state["high_bid"])


def shown_as_hers(page: Page, bid: dict[str, Any]) -> None:
    """Wait until her page shows `bid` as her high bid. The quiet clients hear of it first; a
    call pressed on a page still showing the lot empty asks whether to discard it, and that
    question goes away, unanswered, when her bid arrives: nothing is sent."""
    key = f"{bid['seat']}-{bid['amount']}-{bid['currency']}"
    expect(page.locator(f".highbid.mine[data-key='{key}']")).to_be_visible()


def pay_screen(page: Page) -> None:
    """The won lot's payment: it opens with the focus on its title."""
    expect(page.locator("section.pay")).to_be_visible()
    expect(page.locator("[data-key=pay-title]")).to_be_focused()


def test_a_game_of_peanut_club_played_by_keyboard_alone(browser: Any, base_url: str) -> None:
    page, bruno, chloe = table(browser, base_url)
    try:
        # An empty lot's call asks first: Escape keeps the lot (as Cancel would, which holds
        # the focus), then the call discards it.
        press_on(page, "[data-key=going]")
        assert focused(page) == "going-cancel"
        page.keyboard.press("Escape")
        expect(page.locator("[data-key=going-confirm]")).to_have_count(0)
        assert focused(page) == "going"
        press_on(page, "[data-key=going]")
        press_on(page, "[data-key=going-confirm]")
        bruno.until(lambda s: any(e["type"] == "discarded" for e in bruno.events))

        # A bid in each currency, from the bottom of the column up (+ raises the first one);
        # the high bidder may not outbid herself, so Bruno outbids her in between, which her
        # page says at once.
        expect(page.locator("[data-key=going]")).to_be_enabled()
        order = column(page)
        bottom, middle, top = order[2], order[1], order[0]
        press_on(page, f"[data-key=more-{bottom}]")
        expect(page.locator(f"[data-key=bid-{bottom}]")).to_have_text("Bid 2")
        press_on(page, f"[data-key=bid-{bottom}]")
        high(bruno, seat=0, currency=bottom, amount=2)
        bruno.send({"type": "bid", "amount": 3, "currency": bottom})
        wait_said(page, "You were outbid: Bruno bids 3", "alert")
        press_on(page, f"[data-key=bid-{middle}]", back=True)
        hb = high(bruno, seat=0, currency=middle)
        bruno.send({"type": "bid", "amount": hb["amount"] + 1, "currency": middle})
        high(bruno, seat=1, currency=middle)
        press_on(page, f"[data-key=bid-{top}]", back=True)
        high(bruno, seat=0, currency=top)

        # Niet on the first free currency; Escape closes a power's choice; Crash puts the
        # first currency second.
        press_on(page, "[data-key=power-niet]")
        assert focused(page) == "pw-first"
        page.keyboard.press("Escape")
        expect(page.locator(".power-confirm")).to_have_count(0)
        assert focused(page) == "power-niet"
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")  # the first currency
        press_on(page, "[data-key=power-confirm]")
        bruno.until(lambda s: len(s.get("niet") or []) == 1)
        press_on(page, "[data-key=power-crash]")
        page.keyboard.press("Enter")
        press_on(page, "[data-key=pos-1]")
        page.keyboard.press("Enter")
        press_on(page, "[data-key=power-confirm]")
        bruno.until(lambda s: any(e.get("power") == "crash" for e in bruno.events))

        # A bid, the call, the sale: the payment as suggested.
        press_on(page, "button.bid.primary:not(:disabled)")
        shown_as_hers(page, high(bruno, seat=0))
        press_on(page, "[data-key=going]")
        pay_screen(page)
        wait_said(page, "The lot is yours for", "alert")
        press_on(page, "[data-key=pay]")
        bruno.until(lambda s: s["phase"] == "bidding" and not s.get("high_bid"))
        wait_said(page, "Ana paid")

        # À la carte for 2 (+ once), the call, and a payment with Convert and Abracadabra: one
        # card of another currency, doubled.
        expect(page.locator("[data-key=power-a_la_carte]")).to_be_enabled()
        press_on(page, "[data-key=power-a_la_carte]")
        page.keyboard.press("Enter")
        press_on(page, "[data-key=alc-more]")
        press_on(page, "[data-key=power-confirm]")
        hb = high(bruno, seat=0, amount=2)
        shown_as_hers(page, hb)
        press_on(page, "[data-key=going]")
        pay_screen(page)
        picked = page.locator("button.card.pick[aria-pressed=true]")
        while (n := picked.count()) > 0:
            press_on(page, "button.card.pick[aria-pressed=true]")
            expect(picked).to_have_count(n - 1)
        for box in ("convert", "abracadabra"):  # (the suggestion may hold one already)
            if not page.locator(f"[data-key={box}]").is_checked():
                press_on(page, f"[data-key={box}]", "Space")
        expect(page.locator("[data-key=convert]")).to_be_checked()
        expect(page.locator("[data-key=abracadabra]")).to_be_checked()
        other = f"button.card.pick:not(.c-{hb['currency']}):not(:disabled)"
        press_on(page, other)
        press_on(page, "button.double")
        press_on(page, "[data-key=pay]")
        state = bruno.until(lambda s: s["phase"] == "bidding" and not s.get("high_bid"))
        tokens = state["players"][0]["tokens"]
        assert tokens["convert"] and tokens["abracadabra"] and tokens["a_la_carte"], tokens
        assert tokens["niet"] and tokens["crash"], tokens
        paid = [e for e in bruno.events if e["type"] == "paid"][-1]
        assert paid["convert"] and paid["abracadabra"] is not None, paid

        # The table's sentences were read politely: the sales, the payments.
        heard = " ".join(said(page))
        assert "Sold to Ana" in heard and "Ana paid" in heard, heard
        expect_no_js_errors(page)
    finally:
        bruno.close()
        chloe.close()


def test_the_live_regions_say_outbid_and_sold_in_french(browser: Any, base_url: str) -> None:
    page, bruno, chloe = table(browser, base_url, "fr-FR")
    try:
        top = column(page)[0]
        press_on(page, f"[data-key=bid-{top}]")
        hb = high(bruno, seat=0, currency=top)
        bruno.send({"type": "bid", "amount": hb["amount"] + 1, "currency": top})
        wait_said(page, "Votre offre est dépassée : Bruno offre", "alert")
        chloe.send({"type": "going"})
        wait_said(page, "Adjugé à Bruno")
        bruno.until(lambda s: s["phase"] == "paying")
        bruno.send({"type": "pay", **bruno.state["you"]["pay_suggestion"]})
        wait_said(page, "Bruno a payé")
        expect_no_js_errors(page)
    finally:
        bruno.close()
        chloe.close()
