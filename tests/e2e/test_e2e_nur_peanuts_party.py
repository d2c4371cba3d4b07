"""Nur Peanuts! at a party, in Chromium: what whole games on phones and a TV showed was missing.

A round's payments each say why, from the view (the engine states the reason, the page prints
it): the difference of the two fields, doubled when the winner owns the field, nothing for a
player on a field of their own (listed, not left out), the bank's simple difference, a
bankrupt's shortfall. Checked on the TV at 1920×1080 and on a 360×640 phone, against the room's
own view read by a protocol client of the test's own, never against numbers written here."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import (
    Line,
    add_bots,
    expect_no_js_errors,
    join,
    keep,
    new_page,
    store_host_token,
    tv_page,
)
from nur_peanuts_helpers import PHONE_SMALL
from nur_peanuts_tv_helpers import create_room
from peanuts_helpers import TV_FULL
from playwright.sync_api import Locator, expect

pytestmark = pytest.mark.e2e

#: The clock plays for the phone's person at once; the round's result stays up for the test.
PACE = {"turn_seconds": 0.3, "stone_step_seconds": 0.05, "between_rounds_seconds": 120}


def reason_words(p: dict[str, Any]) -> list[str]:
    """What a payment's line must show: the two values of its subtraction (from the view)."""
    if p["reason"] == "own_field":
        return []
    return [f"{p['winner_value']:,} − {p['payer_value']:,}", f"{p['owed']:,}"]


def check_reasons(items: Locator, payments: list[dict[str, Any]]) -> None:
    expect(items).to_have_count(len(payments))
    for i, p in enumerate(payments):
        for words in reason_words(p):
            expect(items.nth(i)).to_contain_text(words)
        item = items.nth(i)
        if p["reason"] == "double":
            expect(item).to_contain_text("× 2")
        if p["reason"] == "own_field":
            expect(item).to_contain_text("own field")
        if p["amount"] < p["owed"]:
            expect(item).to_contain_text(f"{p['amount']:,}")


def test_every_payment_of_a_round_says_why_on_the_tv_and_the_phone(
    browser: Any, base_url: str, shots: Path
) -> None:
    room = create_room(base_url, seed=14, **PACE)
    tv = tv_page(browser, base_url, room, TV_FULL)
    phone = new_page(browser, PHONE_SMALL, touch=True)
    store_host_token(phone, base_url, room)
    join(phone, room["join_url"], "Ana")
    add_bots(phone, 3)
    line = Line(base_url, room["code"], {"type": "watch"})
    phone.click("[data-key=start]")
    state = line.until(lambda s: s["phase"] == "round_over", seconds=60)
    payments = state["round_result"]["payments"]
    expect(tv.locator(".tv-now.result .pay-list")).to_be_visible()
    expect(phone.locator(".np-result")).to_be_visible()
    keep(tv, shots, "nur-peanuts-payments-1920x1080")
    keep(phone, shots, "nur-peanuts-payments-360x640")
    assert payments and all("reason" in p for p in payments), payments
    check_reasons(tv.locator(".tv-now.result .pay-list li"), payments)
    check_reasons(phone.locator(".np-payments li"), payments)
    line.close()
    expect_no_js_errors(tv, phone)
