"""Helpers for the browser tests of Peanuts!: rooms with quick clocks, and a player's gestures on
the phone page (taps on the cards it shows, a flip, the call), as a person would make them."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from e2e_helpers import post_room
from playwright.sync_api import Page, expect

PHONE_SMALL = {"width": 360, "height": 640}
PHONE_TALL = {"width": 390, "height": 844}
TV_FULL = {"width": 1920, "height": 1080}
TV_SMALL = {"width": 1280, "height": 720}

#: A round's clocks for tests (development mode lifts the bounds): a short count-down, a long
#: pause between rounds (the tests look at the summary), the decks turn after 4 s without a play.
QUICK = {
    "countdown_seconds": 1,
    "between_rounds_seconds": 120,
    "stall_seconds": 4,
}


def create_room(base_url: str, **settings: Any) -> dict[str, Any]:
    """POST /api/rooms for a game of Peanuts! with quick clocks (and a fixed seed)."""
    return post_room(base_url, {"game": "peanuts", **QUICK, **settings})


def playing(page: Page) -> None:
    """Wait until the phone shows the round being played (the count-down is over)."""
    expect(page.locator(".reserve")).to_be_visible()
    expect(page.locator(".race-status .go")).to_have_count(0, timeout=8000)


def tops(page: Page) -> list[str]:
    """The data-key of every card the phone offers to play now (peanuts, waste, building tops)."""
    return page.locator("button.card-face.top:not(.flying)").evaluate_all(
        "bs => bs.map(b => b.dataset.key)"
    )


def card_of(page: Page, key: str) -> int:
    """The id of the card shown under `data-key`."""
    return int(page.locator(f"[data-key='{key}']").get_attribute("data-card") or -1)


def peanuts_left(page: Page) -> int:
    """The count under the phone's peanuts pile (-1 when no round is shown)."""
    text = page.evaluate(
        "() => { const el = document.querySelector('[data-key=peanuts-left]');"
        " return el ? el.textContent : null; }"
    )
    if text is None:
        return -1
    return int("".join(ch for ch in text if ch.isdigit()) or 0)


def tap_everything(page: Page) -> None:
    """One look at the phone, as a hurried player: tap each top card once (it goes where it
    can, or comes back), then turn the stock."""
    for key in tops(page):
        button = page.locator(f"button[data-key='{key}']")
        if button.count():
            try:
                button.click(timeout=1000)
            except Exception:  # the card moved away under the finger: the next look will do
                continue
    flip = page.locator("[data-key=flip]")
    if flip.count():
        with contextlib.suppress(Exception):
            flip.click(timeout=1000)


def fits_screen(page: Page) -> bool:
    """Nothing to scroll: the document is no taller or wider than the viewport."""
    return bool(
        page.evaluate(
            "() => document.documentElement.scrollHeight <= innerHeight + 1 && "
            "document.documentElement.scrollWidth <= innerWidth + 1"
        )
    )


def played_stretches(
    players: int, seed: int, settings: dict[str, Any] | None = None, every: int = 10
) -> list[dict[str, Any]]:
    """Bot games of Peanuts! through its plug-in, cut into stretches of patches: each stretch
    starts from a whole view (as a `state` frame brings it), lists the patch frames that follow,
    and keeps the whole view the server would have sent after some of them (every `every`-th and
    the last): what the page must reproduce by applying the frames one after the other."""
    import random

    import orjson

    from peanutclub.games.peanuts import Peanuts
    from tests.games.bot_table import first_accepted, seat_views

    table = Peanuts(players, seed, Peanuts.Settings(**(settings or {})))
    bots = [Peanuts.bots["hard" if s % 2 else "normal"](s, seed) for s in range(players)]
    order = random.Random(seed)
    seat_seen = seed % players

    def whole() -> Any:
        view = {**table.public_view(), "you": table.private_view(seat_seen)}
        return orjson.loads(orjson.dumps(view))

    stretches: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    seq = 0
    while not table.over:
        seats = list(range(players))
        order.shuffle(seats)
        accepted = first_accepted(table, bots, seats, seat_views(table))
        if accepted is None:  # nobody acts: the room's clock fires
            timer = table.timer()
            assert timer is not None
            action: Any = timer.action
            outcome = table.apply(action)
        else:
            action, outcome = accepted.action, accepted.applied
        seq += 1
        fields = outcome.patch
        if fields is None:
            current = {"start": whole(), "frames": [], "checks": {}}
            stretches.append(current)
            continue
        assert current is not None
        frame = {
            "type": "patch",
            "seq": seq,
            **fields,
            "events": [e.to_dict() for e in outcome.events],
        }
        current["frames"].append(orjson.loads(orjson.dumps(frame)))
        after = whole()
        current["last"] = after
        if len(current["frames"]) % every == 0:
            current["checks"][str(len(current["frames"]) - 1)] = after
    for stretch in stretches:
        last = stretch.pop("last", None)
        if last is not None:
            stretch["checks"][str(len(stretch["frames"]) - 1)] = last
    return [s for s in stretches if s["frames"]]


NAMES = ["Anastasia", "Bartholomew", "Clementine", "Dominique", "Evangeline", "Fitzgerald"]


def crowded_view(
    code: str, players: int = 6, count: int | None = None, teams: bool = False
) -> dict[str, Any]:
    """A TV's whole view of a round with `count` foundations (by default the worst case: every
    deck's four Aces out, 24 at six players, the most there can be), a few of them complete;
    long names. Built from the engine's own view of a fresh deal, as the room sends it."""
    from peanutclub.games.peanuts import Peanuts
    from peanutclub.games.peanuts.engine import StartPlay

    settings = Peanuts.Settings(**{**QUICK, "teams": int(teams)})
    table = Peanuts(players, 7, settings)
    table.apply(StartPlay())
    view = dict(table.public_view())
    suits = ["spades", "hearts", "diamonds", "clubs"]
    foundations = []
    for index in range(4 * players if count is None else count):
        deck, suit = index % players, index // players
        rank = 13 if index % 7 == 3 else 2 + (index * 5) % 11
        card_id = deck * 52 + suit * 13 + rank - 1
        top = {"id": card_id, "rank": rank, "suit": suits[suit], "deck": deck}
        foundations.append(
            {
                "index": index,
                "suit": suits[suit],
                "top": top,
                "count": rank,
                "by_deck": {str(deck): rank},
                "complete": rank == 13,
            }
        )
    view["foundations"] = foundations
    view["players"] = [
        {**p, "name": NAMES[p["seat"]], "connected": p["seat"] != 3, "bot": None}
        for p in view["players"]
    ]
    view.update(
        game="peanuts",
        code=code,
        settings=settings.model_dump(),
        host_seat=0,
        deadline=None,
        deadline_kind=None,
        now=0,
        you=None,
    )
    return view


class Served:
    """What `serve_view` hands back: the messages the page sent (a host's commands) and a way
    to send it a new whole view, as the room does after a change."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.socket: Any = None
        self.seq = 1

    def push(self, view: dict[str, Any], events: list[dict[str, Any]] | None = None) -> None:
        self.seq += 1
        frame = {"type": "state", "seq": self.seq, "state": view, "events": events or []}
        self.socket.send(json.dumps(frame))


def serve_view(page: Page, view: dict[str, Any], host: bool = False) -> Served:
    """Answer the page's WebSocket with `view` instead of the room: the page's `watch` (or any
    handshake) gets a `welcome` holding it; what the page sends next is kept in `sent` (a
    host's commands), `ping` answered as the server would."""
    served = Served()
    sent = served.sent

    def handler(ws: Any) -> None:
        served.socket = ws

        def on_message(message: str | bytes) -> None:
            msg = json.loads(message)
            if msg.get("type") == "ping":
                ws.send(json.dumps({"type": "pong", "t": msg.get("t"), "now": 0}))
            elif msg.get("type") in ("watch", "join", "resume"):
                frame = {"type": "welcome", "seq": 1, "seat": None, "token": None, "host": host}
                ws.send(json.dumps({**frame, "state": view}))
            else:
                sent.append(msg)

        ws.on_message(on_message)

    page.route_web_socket("**/ws/*", handler)
    return served
