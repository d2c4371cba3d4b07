"""Helpers for the browser tests of the Nur Peanuts! phone: rooms with quick clocks, and a person's
taps on the page (buy, throw, park, pass) as the buttons offer them."""

from __future__ import annotations

import time
from typing import Any

import httpx
from playwright.sync_api import Page

PHONE_SMALL = {"width": 360, "height": 640}
PHONE_TALL = {"width": 390, "height": 844}

#: Clocks for tests (development mode lifts the bounds): a person's turn clock long enough not
#: to act for them, the stones quick, a short pause between rounds.
QUICK = {"turn_seconds": 60, "stone_step_seconds": 0.05, "between_rounds_seconds": 0.4}


def create_room(base_url: str, **settings: Any) -> dict[str, Any]:
    """POST /api/rooms for a game of Nur Peanuts! with quick clocks (and, if given, a seed)."""
    res = httpx.post(
        f"{base_url}/api/rooms", json={"game": "nur-peanuts", **QUICK, **settings}, timeout=5
    )
    res.raise_for_status()
    room: dict[str, Any] = res.json()
    return room


def enabled(page: Page, selector: str) -> bool:
    """Is there a button matching `selector` that can be pressed now?"""
    return bool(
        page.evaluate(
            "(sel) => [...document.querySelectorAll(sel)].some(b => !b.disabled)", selector
        )
    )


def what_to_do(page: Page) -> str | None:
    """What the page offers this person now: "buy", "park", "throw", or None (waiting)."""
    if enabled(page, "[data-key^=buy-]") or enabled(page, "[data-key=pass]"):
        return "buy"
    if enabled(page, "[data-key=park]"):
        return "park"
    if enabled(page, "[data-key^=throw-btn-]"):
        return "throw"
    return None


def play_once(page: Page, dice: str = "two_white", rerolls: int = 0) -> str | None:
    """One decision, as a hurried person makes it: buy the field listed first (the most
    valuable one they can afford), throw `dice`, park at once (or roll again `rerolls` times
    when it is free). Returns what was done, or None when there was nothing to do."""
    todo = what_to_do(page)
    try:
        if todo == "buy":
            buttons = page.locator("[data-key^=buy-]:not([disabled])")
            if buttons.count():
                buttons.first.click(timeout=1000)
            else:
                page.click("[data-key=pass]", timeout=1000)
        elif todo == "park":
            page.click("[data-key=park]", timeout=1000)
        elif todo == "throw":
            page.click(f"[data-key=throw-btn-{dice}]", timeout=1000)
    except Exception:  # the view changed under the finger: the next look will do
        return None
    return todo


def wait_for_something_to_do(page: Page, seconds: float = 10, look: str | None = None) -> str:
    """Wait until the page offers a decision (or the game is over: "over"; or, when given, an
    element matching `look` shows: "look")."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if page.locator(".np-over").count():
            return "over"
        if look and page.locator(look).count():
            return "look"
        todo = what_to_do(page)
        if todo:
            return todo
        page.wait_for_timeout(40)
    raise AssertionError("the page offered nothing to do")


def fits_screen(page: Page) -> bool:
    """Nothing to scroll: neither the document nor the panel of the decision to make."""
    return bool(
        page.evaluate(
            """() => {
              const doc = document.documentElement;
              const wide = doc.scrollWidth > innerWidth + 1;
              if (doc.scrollHeight > innerHeight + 1 || wide) return false;
              return [...document.querySelectorAll("main > section")]
                .every(s => s.scrollHeight <= s.clientHeight + 1);
            }"""
        )
    )
