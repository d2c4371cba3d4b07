"""Each phone's end card, in all three games: when a game is over, every seated phone shows its
own place (from the evening's placings of the game just closed), this game's awards where the
game has them, and the night so far with its own line marked; the host's phone has the next
game and Play again at the top, above the fold, and the other phone says it waits for the host.
At 390x844 and 360x640, in English and once in French.

The games are short bot games: two phones join, the game starts, both phones step away and the
host hands their seats to bots, which play it to the end; the phones come back to the end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import Line, expect_no_js_errors, join, keep, new_page, post_room, store_host_token
from party_phone_helpers import in_view
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

TALL = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 640}

#: Each game's short settings (development mode lifts the bounds) and a fixed seed.
GAMES: dict[str, dict[str, Any]] = {
    "peanut-club": {"going_step_seconds": 0.01, "idle_seconds": 0.03, "pay_seconds": 60},
    "peanuts": {
        "target_score": 25,
        "countdown_seconds": 1,
        "between_rounds_seconds": 0.3,
        "stall_seconds": 1,
    },
    "nur-peanuts": {"turn_seconds": 60, "stone_step_seconds": 0.02, "between_rounds_seconds": 0.2},
}

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


def phone(
    browser: Browser,
    base_url: str,
    room: dict[str, Any],
    size: dict[str, int],
    name: str,
    host: bool,
) -> Page:
    page = new_page(browser, size, touch=True, mobile=True)
    if host:
        store_host_token(page, base_url, room)
    join(page, f"{base_url}/r/{room['code']}", name)
    return page


def played_to_the_end(
    browser: Browser, base_url: str, game: str, seed: int, ready: str = "[data-key=end-card]"
) -> tuple[dict[str, Any], Page, Page, dict[str, Any]]:
    """Ana (the host, 390x844) and Bo (360x640) at a table with one bot; bots play both phones'
    seats to the end; the phones are back on the room's page. The room, the two pages and the
    last view the host saw."""
    room = post_room(base_url, {"game": game, "seed": seed, **GAMES[game]})
    ana = phone(browser, base_url, room, TALL, "Ana", host=True)
    bo = phone(browser, base_url, room, SMALL, "Bo", host=False)
    host = Line(base_url, room["code"], {"type": "watch", "host_token": room["host_token"]})
    try:
        host.send({"type": "add_bot", "level": "normal"})
        host.until(lambda s: len(s["players"]) == 3)
        host.send({"type": "start"})
        host.until(lambda s: s["phase"] != "lobby")
        for page in (ana, bo):
            page.goto("about:blank")
        host.until(lambda s: not any(p["connected"] for p in s["players"][:2]))
        for seat in (0, 1):
            host.send({"type": "add_bot", "level": "normal", "seat": seat})
        state = host.until(lambda s: s["phase"] == "over", seconds=120)
    finally:
        host.close()
    for page in (ana, bo):
        page.goto(f"{base_url}/r/{room['code']}")
        expect(page.locator(ready).first).to_be_visible()
    return room, ana, bo, state


def own_place(state: dict[str, Any], seat: int) -> tuple[int, bool]:
    """The seat's place in the game just closed and whether another player shares it."""
    placings = {p["seat"]: p["place"] for p in state["evening"]["games"][-1]["placings"]}
    place = placings[seat]
    return place, sum(1 for p in placings.values() if p == place) > 1


def place_text(state: dict[str, Any], seat: int) -> str:
    place, shared = own_place(state, seat)
    if place == 1:
        return "You share the win!" if shared else "You won!"
    n = len(state["evening"]["games"][-1]["placings"])
    if shared:
        return f"You share {ORDINALS[place]} place of {n}."
    return f"You finished {ORDINALS[place]} of {n}."


def night_rows(page: Page) -> list[tuple[bool, str]]:
    """(mine?, name) per line of the night so far, top to bottom."""
    found: list[list[Any]] = page.locator("[data-key=night] li").evaluate_all(
        """rs => rs.map(r => [r.classList.contains('me'),
            r.querySelector('.night-name').textContent])"""
    )
    return [(bool(a), str(b)) for a, b in found]


def fits(page: Page) -> bool:
    """No horizontal overflow."""
    return bool(page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"))


def check_card(page: Page, state: dict[str, Any], seat: int, host: bool) -> None:
    card = page.locator("[data-key=end-card]")
    expect(card.locator("[data-key=end-place]")).to_have_text(place_text(state, seat))
    standings = state["evening"]["standings"]
    names = [s["name"] for s in standings]
    assert night_rows(page) == [(s["seat"] == seat, s["name"]) for s in standings], names
    expect(page.locator("[data-key=night] li.me .night-you")).to_be_visible()
    if host:
        # Next game and Play again at the top of the screen, above everything else.
        assert in_view(page, "[data-key=next-game-go], [data-key=rematch]") == []
        top = page.locator("[data-key=end-host]").bounding_box()
        below = card.bounding_box()
        assert top is not None and below is not None and top["y"] < below["y"]
        expect(page.locator("[data-key=end-wait]")).to_have_count(0)
    else:
        expect(page.locator("[data-key=end-wait]")).to_be_visible()
        expect(page.locator("[data-key=rematch]")).to_have_count(0)
        expect(page.locator("[data-key=next-game]")).to_have_count(0)
    assert fits(page)


@pytest.mark.parametrize(
    ("game", "seed"), [("peanut-club", 5), ("peanuts", 31), ("nur-peanuts", 4)]
)
def test_each_phone_shows_its_end_card(
    browser: Browser, base_url: str, shots: Path, game: str, seed: int
) -> None:
    room, ana, bo, state = played_to_the_end(browser, base_url, game, seed)
    try:
        expect(ana.locator("[data-key=next-game-go]")).to_be_visible()  # the games are listed
        check_card(ana, state, 0, host=True)
        check_card(bo, state, 1, host=False)
        if game == "peanut-club":
            awards = state.get("awards") or []
            assert awards, "this seed's game gives awards"
            expect(ana.locator("[data-key=end-card] .award")).to_have_count(len(awards))
        keep(ana, shots, f"{game}-endcard-390x844-after")
        keep(bo, shots, f"{game}-endcard-360x640-after")
        # The link to this game's own history names its record.
        record = state["evening"]["games"][-1]["record"]
        href = ana.locator("[data-key=end-history]").get_attribute("href")
        assert href == f"/r/{room['code']}/history/{record}"
        expect_no_js_errors(ana, bo)
    finally:
        for page in (ana, bo):
            page.context.close()


def test_the_end_card_in_french_fits_the_small_phone(
    browser: Browser, base_url: str, shots: Path
) -> None:
    _, ana, bo, state = played_to_the_end(browser, base_url, "peanut-club", 5)
    try:
        for page in (ana, bo):
            page.click("button.lang")
        expect(bo.locator("[data-key=night] h3")).to_have_text("La soirée jusqu'ici")
        expect(bo.locator("[data-key=end-wait]")).to_contain_text("L'hôte choisit la suite")
        place, shared = own_place(state, 1)
        n = len(state["evening"]["games"][-1]["placings"])
        if place == 1:
            french = "Victoire partagée !" if shared else "Vous avez gagné !"
        elif shared:
            french = f"Vous partagez la {place}e place sur {n}."
        else:
            french = f"Vous finissez {place}e sur {n}."
        expect(bo.locator("[data-key=end-place]")).to_have_text(french)
        assert fits(ana) and fits(bo)
        assert in_view(ana, "[data-key=next-game-go], [data-key=rematch]") == []
        ana.set_viewport_size(SMALL)
        assert fits(ana)
        assert in_view(ana, "[data-key=next-game-go], [data-key=rematch]") == []
        keep(ana, shots, "peanut-club-endcard-host-fr-360x640-after")
        expect_no_js_errors(ana, bo)
    finally:
        for page in (ana, bo):
            page.context.close()
