"""Hostile names through every page, in a real browser: the lobby, a game under way and the final
scores, on the phones and on the TV, then the game's history page. Nothing a name holds may run
(no dialog, no global set, no inline handler in the document, no CSP violation that would show
that only the policy stopped it), and each name shows as the very text that was typed.

Along the way every URL the browsers request is recorded: no host or seat token travels in one
(tokens go over the WebSocket and stay in localStorage).
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from e2e_helpers import PHONE, TV, create_room, expect_no_js_errors, join, new_page
from playwright.sync_api import Page, expect
from websockets.sync.client import connect

pytestmark = pytest.mark.e2e

#: Each at most 20 characters (the longest name allowed).
NAMES = [
    "<svg/onload=pwn=1>",
    "'><svg onload=pwn=1>",
    "{{7*7}}&lt;b&gt;",
    "javascript:pwn=1",
]


class HostLine:
    """The host's own connection (watching with the host token), to start the game and hand the
    seats of players who left to bots."""

    def __init__(self, ws: Any, room: dict[str, Any]) -> None:
        self.ws = ws
        self.send({"type": "watch", "host_token": room["host_token"]})
        self.last = json.loads(self.ws.recv(10))

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def until(self, predicate: Any, seconds: float = 30) -> dict[str, Any]:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            message: dict[str, Any] = json.loads(self.ws.recv(max(0.1, end - time.monotonic())))
            if message["type"] in ("state", "welcome"):
                self.last = message
            if predicate(message):
                return message
        raise AssertionError("the host saw nothing of the kind")


def watch_page(page: Page, requests: list[str], problems: list[str]) -> None:
    if not hasattr(page, "js_errors"):
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.js_errors = errors  # type: ignore[attr-defined]
    page.on("request", lambda r: requests.append(r.url))
    page.on("dialog", lambda d: (problems.append(f"dialog {d.message}"), d.dismiss()))
    page.on(
        "console",
        lambda m: problems.append(m.text) if "Content Security Policy" in m.text else None,
    )


def nothing_ran(page: Page) -> None:
    assert page.evaluate("() => typeof window.pwn") == "undefined"
    handlers = page.evaluate(
        "() => document.querySelectorAll('[onload],[onerror],[onclick],[onmouseover]').length"
    )
    assert handlers == 0
    hrefs = page.evaluate(
        "() => [...document.querySelectorAll('[href],[src]')]"
        ".map(e => e.getAttribute('href') || e.getAttribute('src'))"
    )
    assert not [h for h in hrefs if h and h.lower().startswith("javascript:")]


def names_shown(page: Page) -> None:
    for name in NAMES:
        expect(page.get_by_text(name, exact=True).first).to_be_visible()
    # A template engine would turn "{{7*7}}&lt;b&gt;" into "49&lt;b&gt;" (or "49" and a bold
    # tag); a bare "49" alone proves nothing, since a round trip of 49 ms is shown too.
    text = page.locator("body").inner_text()
    assert "49&lt;b&gt;" not in text and "49<b>" not in text
    assert page.locator("b").count() == 0


def test_hostile_names_stay_text_on_every_page(browser: Any, base_url: str) -> None:
    room = create_room(
        base_url, seed=9, going_step_seconds=0.01, idle_seconds=0.02, pay_seconds=0.5
    )
    requests: list[str] = []
    problems: list[str] = []
    tv = new_page(browser, TV)
    watch_page(tv, requests, problems)
    tv.goto(room["tv_url"])
    phones = [new_page(browser, PHONE) for _ in NAMES]
    for phone, name in zip(phones, NAMES, strict=True):
        watch_page(phone, requests, problems)
        join(phone, room["join_url"], name)

    # The lobby.
    for page in (tv, *phones):
        names_shown(page)
        nothing_ran(page)

    with connect(base_url.replace("http", "ws", 1) + f"/ws/{room['code']}") as ws:
        host = HostLine(ws, room)
        # A game under way.
        host.send({"type": "start"})
        host.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "bidding")
        for phone in phones:
            expect(phone.locator(".bidpanel")).to_be_visible()
            nothing_ran(phone)
        nothing_ran(tv)

        # Everyone leaves; bots finish the game for them; the phones come back for the scores.
        tokens = [
            phone.evaluate(
                "() => Object.entries(localStorage).find(([k]) => k.startsWith('pc.seat.'))[1]"
            )
            for phone in phones
        ]
        contexts = [phone.context for phone in phones]
        for phone in phones:
            phone.close()
        host.until(
            lambda m: (
                m["type"] == "state" and not any(p["connected"] for p in m["state"]["players"])
            )
        )
        for seat in range(len(NAMES)):
            host.send({"type": "add_bot", "level": "easy", "seat": seat})
        host.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "over", seconds=90)

    names_shown(tv)
    nothing_ran(tv)
    back = []
    for context in contexts:
        page = context.new_page()
        watch_page(page, requests, problems)
        page.goto(room["join_url"])
        back.append(page)
    for page in back:
        names_shown(page)
        nothing_ran(page)

    # The history of the finished game, if the pages offer one.
    history = new_page(browser, TV)
    watch_page(history, requests, problems)
    response = history.goto(f"{base_url}/r/{room['code']}/history")
    if response is not None and response.status == 200:
        history.wait_for_load_state("networkidle")
        nothing_ran(history)
        if NAMES[0] in history.locator("body").inner_text():
            names_shown(history)

    assert problems == []
    secrets = [room["host_token"], *tokens]
    leaked = [url for url in requests if any(secret in url for secret in secrets)]
    assert leaked == []
    expect_no_js_errors(tv, *back, history)
