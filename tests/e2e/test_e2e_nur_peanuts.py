"""Nur Peanuts! on the phone, in Chromium: a whole game of one person (the page, driven by its
buttons) against two bots to its end; a reload mid-turn keeps the seat and the turn; the turn
clock throws and parks for a person who closed their page; screenshots at 390×844 and 360×640."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from e2e_helpers import expect_no_js_errors, join, keep, new_page, store_host_token
from nur_peanuts_helpers import (
    PHONE_SMALL,
    PHONE_TALL,
    create_room,
    fits_screen,
    play_once,
    wait_for_something_to_do,
)
from playwright.sync_api import Page, expect

from peanutclub.games.nur_peanuts.engine.board import STANDARD

pytestmark = pytest.mark.e2e

WON = re.compile(r"\bwon\b")
NOT_WON = re.compile(r"^(?!.*\bwon\b)")

#: Keeps every sentence the live region says, as a screen reader would hear them.
LISTEN = """() => {
  window.__said = [];
  const live = document.getElementById("live");
  new MutationObserver(() => window.__said.push(live.textContent))
    .observe(live, { childList: true, characterData: true, subtree: true });
}"""


def host_with_bots(page: Page, base_url: str, room: dict[str, Any], bots: int) -> None:
    """Ana takes a seat as the host and adds `bots` bots of the normal level from the lobby."""
    store_host_token(page, base_url, room)
    join(page, room["join_url"], "Ana")
    page.select_option("#bot-level", "normal")
    for n in range(bots):
        page.click("[data-key=add-bot]")
        expect(page.locator(".lobby-player")).to_have_count(2 + n)


def export_of(base_url: str, code: str) -> dict[str, Any]:
    games = httpx.get(f"{base_url}/api/rooms/{code}/games", timeout=5).json()["games"]
    assert len(games) == 1
    export: dict[str, Any] = httpx.get(f"{base_url}{games[-1]['export']}", timeout=5).json()
    return export


def test_a_whole_game_against_two_bots_played_from_the_phone(
    browser: Any, base_url: str, shots: Path
) -> None:
    room = create_room(base_url, seed=4)
    ana = new_page(browser, PHONE_TALL)
    host_with_bots(ana, base_url, room, 2)
    ana.click(".settings summary")
    expect(ana.locator("#set-board option")).to_have_text(
        ["Standard order of values", "Values shuffled"]
    )
    ana.select_option("#set-board", "random")
    ana.click("[data-key=save-settings]")
    expect(ana.locator(".settings-form .refused")).to_have_count(0)
    ana.evaluate("scrollTo(0, 0)")
    keep(ana, shots, "nur-peanuts-phone-lobby-390x844")
    ana.evaluate(LISTEN)
    ana.click("[data-key=start]")
    # The board the host chose in the lobby: the values shuffled around the ring.
    expect(ana.locator(".np-cell")).to_have_count(24)
    ring = [int(v) * 100 for v in ana.locator(".np-cell .np-val").all_text_contents()]
    assert sorted(ring) == sorted(STANDARD) and ring != list(STANDARD)

    seen: dict[str, int] = {}
    kept: set[str] = set()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        todo = wait_for_something_to_do(ana, 20, None if "result" in kept else ".np-result")
        if todo == "over":
            break
        if todo == "throw" and "turn" not in kept:
            assert fits_screen(ana)
            keep(ana, shots, "nur-peanuts-phone-turn-390x844")
            kept.add("turn")
        if todo == "park" and "park" not in kept:
            assert fits_screen(ana)
            expect(ana.locator("[data-key=reroll]")).to_contain_text("Roll again")
            keep(ana, shots, "nur-peanuts-phone-park-390x844")
            kept.add("park")
        if todo == "buy" and "buy" not in kept:
            keep(ana, shots, "nur-peanuts-phone-buy-390x844")
            kept.add("buy")
        if ana.locator(".np-result").count() and "result" not in kept:
            keep(ana, shots, "nur-peanuts-phone-result-390x844")
            kept.add("result")
        done = play_once(ana)
        if done:
            seen[done] = seen.get(done, 0) + 1
            ana.wait_for_timeout(30)
    expect(ana.locator(".np-over")).to_be_visible()
    keep(ana, shots, "nur-peanuts-phone-over-390x844")
    assert seen.get("buy", 0) >= 2 and seen.get("throw", 0) >= 1 and seen.get("park", 0) >= 1

    # The end screen says what the game's own record says: why it ended, who won, the cash.
    export = export_of(base_url, room["code"])
    result = export["result"]
    names = export["names"]
    reasons = {
        "six_fields": "owns 6 fields",
        "bank_chips": "bank holds 6 chips",
        "all_sold": "No field is left",
        "bankrupt": "could not pay",
    }
    line = ana.locator("[data-key=end-line]")
    expect(line).to_contain_text(reasons[result["reason"]])
    for seat in result["winners"]:
        expect(line).to_contain_text("You" if seat == 0 else names[seat])
    rows = ana.locator(".np-final tbody tr")
    expect(rows).to_have_count(3)
    for seat, cash in enumerate(result["cash"]):
        row = ana.locator(f".np-final tr[data-key=f{seat}]")
        expect(row.locator("td.num").first).to_have_text(f"{cash:,}")
        won = WON if seat in result["winners"] else NOT_WON
        expect(row).to_have_class(won)
    # Every decision of seat 0 in the record was a tap on this page; it made throws and parks.
    ours = [a for a in export["actions"] if a.get("seat") == 0]
    assert {a["type"] for a in ours} >= {"buy", "throw", "park"}

    # The screen reader heard the throws and the payments.
    said = " ".join(ana.evaluate("() => window.__said"))
    assert re.search(r"(Bot \d|You): (black|white|two white) \d", said)
    assert re.search(r"pays? [\d,]+ to|Nobody pays", said) or "The bank wins" in said
    expect_no_js_errors(ana)


def test_a_reload_mid_turn_keeps_the_seat_and_the_turn(
    browser: Any, base_url: str, shots: Path
) -> None:
    room = create_room(base_url, seed=9)
    ana = new_page(browser, PHONE_SMALL)
    host_with_bots(ana, base_url, room, 1)
    ana.click("[data-key=start]")
    # Buy until the first turn comes; then throw once.
    while (todo := wait_for_something_to_do(ana)) != "throw":
        assert todo != "over"
        play_once(ana)
    assert fits_screen(ana)
    keep(ana, shots, "nur-peanuts-phone-turn-360x640")
    # The same turn in French, then back.
    ana.click(".bar .lang")
    expect(ana.locator(".np-who")).to_have_text("À vous")
    expect(ana.locator("[data-key=throw-btn-two_white] .np-throw-name")).to_have_text("2 blancs")
    assert fits_screen(ana)
    keep(ana, shots, "nur-peanuts-phone-turn-fr-360x640")
    ana.click(".bar .lang")
    expect(ana.locator(".np-who")).to_have_text("Your turn")
    # From the keyboard: B throws the black die.
    ana.locator("body").press("b")
    expect(ana.locator("[data-key=park]")).to_be_enabled()
    expect(ana.locator("[data-key=last]")).to_contain_text("You: black")
    assert fits_screen(ana)
    keep(ana, shots, "nur-peanuts-phone-park-360x640")
    where = ana.locator("[data-key=park] span").first.text_content()
    cash = ana.locator("[data-key=cash-0]").text_content()

    ana.reload()
    expect(ana.locator(".bar .me")).to_have_text("Ana")
    expect(ana.locator(".np-who")).to_have_text("Your turn")
    expect(ana.locator("[data-key=park]")).to_be_enabled()
    expect(ana.locator("[data-key=park] span").first).to_have_text(where or "")
    expect(ana.locator("[data-key=cash-0]")).to_have_text(cash or "")
    ana.evaluate(LISTEN)
    ana.locator("body").press("p")  # P parks
    expect(ana.locator("[data-key=park]")).to_have_count(0)
    ana.wait_for_function(
        "(where) => window.__said.some(s => s.includes(`You: parked on the ${where} field`))",
        arg=(where or "").removeprefix("Park on "),
    )
    expect_no_js_errors(ana)


def test_the_turn_clock_throws_black_then_parks_for_a_person_who_left(
    browser: Any, base_url: str
) -> None:
    room = create_room(base_url, seed=5, turn_seconds=0.8)
    ana = new_page(browser, PHONE_SMALL)
    bruno = new_page(browser, PHONE_SMALL)
    store_host_token(ana, base_url, room)
    join(ana, room["join_url"], "Ana")
    join(bruno, room["join_url"], "Bruno")
    ana.evaluate(LISTEN)
    ana.click("[data-key=start]")
    expect(bruno.locator(".np-strip")).to_be_visible()
    bruno.context.close()  # Bruno leaves: the clock decides for him
    expect(ana.locator(".np-player.seat-1 .badge-away")).to_be_visible()
    # Someone who comes late watches from their phone: the table, and nothing to press.
    chloe = new_page(browser, PHONE_SMALL)
    chloe.goto(room["join_url"])
    expect(chloe.locator(".np-strip .np-cell")).to_have_count(24)
    expect(chloe.locator(".np-players .np-player")).to_have_count(2)
    expect(chloe.locator("main button")).to_have_count(0)
    chloe.context.close()
    # Ana plays her own decisions from the page; Bruno's are the clock's.
    end = time.monotonic() + 30
    parked = ana.locator('.np-cell[aria-label*="Bruno\'s pawn parked"]')
    while not parked.count():
        assert time.monotonic() < end, "the clock never parked Bruno's pawn"
        play_once(ana, dice="white")
        ana.wait_for_timeout(50)
    # Bruno's turn as Ana heard it: the clock threw the black die once, then parked.
    said = " ".join(ana.evaluate("() => window.__said"))
    turn = said[said.index("Bruno's turn") :]
    throws = re.findall(r"Bruno: (black|white|two white) \d", turn)
    assert throws[:1] == ["black"], turn
    assert turn.index("Bruno: black") < turn.index("Bruno: parked on"), turn
    expect_no_js_errors(ana)
