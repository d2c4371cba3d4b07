"""Peanuts! on the phone at a party: the stall clock and the five rotations said on the phone, a
hint that lights a playable card after a while without a play, foundation chips large enough to
tap, a picked card still readable, "choose a place" that says so and ends with the pick, the
stock's button on one line, and no green round-trip dot once the seat moved to another screen."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import expect_no_js_errors, join, keep, new_page, store_host_token
from peanuts_helpers import PHONE_SMALL, PHONE_TALL, create_room, fits_screen, playing
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e

#: Seat 0's Ace of clubs and peanuts top (8 of diamonds) in the deal of this seed (2 players).
SEED, ACE, EIGHT = 103, 39, 33


def _two_phones(browser: Any, base_url: str, size: dict[str, int], **settings: Any) -> Any:
    room = create_room(base_url, seed=SEED, stall_seconds=90, **settings)
    ana = new_page(browser, size, "fr-FR" if size is PHONE_TALL else "en-US")
    bruno = new_page(browser, PHONE_TALL)
    ana.emulate_media(reduced_motion="reduce")
    store_host_token(ana, base_url, room)
    join(ana, room["join_url"], "Ana")
    join(bruno, room["join_url"], "Bruno")
    ana.click("[data-key=start]")
    playing(ana)
    return room, ana, bruno


@pytest.mark.parametrize("size", [PHONE_TALL, PHONE_SMALL], ids=["390x844", "360x640"])
def test_the_phone_says_when_the_decks_turn_and_lights_a_card_after_a_while(
    browser: Any, base_url: str, shots: Path, size: dict[str, int]
) -> None:
    label = f"{size['width']}x{size['height']}"
    _room, ana, bruno = _two_phones(browser, base_url, size, hint_seconds=1)
    keep(ana, shots, f"peanuts-phone-status-{label}")
    stall = ana.locator("[data-key=stall]")
    expect(stall).to_contain_text(re.compile(r"\d"))
    expect(ana.locator("[data-key=rotations]")).to_contain_text("5")
    assert _status_rows(ana) <= 2  # the figures on one line, the news on the next
    # A while without a play: the phone asks the room, and lights the card it names.
    hinted = ana.locator(".card-face.hint")
    expect(hinted).to_have_count(1, timeout=8000)
    keep(ana, shots, f"peanuts-phone-hint-{label}")
    card = hinted.get_attribute("data-card")
    hinted.click()
    expect(ana.locator(f"button.card-face.hint[data-card='{card}']")).to_have_count(0)
    assert fits_screen(ana)
    expect_no_js_errors(ana, bruno)


def test_foundation_chips_are_44_px_targets_and_a_picked_card_stays_readable(
    browser: Any, base_url: str, shots: Path
) -> None:
    _room, ana, bruno = _two_phones(browser, base_url, PHONE_TALL, hint_seconds=0)
    ana.click(f"button[data-card='{ACE}']")
    chip = ana.locator(f".foundations [data-card='{ACE}']")
    expect(chip).to_be_visible()
    ana.click("[data-key=choose]")
    ana.click(f"button[data-card='{EIGHT}']")
    picked = ana.locator(".card-face.picked")
    expect(picked).to_have_count(1)
    keep(ana, shots, "peanuts-phone-picked-390x844")
    target = ana.locator("[data-key=target-f0]")
    box = target.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
    colours = picked.evaluate(
        "el => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]"
    )
    assert colours[0] in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)") or "255, 255" in colours[0]
    expect_no_js_errors(ana, bruno)


def test_choosing_a_place_says_so_and_ends_with_a_cancelled_or_refused_pick(
    browser: Any, base_url: str, shots: Path
) -> None:
    _room, ana, bruno = _two_phones(browser, base_url, PHONE_SMALL, hint_seconds=0)
    choose = ana.locator("[data-key=choose]")
    choose.click()
    expect(ana.locator(".race-status [data-key=note]")).to_be_visible()
    keep(ana, shots, "peanuts-phone-choosing-360x640")
    ana.click(f"button[data-card='{EIGHT}']")
    ana.click("[data-key=cancel]")
    expect(choose).to_have_attribute("aria-pressed", "false")
    choose.click()
    ana.click(f"button[data-card='{ACE}']")
    ana.click("[data-key=target-b0]")  # an Ace on a building pile: refused
    expect(ana.locator(".race-status .note")).to_contain_text("cannot go there")
    expect(choose).to_have_attribute("aria-pressed", "false")
    expect_no_js_errors(ana, bruno)


def test_the_stock_button_holds_on_one_line_in_french(browser: Any, base_url: str) -> None:
    _room, ana, bruno = _two_phones(browser, base_url, PHONE_TALL, hint_seconds=0)
    height, size = ana.locator("[data-key=flip] .flip-text").evaluate(
        "el => [el.offsetHeight, parseFloat(getComputedStyle(el).fontSize)]"
    )
    assert height < 2 * size + 4, (height, size)  # one line of text, not two
    expect_no_js_errors(ana, bruno)


def test_a_phone_whose_seat_moved_to_another_screen_shows_no_round_trip_dot(
    browser: Any, base_url: str, shots: Path
) -> None:
    room, ana, bruno = _two_phones(browser, base_url, PHONE_TALL, hint_seconds=0)
    expect(bruno.locator("#rtt")).not_to_be_empty(timeout=8000)
    other = bruno.context.new_page()
    other.goto(room["join_url"])
    expect(other.locator(".reserve")).to_be_visible()
    expect(bruno.locator("#rtt")).to_have_count(0)
    keep(bruno, shots, "peanuts-phone-moved-390x844")
    expect_no_js_errors(ana, bruno)


def _status_rows(page: Any) -> int:
    """How many lines the round's status takes (2: its figures, then one line of news). An item
    whose middle falls within a line already counted is on that line, wherever the status sits
    on the page (a guided game's hint above it moves it down)."""
    return int(
        page.evaluate(
            """() => {
              const lines = [];
              for (const e of document.querySelectorAll('.race-status > *')) {
                const r = e.getBoundingClientRect();
                const middle = (r.top + r.bottom) / 2;
                if (!lines.some(([top, bottom]) => middle >= top && middle <= bottom)) {
                  lines.push([r.top, r.bottom]);
                }
              }
              return lines.length;
            }"""
        )
    )


def test_the_race_line_names_every_player_of_the_other_team(
    browser: Any, base_url: str, shots: Path
) -> None:
    room = create_room(base_url, seed=SEED, teams=1, stall_seconds=90, hint_seconds=0)
    ana = new_page(browser, PHONE_SMALL)
    store_host_token(ana, base_url, room)
    join(ana, room["join_url"], "Ana")
    for _ in range(3):
        ana.click("[data-key=add-bot]")
    expect(ana.locator(".lobby-player")).to_have_count(4)
    ana.click("[data-key=start]")
    playing(ana)
    other = ana.locator("[data-key=others] .other")
    expect(other).to_have_count(1)
    expect(other).to_contain_text("Bot 2")
    expect(other).to_contain_text("Bot 3")
    keep(ana, shots, "peanuts-phone-teams-360x640")
    expect_no_js_errors(ana)


#: Taps the stock 60 times and then every top card but the Ace, all at once: far past the room's
#: burst. The Ace is kept for after: the first taps fit in the burst, and an Ace among them could
#: reach a foundation before the room starts refusing.
FLOOD = """(ace) => {
  const flip = document.querySelector("[data-key=flip]");
  for (let i = 0; i < 60; i += 1) flip.click();
  for (const card of document.querySelectorAll("button.card-face.top")) {
    if (card.dataset.card !== String(ace)) card.click();
  }
}"""


@pytest.mark.parametrize("size", [PHONE_SMALL, PHONE_TALL], ids=["360x640", "390x844"])
def test_cards_tapped_too_fast_come_back_with_a_word_and_play_again(
    browser: Any, base_url: str, shots: Path, size: dict[str, int]
) -> None:
    label = f"{size['width']}x{size['height']}"
    _room, ana, bruno = _two_phones(browser, base_url, size)
    ana.evaluate(FLOOD, ACE)
    # Every card tapped in the flood goes back to its place, and the phone says why.
    expect(ana.locator("[data-key=note]")).to_contain_text(re.compile("Too fast|Trop vite"))
    expect(ana.locator("button.card-face.top.flying")).to_have_count(0)
    keep(ana, shots, f"peanuts-phone-too-fast-{label}-after")
    # Once the room takes messages again (the word gone), a card tapped is played as ever.
    expect(ana.locator("[data-key=note]")).to_have_count(0)
    ace = ana.locator(f"button.card-face.top[data-card='{ACE}']")
    played = ana.locator(f"[data-key=foundations] [data-card='{ACE}']")
    expect(ace).to_have_count(1)
    # As a person would: tap, and should the room still be catching its breath (the card back
    # with "too fast" again), wait for the word to go and tap again.
    for _ in range(5):
        ace.click()
        try:
            expect(played).to_have_count(1, timeout=3000)
            break
        except AssertionError:
            expect(ana.locator("[data-key=note]")).to_have_count(0, timeout=10_000)
    expect(played).to_have_count(1)
    expect_no_js_errors(ana, bruno)
