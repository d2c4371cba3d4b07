"""Helpers for the sofa tests (issue 29): every visible text node of a TV page measured as a
person across the room would read it, by the computed font size of the element that holds it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

#: The least font size for any text on a 1280x720 TV, and for the names and numbers that matter
#: to the game (player names, scores, cash, bids, cards left, points) on a 1920x1080 one.
LEAST = 16
LEAST_THAT_MATTERS = 24

#: What matters to a game on the TV: its people and its numbers, by their classes on the pages.
#: Text inside any of these must be at least LEAST_THAT_MATTERS at 1920x1080.
THAT_MATTERS = ", ".join(
    [
        ".lobby-player .pname-text",
        ".tv-players .player-name",
        ".tv-players .score",
        ".tv-players .symcount",
        ".tv-high",
        ".podium .score-name",
        ".podium .score-total",
        ".podium .breakdown dd",
        ".evening-table td",
        ".recap-name",
        ".recap-points",
        ".tv-player .pname-text",
        ".tv-player .cash",
        ".tv-player .count",
        ".race-head .pname-text",
        ".race-left",
        ".race-total",
        ".tv-summary .pname-text",
        ".tv-summary td.num",
    ]
)

_MEASURE = """([least, within]) => {
  const hidden = (el) => {
    for (let e = el; e; e = e.parentElement) {
      if (e.classList.contains('sr')) return true;
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0) return true;
    }
    const r = el.getBoundingClientRect();
    // Off the screen (a skip link until it has the focus) is not seen either.
    return !el.getClientRects().length || r.right <= 0 || r.bottom <= 0
      || r.left >= innerWidth || r.top >= innerHeight;
  };
  const name = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 3; e = e.parentElement) {
      const cls = [...e.classList].slice(0, 2).map((c) => '.' + c).join('');
      const key = e.dataset && e.dataset.key ? `[data-key=${e.dataset.key}]` : '';
      parts.unshift(e.tagName.toLowerCase() + cls + key);
    }
    return parts.join(' > ');
  };
  const found = new Map();
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!el || !n.textContent.trim() || ['SCRIPT', 'STYLE', 'TITLE'].includes(el.tagName)) continue;
    if (within && !el.closest(within)) continue;
    // An icon's glyph (SVG text) is drawn in the icon's own units and scales with the icon:
    // its computed font size says nothing of its size on the screen.
    if (el.closest('svg')) continue;
    if (hidden(el)) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size + 0.01 < least) {
      const key = `${name(el)} ${size.toFixed(1)}px`;
      if (!found.has(key)) found.set(key, n.textContent.trim().slice(0, 24));
    }
  }
  return [...found].map(([k, t]) => `${k} "${t}"`);
}"""


def too_small(page: Page, least: int = LEAST, within: str | None = None) -> list[str]:
    """Each visible text smaller than `least` px (only inside `within`, a selector, if given),
    as `selector size "text"`; screen-reader-only and hidden text is skipped."""
    found: list[str] = page.evaluate(_MEASURE, [least, within])
    return found


def readable(pages: dict[str, Page], where: str) -> list[str]:
    """Offenders on each TV of `pages` ("720", "1080"): every text at 1280x720, and what
    matters at 1920x1080; each prefixed by where and the size of screen."""
    offenders: list[str] = []
    for size, page in pages.items():
        if size == "720":
            offenders += [f"{where} 1280x720: {o}" for o in too_small(page)]
        else:
            offenders += [
                f"{where} 1920x1080: {o}" for o in too_small(page, LEAST_THAT_MATTERS, THAT_MATTERS)
            ]
    return offenders


def measured(pages: dict[str, Any], where: str, into: list[str]) -> None:
    """Add the offenders of `pages` at `where` to `into` (a test lists them all at the end)."""
    into.extend(readable(pages, where))
