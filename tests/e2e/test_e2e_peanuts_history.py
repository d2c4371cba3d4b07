"""The history page of a finished game of Peanuts!: each round's deal with its labels beside
their cards, who called Peanuts! (or how else the round ended) and the round's flow (who played
how many cards where, the turns of the stock, the rotations, the photo finishes)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import expect_no_js_errors, keep, new_page
from peanuts_helpers import PHONE_SMALL, PHONE_TALL, TV_FULL, create_room
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def _told_game(code: str) -> dict[str, Any]:
    """A whole bot game of three, played in process, told by the game as the server tells it."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from peanutclub.core import export_game
    from peanutclub.games.peanuts import Peanuts
    from tests.games.peanuts.conftest import bot_game

    table = bot_game(3, 4, ("hard", "normal", "hard"), Peanuts.Settings(target_score=40))
    export = export_game(table, ["Anastasia", "Bartholomew", "Clementine"])
    return {
        "id": f"{code}-1",
        "code": code,
        "game": "peanuts",
        "abandoned": False,
        **Peanuts.history(export),
    }


def _serve_history(page: Any, code: str, told: dict[str, Any]) -> None:
    listing = {
        "code": code,
        "games": [
            {
                "id": told["id"],
                "finished": 0,
                "history": f"/api/games/{told['id']}/history",
                "export": "#",
            }
        ],
    }
    page.route(f"**/api/rooms/{code}/games", lambda r: r.fulfill(json=listing))
    page.route(f"**/api/games/{told['id']}/history", lambda r: r.fulfill(json=told))


@pytest.mark.parametrize(
    "size", [PHONE_SMALL, PHONE_TALL, TV_FULL], ids=["360x640", "390x844", "1920x1080"]
)
def test_the_history_tells_who_called_each_round_and_its_flow_with_labels_by_their_cards(
    browser: Any, base_url: str, shots: Path, size: dict[str, int]
) -> None:
    room = create_room(base_url)
    told = _told_game(room["code"])
    page = new_page(browser, size)
    _serve_history(page, room["code"], told)
    page.goto(f"{base_url}/r/{room['code']}/history")
    rounds = page.locator(".hist-round")
    expect(rounds).to_have_count(len(told["rounds"]))
    keep(page, shots, f"peanuts-history-{size['width']}x{size['height']}")
    # How each round ended, named.
    for index, rnd in enumerate(told["rounds"]):
        end = rnd["end"]
        line = rounds.nth(index).locator("[data-key=end]")
        if end["reason"] == "peanuts":
            name = told["names"][end["caller"]]
            expect(line).to_have_text(f"{name} called Peanuts!")
        else:
            expect(line).to_contain_text("round is over")
        # The flow: one line per player with their cards to the piles.
        expect(rounds.nth(index).locator(".hist-flow li")).to_have_count(3)
    # Each label sits on the line of its pile's cards, never alone at a line's end.
    apart = page.evaluate(
        """() => [...document.querySelectorAll('.hist-deck .label')].filter(l => {
              const pile = l.nextElementSibling;
              if (!pile) return true;
              const a = l.getBoundingClientRect(), b = pile.getBoundingClientRect();
              return Math.abs(a.top - b.top) > 24 && b.top > a.bottom - 2;
            }).length"""
    )
    assert apart == 0
    expect_no_js_errors(page)
