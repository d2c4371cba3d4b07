"""Helpers for the browser tests: pages for phones and the TV, and the moves a player makes.

Every move goes through the page, as a person would: clicks, typing, reading what is shown.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
import urllib.request
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect
from websockets.sync.client import ClientConnection, connect

PHONE = {"width": 360, "height": 640}
TV = {"width": 1920, "height": 1080}
TIMEOUT = 10_000
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def new_page(
    browser: Browser,
    viewport: dict[str, int],
    locale: str = "en-US",
    *,
    touch: bool = False,
    mobile: bool = False,
) -> Page:
    """A page of its own (cookies, storage) that keeps its script errors (`js_errors`); `touch`:
    a phone's touch screen, `mobile`: a phone's browser (its meta viewport honoured)."""
    context = browser.new_context(
        viewport=viewport, locale=locale, has_touch=touch, is_mobile=mobile
    )
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.js_errors = errors  # type: ignore[attr-defined]
    return page


class Relay:
    """A page's WebSocket passed through the test: what the page sends is kept (`sent`); the
    server's frames can be held back (`holding`, then `release()` lets them go in order) or one
    dropped (`drop_next`: the next frame holding that text never arrives). Attach it before the
    page (re)connects."""

    def __init__(self, page: Page) -> None:
        self.sent: list[str] = []
        self.held: list[str | bytes] = []
        self.holding = False
        self.drop_next: str | None = None
        self.sockets: list[Any] = []
        page.route_web_socket("**/ws/*", self._route)

    def _route(self, ws: Any) -> None:
        server = ws.connect_to_server()
        self.sockets.append(ws)

        def from_page(message: str | bytes) -> None:
            self.sent.append(str(message))
            server.send(message)

        def from_server(message: str | bytes) -> None:
            if self.drop_next is not None and self.drop_next in str(message):
                self.drop_next = None
            elif self.holding:
                self.held.append(message)
            else:
                ws.send(message)

        ws.on_message(from_page)
        server.on_message(from_server)

    def release(self) -> None:
        """The held frames, in order; any that come meanwhile join the queue."""
        while self.held:
            self.sockets[-1].send(self.held.pop(0))
        self.holding = False


def save_past_the_forms_checks(page: Page) -> None:
    """Press Save with the form's own checks off, in one step: a render in between (any frame,
    the join panel's addresses arriving) brings the form back to what the page built, checks on,
    and the browser would then keep the value from the server."""
    page.evaluate(
        """() => {
          const form = document.querySelector('.settings-form');
          form.noValidate = true;
          form.querySelector('[data-key=save-settings]').click();
        }"""
    )


def store_host_token(page: Page, base_url: str, room: dict[str, Any]) -> None:
    """What the landing page does after creating a room: keep the host token for that room."""
    page.goto(f"{base_url}/")
    page.evaluate(
        "([code, token]) => localStorage.setItem(`pc.host.${code}`, token)",
        [room["code"], room["host_token"]],
    )


def join(page: Page, url: str, name: str) -> None:
    page.goto(url)
    page.fill("#name", name)
    page.click("[data-key=join]")
    expect(page.locator(".lobby")).to_be_visible()


def column(page: Page) -> list[str]:
    """The currencies as the phone shows them, top of the column first."""
    return page.locator(".bidpanel .col-row").evaluate_all(
        "rows => rows.map(r => r.dataset.currency)"
    )


def free_currencies(page: Page) -> list[str]:
    return page.locator(".bidpanel .col-row:not(.blocked)").evaluate_all(
        "rows => rows.map(r => r.dataset.currency)"
    )


def enabled_bids(page: Page) -> list[str]:
    return page.locator(".bidpanel button.bid:enabled").evaluate_all(
        "bs => bs.map(b => b.dataset.key.slice(4))"
    )


def bid(page: Page, currency: str, raise_by: int = 0) -> str:
    """Tap '+' raise_by times, then the currency's bid button; returns the amount bid."""
    for _ in range(raise_by):
        page.click(f"[data-key=more-{currency}]")
    button = page.locator(f"[data-key=bid-{currency}]")
    label = button.inner_text()
    button.click()
    match = re.search(r"\d+", label)
    return match.group(0) if match else ""


def use_power(
    page: Page,
    power: str,
    currency: str,
    *,
    position: int = 0,
    amount: int = 1,
    before_confirm: Callable[[], None] | None = None,
) -> None:
    """Open a power, choose, and confirm it (the two-step flow of the phone)."""
    page.click(f"[data-key=power-{power}]")
    page.click(f".power-confirm [data-currency={currency}]")
    if power == "crash":
        page.click(f".power-confirm [data-pos='{position}']")
    if power == "a_la_carte":
        for _ in range(amount - 1):
            page.click("[data-key=alc-more]")
    if before_confirm is not None:
        before_confirm()
    page.click("[data-key=power-confirm]")


def expect_no_js_errors(*pages: Page) -> None:
    for p in pages:
        assert p.js_errors == [], p.js_errors  # type: ignore[attr-defined]


def shot(page: Page, folder: Path, name: str, full: bool = False) -> None:
    page.screenshot(path=str(folder / f"{name}.png"), full_page=full)


def keep(page: Page, shots: Path, name: str) -> None:
    """A screenshot for the test's artifacts, copied to the docs when PEANUTCLUB_DOCS_SHOTS is
    set (to refresh them): an ordinary run leaves docs/ alone."""
    shot(page, shots, name)
    if os.environ.get("PEANUTCLUB_DOCS_SHOTS"):
        DOCS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shots / f"{name}.png", DOCS / f"{name}.png")


def tv_page(
    browser: Browser,
    base_url: str,
    room: dict[str, Any],
    viewport: dict[str, int],
    *,
    still: bool = False,
) -> Page:
    """The room's table on a TV that holds the host token (as the landing page leaves it);
    `still`: the TV's system asks for reduced motion."""
    page = new_page(browser, viewport)
    if still:
        page.emulate_media(reduced_motion="reduce")
    store_host_token(page, base_url, room)
    page.goto(room["tv_url"])
    return page


def add_bots(page: Page, n: int) -> None:
    """The host's taps on a lobby (the TV's or a phone's): `n` bots of the level it offers
    first."""
    seated = page.locator(".lobby-player")
    expect(page.locator("[data-key=add-bot]")).to_be_enabled()
    before = seated.count()
    for i in range(n):
        page.click("[data-key=add-bot]")
        expect(seated).to_have_count(before + i + 1)


def pay_verdict(page: Page) -> tuple[int, int]:
    """(value, amount) of the payment on screen, once the server has judged it."""
    strong = page.locator("section.pay .pay-value:not(.checking) strong")
    expect(strong).to_be_visible()
    value, amount = (int(n) for n in re.findall(r"\d+", strong.inner_text())[:2])
    return value, amount


def pay_greedy(page: Page) -> int:
    """Replace the suggested payment: clear it, then pick the largest usable cards one by one
    until the bid is reached (so every card is needed). Returns how many cards were tapped."""
    pay = page.locator("section.pay")
    expect(pay).to_be_visible()
    chosen = pay.locator("button.card.pick[aria-pressed=true]")
    while chosen.count():
        chosen.first.click()
    taps = 0
    while True:
        if chosen.count():
            value, amount = pay_verdict(page)
            if value >= amount:
                break
        cards = pay.locator("button.card.pick:enabled[aria-pressed=false]")
        values = cards.evaluate_all("bs => bs.map(b => Number(b.textContent))")
        if not values:
            convert = pay.locator("[data-key=convert]")
            assert convert.count() and not convert.is_checked(), "no card left to pick"
            convert.check()
            continue
        best = max(range(len(values)), key=lambda i: values[i])
        cards.nth(best).click()
        taps += 1
    return taps


def create_room(base_url: str, **settings: Any) -> dict[str, Any]:
    """A Peanut Club room with quick dev clocks (and a fixed seed), as a host would create it."""
    body = {
        "going_step_seconds": 0.3,
        "idle_seconds": 0,
        "pay_seconds": 60,
        **settings,
    }
    return post_room(base_url, body)


def post_room(base_url: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST /api/rooms with `body` (the game, unless Peanut Club, and its settings): the room
    as the server created it (a refusal raises)."""
    req = urllib.request.Request(
        f"{base_url}/api/rooms",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=5) as res:
        room: dict[str, Any] = json.load(res)
    return room


def ws_url(base_url: str, code: str) -> str:
    return base_url.replace("http", "ws", 1) + f"/ws/{code}"


class Line:
    """One protocol client of the test's own: keeps the latest view (whole states and patches)
    and every event it heard."""

    def __init__(self, base_url: str, code: str, hello: dict[str, Any]) -> None:
        self.stack = ExitStack()
        # No limit on the frames kept unread: a line the test does not read keeps answering pings
        # and closes at once.
        self.ws: ClientConnection = self.stack.enter_context(
            connect(ws_url(base_url, code), max_queue=None)
        )
        self.state: dict[str, Any] = {}
        self.events: list[dict[str, Any]] = []
        self.send(hello)
        self.until(lambda s: True, seconds=10)

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def recv(self, timeout: float) -> dict[str, Any] | None:
        try:
            message: dict[str, Any] = json.loads(self.ws.recv(timeout))
        except TimeoutError:
            return None
        if message["type"] in ("state", "welcome"):
            self.state = message["state"]
        elif message["type"] == "patch":
            self.state = {
                **self.state,
                **{k: v for k, v in message.items() if k not in ("type", "seq", "events")},
            }
        self.events.extend(message.get("events") or [])
        return message

    def until(self, predicate: Any, seconds: float = 30) -> dict[str, Any]:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if self.state and predicate(self.state):
                return self.state
            self.recv(max(0.05, end - time.monotonic()))
        raise AssertionError(f"waited in vain; last phase {self.state.get('phase')}")

    def quiet(self, seconds: float) -> None:
        """Read frames until none has come for `seconds`."""
        while self.recv(seconds) is not None:
            pass

    def close(self) -> None:
        self.stack.close()


def bots_play_to_the_end(
    browser: Browser, base_url: str, room: dict[str, Any], bots: int, viewport: dict[str, int]
) -> tuple[Page, dict[str, Any]]:
    """The host at the TV seats `bots` bots and starts; a watcher of the test's own follows the
    room until the game is over. The TV page and the game's last view."""
    tv = tv_page(browser, base_url, room, viewport)
    line = Line(base_url, room["code"], {"type": "watch"})
    try:
        add_bots(tv, bots)
        tv.click("[data-key=start]")
        state = line.until(lambda s: s["phase"] == "over", seconds=90)
    finally:
        line.close()
    return tv, state
