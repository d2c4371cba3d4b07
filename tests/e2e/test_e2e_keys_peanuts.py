"""Peanuts! by keyboard alone, and what its live regions say.

Seed 1784 deals Ana (seat 0) the Ace of diamonds on her peanuts pile, the two of diamonds on
her third building pile and, under the Ace, the six of diamonds, which fits her fourth pile's
black seven. Against an easy bot she plays with `page.keyboard` only: Tab and Enter send the
peanuts Ace to a new foundation, the key 3 sends the two onto it, "Choose a place" (Enter), the
peanuts card (Enter) and the fourth pile (Enter) lay the six on the seven, Turn 3 by Tab and
Enter and by T, Stuck by S and its button by Enter, a pick with Shift+W put down with Escape. The
focus stays on her cards when the one it was on goes. The "Peanuts!" call is pressed by Enter
on a room of the test's own (an empty peanuts pile takes a whole round to reach), where the
races lost and won are said too, in English and French.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from e2e_helpers import Line, expect_no_js_errors, new_page, store_host_token
from keys_helpers import focused, listen, press_on, tab_to, wait_said
from peanuts_helpers import PHONE_SMALL, QUICK, create_room, playing
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

SEED = 1784
DIAMOND_ACE, DIAMOND_TWO, DIAMOND_SIX = 26, 27, 31


def card(page: Page, key: str) -> int | None:
    """The id of the card shown under `data-key` (None when there is none)."""
    found = page.locator(f"[data-key='{key}']")
    if not found.count():
        return None
    value = found.get_attribute("data-card")
    return None if value is None else int(value)


def seat_and_start(page: Page, name: str) -> None:
    """The host's lobby by keyboard: name, Join, an easy bot, Start."""
    tab_to(page, "#name")
    page.keyboard.type(name)
    page.keyboard.press("Enter")
    expect(page.locator(".lobby")).to_be_visible()
    tab_to(page, "#bot-level")
    while page.locator("#bot-level").input_value() != "easy":
        page.keyboard.press("ArrowUp")
    press_on(page, "[data-key=add-bot]")
    expect(page.locator(".lobby-player")).to_have_count(2)
    press_on(page, "[data-key=start]")


def test_a_round_of_peanuts_played_by_keyboard_alone(browser: Any, base_url: str) -> None:
    room = create_room(base_url, seed=SEED, hint_seconds=0)
    page = new_page(browser, PHONE_SMALL)
    store_host_token(page, base_url, room)
    page.goto(room["join_url"])
    listen(page)
    seat_and_start(page, "Ana")
    watcher = Line(base_url, room["code"], {"type": "watch"})
    playing(page)
    # "Go!" is everyone's turn: said at once.
    wait_said(page, "Round 1: go!", "alert")
    assert card(page, "peanuts") == DIAMOND_ACE

    # Tab to the peanuts card, Enter: the Ace opens a foundation; the focus stays on the pile.
    press_on(page, "[data-key=peanuts]")
    expect(page.locator("[data-key=peanuts]")).to_have_attribute("data-card", str(DIAMOND_SIX))
    expect(page.locator(".fnd [data-card='26']")).to_have_count(1)
    assert focused(page) == "peanuts"

    # The key 3 plays the third building pile's top (the two) where it goes: on the Ace.
    assert card(page, "b2") == DIAMOND_TWO
    page.keyboard.press("3")
    expect(page.locator(".fnd [data-card='27']")).to_have_count(1)

    # Choose a place: the peanuts six, then the fourth pile. The target the focus was on goes
    # with the move; the focus comes back to the peanuts pile, not to the page's body.
    press_on(page, "[data-key=choose]")
    press_on(page, "[data-key=peanuts]")
    expect(page.locator("[data-key=target-f]")).to_be_focused()
    press_on(page, "[data-key=target-b3]")
    expect(page.locator("[data-key=b3]")).to_have_attribute("data-card", str(DIAMOND_SIX))
    expect(page.locator("[data-key=target-b3]")).to_have_count(0)
    assert focused(page) in ("peanuts", "waste", "b0", "b1", "b2", "b3", "flip"), focused(page)

    # Turn 3 from the stock: by Tab and Enter, then by T.
    press_on(page, "[data-key=flip]")
    expect(page.locator("[data-key=waste]")).to_have_count(1)
    first = card(page, "waste")
    page.keyboard.press("t")
    expect(page.locator("[data-key=waste]")).not_to_have_attribute("data-card", str(first))

    # Stuck by S, then its button by Enter: each reaches the room (the bot's next card may
    # clear a declaration at any moment, so the test counts Ana's declarations as the room
    # tells them rather than the button's state).
    def ana_stuck() -> list[bool]:
        return [e["on"] for e in watcher.events if e["type"] == "stuck" and e["seat"] == 0]

    page.keyboard.press("s")
    watcher.until(lambda s: ana_stuck() == [True], seconds=5)
    press_on(page, "[data-key=stuck]")
    watcher.until(lambda s: len(ana_stuck()) == 2, seconds=5)

    # Shift+W picks the waste card (every place it may go becomes a target), Escape puts it
    # down; W plays it where it goes (or says it goes nowhere).
    page.keyboard.press("Shift+W")
    expect(page.locator("[data-key=target-f]")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("[data-key=target-f]")).to_have_count(0)
    page.keyboard.press("w")

    # The "Keys" help lists the game's own keys.
    page.keyboard.press("?")
    expect(page.locator("[data-key=keys-panel]")).to_contain_text("T turns the stock")
    page.keyboard.press("Escape")
    expect(page.locator("[data-key=keys-panel]")).to_have_count(0)
    watcher.close()
    expect_no_js_errors(page)


def seated_view(code: str, peanuts_left: int | None = None) -> dict[str, Any]:
    """Seat 0's whole view of a fresh round of seed SEED, as the room sends it; with
    `peanuts_left` 0, its peanuts pile played out (the call is Ana's to make)."""
    from peanutclub.games.peanuts import Peanuts
    from peanutclub.games.peanuts.engine import StartPlay

    settings = Peanuts.Settings(**QUICK)
    table = Peanuts(2, SEED, settings)
    table.apply(StartPlay())
    view = json.loads(json.dumps({**table.public_view(), "you": table.private_view(0)}))
    view["players"] = [
        {**p, "name": ["Ana", "Bruno"][p["seat"]], "connected": True, "bot": None}
        for p in view["players"]
    ]
    if peanuts_left == 0:
        view["players"][0]["peanuts"] = {"top": None, "left": 0}
    view.update(
        game="peanuts",
        code=code,
        settings=settings.model_dump(),
        host_seat=1,
        deadline=None,
        deadline_kind=None,
        now=0,
    )
    return view


class FakeRoom:
    """The room's socket answered by the test: Ana's join gets seat 0 and `view`; each move is
    refused as a lost race (`pile_changed`, with its ref); `photo_finish(...)` sends a frame
    that says a race she won. What the page sent is kept in `sent`."""

    def __init__(self, page: Page, view: dict[str, Any]) -> None:
        self.sent: list[dict[str, Any]] = []
        self.view = view
        self.socket: Any = None
        page.route_web_socket("**/ws/*", self.handler)

    def handler(self, ws: Any) -> None:
        self.socket = ws

        def on_message(message: str | bytes) -> None:
            msg = json.loads(message)
            if msg.get("type") == "ping":
                ws.send(json.dumps({"type": "pong", "t": msg.get("t"), "now": 0}))
            elif msg.get("type") in ("join", "resume"):
                welcome = {"type": "welcome", "seq": 1, "seat": 0, "token": "t", "host": False}
                ws.send(json.dumps({**welcome, "state": self.view}))
            else:
                self.sent.append(msg)
                if msg.get("type") == "move":
                    refusal = {"type": "error", "code": "pile_changed", "message": "Too late."}
                    ws.send(json.dumps({**refusal, "ref": msg.get("ref")}))

        ws.on_message(on_message)

    def photo_finish(self) -> None:
        event = {"type": "photo_finish", "card": 60, "pile": 0, "winner": 0, "loser": 1}
        frame = {
            "type": "state",
            "seq": 2,
            "state": self.view,
            "events": [{**event, "margin_ms": 12}],
        }
        self.socket.send(json.dumps(frame))


def fake_room(browser: Any, base_url: str, locale: str, **view: Any) -> tuple[Page, FakeRoom]:
    room = create_room(base_url)
    page = new_page(browser, PHONE_SMALL, locale)
    served = FakeRoom(page, seated_view(room["code"], **view))
    page.goto(room["join_url"])
    listen(page)
    tab_to(page, "#name")
    page.keyboard.type("Ana")
    page.keyboard.press("Enter")
    expect(page.locator("[data-key=peanuts], [data-key=call]").first).to_be_visible()
    return page, served


def test_the_peanuts_call_by_keyboard(browser: Any, base_url: str) -> None:
    page, served = fake_room(browser, base_url, "en-US", peanuts_left=0)
    press_on(page, "[data-key=call]")
    page.wait_for_timeout(200)
    assert {"type": "peanuts"} in [{"type": m["type"]} for m in served.sent], served.sent
    expect_no_js_errors(page)


@pytest.mark.parametrize(
    ("locale", "lost", "won"),
    [
        ("en-US", "Lost the race", "You won the race against Bruno by 12 ms."),
        ("fr-FR", "Course perdue", "Course gagnée contre Bruno de 12 ms."),
    ],
)
def test_the_live_region_says_a_race_lost_and_a_race_won(
    browser: Any, base_url: str, locale: str, lost: str, won: str
) -> None:
    page, served = fake_room(browser, base_url, locale)
    page.keyboard.press("p")  # the room answers: another card got there first
    wait_said(page, lost)
    served.photo_finish()
    wait_said(page, won)
    expect_no_js_errors(page)


def test_the_focus_comes_back_to_a_card_when_its_target_goes(browser: Any, base_url: str) -> None:
    """The pile Ana sent a picked card to stops being a target once the card is laid: the
    focus goes to one of her cards, not to the page's body."""
    room = create_room(base_url, seed=SEED, hint_seconds=0)
    page = new_page(browser, PHONE_SMALL)
    store_host_token(page, base_url, room)
    page.goto(room["join_url"])
    seat_and_start(page, "Ana")
    playing(page)
    press_on(page, "[data-key=peanuts]")
    expect(page.locator("[data-key=peanuts]")).to_have_attribute("data-card", str(DIAMOND_SIX))
    press_on(page, "[data-key=choose]")
    press_on(page, "[data-key=peanuts]")
    press_on(page, "[data-key=target-b3]")
    expect(page.locator("[data-key=b3]")).to_have_attribute("data-card", str(DIAMOND_SIX))
    # (the peanuts pile's next card is face down until the room turns it: another top card
    # of hers may take the focus meanwhile)
    assert focused(page) in ("peanuts", "waste", "b0", "b1", "b2", "b3", "flip"), focused(page)
