"""Helpers for the TV's party tests: a whole table of bots driven to a late game at the test's own
pace, and what the TV shows measured as a person would see it (does it fit the screen?)."""

from __future__ import annotations

import json
import time
from typing import Any

from e2e_helpers import Line, create_room
from playwright.sync_api import Page

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


def table(
    base_url: str, names: list[str], seed: int, level: str | None = "normal", **settings: Any
) -> tuple[dict[str, Any], Host, list[Player]]:
    """A room whose seats were joined under `names` and started, the game waiting in its first
    lot. With a bot `level`, each player left and a bot plays their seat; else the players stay
    (and never act unless the test says). Returns the room, the host's line and the players'."""
    room = create_room(base_url, seed=seed, **{**PACE, **settings})
    host = Host(base_url, room)
    players = [Player(base_url, room, name) for name in names]
    host.until(lambda s: len(s["players"]) == len(names))
    host.send({"type": "start"})
    host.until(lambda s: s["phase"] == "bidding")
    if level is None:
        return room, host, players
    for player in players:
        player.close()
    host.until(lambda s: not any(p["connected"] for p in s["players"]))
    for seat in range(len(names)):
        host.send({"type": "add_bot", "level": level, "seat": seat})
    host.until(lambda s: all(p["bot"] for p in s["players"]))
    return room, host, []


def bot_table(
    base_url: str, names: list[str], seed: int, level: str = "normal", **settings: Any
) -> tuple[dict[str, Any], Host]:
    """`table` with every seat handed to a bot."""
    room, host, _ = table(base_url, names, seed, level, **settings)
    return room, host


def play_until(host: Host, left: int, quiet: float = 0.2, seconds: float = 120) -> None:
    """Call each lot as the auctioneer would, until at most `left` objects remain (or the game is
    over); returns while a lot waits for bids. A lot with a high bid is called at once (a bid
    during the call cancels it: it is called again); one with none once the table has been
    quiet for `quiet` seconds (then it is discarded)."""
    end = time.monotonic() + seconds
    called: tuple[Any, ...] | None = None
    while time.monotonic() < end:
        state = host.state
        if state.get("phase") == "over":
            return
        if state.get("phase") == "bidding" and state.get("objects_left", 99) <= left:
            host.quiet(quiet)
            return
        if state.get("phase") == "bidding" and not state.get("going"):
            if state.get("high_bid") is None:
                host.quiet(quiet)
                state = host.state
            key = (state.get("round"), json.dumps(state.get("high_bid")))
            if state.get("phase") == "bidding" and not state.get("going") and key != called:
                host.send({"type": "going"})
                called = key
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
