"""Screenshots of every page of every game as people with a colour vision deficiency see them.

Run through `scripts/colour-screens` (see docs/accessibility.md). It starts a server of its own (or
uses `--url`), plays a real game of each game with six seats (a person on a phone, five bots,
the TV), and saves `<game>-<page>-<deficiency>.png` in `docs/screenshots/colour/` (or `--out`):
pages landing, lobby (TV), player (the phone in play), tv (in play), end (the TV at the end) and
history; deficiencies none, protanopia, deuteranopia, tritanopia and achromatopsia, emulated by
Chromium itself (the DevTools protocol's `Emulation.setEmulatedVisionDeficiency`)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from colour_helpers import DEFICIENCIES, PACE, PHONE, TV, full_table, see_as
from conftest import CHROMIUM, CHROMIUM_ARGS, _free_port, _wait_healthy
from e2e_helpers import Line, new_page
from evening_helpers import to_the_end
from peanuts_helpers import playing, tap_everything
from playwright.sync_api import Browser, Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("landing", "lobby", "player", "tv", "end", "history")
VISIONS = ("none", *DEFICIENCIES)


@contextmanager
def server(url: str | None) -> Iterator[str]:
    """The server to drive: `url`, or one of our own on a free port with a throw-away database."""
    if url:
        yield url.rstrip("/")
        return
    port = _free_port()
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "PEANUTCLUB_DB": f"{data}/screens.db"}
        proc = subprocess.Popen(
            [sys.executable, "-m", "peanutclub", "serve", "--dev", "--port", str(port)],
            cwd=data,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_healthy(base, proc)
            yield base
        finally:
            proc.terminate()
            proc.wait(timeout=10)


def bid_lowest(line: Line) -> None:
    """A Peanut Club player's least bid, in the first currency of the column they can bid in."""
    state = line.until(lambda s: s["phase"] == "bidding" and "bid_options" in s["you"])
    options = state["you"]["bid_options"]
    for currency in state["column"]:
        o = options.get(currency)
        if o and o.get("reason") is None and o["max"] >= o["min"]:
            line.send({"type": "bid", "amount": o["min"], "currency": currency})
            return
    raise AssertionError("no bid is possible")


class Shooter:
    """Saves a page under each wanted vision, named `<game>-<page>-<vision><suffix>.png`."""

    def __init__(self, out: Path, pages: set[str], visions: list[str], suffix: str) -> None:
        self.out, self.pages, self.visions, self.suffix = out, pages, visions, suffix
        out.mkdir(parents=True, exist_ok=True)

    def __call__(self, page: Page, game: str, name: str) -> None:
        if name not in self.pages:
            return
        for vision in self.visions:
            see_as(page, vision)
            page.wait_for_timeout(150)  # one frame drawn with the new filter
            page.screenshot(path=str(self.out / f"{game}-{name}-{vision}{self.suffix}.png"))
        see_as(page, "none")


def shoot_game(browser: Browser, base: str, game: str, shoot: Shooter, pause: float) -> None:
    """One real game of `game`, shot page by page as it goes."""
    landing = new_page(browser, PHONE, touch=True, mobile=True)
    landing.goto(f"{base}/")
    expect(landing.locator("#howto p").first).to_be_visible()
    shoot(landing, game, "landing")
    landing.context.close()

    # A development server's bots end a Peanuts! round or a Peanut Club game in a second or
    # two: people who wait sit there while the game is shot in play (Ana plays a few cards, or
    # Bea bids), then bots take over.
    people = game in ("peanuts", "peanut-club")
    table = full_table(browser, base, game, people=people)
    try:
        shoot(table.tv, game, "lobby")
        table.start()
        if game == "peanuts":
            playing(table.phone)
            for _ in range(3):
                tap_everything(table.phone)
        elif game == "peanut-club":
            bid_lowest(table.people[0])
            expect(table.tv.locator(".hb-by")).to_be_visible()
        else:
            time.sleep(pause)  # a few moves on the board
        shoot(table.phone, game, "player")
        shoot(table.tv, game, "tv")
        if people:
            table.bots_take_over()
        to_the_end(table.host, 1)
        expect(table.tv.locator("[data-key=next-game-choice]")).to_be_visible()
        shoot(table.tv, game, "end")
        if "history" in shoot.pages:
            history = new_page(browser, TV)
            history.goto(f"{base}/r/{table.room['code']}/history")
            expect(history.locator("main")).to_be_visible()
            history.wait_for_load_state("networkidle")
            shoot(history, game, "history")
            history.context.close()
    finally:
        table.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--url", help="a running server to use instead of starting one")
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots" / "colour"))
    parser.add_argument("--games", default=",".join(PACE), help="comma-separated game ids")
    parser.add_argument("--pages", default=",".join(PAGES), help=f"of {', '.join(PAGES)}")
    parser.add_argument("--visions", default=",".join(VISIONS), help=f"of {', '.join(VISIONS)}")
    parser.add_argument("--suffix", default="", help="added to each file name, e.g. -before")
    parser.add_argument("--pause", type=float, default=2.5, help="seconds of play before shots")
    args = parser.parse_args(argv)
    shoot = Shooter(
        Path(args.out), set(args.pages.split(",")), args.visions.split(","), args.suffix
    )
    with server(args.url) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            for game in args.games.split(","):
                shoot_game(browser, base, game, shoot, args.pause)
                print(f"{game}: done", flush=True)
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
