"""Helpers for the keyboard-only browser tests: the page is driven with `page.keyboard` alone
(Tab, Shift+Tab, Enter, Space, Escape and the game's own keys), never a click or a focus()
from the test; the test only reads where the focus is and what the page shows."""

from __future__ import annotations

import time

from playwright.sync_api import Page

#: How many Tab presses may separate two controls of one screen (a whole Peanut Club bidding
#: screen, bar and players included, is well under this).
MOST_TABS = 80


def focused(page: Page) -> str:
    """What holds the focus: its data-key, else its tag name ("BODY" when nothing does)."""
    return str(
        page.evaluate(
            "() => { const el = document.activeElement;"
            " return el ? (el.dataset && el.dataset.key) || el.tagName : 'BODY'; }"
        )
    )


def focus_matches(page: Page, selector: str) -> bool:
    """Whether the focused element matches `selector` (and can be pressed: not disabled)."""
    return bool(
        page.evaluate(
            "(sel) => { const el = document.activeElement;"
            " return !!el && el.matches(sel) && !el.disabled; }",
            selector,
        )
    )


def ring(page: Page) -> dict[str, str]:
    """The focused element's outline as the page draws it (the keyboard's ring)."""
    return dict(
        page.evaluate(
            "() => { const s = getComputedStyle(document.activeElement);"
            " return {width: s.outlineWidth, style: s.outlineStyle, shadow: s.boxShadow}; }"
        )
    )


def assert_ring(page: Page) -> None:
    """The focused control shows a ring of at least 3 px (the page's stylesheet adds a white
    halo where a control has no shadow of its own, for the dark felt)."""
    drawn = ring(page)
    assert drawn["style"] not in ("none", "hidden"), drawn
    assert float(drawn["width"].removesuffix("px")) >= 3, drawn


def tab_to(page: Page, selector: str, *, back: bool = False, seconds: float = 10) -> None:
    """Press Tab (Shift+Tab with `back`) until a control matching `selector` holds the focus; the
    screen may change meanwhile (a new view), so it keeps going round for up to `seconds`."""
    key = "Shift+Tab" if back else "Tab"
    end = time.monotonic() + seconds
    presses = 0
    while time.monotonic() < end:
        if focus_matches(page, selector):
            assert_ring(page)
            return
        page.keyboard.press(key)
        presses += 1
        if presses % MOST_TABS == 0:
            page.wait_for_timeout(50)
    raise AssertionError(f"Tab never reached {selector}; the focus is on {focused(page)}")


def press_on(page: Page, selector: str, key: str = "Enter", *, back: bool = False) -> None:
    """Tab to the control matching `selector`, then press `key` on it."""
    tab_to(page, selector, back=back)
    page.keyboard.press(key)


def live_text(page: Page, region: str = "live") -> str:
    """What the live region (`live`, polite; `alert`, assertive) says now."""
    return str(page.evaluate("(id) => document.getElementById(id).textContent", region)).strip()


def wait_said(page: Page, text: str, region: str = "live", seconds: float = 10) -> None:
    """Wait until the live region `region` has said `text` (its sentences are kept as they come,
    see `listen`)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if any(text in s for s in said(page, region)):
            return
        page.wait_for_timeout(40)
    raise AssertionError(f"{region} never said {text!r}; it said {said(page, region)}")


def listen(page: Page) -> None:
    """Keep every sentence the live regions say (a later one replaces an earlier one in the
    region itself): in `window.__said[region]`."""
    page.evaluate(
        """() => {
          window.__said = {live: [], alert: []};
          for (const id of ["live", "alert"]) {
            const el = document.getElementById(id);
            if (!el) continue;
            new MutationObserver(() => {
              const text = el.textContent.trim();
              if (text) window.__said[id].push(text);
            }).observe(el, {childList: true, characterData: true, subtree: true});
          }
        }"""
    )


def said(page: Page, region: str = "live") -> list[str]:
    """Every sentence the region said since `listen`."""
    return list(page.evaluate("(id) => (window.__said || {})[id] || []", region))
