"""A phone that sleeps stays in the game: while its player's game runs the page keeps the screen
on (the Screen Wake Lock API), asks again when it comes back into view, and lets go between
games; a phone hidden for two minutes with its socket cut comes back to its seat and the game
as it is now, with no tap.

Chromium here is headless, so the page is given a stand-in for `navigator.wakeLock` that
records what the page asks for (and takes the lock back when the page is hidden, as browsers
do), a switch for the page's visibility, and a way to cut its sockets."""

from __future__ import annotations

from typing import Any

import pytest
from e2e_helpers import (
    Line,
    bid,
    create_room,
    enabled_bids,
    expect_no_js_errors,
    join,
    new_page,
    store_host_token,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}

SLEEPY = """
(() => {
  window.__wake = [];
  let held = null;
  Object.defineProperty(navigator, "wakeLock", {
    configurable: true,
    value: {
      request: async (type) => {
        const lock = new EventTarget();
        lock.released = false;
        lock.release = async () => {
          if (lock.released) return;
          lock.released = true;
          window.__wake.push("release");
          lock.dispatchEvent(new Event("release"));
        };
        window.__wake.push("request:" + type);
        held = lock;
        return lock;
      },
    },
  });
  let hidden = false;
  Object.defineProperty(document, "visibilityState", {
    configurable: true,
    get: () => (hidden ? "hidden" : "visible"),
  });
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  window.__setHidden = (value) => {
    hidden = value;
    if (value && held && !held.released) {  // the browser takes the lock back from a hidden page
      held.released = true;
      window.__wake.push("lost");
      held.dispatchEvent(new Event("release"));
    }
    document.dispatchEvent(new Event("visibilitychange"));
  };
  const sockets = [];
  const Real = window.WebSocket;
  window.WebSocket = class extends Real {
    constructor(...args) {
      super(...args);
      sockets.push(this);
    }
  };
  window.__cut = () => sockets.forEach((s) => s.close());
})();
"""


def wake_log(page: Page) -> list[str]:
    log: list[str] = page.evaluate("() => window.__wake")
    return log


def test_a_phone_keeps_awake_in_a_game_and_comes_back_after_two_minutes_asleep(
    browser: Any, base_url: str
) -> None:
    room = create_room(base_url, seed=2)
    host = Line(base_url, room["code"], {"type": "watch", "host_token": room["host_token"]})
    ana = new_page(browser, PHONE, touch=True, mobile=True)
    bea = new_page(browser, PHONE, touch=True, mobile=True)
    cy = new_page(browser, PHONE, touch=True, mobile=True)
    bea.add_init_script(SLEEPY)
    bea.clock.install()
    try:
        store_host_token(ana, base_url, room)
        for page, name in ((ana, "Ana"), (bea, "Bea"), (cy, "Cy")):
            join(page, room["join_url"], name)
        assert wake_log(bea) == []  # the lobby lets the screen sleep
        ana.click("[data-key=start]")
        expect(bea.locator(".bidpanel")).to_be_visible()
        bea.wait_for_function("() => window.__wake.includes('request:screen')")

        # Bea's phone goes to sleep: hidden, its network gone, its socket cut.
        bea.evaluate("() => window.__setHidden(true)")
        bea.context.set_offline(True)
        bea.evaluate("() => window.__cut()")
        expect(ana.locator(".player.away[data-seat='1']")).to_have_count(1)
        # The table plays on without her: Cy bids.
        currency = enabled_bids(cy)[0]
        bid(cy, currency)
        host.until(lambda s: s.get("high_bid") is not None and s["high_bid"]["seat"] == 2)
        bea.clock.fast_forward("02:00")  # two minutes asleep (its reconnection tries fail)

        # She wakes the phone: no tap, her seat and the game as it is now.
        bea.context.set_offline(False)
        bea.evaluate("() => window.__setHidden(false)")
        expect(ana.locator(".player.away[data-seat='1']")).to_have_count(0)
        expect(bea.locator("#bar .me")).to_have_text("Bea")
        expect(bea.locator(".bidpanel")).to_be_visible()
        expect(bea.locator(".highbid")).to_contain_text("Cy")
        log = wake_log(bea)
        assert log[:2] == ["request:screen", "lost"] and log[-1] == "request:screen", log

        # Between games the screen may sleep again.
        host.send({"type": "end_game"})
        expect(bea.locator(".lobby")).to_be_visible()
        bea.wait_for_function("() => window.__wake[window.__wake.length - 1] === 'release'")
        expect_no_js_errors(ana, bea, cy)
    finally:
        host.close()
        for page in (ana, bea, cy):
            page.context.close()
