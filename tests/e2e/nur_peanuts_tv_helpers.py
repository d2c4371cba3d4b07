"""Helpers for the browser tests of the Nur Peanuts! table: rooms with quick clocks, what its
board shows read back from the page, and marks left by things that show only for a moment (a
walking piece, a bumped piece's flash)."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Locator, Page

#: Marks set by a MutationObserver as soon as a class shows up anywhere on the page.
WATCH_MARKS = """() => {
  window.__marks = {};
  window.__said = [];
  window.__walk = [];
  window.__flashed = [];
  const look = () => {
    for (const el of document.querySelectorAll(".piece.flash")) {
      if (!window.__flashed.includes(el.dataset.piece)) window.__flashed.push(el.dataset.piece);
    }
    for (const el of document.querySelectorAll(".piece.moving")) {
      const last = window.__walk[window.__walk.length - 1];
      const field = Number(el.dataset.field);
      if (!last || last[0] !== el.dataset.piece || last[1] !== field) {
        window.__walk.push([el.dataset.piece, field]);
      }
    }
    const live = document.getElementById("live").textContent;
    if (live && window.__said[window.__said.length - 1] !== live) window.__said.push(live);
    for (const [name, sel] of [["moving", ".piece.moving"], ["dice", ".np-board .dice"]]) {
      if (document.querySelector(sel)) window.__marks[name] = true;
    }
  };
  new MutationObserver(look).observe(document.body,
    { subtree: true, childList: true, characterData: true, attributes: true,
      attributeFilter: ["class", "data-field"] });
  look();
}"""


def create_room(base_url: str, **settings: Any) -> dict[str, Any]:
    """POST /api/rooms for a game of Nur Peanuts! (development mode: any clock, a fixed seed)."""
    res = httpx.post(f"{base_url}/api/rooms", json={"game": "nur-peanuts", **settings}, timeout=5)
    res.raise_for_status()
    room: dict[str, Any] = res.json()
    return room


def resize(page: Page, size: dict[str, int]) -> None:
    """The TV's window at another size (1920×1080, 1280×720)."""
    page.set_viewport_size({"width": size["width"], "height": size["height"]})


def watch_marks(page: Page) -> None:
    page.evaluate(WATCH_MARKS)


def marks(page: Page) -> dict[str, bool]:
    seen: dict[str, bool] = page.evaluate("() => window.__marks || {}")
    return seen


def flashed(page: Page) -> set[str]:
    """The pieces drawn flashing (bumped) since `watch_marks`."""
    ids: list[str] = page.evaluate("() => window.__flashed || []")
    return set(ids)


def walked(page: Page, piece: str) -> list[int]:
    """The fields a piece was drawn walking through, in order, since `watch_marks`."""
    steps: list[list[Any]] = page.evaluate("() => window.__walk || []")
    return [int(field) for who, field in steps if who == piece]


def said(page: Page) -> list[str]:
    """Everything the page's live region said since `watch_marks`, in order."""
    lines: list[str] = page.evaluate("() => window.__said || []")
    return lines


def board_pieces(page: Page) -> dict[str, tuple[int, str]]:
    """Every piece the TV's board draws: id → (field, place)."""
    rows = page.locator(".tv-board .piece").evaluate_all(
        "ps => ps.map(p => [p.dataset.piece, Number(p.dataset.field), p.dataset.place])"
    )
    return {piece: (field, place) for piece, field, place in rows}


def arrows(scope: Page | Locator) -> list[tuple[str, str, str]]:
    """The payment arrows drawn in `scope`: (from, to, amount) each, as their data says."""
    rows = scope.locator(".pay-arrow").evaluate_all(
        "as => as.map(a => [a.dataset.from, a.dataset.to, a.dataset.amount])"
    )
    return [(a, b, c) for a, b, c in rows]


def view_pieces(state: dict[str, Any]) -> dict[str, tuple[int, str]]:
    """The same, as the view says."""
    return {p["id"]: (p["field"], p["place"]) for p in state["pieces"]}
