"""Every game's lobby as a party meets it: on the TV (1920×1080 and 1280×720) and on phones
(390×844 and 360×640, touch). The lobby names its game; the host's Save settings stays in sight
above the TV's footer with the full list of settings open; a yes/no setting is a switch and a
choice a select; the phone's bar shows a 6-letter name whole; and the name field stops at its
limit and says so.
"""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import (
    add_bots,
    expect_no_js_errors,
    keep,
    new_page,
    post_room,
    save_past_the_forms_checks,
    store_host_token,
)
from playwright.sync_api import Browser, Page, expect

GAMES = {"peanut-club": "Peanut Club", "peanuts": "Peanuts!", "nur-peanuts": "Nur Peanuts!"}
TVS = [{"width": 1920, "height": 1080}, {"width": 1280, "height": 720}]
PHONES = [{"width": 390, "height": 844}, {"width": 360, "height": 640}]


def size(viewport: dict[str, int]) -> str:
    return f"{viewport['width']}x{viewport['height']}"


def open_room(base_url: str, game: str, **settings: Any) -> dict[str, Any]:
    """POST /api/rooms for `game` with its default settings (and any given)."""
    return post_room(base_url, {"game": game, **settings})


def settings_of(base_url: str, code: str) -> dict[str, Any]:
    """The room's settings as its public summary gives them."""
    with urllib.request.urlopen(f"{base_url}/api/rooms/{code}", timeout=5) as res:
        found: dict[str, Any] = json.load(res)["settings"]
    return found


def eventually(check: Callable[[], bool], tries: int = 100) -> bool:
    """True once `check` holds (the host's change takes a round trip to apply); polled, never
    timed."""
    for _ in range(tries):
        if check():
            return True
        time.sleep(0.05)
    return False


def device(
    browser: Browser, viewport: dict[str, int], *, touch: bool = False, locale: str = "en-US"
) -> Page:
    """A TV or (touch) phone page that reports its script errors."""
    return new_page(browser, viewport, locale, touch=touch, mobile=touch)


def host_tv(
    browser: Browser, base_url: str, room: dict[str, Any], viewport: dict[str, int]
) -> Page:
    page = device(browser, viewport)
    store_host_token(page, base_url, room)
    page.goto(room["tv_url"])
    expect(page.locator(".lobby")).to_be_visible()
    return page


def host_phone(
    browser: Browser,
    base_url: str,
    room: dict[str, Any],
    viewport: dict[str, int],
    name: str,
    locale: str = "en-US",
) -> Page:
    page = device(browser, viewport, touch=True, locale=locale)
    store_host_token(page, base_url, room)
    page.goto(room["join_url"])
    page.fill("#name", name)
    page.click("[data-key=join]")
    expect(page.locator(".lobby")).to_be_visible()
    return page


def open_settings(page: Page) -> None:
    page.locator("details.settings > summary").click()
    expect(page.locator("[data-key=save-settings]")).to_be_visible()


def reachable(page: Page, selector: str) -> bool:
    """The element is wholly on screen and is what a tap at its middle lands on (nothing, such
    as the TV's footer, lies over it)."""
    found: bool = page.locator(selector).evaluate(
        """(el) => {
          const r = el.getBoundingClientRect();
          const out = r.top < 0 || r.bottom > innerHeight || r.right > innerWidth;
          if (r.width === 0 || out) return false;
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return hit === el || el.contains(hit);
        }"""
    )
    return found


@pytest.mark.parametrize("viewport", TVS, ids=size)
@pytest.mark.parametrize("game", list(GAMES))
def test_tv_lobby_keeps_save_settings_above_the_footer_with_a_full_table(
    browser: Browser, base_url: str, shots: Path, game: str, viewport: dict[str, int]
) -> None:
    room = open_room(base_url, game)
    tv = host_tv(browser, base_url, room, viewport)
    add_bots(tv, 6)
    open_settings(tv)
    assert reachable(tv, "[data-key=save-settings]"), "Save settings is hidden"
    foot = tv.locator("#foot").bounding_box()
    save = tv.locator("[data-key=save-settings]").bounding_box()
    assert foot is not None and save is not None
    assert save["y"] + save["height"] <= foot["y"]
    if game == "peanuts":
        keep(tv, shots, f"peanuts-lobby-tv-{size(viewport)}-after")
    expect_no_js_errors(tv)


@pytest.mark.parametrize("game", list(GAMES))
def test_phone_host_lobby_reaches_save_settings_at_360x640(
    browser: Browser, base_url: str, game: str
) -> None:
    room = open_room(base_url, game)
    phone = host_phone(browser, base_url, room, PHONES[1], "Benoît")
    open_settings(phone)
    phone.locator("[data-key=save-settings]").scroll_into_view_if_needed()
    assert reachable(phone, "[data-key=save-settings]")
    expect_no_js_errors(phone)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_lobby_names_its_game_on_the_tv_and_on_the_phones(
    browser: Browser, base_url: str, game: str
) -> None:
    room = open_room(base_url, game)
    tv = host_tv(browser, base_url, room, TVS[0])
    expect(tv.locator(".lobby-game")).to_have_text(GAMES[game])
    assert reachable(tv, ".lobby-game")
    for viewport in PHONES:
        phone = device(browser, viewport, touch=True, locale="fr-FR")
        phone.goto(room["join_url"])
        phone.fill("#name", f"Zoé{viewport['width']}")
        phone.click("[data-key=join]")
        expect(phone.locator(".lobby-game")).to_have_text(GAMES[game])
        assert reachable(phone, ".lobby-game")
        expect_no_js_errors(phone)
        phone.context.close()
    expect_no_js_errors(tv)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_phone_bar_shows_a_six_letter_name_whole_at_360x640(
    browser: Browser, base_url: str, shots: Path, game: str
) -> None:
    room = open_room(base_url, game)
    phone = host_phone(browser, base_url, room, PHONES[1], "Benoît")
    # The round trip is measured and shown in the bar too: the name must still fit.
    phone.wait_for_function("() => (document.getElementById('rtt') || {}).textContent")
    me = phone.locator(".bar .me")
    expect(me).to_have_text("Benoît")
    # Room codes differ in width ("LTXR" against "MWMW"): measure with the widest one.
    cut = me.evaluate(
        """(el) => {
            const room = document.querySelector(".bar .room");
            room.textContent = room.textContent.replace(/[A-Z]{4}$/, "MWMW");
            return el.scrollWidth > el.clientWidth;
        }"""
    )
    assert not cut, "the name in the bar is cut short"
    if game == "nur-peanuts":
        keep(phone, shots, "nur-peanuts-lobby-phone-360x640-after")
    expect_no_js_errors(phone)


def test_the_name_field_stops_at_20_characters_and_says_so(
    browser: Browser, base_url: str, shots: Path
) -> None:
    room = open_room(base_url, "peanuts")
    phone = device(browser, PHONES[1], touch=True)
    phone.goto(room["join_url"])
    field = phone.locator("#name")
    expect(phone.locator("#name-help")).to_have_text("Up to 20 characters.")
    field.fill("")
    field.press_sequentially("Maximilienne-Charlot")  # 20 letters: the most a name takes
    field.press_sequentially("te")  # two more: the field takes none of them
    expect(field).to_have_value("Maximilienne-Charlot")
    help_line = phone.locator("#name-help")
    expect(help_line).to_have_text("That is the longest a name can be: 20 characters.")
    assert reachable(phone, "#name-help")
    keep(phone, shots, "peanuts-join-name-limit-360x640-after")
    phone.click("[data-key=join]")
    expect(phone.locator(".bar .me")).to_have_text("Maximilienne-Charlot")
    expect_no_js_errors(phone)


def test_teams_is_a_switch_and_the_board_a_select_with_the_games_labels(
    browser: Browser, base_url: str
) -> None:
    peanuts = open_room(base_url, "peanuts")
    tv = host_tv(browser, base_url, peanuts, TVS[1])
    open_settings(tv)
    switch = tv.locator("[data-key=set-teams]")
    expect(switch).to_have_attribute("role", "switch")
    expect(switch).not_to_be_checked()
    switch.click()
    expect(switch).to_be_checked()
    tv.click("[data-key=save-settings]")
    expect(tv.locator("[data-key=set-teams]")).to_be_checked()
    assert eventually(lambda: settings_of(base_url, peanuts["code"])["teams"] is True)

    nur = open_room(base_url, "nur-peanuts")
    phone = host_phone(browser, base_url, nur, PHONES[0], "Ana", locale="fr-FR")
    open_settings(phone)
    board = phone.locator("[data-key=set-board]")
    labels = board.locator("option").all_inner_texts()
    assert labels == ["Ordre des valeurs habituel", "Valeurs mélangées"]
    board.select_option("random")
    phone.click("[data-key=save-settings]")
    assert eventually(lambda: settings_of(base_url, nur["code"])["board"] == "random")
    expect_no_js_errors(tv, phone)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_tv_marks_a_refused_setting_and_closes_the_settings_once_saved(
    browser: Browser, base_url: str, game: str
) -> None:
    """On every game's TV: a value the room refuses is marked and the room's own value comes
    back; a value it takes closes the settings, and the join column (room code, where phones
    join) is back in their place."""
    room = open_room(base_url, game)
    tv = host_tv(browser, base_url, room, TVS[1])
    open_settings(tv)
    expect(tv.locator(".tv-join")).to_be_hidden()
    field = tv.locator(".settings-form input[type=number]").first
    kept = field.input_value()
    field.fill("99999")
    save_past_the_forms_checks(tv)
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_value(kept)
    taken = str(int(float(kept)) + 1)
    field.fill(taken)
    tv.click("[data-key=save-settings]")
    expect(tv.locator("details.settings")).not_to_have_attribute("open", "")
    expect(tv.locator(".tv-join")).to_be_visible()
    key = (field.get_attribute("id") or "").removeprefix("set-")
    assert float(settings_of(base_url, room["code"])[key]) == float(taken)
    expect_no_js_errors(tv)


@pytest.mark.parametrize("locale", ["en-US", "fr-FR"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_handicap_select_stays_inside_its_seat_on_a_360_phone(
    browser: Browser, base_url: str, game: str, locale: str
) -> None:
    """The host's phone offers a handicap beside each person's seat: the select and its title
    stay within the seat's row and the screen, the select on a line of its own if need be."""
    room = open_room(base_url, game)
    phone = host_phone(browser, base_url, room, PHONES[1], "Ana", locale=locale)
    select = phone.locator(".lobby-player select")
    expect(select).to_have_count(1)
    row = phone.locator(".lobby-player").first.bounding_box()
    box = select.bounding_box()
    width = phone.evaluate("innerWidth")
    assert row is not None and box is not None
    assert box["x"] >= row["x"] and box["x"] + box["width"] <= row["x"] + row["width"] + 1, (
        box,
        row,
    )
    assert box["x"] + box["width"] <= width, (box, width)
    assert phone.evaluate("document.documentElement.scrollWidth") <= width
    expect_no_js_errors(phone)
