"""A whole evening in Chromium: two phones (the host's and a friend's), two bots and the TV play
Peanut Club, then Peanuts!, then Nur Peanuts!, the host moving the table from game to game on
their phone. The phones keep their seats and names with no tap, and after the third game the TV
shows standings equal to an independent count of the three games' results.

The people let each game's clock play for them (the host sets quick clocks through the lobby's
`settings`, as development mode allows): the test is about the evening, the games' own play is
pinned by their own tests."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest
from e2e_helpers import (
    Line,
    add_bots,
    expect_no_js_errors,
    join,
    new_page,
    post_room,
    store_host_token,
    tv_page,
)
from evening_helpers import PACE, to_the_end
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
TV = {"width": 1280, "height": 720}

NAMES = ["Ana", "Bo"]
PLAYERS = [*NAMES, "Bot 1", "Bot 2"]


def pair_points(games: list[list[int]], seats: int) -> list[Fraction]:
    """Every pair of players of every game: a point to the one placed ahead, half each on a tie
    (counted apart from the server's own function)."""
    points = [Fraction(0)] * seats
    for places in games:
        for a in range(len(places)):
            for b in range(len(places)):
                if a != b and places[a] < places[b]:
                    points[a] += 1
                elif a != b and places[a] == places[b]:
                    points[a] += Fraction(1, 2)
    return points


def board(tv: Page) -> dict[str, str]:
    """The TV's standings on screen: name → points as written."""
    rows = tv.locator(".evening-row").evaluate_all(
        """rs => rs.map(r => [r.querySelector('.evening-name').textContent,
                              r.querySelector('.evening-points').textContent])"""
    )
    return dict(rows)


def written(points: Fraction) -> str:
    """Points as the English page writes them ("1 pt", "0.5 pts", "2.5 pts": English says one
    point, and anything else in the plural)."""
    number = f"{float(points):g}"
    return f"{number} pt" if points == 1 else f"{number} pts"


def test_a_whole_evening_of_three_games_switched_from_the_host_phone(
    browser: Any, base_url: str
) -> None:
    room = post_room(base_url, {"game": "peanut-club", "seed": 4, **PACE["peanut-club"]})
    host = Line(base_url, room["code"], {"type": "watch", "host_token": room["host_token"]})
    phones: list[Page] = []
    for name in NAMES:
        phone = new_page(browser, PHONE, touch=True, mobile=True)
        if name == "Ana":
            store_host_token(phone, base_url, room)
        join(phone, room["join_url"], name)
        phones.append(phone)
    ana, bo = phones
    tv = tv_page(browser, base_url, room, TV)
    try:
        add_bots(ana, 2)
        results: list[list[int]] = []
        games = ["peanut-club", "peanuts", "nur-peanuts"]
        for number, game in enumerate(games, start=1):
            host.until(lambda s, g=game: s["game"] == g and s["phase"] == "lobby")
            for page in (ana, bo, tv):
                expect(page.locator(f"body[data-game={game}]")).to_have_count(1)
                expect(page.locator(".lobby-player")).to_have_count(4)
            expect(bo.locator("[data-key=start]")).to_have_count(0)  # only the host starts
            if number > 1:  # a switched game starts from its defaults: the host's quick clocks
                host.send({"type": "settings", **PACE[game]})
                host.until(lambda s, g=game: s["settings"] == {**s["settings"], **PACE[g]})
            ana.click("[data-key=start]")
            over = to_the_end(host, number)
            assert [p["name"] for p in over["players"]] == PLAYERS
            played = over["evening"]["games"][-1]
            assert played["game"] == game and not played["abandoned"]
            results.append([p["place"] for p in played["placings"]])
            # Each phone still holds its own seat: the friend's phone is not the host's; each
            # end card has its own line of the night so far, with the points the view gives.
            expect(ana.locator("[data-key=next-game-choice]")).to_be_visible()
            expect(bo.locator("[data-key=next-game-choice]")).to_have_count(0)
            expect(bo.locator("[data-key=end-wait]")).to_be_visible()
            points = {s["seat"]: s["points"] for s in over["evening"]["standings"]}
            for seat, page in enumerate((ana, bo)):
                line = page.locator(f"[data-key=night-{seat}]")
                expect(line).to_have_class(re.compile(r"\bme\b"))
                expect(line.locator(".night-points")).to_have_text(written(Fraction(points[seat])))
            if number < len(games):
                ana.select_option("[data-key=next-game-choice]", games[number])
                ana.click("[data-key=next-game-go]")
        expected = pair_points(results, 4)
        assert sum(expected) == 3 * 6  # three games of four: six points each
        standings = host.state["evening"]["standings"]
        assert {s["name"]: Fraction(s["points"]) for s in standings} == dict(
            zip(PLAYERS, expected, strict=True)
        )
        # The TV's league shows the same points, three games counted.
        expect(tv.locator(".evening-row")).to_have_count(4)
        assert board(tv) == {n: written(p) for n, p in zip(PLAYERS, expected, strict=True)}
        expect_no_js_errors(ana, bo, tv)
    finally:
        host.close()
        for page in (*phones, tv):
            page.context.close()
