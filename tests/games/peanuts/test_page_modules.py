"""Peanuts!' player page is small modules named for what they do, not one file of everything
(optimistic moves, the piles, drag, keys): each stays short enough to read at one sitting, and
every module the page imports is there. The browser tests pin what the page does."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3] / "static" / "games" / "peanuts"

#: A page module longer than this is doing more than one thing.
MOST_LINES = 200

IMPORT = re.compile(r'^import [^"]* from "(\./[^"]+)";', re.MULTILINE)


def page_modules() -> dict[Path, str]:
    """The player page and every module it imports from its own folder, by path."""
    seen: dict[Path, str] = {}
    todo = [ROOT / "player.js"]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        assert path.is_file(), f"{path.relative_to(ROOT)} is imported but missing"
        seen[path] = text = path.read_text(encoding="utf-8")
        todo.extend((path.parent / name).resolve() for name in IMPORT.findall(text))
    return seen


def test_the_player_page_is_small_modules() -> None:
    modules = page_modules()
    assert len(modules) > 5
    long = {p.name: t.count("\n") for p, t in modules.items() if t.count("\n") > MOST_LINES}
    assert long == {}
