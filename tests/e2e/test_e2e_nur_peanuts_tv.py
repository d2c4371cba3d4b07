"""The Nur Peanuts! table in the browser: a TV hosts a room of bots from its lobby, shows the ring
of 24 fields with every piece where the view puts it, a throw's dice, a piece walking the track
(and not when the screen asks for reduced motion), bumped pieces flashing, the round's payments
as arrows, a person's turn on the clock, the end and its winners; it fits 1920×1080 and 1280×720
without scrolling; the history page tells the finished game round by round. A protocol client of
the test's own watches the same room (or plays a seat), so the page is checked against the
room's own view, never against numbers written here."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from e2e_helpers import Line, add_bots, bots_play_to_the_end, expect_no_js_errors, keep, tv_page
from nur_peanuts_tv_helpers import (
    arrows,
    board_pieces,
    create_room,
    flashed,
    marks,
    resize,
    said,
    view_pieces,
    walked,
    watch_marks,
)
from peanuts_helpers import TV_FULL, TV_SMALL, fits_screen
from playwright.sync_api import expect

from peanutclub.games.nur_peanuts.engine import STANDARD

pytestmark = pytest.mark.e2e

#: Stones step slowly enough to be seen walking; the round's result stays up for the test.
ROUND_PACE = {"stone_step_seconds": 0.3, "between_rounds_seconds": 120, "turn_seconds": 30}
#: A whole game in seconds: stones and rounds follow each other at once.
GAME_PACE = {"stone_step_seconds": 0.05, "between_rounds_seconds": 0.1, "turn_seconds": 30}


def paid(state: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The round's payments that move money, as the arrows carry them (from, to, amount)."""
    return [
        (str(p["from"]), str(p["to"]), str(p["amount"]))
        for p in state["round_result"]["payments"]
        if p["owed"] > 0
    ]


def test_a_round_of_bots_on_the_tv_board(browser: Any, base_url: str, shots: Path) -> None:
    room = create_room(base_url, seed=14, **ROUND_PACE)
    tv = tv_page(browser, base_url, room, TV_FULL)
    still = tv_page(browser, base_url, room, TV_SMALL, still=True)
    line = Line(base_url, room["code"], {"type": "watch"})

    # The lobby: the room's code and where phones join; the host adds three bots from the TV.
    expect(tv.locator(".tv-code")).to_have_text(room["code"])
    expect(tv.locator(".tv-reach")).to_be_visible()
    add_bots(tv, 3)
    expect(still.locator(".lobby-player")).to_have_count(3)
    keep(tv, shots, "nur-peanuts-tv-lobby-1920x1080")
    watch_marks(tv)
    watch_marks(still)
    tv.click("[data-key=start]")

    # The board: 24 fields with our board's values, in order around the ring.
    fields = tv.locator(".tv-board .field")
    expect(fields).to_have_count(24)
    values = fields.evaluate_all("fs => fs.map(f => Number(f.dataset.value))")
    assert values == list(STANDARD)

    # The round plays out to its end; the result stays on the table.
    state = line.until(lambda s: s["phase"] == "round_over", seconds=60)
    expect(tv.locator(".tv-now.result")).to_be_visible()
    expect(tv.locator(".tv-board .piece.moving")).to_have_count(0)
    expect(tv.locator(".tv-board [data-place=track]")).to_have_count(0)

    # Every piece where the view puts it, every owner on its field.
    assert board_pieces(tv) == view_pieces(state)
    owners = fields.evaluate_all("fs => fs.map(f => f.dataset.owner)")
    assert owners == ["" if f["owner"] is None else str(f["owner"]) for f in state["board"]]

    # The last throw's dice, the round's payments as arrows, the start player marked.
    faces = ",".join(str(n) for n in state["last_throw"]["faces"])
    expect(tv.locator(".tv-board .dice")).to_have_attribute("data-faces", faces)
    drawn = arrows(tv)
    assert drawn == paid(state)
    assert drawn, "this seed's first round makes someone pay"
    starts = tv.locator(f".tv-player[data-seat='{state['start_player']}'] .mark.starts")
    expect(starts).to_be_visible()
    expect(tv.locator(".mark.starts")).to_have_count(1)
    for p in state["players"]:
        cash = tv.locator(f".tv-player[data-seat='{p['seat']}'] .cash")
        expect(cash).to_have_text(f"{p['cash']:,}")
    # Said aloud: the last throw (where it went) and the round's payments (every amount).
    spoken = said(tv)
    landed = f"{state['board'][state['last_throw']['to']]['value']:,}"
    assert any(landed in line for line in spoken), spoken
    amounts = [f"{int(a):,}" for _, _, a in paid(state)]
    assert any(all(a in line for a in amounts) for line in spoken), spoken

    # A throw walked its piece along the track on the TV, never on the screen without motion;
    # every bumped piece flashed on both.
    assert marks(tv).get("moving") and marks(tv).get("dice")
    assert not marks(still).get("moving") and marks(still).get("dice")
    bumped = {e["piece"] for e in line.events if e["type"] == "bumped"}
    assert bumped, "this seed's first round bumps pieces"
    assert flashed(tv) == bumped and flashed(still) == bumped

    assert fits_screen(tv) and fits_screen(still)
    keep(tv, shots, "nur-peanuts-tv-round-over-1920x1080")
    keep(still, shots, "nur-peanuts-tv-round-over-1280x720")

    # The table in French: the round's heading and the payments in words.
    still.click("button.lang")
    expect(still.locator(".tv-round")).to_have_text("Manche 1")
    expect(still.locator(".tv-recent")).to_contain_text("gagne la manche")
    expect(still.locator("#live")).to_have_attribute("lang", "fr")
    line.close()
    expect_no_js_errors(tv, still)


#: The footer's things whose words take more than one line, or that run past the screen.
FOOT_WRAPPED = """() => [...document.querySelectorAll('.tv-foot button, .tv-foot .foot-code')]
  .filter((el) => {
    const words = document.createRange();
    words.selectNodeContents(el);
    const lines = new Set([...words.getClientRects()].map((r) => Math.round(r.top)));
    return lines.size > 1 || el.getBoundingClientRect().right > innerWidth;
  })
  .map((el) => el.textContent)"""


def test_the_end_and_its_winners_then_the_history_round_by_round(
    browser: Any, base_url: str, shots: Path
) -> None:
    room = create_room(base_url, seed=5, **GAME_PACE)
    tv, state = bots_play_to_the_end(browser, base_url, room, 3, TV_SMALL)

    # The end: why, and who won, on the board's middle and in the players' list.
    expect(tv.locator(".tv-now.over")).to_be_visible()
    winners = state["result"]["winners"]
    won = tv.locator(".tv-player.won").evaluate_all("rs => rs.map(r => Number(r.dataset.seat))")
    assert won == winners
    names = [p["name"] for p in state["players"] if p["seat"] in winners]
    for name in names:
        expect(tv.locator(".tv-now .winners")).to_contain_text(name)
        expect(tv.locator("[data-key=centre-name]")).to_contain_text(name)
    expect(tv.locator(".tv-phase")).to_have_text("Game over")
    expect(tv.locator(".tv-board .piece.moving")).to_have_count(0)
    assert board_pieces(tv) == view_pieces(state)
    assert fits_screen(tv)
    keep(tv, shots, "nur-peanuts-tv-over-1280x720")
    assert tv.evaluate(FOOT_WRAPPED) == []
    resize(tv, TV_FULL)
    assert fits_screen(tv)
    keep(tv, shots, "nur-peanuts-tv-over-1920x1080")

    # The history: every step of the told game, its board, its moves in words.
    listing = httpx.get(f"{base_url}/api/rooms/{room['code']}/games", timeout=5).json()
    told = httpx.get(f"{base_url}{listing['games'][-1]['history']}", timeout=5).json()
    steps = told["steps"]
    tv.click("[data-key=tv-history]")
    sections = tv.locator(".hist-step")
    expect(sections).to_have_count(len(steps))
    shown = sections.evaluate_all("ss => ss.map(s => [s.dataset.title, Number(s.dataset.round)])")
    assert shown == [[s["title"], s["round"]] for s in steps]
    assert shown[0][0] == "preliminary" and shown[-1][0] == "end"
    assert [r for _, r in shown[1:]] == list(range(1, len(steps)))
    first = sections.nth(1)
    expect(first.locator(".field")).to_have_count(24)
    pieces = first.locator(".piece").evaluate_all(
        "ps => ps.map(p => [p.dataset.piece, Number(p.dataset.field), p.dataset.place])"
    )
    assert {p: (f, place) for p, f, place in pieces} == view_pieces(steps[1]["table"])
    moves = [e for e in steps[1]["events"] if e["type"] != "turn"]
    expect(first.locator(".hist-lines li")).to_have_count(len(moves))
    (end,) = [e for e in moves if e["type"] == "round_over"]
    assert arrows(first) == paid({"round_result": end})
    expect(tv.locator(".hist-result")).to_contain_text(names[0])
    # Each bump says who bumped the piece, as the phones say it.
    bumps = sum(e["type"] == "bumped" for step in steps for e in step["events"])
    assert bumps, "this seed's game bumps a piece"
    said = [x for x in tv.locator(".hist-lines li").all_inner_texts() if "bumped off" in x]
    assert len(said) == bumps and all(" by " in x for x in said), said
    keep(tv, shots, "nur-peanuts-history-1920x1080")
    expect_no_js_errors(tv)


def test_a_persons_turn_on_the_clock_and_their_throw_walked_field_by_field(
    browser: Any, base_url: str, shots: Path
) -> None:
    room = create_room(base_url, seed=5, **ROUND_PACE)
    ana = Line(base_url, room["code"], {"type": "join", "name": "Ana"})
    me = ana.state["you"]["seat"]
    pawn = f"pawn-{me}"
    tv = tv_page(browser, base_url, room, TV_FULL)
    add_bots(tv, 2)
    tv.click("[data-key=start]")

    def my_move(s: dict[str, Any]) -> bool:
        if s["phase"] == "buying":
            return bool(s["purchase"]["seat"] == me)
        return s["phase"] == "turns" and s["turn"]["seat"] == me and not s["turn"]["thrown"]

    # Ana buys her fields when the table asks her (the TV shows her deciding, on the clock).
    while (state := ana.until(my_move, seconds=30))["phase"] == "buying":
        expect(tv.locator(f".tv-player.deciding[data-seat='{me}']")).to_be_visible()
        owned = len(state["players"][me]["fields"])
        cheapest = min(state["purchase"]["fields"], key=lambda f: state["board"][f]["value"])
        ana.send({"type": "buy", "field": cheapest})
        ana.until(lambda s, n=owned: len(s["players"][me]["fields"]) > n, seconds=10)

    # Her turn: her row and her pawn marked, her pawn on its track space, the clock counting.
    expect(tv.locator(f".tv-player.deciding[data-seat='{me}']")).to_be_visible()
    expect(tv.locator(".tv-player.deciding")).to_have_count(1)
    mine = tv.locator(f".tv-board .piece[data-piece='{pawn}']")
    expect(mine).to_have_class(re.compile(r"\bturn\b"))
    expect(mine).to_have_attribute("data-place", "track")
    expect(tv.locator(".tv-clock strong")).to_have_text(re.compile(r"^\d+ s$"))
    expect(tv.locator(".tv-now.turn .lead")).to_contain_text("Ana")
    expect(tv.locator(".tv-board .piece.moving")).to_have_count(0)
    assert fits_screen(tv)
    keep(tv, shots, "nur-peanuts-tv-turn-1920x1080")

    # She throws both white dice: the dice show, her pawn walks the fields one by one.
    watch_marks(tv)
    ana.send({"type": "throw", "dice": "two_white"})
    state = ana.until(lambda s: s["turn"] is not None and s["turn"]["thrown"], seconds=10)
    throw = state["last_throw"]
    assert throw["by"] == pawn
    faces = ",".join(str(n) for n in throw["faces"])
    expect(tv.locator(".tv-board .dice")).to_have_attribute("data-faces", faces)
    expect(tv.locator(".tv-board .piece.moving")).to_have_count(0)
    expect(mine).to_have_attribute("data-field", str(throw["to"]))
    path = [(throw["from"] + step) % 24 for step in range(1, throw["moved"] + 1)]
    assert path, "this seed's throw moves the pawn"
    assert walked(tv, pawn) == path
    landed = f"{state['board'][throw['to']]['value']:,}"
    expect(tv.locator(".tv-now.turn .lead")).to_contain_text(landed)
    keep(tv, shots, "nur-peanuts-tv-thrown-1920x1080")

    # She parks: the pawn on its field's parking place.
    ana.send({"type": "park"})
    expect(mine).to_have_attribute("data-place", "parking")
    expect(mine).to_have_attribute("data-field", str(throw["to"]))

    # Ana leaves: the host hands her seat to a bot from the TV's away strip (once: the
    # players' list keeps its room), and the table says so.
    ana.close()
    handover = tv.locator(f"[data-key=away-bot-{me}]")
    expect(handover).to_be_visible()
    expect(tv.locator(f"[data-key=to-bot-{me}]")).to_have_count(0)
    keep(tv, shots, "nur-peanuts-tv-away-1920x1080")
    handover.click()
    expect(tv.locator(f".tv-player[data-seat='{me}'] .badge-bot")).to_be_visible()
    expect(handover).to_have_count(0)
    expect(tv.locator(".recent-list")).to_contain_text("A bot now plays for Ana")
    expect_no_js_errors(tv)
