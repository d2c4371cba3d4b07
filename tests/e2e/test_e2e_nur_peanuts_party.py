"""Nur Peanuts! at a party, in Chromium: what whole games on phones and a TV showed was missing.

A round's payments each say why, from the view (the engine states the reason, the page prints
it): the difference of the two fields, doubled when the winner owns the field, nothing for a
player on a field of their own (listed, not left out), the bank's simple difference, a
bankrupt's shortfall. Checked on the TV at 1920×1080 and on a 360×640 phone, against the room's
own view read by a protocol client of the test's own, never against numbers written here."""

from __future__ import annotations

import random
import re
import time
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
from nur_peanuts_helpers import PHONE_SMALL, PHONE_TALL, what_to_do
from nur_peanuts_tv_helpers import create_room, resize
from peanuts_helpers import NAMES, TV_FULL, TV_SMALL, serve_view
from playwright.sync_api import Locator, expect

from peanutclub.games.nur_peanuts import NurPeanuts, Settings
from tests.games.bot_table import bot_or_clock

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
    check_tv_fits(tv)
    check_reasons(phone.locator(".np-payments li"), payments)
    line.close()
    expect_no_js_errors(tv, phone)


#: Keeps every banner the TV shows, as it shows it (they last a moment).
WATCH_BANNERS = """() => {
  window.__banners = [];
  const look = () => {
    for (const el of document.querySelectorAll(".tv-banner")) {
      const text = el.textContent;
      if (text && !window.__banners.includes(text)) window.__banners.push(text);
    }
  };
  new MutationObserver(look)
    .observe(document.body, { subtree: true, childList: true, characterData: true });
  look();
}"""

#: Each field's value label on the ring: where its line of text starts and ends, as distances
#: from the ring's centre (the SVG's own units), and the band it belongs in.
LABEL_SPANS = """() => [...document.querySelectorAll(".tv-board .field .value")].map(el => {
  const b = el.getBBox();
  const y = b.y + b.height / 2;
  return [el.textContent, Math.hypot(b.x, y), Math.hypot(b.x + b.width, y)];
})"""

#: The latest moves that show, and whether each shows whole (not cut by its panel).
RECENT_LINES = """() => {
  const panel = document.querySelector(".tv-recent").getBoundingClientRect();
  return [...document.querySelectorAll(".tv-recent li")]
    .filter(li => !li.hidden && li.getClientRects().length)
    .map(li => {
      const r = li.getBoundingClientRect();
      return [li.textContent, r.top >= panel.top - 1 && r.bottom <= panel.bottom + 1];
    });
}"""


def check_tv_fits(tv: Any) -> None:
    """Every field label stays on its band of the ring; the round's result shows whole, and
    every latest move that shows, shows whole."""
    for text, a, b in tv.evaluate(LABEL_SPANS):
        assert min(a, b) >= 436 and max(a, b) <= 510, (text, a, b)
    now = tv.locator(".tv-now").evaluate("el => el.scrollHeight - el.clientHeight")
    assert now <= 1, now
    lines = tv.evaluate(RECENT_LINES)
    assert len(lines) >= 2, lines
    assert all(whole for _, whole in lines), lines


def bump_banners(events: list[dict[str, Any]], names: dict[int, str]) -> list[str]:
    """The banner each bump should bring, from the events as the room sent them: the engine
    reports a bump just before the park that caused it."""
    texts = []
    for i, e in enumerate(events):
        if e["type"] != "bumped":
            continue
        park = next(p for p in events[i + 1 :] if p["type"] == "parked")
        name = "a stone" if e["seat"] is None else names[e["seat"]]
        by = "A stone" if park["seat"] is None else names[park["seat"]]
        texts.append(f"{by} bumps {name}!")
    return texts


def test_six_players_on_the_tv_banners_for_bumps_and_the_winner_and_nothing_cut(
    browser: Any, base_url: str, shots: Path
) -> None:
    room = create_room(base_url, seed=5, **PACE)
    tv = tv_page(browser, base_url, room, TV_SMALL)
    add_bots(tv, 6)
    tv.evaluate(WATCH_BANNERS)
    line = Line(base_url, room["code"], {"type": "watch"})
    tv.click("[data-key=start]")
    state = line.until(lambda s: s["phase"] == "round_over", seconds=90)
    expect(tv.locator(".tv-now.result")).to_be_visible()
    keep(tv, shots, "nur-peanuts-tv-six-1280x720")
    names = {p["seat"]: p["name"] for p in state["players"]}
    result = state["round_result"]
    winner = "Bank" if result["winner"] == "bank" else names[result["winner"]]
    bumps = bump_banners(line.events, names)
    assert bumps, "this seed's first round bumps a piece"
    tv.wait_for_function("(w) => (window.__banners || []).some(b => b.includes(w))", arg=winner)
    banners = tv.evaluate("() => window.__banners")
    # Each bump's banner names who bumped whom.
    for text in bumps:
        assert text in banners, (text, banners)
    check_tv_fits(tv)
    resize(tv, TV_FULL)
    keep(tv, shots, "nur-peanuts-tv-six-1920x1080")
    check_tv_fits(tv)
    # In French, one field is "1 terrain sur 5" (the history page says it with the same words).
    tv.click("button.lang")
    one = next(p["seat"] for p in state["players"] if len(p["fields"]) == 1)
    count = tv.locator(f".tv-player[data-seat='{one}'] .count")
    expect(count).to_have_attribute("aria-label", "1 terrain sur 5")
    line.close()
    expect_no_js_errors(tv)


#: Keeps what the phone shows the person about being bumped (a toast, then a note).
WATCH_BUMP = """() => {
  window.__bump = [];
  const look = () => {
    for (const el of document.querySelectorAll(".toast, .np-bumped")) {
      const seen = [el.className, el.textContent];
      if (!window.__bump.some(([c, t]) => c === seen[0] && t === seen[1])) window.__bump.push(seen);
    }
  };
  new MutationObserver(look)
    .observe(document.body, { subtree: true, childList: true, characterData: true });
}"""


def test_the_player_bumped_sees_it_on_their_phone(browser: Any, base_url: str, shots: Path) -> None:
    # This seed's first round: the clock's plays for Ana (throw black, park) are bumped by a bot
    # before others still have to move.
    room = create_room(base_url, seed=43, **PACE)
    phone = new_page(browser, PHONE_TALL, touch=True)
    store_host_token(phone, base_url, room)
    join(phone, room["join_url"], "Ana")
    phone.select_option("#bot-level", "normal")
    add_bots(phone, 3)
    phone.evaluate(WATCH_BUMP)
    line = Line(base_url, room["code"], {"type": "watch"})
    phone.click("[data-key=start]")
    line.until(
        lambda s: any(e["type"] == "bumped" and e["seat"] == 0 for e in line.events), seconds=60
    )
    phone.wait_for_function(
        "() => window.__bump.some(([c]) => c.includes('toast'))"
        " && window.__bump.some(([c]) => c.includes('np-bumped'))"
    )
    keep(phone, shots, "nur-peanuts-bumped-390x844")
    for _, text in phone.evaluate("() => window.__bump"):
        assert "bumped" in text.lower(), text
    line.close()
    expect_no_js_errors(phone)


#: Whether an element shows whole in the window: inside the viewport and not cut by any box
#: around it that scrolls or clips.
SHOWS_WHOLE = """(el) => {
  const r = el.getBoundingClientRect();
  const inside = (b) =>
    r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5
    && r.left >= b.left - 0.5 && r.right <= b.right + 0.5;
  if (!inside({ top: 0, left: 0, bottom: innerHeight, right: innerWidth })) return false;
  for (let box = el.parentElement; box; box = box.parentElement) {
    const s = getComputedStyle(box);
    if (s.overflowY === "visible" && s.overflowX === "visible") continue;
    if (!inside(box.getBoundingClientRect())) return false;
  }
  return true;
}"""


def play_like_the_clock(page: Any, until: str, seconds: float = 60) -> None:
    """Make on the page the moves the turn clock would (the cheapest field in the first
    purchases, throw black, park) until `until` shows."""
    end = time.monotonic() + seconds
    while not page.locator(until).count():
        assert time.monotonic() < end, "the page never showed " + until
        todo = what_to_do(page)
        try:
            if todo == "buy":
                page.locator("[data-key^=buy-]:not([disabled])").last.click(timeout=1000)
            elif todo == "throw":
                page.click("[data-key=throw-btn-black]", timeout=1000)
            elif todo == "park":
                page.click("[data-key=park]", timeout=1000)
        except Exception:  # the view changed under the finger: look again
            pass
        page.wait_for_timeout(40)


def test_a_round_won_on_a_small_phone_offers_every_field_and_buy_nothing_in_view(
    browser: Any, base_url: str, shots: Path
) -> None:
    # This seed's first round: Ana, playing as the clock would, wins it and may buy.
    room = create_room(base_url, seed=10, turn_seconds=60, stone_step_seconds=0.05)
    phone = new_page(browser, PHONE_SMALL, locale="fr-FR", touch=True)
    store_host_token(phone, base_url, room)
    join(phone, room["join_url"], "Ana")
    phone.select_option("#bot-level", "normal")
    add_bots(phone, 3)
    phone.click("[data-key=start]")
    play_like_the_clock(phone, ".np-buy ~ .np-result, .np-over")
    expect(phone.locator("[data-key=pass]")).to_be_visible()
    keep(phone, shots, "nur-peanuts-buy-won-fr-360x640")
    for words in [phone.locator("#buy-title"), phone.locator(".np-who")]:
        assert words.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), words.text_content()
    for target in ["[data-key=pass]", "#buy-title", "[data-key^=buy-]"]:
        for el in phone.locator(target).all():
            assert el.evaluate(SHOWS_WHOLE), (target, el.text_content())
    expect_no_js_errors(phone)


#: Each throw's list against its legend, and each row against its own edges: whether the last
#: row ends above the legend, and the rows whose figures overflow or run into each other.
LISTS_FIT = """() => {
  const legend = document.querySelector(".np-legend").getBoundingClientRect();
  const lists = [...document.querySelectorAll(".np-odds")].map(ol => {
    const rows = [...ol.querySelectorAll("li")];
    const last = rows[rows.length - 1];
    return !last || last.getBoundingClientRect().bottom <= legend.top + 0.5;
  });
  const crowded = [...document.querySelectorAll(".np-odd")].filter(li => {
    const box = li.getBoundingClientRect();
    const spans = [...li.querySelectorAll("span")].map(s => s.getBoundingClientRect())
      .filter(r => r.width > 0);
    const out = spans.some(r => r.left < box.left + 4 || r.right > box.right - 1);
    const overlap = spans.some((r, i) => i && r.left < spans[i - 1].right - 0.5);
    return li.scrollWidth > li.clientWidth || out || overlap;
  }).map(li => li.textContent);
  return { lists, crowded };
}"""


def check_lists_fit(page: Any) -> None:
    fit = page.evaluate(LISTS_FIT)
    assert all(fit["lists"]), fit
    assert fit["crowded"] == [], fit


def to_a_turn_before_its_throw(phone: Any, line: Line) -> dict[str, Any]:
    """Play as the clock would until Ana's turn waits for her first throw, and return the view.
    The two-white button may light up between the page's check and its click on black: then
    Ana has thrown, so she parks and the table plays on to her next turn."""
    for _ in range(6):
        play_like_the_clock(phone, "[data-key=throw-btn-two_white]:not([disabled])")
        line.quiet(0.5)  # the room waits for Ana: the line catches up with the page
        state = line.state
        if state["turn"] and state["turn"]["seat"] == 0 and not state["turn"]["thrown"]:
            return state
        phone.click("[data-key=park]")
    raise AssertionError("Ana never came to a turn before its throw")


def test_six_players_throw_lists_fit_a_small_phone_and_say_what_rolling_on_costs(
    browser: Any, base_url: str, shots: Path
) -> None:
    # The densest turn there is (six players, 360x640) without the guided first game's line:
    # with it (one line, 24 px) the lists scroll inside their box, as they are built to.
    room = create_room(base_url, seed=7, turn_seconds=60, stone_step_seconds=0.05, guide=False)
    phone = new_page(browser, PHONE_SMALL, touch=True)
    store_host_token(phone, base_url, room)
    join(phone, room["join_url"], "Ana")
    phone.select_option("#bot-level", "normal")
    add_bots(phone, 5)
    line = Line(base_url, room["code"], {"type": "watch"})
    phone.click("[data-key=start]")
    state = to_a_turn_before_its_throw(phone, line)
    # Before a throw, every row says what rolling on from there would cost (or that it is free).
    for dice, entries in state["turn"]["odds"].items():
        rows = phone.locator(f"#odds-{dice} li")
        expect(rows).to_have_count(len(entries))
        for i, e in enumerate(entries):
            label = rows.nth(i).get_attribute("aria-label") or ""
            if e["reroll_cost"]:
                assert f"{e['reroll_cost']:,}" in label.split("roll")[-1], label
            else:
                expect(rows.nth(i)).to_have_class(re.compile(r"\bfree-roll\b"))
    check_lists_fit(phone)
    phone.click("[data-key=throw-btn-two_white]")
    expect(phone.locator("[data-key=park]")).to_be_enabled()
    keep(phone, shots, "nur-peanuts-six-thrown-360x640")
    check_lists_fit(phone)
    phone.click("button.lang")
    expect(phone.locator("[data-key=park]")).to_contain_text("garer")
    keep(phone, shots, "nur-peanuts-six-thrown-fr-360x640")
    check_lists_fit(phone)
    line.close()
    expect_no_js_errors(phone)


def bankrupt_game_over(code: str, players: int) -> dict[str, Any]:
    """The TV's view at the end of a real game of bots that ends on a bankruptcy, the one of a
    few seeds whose last round has the most payments (the engine's own, nothing made up), with
    what the room adds to it: long names, the settings, no clock."""
    best: dict[str, Any] | None = None
    for seed in range(1, 9):
        game = NurPeanuts(players, seed, Settings())
        bots = [NurPeanuts.bots["easy"](s, seed) for s in range(players)]
        order = random.Random(seed)
        while not game.over:
            seats = list(range(players))
            order.shuffle(seats)
            bot_or_clock(game, bots, seats)
        view = dict(game.public_view())
        if view["result"]["reason"] != "bankrupt":
            continue
        if best is None or len(view["round_result"]["payments"]) > len(
            best["round_result"]["payments"]
        ):
            best = view
    assert best is not None, "a few seeds end on a bankruptcy"
    best["players"] = [
        {**p, "name": NAMES[p["seat"]], "connected": True, "bot": "easy"} for p in best["players"]
    ]
    best.update(
        game="nur-peanuts",
        code=code,
        settings=Settings().model_dump(),
        host_seat=None,
        deadline=None,
        deadline_kind=None,
        now=0,
        you=None,
    )
    return best


#: Every line of the last round's payments: its text and whether it shows whole on the screen,
#: inside its panel (a TV cannot scroll).
PAY_LINES = """() => {
  const panel = document.querySelector(".tv-now").getBoundingClientRect();
  return [...document.querySelectorAll(".tv-now .pay-list li")].map(li => {
    const r = li.getBoundingClientRect();
    const inside = r.top >= panel.top - 1 && r.bottom <= panel.bottom + 1
      && r.left >= panel.left - 1 && r.right <= panel.right + 1 && r.bottom <= innerHeight;
    return [li.textContent, r.height > 0 && inside];
  });
}"""


@pytest.mark.parametrize("size", [TV_FULL, TV_SMALL], ids=["1920x1080", "1280x720"])
def test_the_game_over_shows_every_payment_of_the_last_round_whole_on_the_tv(
    browser: Any, base_url: str, shots: Path, size: dict[str, int]
) -> None:
    label = f"{size['width']}x{size['height']}"
    room = create_room(base_url)
    tv = new_page(browser, size)
    for players in (4, 2, 3, 5, 6):
        view = bankrupt_game_over(room["code"], players)
        serve_view(tv, view)
        tv.goto(room["tv_url"])
        expect(tv.locator(".tv-now.over .pay-list li")).to_have_count(
            len(view["round_result"]["payments"])
        )
        if players == 4:
            keep(tv, shots, f"nur-peanuts-over-payments-{label}-after")
        lines = tv.evaluate(PAY_LINES)
        assert all(whole for _, whole in lines), (players, lines)
        cut = tv.locator(".tv-now").evaluate("el => el.scrollHeight - el.clientHeight")
        assert cut <= 1, (players, cut)
    expect_no_js_errors(tv)
