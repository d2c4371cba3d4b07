"""Sound and touch that people control: each phone's own sound and vibration switches (kept on
the device), the cues a phone gives at its moments (its turn, a win, a payment it owes) once
each, nothing through a switch that is off, and the TVs of Peanuts! and Nur Peanuts! silent
until the host turns their sound on.

Headless Chromium neither vibrates nor plays sound, so each page is given stand-ins for
`navigator.vibrate` and `AudioContext` that record what the page asks for. What a phone should
have felt is worked out from the frames a watcher of the test's own received (the same frames,
in the same order, as every phone): each moment once, from the view's fields and events."""

from __future__ import annotations

from typing import Any

import pytest
from e2e_helpers import (
    Line,
    add_bots,
    bid,
    enabled_bids,
    expect_no_js_errors,
    join,
    keep,
    new_page,
    post_room,
    store_host_token,
    tv_page,
)
from evening_helpers import PACE
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 640}
TV = {"width": 1280, "height": 720}

#: What the page asks for, recorded: every vibrate() pattern, every AudioContext made and the
#: frequency of every tone started.
RECORDER = """
(() => {
  window.__buzz = [];
  window.__audio = 0;
  window.__tones = [];
  Object.defineProperty(navigator, "vibrate", {
    configurable: true,
    value: (p) => {
      window.__buzz.push(Array.isArray(p) ? p : [p]);
      return true;
    },
  });
  class Node {
    connect(next) { return next; }
  }
  class Osc extends Node {
    constructor() {
      super();
      this.type = "sine";
      this.frequency = { setValueAtTime: (v) => { this.f = v; } };
    }
    start() { window.__tones.push(this.f); }
    stop() {}
  }
  class Gain extends Node {
    constructor() {
      super();
      this.gain = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
    }
  }
  class Ctx {
    constructor() {
      window.__audio += 1;
      this.state = "running";
      this.currentTime = 0;
      this.destination = new Node();
    }
    createOscillator() { return new Osc(); }
    createGain() { return new Gain(); }
    resume() { return Promise.resolve(); }
  }
  window.AudioContext = Ctx;
  window.webkitAudioContext = Ctx;
  // The events the page has been sent: a listener of the socket's own runs before the page's.
  window.__seen = [];
  const Real = window.WebSocket;
  window.WebSocket = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (m) => {
        for (const e of JSON.parse(m.data).events || []) window.__seen.push(e.type);
      });
    }
  };
})();
"""

#: Each moment's vibration (ms on, off, on…) and its number of tones; moments of one frame
#: follow each other in one pattern, GAP ms apart.
BUZZ = {"turn": [70], "win": [120, 60, 120, 60, 300], "pay": [350, 150, 350], "lost": [80, 40, 80]}
TONES = {"turn": 1, "win": 3, "pay": 2, "lost": 2}
GAP = 200


class Frames(Line):
    """A watcher that keeps every frame as (the view after it, its events)."""

    def __init__(self, base_url: str, code: str, hello: dict[str, Any]) -> None:
        self.frames: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
        super().__init__(base_url, code, hello)

    def recv(self, timeout: float) -> dict[str, Any] | None:
        message = super().recv(timeout)
        if message is not None and message["type"] in ("state", "patch"):
            self.frames.append((dict(self.state), list(message.get("events") or [])))
        return message


def felt(moments: list[list[str]]) -> list[list[int]]:
    """The vibrate() calls a list of moments (each frame's, in order) should make."""
    calls = []
    for kinds in moments:
        pattern: list[int] = []
        for kind in kinds:
            if pattern:
                pattern.append(GAP)
            pattern.extend(BUZZ[kind])
        calls.append(pattern)
    return calls


def heard(moments: list[list[str]]) -> int:
    """How many tones those moments should start."""
    return sum(TONES[k] for kinds in moments for k in kinds)


def nur_moments(frames: Frames, seat: int) -> list[list[str]]:
    """Nur Peanuts!: its turn (a `turn` event for it, not thrown) or a field it may buy; a round
    it won or the game; a round's payment from it."""
    out = []
    prev: dict[str, Any] | None = None
    for state, events in frames.frames:

        def buying(v: dict[str, Any] | None) -> bool:
            return bool(v and v.get("purchase") and v["purchase"]["seat"] == seat)

        kinds = []
        turn = any(e["type"] == "turn" and e["seat"] == seat for e in events)
        if (turn and state["turn"] and not state["turn"]["thrown"]) or (
            buying(state) and not buying(prev)
        ):
            kinds.append("turn")
        ends = [e for e in events if e["type"] == "round_over"]
        won = any(e["winner"] == seat for e in ends) or any(
            e["type"] == "game_over" and seat in e["winners"] for e in events
        )
        if won:
            kinds.append("win")
        if any(p["from"] == seat and p["amount"] > 0 for e in ends for p in e["payments"]):
            kinds.append("pay")
        if kinds:
            out.append(kinds)
        prev = state
    return out


def recorded(page: Page) -> tuple[list[list[int]], int, int]:
    """(the vibrate patterns, AudioContexts made, tones started) the page asked for."""
    got: list[Any] = page.evaluate("() => [window.__buzz, window.__audio, window.__tones.length]")
    return got[0], got[1], got[2]


def phone(browser: Browser, size: dict[str, int]) -> Page:
    page = new_page(browser, size, touch=True, mobile=True)
    page.add_init_script(RECORDER)
    return page


def switch(page: Page, key: str) -> Any:
    """A switch of the phone's own, its panel opened from the bar if it is not open."""
    menu = page.locator("#bar [data-key=touch-menu]")
    if menu.get_attribute("aria-expanded") != "true":
        menu.click()
    return page.locator(f"#bar [data-key=touch-{key}]")


def test_each_phone_feels_its_own_moments_once_through_its_own_switches(
    browser: Browser, base_url: str, shots: Any
) -> None:
    room = post_room(base_url, {"game": "nur-peanuts", **PACE["nur-peanuts"], "seed": 5})
    host = Frames(base_url, room["code"], {"type": "watch", "host_token": room["host_token"]})
    ana = phone(browser, PHONE)
    bea = phone(browser, SMALL_PHONE)
    try:
        join(ana, room["join_url"], "Ana")
        join(bea, room["join_url"], "Bea")
        # Out of the box: vibration on, sound off.
        for page in (ana, bea):
            expect(switch(page, "vibrate")).to_have_attribute("aria-pressed", "true")
            expect(switch(page, "sound")).to_have_attribute("aria-pressed", "false")
        switch(ana, "sound").click()  # Ana wants sound too
        expect(switch(ana, "sound")).to_have_attribute("aria-pressed", "true")
        keep(ana, shots, "nur-peanuts-touch-panel-390x844-after")
        ana.locator("#bar .room").click()  # a tap elsewhere closes the panel
        expect(ana.locator("#touch-panel")).to_have_count(0)
        switch(bea, "vibrate").click()  # Bea wants a still phone, and keeps it so
        bea.reload()
        expect(bea.locator(".lobby")).to_be_visible()
        expect(switch(bea, "vibrate")).to_have_attribute("aria-pressed", "false")
        expect(switch(bea, "vibrate")).to_contain_text("Vibration on this phone")
        keep(bea, shots, "nur-peanuts-touch-panel-360x640-after")
        bea.locator("#bar [data-key=touch-menu]").click()  # closed again
        expect(bea.locator("#touch-panel")).to_have_count(0)

        host.send({"type": "add_bot", "level": "easy"})
        host.until(lambda s: len(s["players"]) == 3)
        host.send({"type": "start"})
        host.until(lambda s: s["phase"] not in ("lobby",))
        keep(ana, shots, "nur-peanuts-touch-switches-390x844-after")
        keep(bea, shots, "nur-peanuts-touch-switches-360x640-after")
        host.until(lambda s: s["phase"] == "over", seconds=90)
        expect(ana.locator("#bar .me")).to_have_text("Ana")

        seats = {p["name"]: p["seat"] for p in host.state["players"]}
        moments = nur_moments(host, seats["Ana"])
        kinds = {k for m in moments for k in m}
        assert {"turn"} <= kinds and kinds & {"win", "pay"}, moments  # the game had its moments
        ana.wait_for_function("(n) => window.__buzz.length >= n", arg=len(moments))
        buzz, contexts, tones = recorded(ana)
        assert buzz == felt(moments)  # each moment once, in order, with its own pattern
        assert contexts == 1 and tones == heard(moments)
        # Bea had her turns too, and her phone stayed still and silent.
        assert nur_moments(host, seats["Bea"])
        assert recorded(bea) == ([], 0, 0)
        expect_no_js_errors(ana, bea)
    finally:
        host.close()
        for page in (ana, bea):
            page.context.close()


def club_moments(frames: Frames, seat: int) -> list[list[str]]:
    """Peanut Club: outbid, a lot sold to it, the payment it then owes."""
    out = []
    prev: dict[str, Any] | None = None
    for state, events in frames.frames:
        kinds = []
        if prev is not None:
            was = prev.get("high_bid") and prev["high_bid"]["seat"] == seat
            hb = state.get("high_bid")
            if was and hb and hb["seat"] != seat:
                kinds.append("lost")
            if any(e["type"] == "sold" and e["seat"] == seat for e in events):
                kinds.append("win")

            def owes(v: dict[str, Any]) -> bool:
                return bool(v["phase"] == "paying" and v.get("payer") == seat)

            if owes(state) and not owes(prev):
                kinds.append("pay")
        if kinds:
            out.append(kinds)
        prev = state
    return out


def test_a_lot_won_and_its_payment_are_felt_on_the_winners_phone(
    browser: Browser, base_url: str
) -> None:
    room = post_room(base_url, {**PACE["peanut-club"], "seed": 2})
    host = Frames(base_url, room["code"], {"type": "watch", "host_token": room["host_token"]})
    ana = phone(browser, PHONE)
    others = []
    try:
        store_host_token(ana, base_url, room)
        join(ana, room["join_url"], "Ana")
        others = [Line(base_url, room["code"], {"type": "join", "name": n}) for n in ("Bo", "Cy")]
        host.until(lambda s: len(s["players"]) == 3)
        host.send({"type": "start"})
        expect(ana.locator(".bidpanel")).to_be_visible()
        bid(ana, enabled_bids(ana)[0])  # nobody else bids: sold to Ana, who then owes it
        host.until(lambda s: s["phase"] == "paying" and s["payer"] == 0)
        host.until(lambda s: s["phase"] == "bidding")  # the clock paid for her
        moments = club_moments(host, 0)
        assert [k for m in moments for k in m] == ["win", "pay"], moments
        ana.wait_for_function(
            "(n) => window.__buzz.flat().length >= n", arg=sum(len(p) for p in felt(moments))
        )
        buzz, contexts, tones = recorded(ana)
        assert buzz == felt(moments)
        assert contexts == 0 and tones == 0  # sound is off until this phone turns it on
        # Back on the page (a reload): the game as it is, and nothing felt again.
        ana.reload()
        expect(ana.locator(".bidpanel")).to_be_visible()
        assert recorded(ana) == ([], 0, 0)
        # The panel by keyboard: Escape closes it and leaves the focus on its button.
        switch(ana, "vibrate").focus()
        ana.keyboard.press("Escape")
        expect(ana.locator("#touch-panel")).to_have_count(0)
        expect(ana.locator("#bar [data-key=touch-menu]")).to_be_focused()
        expect_no_js_errors(ana)
    finally:
        host.close()
        for line in others:
            line.close()
        ana.context.close()


def peanuts_moments(frames: Frames, seat: int) -> list[list[str]]:
    """Peanuts!: a round starts; a race won by a hair, a round called or the game won."""
    out = []
    for _, events in frames.frames:
        kinds = []
        if any(e["type"] == "round_started" for e in events):
            kinds.append("turn")
        if any(
            (e["type"] == "photo_finish" and e["winner"] == seat)
            or (e["type"] == "round_over" and e["caller"] == seat)
            or (e["type"] == "game_over" and seat in e["winners"])
            for e in events
        ):
            kinds.append("win")
        if kinds:
            out.append(kinds)
    return out


def test_a_peanuts_round_starting_is_felt_once(browser: Browser, base_url: str) -> None:
    room = post_room(base_url, {"game": "peanuts", **PACE["peanuts"], "seed": 4})
    host = Frames(base_url, room["code"], {"type": "watch", "host_token": room["host_token"]})
    ana = phone(browser, SMALL_PHONE)
    try:
        join(ana, room["join_url"], "Ana")
        host.send({"type": "add_bot", "level": "easy"})
        host.until(lambda s: len(s["players"]) == 2)
        host.send({"type": "start"})
        host.until(lambda s: s["phase"] == "over", seconds=60)
        moments = peanuts_moments(host, 0)
        assert moments and moments[0] == ["turn"], moments
        ana.wait_for_function("(n) => window.__buzz.length >= n", arg=len(moments))
        assert recorded(ana)[0] == felt(moments)
        expect_no_js_errors(ana)
    finally:
        host.close()
        ana.context.close()


@pytest.mark.parametrize(
    ("game", "heard_first"),
    [("peanuts", "round_started"), ("nur-peanuts", "thrown")],
)
def test_the_tv_is_silent_until_the_host_turns_its_sound_on(
    browser: Browser, base_url: str, game: str, heard_first: str
) -> None:
    room = post_room(base_url, {"game": game, **PACE[game], "seed": 3})
    tv = new_page(browser, TV)
    tv.add_init_script(RECORDER)
    try:
        store_host_token(tv, base_url, room)
        tv.goto(room["tv_url"])
        sound = tv.locator("[data-key=sound]")
        expect(sound).to_have_text("Sound off")
        add_bots(tv, 2)
        tv.click("[data-key=start]")
        tv.wait_for_function("(type) => window.__seen.includes(type)", arg=heard_first)
        assert recorded(tv)[1:] == (0, 0)  # the game made its noises: the TV stayed silent
        sound.click()
        expect(sound).to_have_attribute("aria-pressed", "true")
        expect(sound).to_have_text("Sound on")
        tv.wait_for_function("() => window.__tones.length > 0", timeout=30_000)
        assert recorded(tv)[1] == 1
        expect_no_js_errors(tv)
    finally:
        tv.context.close()


def test_the_tv_sound_button_speaks_french(browser: Browser, base_url: str) -> None:
    room = post_room(base_url, {"game": "nur-peanuts", **PACE["nur-peanuts"]})
    tv = tv_page(browser, base_url, room, TV)
    try:
        tv.click("button.lang")
        expect(tv.locator("[data-key=sound]")).to_have_text("Son coupé")
        expect_no_js_errors(tv)
    finally:
        tv.context.close()
