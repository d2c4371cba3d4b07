"""Handicaps in Chromium: the host, on a phone (390×844, touch), gives Léo a peanuts pile of 16
beside his seat in the lobby; the TV (1280×720) and a French phone say it beside his name, and
once the game is dealt the TV still says it while his phone shows a pile of 16 cards."""

from __future__ import annotations

from pathlib import Path

from e2e_helpers import (
    Line,
    add_bots,
    expect_no_js_errors,
    keep,
    new_page,
    post_room,
    store_host_token,
)
from playwright.sync_api import Browser, Page, expect

PHONE = {"width": 390, "height": 844}
TV = {"width": 1280, "height": 720}


def phone(browser: Browser, locale: str = "en-US") -> Page:
    return new_page(browser, PHONE, locale, touch=True, mobile=True)


def test_the_host_gives_a_seat_a_handicap_and_the_tv_shows_it(
    browser: Browser, base_url: str, shots: Path
) -> None:
    room = post_room(base_url, {"game": "peanuts", "countdown_seconds": 1})
    host = phone(browser)
    store_host_token(host, base_url, room)
    host.goto(room["join_url"])
    host.fill("#name", "Mamie")
    host.click("[data-key=join]")
    guest = phone(browser, "fr-FR")
    guest.goto(room["join_url"])
    guest.fill("#name", "Léo")
    guest.click("[data-key=join]")
    expect(host.locator(".lobby-player")).to_have_count(2)
    add_bots(host, 1)
    tv = new_page(browser, TV)
    tv.goto(room["tv_url"])
    expect(tv.locator(".lobby-player")).to_have_count(3)

    # a bot's seat offers no handicap; a person's offers the game's steps, the rule chosen
    expect(host.locator("[data-key=handicap-pile-2]")).to_have_count(0)
    pick = host.locator("[data-key=handicap-pile-1]")
    expect(pick).to_have_value("13")
    assert pick.locator("option").all_inner_texts() == [
        "10 cards (a head start)",
        "13 cards (the rule)",
        "16 cards (a handicap)",
    ]
    pick.select_option("16")

    said = "Peanuts pile: 16 cards (a handicap)"
    expect(tv.locator("[data-key=handicap-1-pile]")).to_have_text(said)
    expect(guest.locator("[data-key=handicap-1-pile]")).to_have_text(
        "Tas de peanuts : 16 cartes (un handicap)"
    )
    expect(tv.locator("[data-key=handicap-0-pile]")).to_have_count(0)
    expect(pick).to_have_value("16")  # the host's own phone says it in the select
    keep(host, shots, "peanuts-handicap-lobby-390x844-after")
    keep(tv, shots, "peanuts-handicap-tv-lobby-1280x720-after")

    # the game is dealt with it: Léo's pile has 16 cards, and the TV still says why
    host.click("[data-key=start]")
    expect(tv.locator(".lobby")).to_have_count(0)
    expect(tv.locator("[data-key=handicap-1-pile]").first).to_have_text(said)
    expect(tv.locator("[data-key=handicap-1-pile]").first).to_be_visible()
    expect(guest.get_by_text("encore 16", exact=True)).to_be_visible()  # his own pile
    expect(tv.locator("[data-key=countdown]")).to_have_count(0)  # the race is on
    # his race bar runs from his 16 cards, not the rule's 13
    expect(tv.locator("[data-key=race-1] [role=progressbar]")).to_have_attribute(
        "aria-valuemax", "16"
    )
    expect(tv.locator("[data-key=race-0] [role=progressbar]")).to_have_attribute(
        "aria-valuemax", "13"
    )
    keep(tv, shots, "peanuts-handicap-tv-play-1280x720-after")
    expect_no_js_errors(host, guest, tv)


def test_the_history_page_says_who_had_what_in_english_and_french(
    browser: Browser, base_url: str, shots: Path
) -> None:
    """Nur Peanuts!: Léo starts with 11,700; the host ends the game; its history page (a phone,
    390×844) says so before the game's story, in both languages."""
    room = post_room(base_url, {"game": "nur-peanuts"})
    host = Line(
        base_url, room["code"], {"type": "join", "name": "Mamie", "host_token": room["host_token"]}
    )
    leo = Line(base_url, room["code"], {"type": "join", "name": "Léo"})
    try:
        host.until(lambda s: len(s["players"]) == 2)
        host.send({"type": "settings", "start_cash": {"1": 11700}})
        host.until(lambda s: s["settings"].get("start_cash") == {"1": 11700})
        host.send({"type": "start"})
        host.until(lambda s: s["phase"] != "lobby")
        assert [p["cash"] for p in host.state["players"]] == [9700, 11700]
        host.send({"type": "end_game"})
        host.until(lambda s: s["phase"] == "lobby")
    finally:
        host.close()
        leo.close()
    page = phone(browser)
    page.goto(f"{base_url}/r/{room['code']}/history")
    line = page.locator("[data-key=handicap-1]")
    expect(line).to_have_text("Léo: Starting cash, 11,700 (a big head start)")
    expect(page.locator("[data-key=handicaps] h3")).to_have_text("Handicaps and head starts")
    keep(page, shots, "nur-peanuts-handicap-history-390x844-after")
    page.click("button.lang")
    expect(line).to_have_text("Léo : Argent de départ, 11 700 (un gros coup de pouce)")
    expect_no_js_errors(page)


#: A badge is seen whole: no ancestor that clips its overflow cuts it, and its own text fits.
WHOLE = """(el) => {
  const r = el.getBoundingClientRect();
  if (!r.width || el.scrollWidth > el.clientWidth + 1) return false;
  for (let a = el.parentElement; a; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (s.overflowX === "visible" && s.overflowY === "visible") continue;
    const b = a.getBoundingClientRect();
    const out = r.left < b.left - 1 || r.right > b.right + 1;
    if (out || r.top < b.top - 1 || r.bottom > b.bottom + 1) return false;
  }
  return true;
}"""


def test_the_tv_shows_a_handicap_whole_beside_the_name_during_every_game(
    browser: Browser, base_url: str, shots: Path
) -> None:
    """Peanut Club and Nur Peanuts! cut long names short on the TV (1280×720): the handicap
    beside a name is never cut with it."""
    for game, setting, step, said in (
        (
            "peanut-club",
            "setup_money",
            10,
            "Money drawn at setup: draws 10 more (a big head start)",
        ),
        ("nur-peanuts", "start_cash", 7700, "Starting cash: 7,700 (a big handicap)"),
    ):
        body = {"game": game, "idle_seconds": 0} if game == "peanut-club" else {"game": game}
        room = post_room(base_url, body)
        hello = {"type": "join", "name": "Mamie", "host_token": room["host_token"]}
        lines = [Line(base_url, room["code"], hello)]
        lines += [Line(base_url, room["code"], {"type": "join", "name": n}) for n in ("Léo", "Zoé")]
        try:
            lines[0].until(lambda s: len(s["players"]) == 3)
            lines[0].send({"type": "settings", setting: {"1": step}})
            given = {"1": step}
            lines[0].until(lambda s, name=setting, given=given: s["settings"].get(name) == given)
            tv = new_page(browser, TV)
            tv.goto(room["tv_url"])
            expect(tv.locator(".lobby")).to_be_visible()
            lines[0].send({"type": "start"})
            expect(tv.locator(".lobby")).to_have_count(0)
            badge = tv.locator(f"[data-key=handicap-1-{setting}]").first
            expect(badge).to_have_text(said)
            expect(badge).to_be_visible()
            assert badge.evaluate(WHOLE), f"{game}: the handicap is cut off"
            keep(tv, shots, f"{game}-handicap-tv-1280x720-after")
            expect_no_js_errors(tv)
        finally:
            for line in lines:
                line.close()
