"""Helpers for the TV's party tests: a whole table of bots driven to a late game at the test's own
pace, and what the TV shows measured as a person would see it (does it fit the screen?)."""

from __future__ import annotations

import json
import time
from contextlib import ExitStack
from typing import Any

from e2e_helpers import create_room
from playwright.sync_api import Page
from websockets.sync.client import ClientConnection, connect

TV_SMALL = {"width": 1280, "height": 720}

#: Six names of the longest length allowed (20 characters): the worst case for every column.
LONG_NAMES = [
    "Anastasia-Marguerite",
    "Bartholomew Fontaine",
    "Chloé-Émilie Delacro",
    "Dimitri Vassilievski",
    "Eleonora Castellanos",
    "Fitzgerald Whitmore.",
]

#: Quick clocks, and no automatic call: the host (the test) says when a lot is called, so the
#: game waits wherever the test wants to look at it.
PACE = {"going_step_seconds": 0.05, "idle_seconds": 0, "pay_seconds": 0.5}


def ws_url(base_url: str, code: str) -> str:
    return base_url.replace("http", "ws", 1) + f"/ws/{code}"


class Line:
    """One protocol client of the test's own: keeps the latest view (whole states and patches)
    and every event it heard."""

    def __init__(self, base_url: str, code: str, hello: dict[str, Any]) -> None:
        self.stack = ExitStack()
        self.ws: ClientConnection = self.stack.enter_context(connect(ws_url(base_url, code)))
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
            self.recv(max(0.05, end - time.monotonic()))
            if self.state and predicate(self.state):
                return self.state
        raise AssertionError(f"waited in vain; last phase {self.state.get('phase')}")

    def quiet(self, seconds: float) -> None:
        """Read frames until none has come for `seconds`."""
        while self.recv(seconds) is not None:
            pass

    def close(self) -> None:
        self.stack.close()


class Host(Line):
    """The host's own connection (watching with the host token): starts the game, hands seats to
    bots and calls "Going once" when the table has gone quiet."""

    def __init__(self, base_url: str, room: dict[str, Any]) -> None:
        super().__init__(
            base_url, room["code"], {"type": "watch", "host_token": room["host_token"]}
        )


class Player(Line):
    """A seated player the test plays by hand."""

    def __init__(self, base_url: str, room: dict[str, Any], name: str) -> None:
        super().__init__(base_url, room["code"], {"type": "join", "name": name})

    def bid_lowest(self) -> tuple[int, str]:
        """Bid the least this player may, in the strongest currency they can bid in."""
        options = self.state["you"]["bid_options"]
        for currency in self.state["column"]:
            o = options.get(currency)
            if o and o.get("reason") is None and o["max"] >= o["min"]:
                self.send({"type": "bid", "amount": o["min"], "currency": currency})
                return o["min"], currency
        raise AssertionError("no bid is possible")


def bot_table(
    base_url: str, names: list[str], seed: int, level: str = "normal", **settings: Any
) -> tuple[dict[str, Any], Host]:
    """A room whose seats were joined under `names`, started, then handed to bots (each player
    left). Returns the room and the host's connection, the game waiting in its first lot."""
    room = create_room(base_url, seed=seed, **{**PACE, **settings})
    host = Host(base_url, room)
    with ExitStack() as players:
        for name in names:
            ws = players.enter_context(connect(ws_url(base_url, room["code"])))
            ws.send(json.dumps({"type": "join", "name": name}))
            while json.loads(ws.recv(10))["type"] != "welcome":
                pass
        host.until(lambda s: len(s["players"]) == len(names))
        host.send({"type": "start"})
        host.until(lambda s: s["phase"] == "bidding")
    host.until(lambda s: not any(p["connected"] for p in s["players"]))
    for seat in range(len(names)):
        host.send({"type": "add_bot", "level": level, "seat": seat})
    host.until(lambda s: all(p["bot"] for p in s["players"]))
    return room, host


def play_until(host: Host, left: int, quiet: float = 0.25, seconds: float = 120) -> None:
    """Let the bots bid on each lot, then call it, until at most `left` objects remain (or the
    game is over); returns while a lot waits for bids."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        state = host.state
        if state.get("phase") == "over":
            return
        if state.get("phase") == "bidding" and state.get("objects_left", 99) <= left:
            host.quiet(quiet)
            return
        if state.get("phase") == "bidding" and not state.get("going"):
            host.quiet(quiet)
            if host.state.get("phase") == "bidding" and not host.state.get("going"):
                host.send({"type": "going"})
        host.recv(0.2)
    raise AssertionError("the game did not get that far")


def overflow(page: Page) -> dict[str, int]:
    """How far the document runs past the window (0, 0 when it fits without scrolling)."""
    result: dict[str, int] = page.evaluate(
        """() => {
          const d = document.documentElement;
          return {down: d.scrollHeight - innerHeight, across: d.scrollWidth - innerWidth};
        }"""
    )
    return result


def clipped(page: Page, selector: str) -> list[str]:
    """Elements under `selector` whose own content runs past their box (hidden by an overflow),
    by their text, cut short."""
    found: list[str] = page.locator(selector).evaluate_all(
        """els => els
          .filter((el) => el.scrollHeight > el.clientHeight + 2
                          || el.scrollWidth > el.clientWidth + 2)
          .map((el) => el.className + ': ' + el.textContent.slice(0, 40))"""
    )
    return found


def off_screen(page: Page, selector: str) -> list[str]:
    """Visible elements under `selector` that end below or right of the window."""
    found: list[str] = page.locator(selector).evaluate_all(
        """els => els
          .filter((el) => el.getClientRects().length)
          .filter((el) => { const r = el.getBoundingClientRect();
                            return r.bottom > innerHeight + 1 || r.right > innerWidth + 1; })
          .map((el) => el.className + ': ' + el.textContent.slice(0, 40))"""
    )
    return found
