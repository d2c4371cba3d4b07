"""Helpers for the party play-test's phone checks: a seated table of phones, what fits on screen."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from e2e_helpers import create_room, join, new_page, store_host_token
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parents[2]
DOCS_SHOTS = ROOT / "docs" / "screenshots"
SHOTS = ROOT / "test-artifacts" / "screenshots"
PHONE_390 = {"width": 390, "height": 844}
PHONE_360 = {"width": 360, "height": 640}
# Seed 2 deals a three-object first lot to three players: the tallest lot a phone has to show.
THREE_OBJECT_SEED = 2


def seated_table(
    browser: Any,
    base_url: str,
    names: list[str],
    *,
    viewport: dict[str, int] = PHONE_390,
    locale: str = "en-US",
    seed: int = THREE_OBJECT_SEED,
    start: bool = True,
    **settings: Any,
) -> tuple[dict[str, Any], list[Page]]:
    """A room whose first phone holds the host token; every phone seated, the game started."""
    room = create_room(base_url, seed=seed, **settings)
    phones = [new_page(browser, viewport, locale) for _ in names]
    store_host_token(phones[0], base_url, room)
    for phone, name in zip(phones, names, strict=True):
        join(phone, room["join_url"], name)
    if start:
        phones[0].click("[data-key=start]")
        for phone in phones:
            expect(phone.locator(".bidpanel")).to_be_visible()
    return room, phones


def in_view(page: Page, selector: str) -> list[str]:
    """Every element matching `selector` that is NOT wholly inside the viewport (without
    scrolling), by its data-key or its text; an empty list means all of them are reachable."""
    return page.evaluate(
        """(sel) => {
          const vw = window.innerWidth, vh = window.innerHeight;
          return [...document.querySelectorAll(sel)]
            .filter((el) => {
              const r = el.getBoundingClientRect();
              const out = r.top < 0 || r.left < 0 || r.bottom > vh + 0.5 || r.right > vw + 0.5;
              return r.width === 0 || out;
            })
            .map((el) => el.dataset.key || el.textContent.trim().slice(0, 30));
        }""",
        selector,
    )


def overflowing(page: Page, selector: str) -> list[str]:
    """Elements whose text runs out of their box (wider content than the box)."""
    return page.evaluate(
        """(sel) => [...document.querySelectorAll(sel)]
            .filter((el) => el.scrollWidth > el.clientWidth + 1)
            .map((el) => el.dataset.key || el.textContent.trim().slice(0, 30))""",
        selector,
    )


def doc_shot(page: Page, name: str) -> None:
    """A screenshot for the docs: into docs/screenshots/ when PEANUTCLUB_DOCS_SHOTS is set (to
    refresh them), else beside the other test screenshots (a test run leaves docs/ alone)."""
    folder = DOCS_SHOTS if os.environ.get("PEANUTCLUB_DOCS_SHOTS") else SHOTS
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"))
