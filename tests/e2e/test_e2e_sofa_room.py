"""Room for the sofa's 16 px (issue 29, readable from the sofa): the text floors made every line
of a TV taller, so the crowded screens were laid out again to give it room, never by a smaller
text. Checked at their fullest, on a 1280x720 and a 1920x1080 TV:

- every game's lobby with six seats and the host's settings open: each seat keeps its ↑ ✕ on the
  line of its name, every setting, Save and the next game's choice stay in sight above the
  footer (the open settings take the join column's place);
- the same lobby with three people (long names) beside three bots: each person's handicap select
  stays whole on the seat's line, inside its column and the panel, and Save with it;
- Nur Peanuts!' six players at the end of a round whose winner is still choosing a field, the
  next round's clock running: every payment and the latest moves show whole.

And on both, no text under 16 px at 1280x720, the names and numbers 24 px at 1920x1080."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import (
    TV,
    Line,
    add_bots,
    expect_no_js_errors,
    keep,
    new_page,
    post_room,
    store_host_token,
)
from party_tv_helpers import TV_SMALL
from peanuts_helpers import NAMES, serve_view
from playwright.sync_api import Browser, Page, expect
from sofa_helpers import readable
from test_e2e_nur_peanuts_party import PAY_LINES, RECENT_LINES

from peanutclub.games.nur_peanuts import NurPeanuts, Settings
from tests.games.bot_table import bot_or_clock

pytestmark = pytest.mark.e2e

SIZES = {"1280x720": TV_SMALL, "1920x1080": TV}
GAMES = ["peanut-club", "peanuts", "nur-peanuts"]


def floors(page: Page, size: str, where: str) -> list[str]:
    """What falls under the sofa's floors on `page`, a TV of `size`."""
    return readable({"720" if size == "1280x720" else "1080": page}, where)


#: Each seat's row: its name, and whether each of its buttons sits on the name's line (the
#: button's middle within the name's first line), not on a line of its own under it.
SEAT_LINES = """() => [...document.querySelectorAll('.lobby-player')].map(row => {
  const name = row.querySelector('.pname-text').getClientRects()[0];
  const on = [...row.querySelectorAll(':scope > button')].map(b => {
    const r = b.getBoundingClientRect();
    const middle = r.top + r.height / 2;
    return middle >= name.top && middle <= name.bottom;
  });
  return [row.querySelector('.pname-text').textContent, on];
})"""

#: Whether the element is wholly on screen, above the footer, and what a tap at its middle hits.
IN_SIGHT = """(el) => {
  const r = el.getBoundingClientRect();
  const foot = document.querySelector('#foot').getBoundingClientRect();
  if (!r.width || r.top < 0 || r.bottom > foot.top || r.right > innerWidth) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit === el || el.contains(hit);
}"""


def every_setting_in_sight(tv: Page) -> None:
    """Open, the settings take the join column's place: every one of them in sight at once,
    none scrolled out of its panel."""
    for field in tv.locator(".settings-form .field").all():
        assert field.evaluate(IN_SIGHT), field.inner_text()
    hidden = tv.locator("details.settings").evaluate("d => d.scrollHeight - d.clientHeight")
    assert hidden <= 1, hidden


def host_tv(browser: Browser, base_url: str, game: str, size: str) -> tuple[dict[str, Any], Page]:
    """A new room of `game` and its host's TV at `size`, showing the lobby."""
    room = post_room(base_url, {"game": game})
    tv = new_page(browser, SIZES[size])
    store_host_token(tv, base_url, room)
    tv.goto(room["tv_url"])
    return room, tv


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_the_tv_lobby_keeps_each_seat_on_one_line_and_the_host_controls_in_sight(
    browser: Browser, base_url: str, shots: Path, game: str, size: str
) -> None:
    _room, tv = host_tv(browser, base_url, game, size)
    add_bots(tv, 6)
    tv.locator("details.settings > summary").click()
    expect(tv.locator("[data-key=save-settings]")).to_be_visible()
    if game == "peanut-club":
        keep(tv, shots, f"peanut-club-lobby-settings-{size}-after")
    seats = tv.evaluate(SEAT_LINES)
    assert len(seats) == 6 and all(on and all(on) for _, on in seats[1:]), seats
    for control in ("[data-key=save-settings]", ".next-game button"):
        assert tv.locator(control).evaluate(IN_SIGHT), control
    every_setting_in_sight(tv)
    assert floors(tv, size, f"{game} lobby") == []
    expect_no_js_errors(tv)
    tv.context.close()


#: Three people with names of 12 letters, who each get the host's handicap select.
PEOPLE = ["Bartholomews", "Marguerites", "Wilhelminas"]

#: Each seat's controls (its buttons and its handicap select): on the seat's line(s) (the
#: control's middle within the row's box), inside the row's column and the lobby's panel, and a
#: select wide enough for the words it shows; said as [name, [problems]].
SEAT_CONTROLS = """() => {
  const panel = document.querySelector('.tv-lobby > section.lobby').getBoundingClientRect();
  const pen = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('.lobby-player')].map(row => {
    const box = row.getBoundingClientRect();
    const wrong = [];
    for (const el of row.querySelectorAll('button, select')) {
      const r = el.getBoundingClientRect();
      const what = el.dataset.key || el.tagName;
      const middle = r.top + r.height / 2;
      if (middle < box.top || middle > box.bottom) wrong.push(`${what} off its line`);
      if (r.left < box.left - 1 || r.right > box.right + 1) wrong.push(`${what} out of its column`);
      const across = r.left < panel.left || r.right > panel.right;
      const down = r.top < panel.top || r.bottom > panel.bottom;
      if (across || down) wrong.push(`${what} out of the panel`);
      if (el.tagName === 'SELECT') {
        // Its chosen words drawn in its own font, with its padding, fit inside it.
        const s = getComputedStyle(el);
        pen.font = s.font;
        const text = el.selectedOptions[0].textContent;
        const pad = parseFloat(s.paddingLeft) + parseFloat(s.paddingRight);
        const need = pen.measureText(text).width + pad;
        if (need > el.clientWidth) wrong.push(`${what} cut: ${text}`);
      }
    }
    return [row.querySelector('.pname-text').textContent, wrong];
  });
}"""


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_the_tv_lobby_keeps_each_persons_handicap_whole_beside_the_seat(
    browser: Browser, base_url: str, shots: Path, game: str, size: str
) -> None:
    room, tv = host_tv(browser, base_url, game, size)
    people = [Line(base_url, room["code"], {"type": "join", "name": n}) for n in PEOPLE]
    try:
        expect(tv.locator(".lobby-player")).to_have_count(len(PEOPLE))
        add_bots(tv, 3)
        tv.locator("details.settings > summary").click()
        expect(tv.locator("[data-key=save-settings]")).to_be_visible()
        selects = tv.locator(".lobby-player select")
        expect(selects).to_have_count(len(PEOPLE))
        if game == "peanut-club":
            keep(tv, shots, f"peanut-club-lobby-handicaps-{size}-after")
        seats = tv.evaluate(SEAT_CONTROLS)
        assert len(seats) == 6 and all(not wrong for _, wrong in seats), seats
        for control in ("[data-key=save-settings]", ".next-game button"):
            assert tv.locator(control).evaluate(IN_SIGHT), control
        every_setting_in_sight(tv)
        # Every select keeps an accessible name that says whose handicap it is.
        for i, name in enumerate(PEOPLE):
            label = selects.nth(i).evaluate(
                "el => el.getAttribute('aria-label') || (el.labels[0] || {}).textContent || ''"
            )
            assert name in label, label
        assert floors(tv, size, f"{game} lobby with handicaps") == []
        expect_no_js_errors(tv)
    finally:
        for person in people:
            person.close()
        tv.context.close()


def round_end(code: str, players: int, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The TV's view of a real bots' game (the engine's own, nothing made up) at the end of its
    first round, its winner still to choose a field, with what the room adds (names of bots, the
    next round's clock); and the events of the round's last steps, for the latest moves."""
    game = NurPeanuts(players, seed, Settings())
    bots = [NurPeanuts.bots["easy"](s, seed) for s in range(players)]
    order = random.Random(seed)
    events: list[dict[str, Any]] = []
    while game.public_view()["phase"] != "round_over":
        seats = list(range(players))
        order.shuffle(seats)
        events += [e.to_dict() for e in bot_or_clock(game, bots, seats).events]
    view = dict(game.public_view())
    assert view["purchase"] is not None, "this seed's round winner may buy a field"
    view["players"] = [
        {**p, "name": NAMES[p["seat"]], "connected": True, "bot": "normal"} for p in view["players"]
    ]
    view.update(
        game="nur-peanuts",
        code=code,
        settings=Settings().model_dump(),
        host_seat=None,
        deadline=120_000,
        deadline_kind="next_round",
        now=0,
        you=None,
    )
    return view, events[-6:]


@pytest.mark.parametrize("size", list(SIZES))
def test_six_players_round_end_at_its_fullest_shows_every_payment_whole(
    browser: Browser, base_url: str, shots: Path, size: str
) -> None:
    room = post_room(base_url, {"game": "nur-peanuts"})
    view, events = round_end(room["code"], 6, seed=7)
    tv = new_page(browser, SIZES[size])
    served = serve_view(tv, view)
    tv.goto(room["tv_url"])
    expect(tv.locator(".tv-now.result .pay-list li")).to_have_count(
        len(view["round_result"]["payments"])
    )
    # The round's last moves reach the TV as a room sends them, after its welcome.
    served.push(view, events)
    expect(tv.locator(".tv-recent li").first).to_be_visible()
    keep(tv, shots, f"nur-peanuts-sofa-round-six-{size}-after")
    cut = tv.locator(".tv-now").evaluate("el => el.scrollHeight - el.clientHeight")
    assert cut <= 1, cut
    lines = tv.evaluate(PAY_LINES)
    assert all(whole for _, whole in lines), lines
    recent = tv.evaluate(RECENT_LINES)
    assert len(recent) >= 2 and all(whole for _, whole in recent), recent
    assert floors(tv, size, "nur-peanuts round end") == []
    expect_no_js_errors(tv)
    tv.context.close()


#: Each seat whose mark is not on its name's first line: [name, mark's middle, line's box].
MARK_OFF_ITS_NAME = """() => [...document.querySelectorAll('.lobby-player')].map(row => {
  const mark = row.querySelector('.pname > .seatmark').getBoundingClientRect();
  const first = row.querySelector('.pname-text').getClientRects()[0];
  const middle = mark.top + mark.height / 2;
  return [row.querySelector('.pname-text').textContent, middle, first.top, first.bottom];
}).filter(([, middle, top, bottom]) => middle < top || middle > bottom)"""


def test_a_long_name_in_the_french_tv_lobby_keeps_its_mark_on_its_line(
    browser: Browser, base_url: str
) -> None:
    """Names of 20 letters beside the handicap selects (French, 1280x720): each name wraps
    within itself, and its seat's mark stays on its first line rather than alone above it."""
    room = post_room(base_url, {"game": "peanut-club"})
    tv = new_page(browser, SIZES["1280x720"], "fr-FR")
    store_host_token(tv, base_url, room)
    tv.goto(room["tv_url"])
    names = ["Bartholomew Quintana", "Wilhelmina Ashcombes", "Maximilienne Durand-"]
    people = [Line(base_url, room["code"], {"type": "join", "name": n}) for n in names]
    try:
        expect(tv.locator(".lobby-player select")).to_have_count(len(names))
        assert tv.evaluate(MARK_OFF_ITS_NAME) == []
        expect_no_js_errors(tv)
    finally:
        for person in people:
            person.close()
        tv.context.close()
