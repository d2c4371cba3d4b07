"""Nur Peanuts! by keyboard alone, and what its live regions say.

A person who uses no pointer plays a whole game on the phone page against a bot: joins, seats
the bot and starts (the host's lobby), buys in the preliminary round, throws each kind of dice
(with Tab and Enter, and with the B, W and T keys), rolls again, parks (Enter and P), and
declines a field after a round won. Every step goes through `page.keyboard`; the test reads
only where the focus is and what the page shows. Along the way: the focus never falls to the
page's body when a turn's buttons go, the "Keys" help opens with "?", and the screen reader's
regions say the turn, the bumps (whose, by whom) and the payments, in English and in French.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from e2e_helpers import expect_no_js_errors, new_page, store_host_token
from keys_helpers import (
    focused,
    listen,
    press_on,
    said,
    tab_to,
    wait_said,
)
from nur_peanuts_helpers import PHONE_TALL, create_room, what_to_do
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def join_and_start_by_keys(page: Page, name: str, level: str = "normal") -> None:
    """The host's lobby by keyboard: the name typed, Enter on Join, a bot of `level` chosen in
    the select (arrow keys) and seated, then Start."""
    tab_to(page, "#name")
    page.keyboard.type(name)
    press_on(page, "[data-key=join]")
    expect(page.locator(".lobby")).to_be_visible()
    tab_to(page, "#bot-level")
    for _ in range(3):
        if page.locator("#bot-level").input_value() == level:
            break
        page.keyboard.press("ArrowDown")
    assert page.locator("#bot-level").input_value() == level
    press_on(page, "[data-key=add-bot]")
    expect(page.locator(".lobby-player")).to_have_count(2)
    press_on(page, "[data-key=start]")


def wait_decision(page: Page, seconds: float = 20) -> str:
    """What the page offers now ("buy", "throw", "park"), or "over"."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if page.locator(".np-over, .endcard").count():
            return "over"
        todo = what_to_do(page)
        if todo:
            return todo
        page.wait_for_timeout(40)
    raise AssertionError("the page offered nothing to do")


def test_a_game_of_nur_peanuts_played_by_keyboard_alone(browser: Any, base_url: str) -> None:
    room = create_room(base_url, seed=11)
    page = new_page(browser, PHONE_TALL)
    store_host_token(page, base_url, room)
    page.goto(room["join_url"])
    join_and_start_by_keys(page, "Ana")
    expect(page.locator(".np-status")).to_be_visible()
    listen(page)

    # The "Keys" help: "?" opens it with the game's own keys, Escape closes it.
    page.keyboard.press("?")
    panel = page.locator("[data-key=keys-panel]")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("B throws the black die")
    page.keyboard.press("Escape")
    expect(panel).to_have_count(0)
    assert focused(page) == "keys-btn"

    wanted = {"buy", "pass", "park", "reroll", "key-p"}
    wanted |= {f"tab-{d}" for d in ("black", "white", "two_white")} | {"key-b", "key-w", "key-t"}
    done: set[str] = set()
    dice_by_tab = ["black", "white", "two_white"]
    keys = list("bwt")
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline and not wanted <= done:
        todo = wait_decision(page)
        if todo == "over":
            break
        if todo == "buy":
            if page.locator("[data-key=pass]:enabled").count():
                press_on(page, "[data-key=pass]")
                done.add("pass")
            else:
                press_on(page, "[data-key^=buy-]:not([disabled])")
                done.add("buy")
        elif todo == "throw":
            if dice_by_tab:
                dice = dice_by_tab.pop(0)
                press_on(page, f"[data-key=throw-btn-{dice}]")
                done.add(f"tab-{dice}")
            else:
                # The shortcut keys, in turn: B, W, T.
                key = keys.pop(0) if keys else "t"
                page.keyboard.press(key)
                done.add(f"key-{key}")
        elif todo == "park":
            if "reroll" not in done and page.locator("[data-key^=throw-btn-]:enabled").count():
                press_on(page, "[data-key=throw-btn-white]")
                done.add("reroll")
            elif "park" not in done:
                press_on(page, "[data-key=park]")
                done.add("park")
            else:
                page.keyboard.press("p")
                done.add("key-p")
        # Whatever the view does next, the focus stays on the page's controls or its status,
        # never on <body>.
        page.wait_for_timeout(120)
        assert focused(page) != "BODY", f"the focus fell to the body after {todo}"
    assert wanted <= done, done

    # What the screen reader heard: the turn at once (assertive), the throws, the round's
    # payments and a bump with who did it (polite).
    assert any(s.startswith("Your turn") for s in said(page, "alert"))
    heard = " ".join(said(page))
    assert re.search(r"You: (black|white|two white) \d", heard), heard
    assert re.search(r"pays? [\d,]+ to|Nobody pays|[Pp]ay nothing", heard), heard
    expect_no_js_errors(page)


def test_the_live_regions_say_a_bump_and_whose_turn_in_french(browser: Any, base_url: str) -> None:
    room = create_room(base_url, seed=11)
    page = new_page(browser, PHONE_TALL, locale="fr-FR")
    store_host_token(page, base_url, room)
    page.goto(room["join_url"])
    join_and_start_by_keys(page, "Ana")
    expect(page.locator(".np-status")).to_be_visible()
    listen(page)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if any(" par " in s and "délogé" in s for s in said(page)):
            break
        todo = wait_decision(page)
        if todo == "over":
            break
        if todo == "buy":
            press_on(page, "[data-key^=buy-]:not([disabled]), [data-key=pass]")
        elif todo == "throw":
            page.keyboard.press("t")
        elif todo == "park":
            page.keyboard.press("p")
        page.wait_for_timeout(80)
    wait_said(page, "À vous de jouer.", "alert")
    bumped = [s for s in said(page) if "délogé" in s]
    assert any(
        re.search(r"délogé de [\d\u202f\u00a0 ]+ par (vous|une pierre|Bot \d)", s) for s in bumped
    ), said(page)
    expect_no_js_errors(page)


def test_the_focus_stays_on_the_page_when_a_turn_ends(browser: Any, base_url: str) -> None:
    """Park by Enter: the turn's panel goes with the turn, and the focus moves to the line that
    says who acts now (not to the page's body, where a keyboard would start again from the
    top); a throw by Enter leaves it on Park."""
    room = create_room(base_url, seed=11)
    page = new_page(browser, PHONE_TALL)
    store_host_token(page, base_url, room)
    page.goto(room["join_url"])
    join_and_start_by_keys(page, "Ana")
    deadline = time.monotonic() + 60
    parked = False
    while time.monotonic() < deadline and not parked:
        todo = wait_decision(page)
        if todo == "buy":
            press_on(page, "[data-key^=buy-]:not([disabled]), [data-key=pass]")
        elif todo == "throw":
            press_on(page, "[data-key=throw-btn-black]")
            expect(page.locator("[data-key=park]")).to_be_focused()
        elif todo == "park":
            press_on(page, "[data-key=park]")
            expect(page.locator("[data-key=turn]")).to_have_count(0)
            expect(page.locator("[data-key=who]")).to_be_focused()
            parked = True
        page.wait_for_timeout(80)
    assert parked
