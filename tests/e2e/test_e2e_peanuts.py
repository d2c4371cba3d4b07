"""Peanuts! in the browser: a round played by two phones and a bot to its end, a lost race shown to
the loser, a reload mid-round, the keyboard, the page's patch rule checked against the server's
whole views, and screenshots at phone and TV sizes."""

from __future__ import annotations

import contextlib
import json
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from e2e_helpers import (
    bots_play_to_the_end,
    expect_no_js_errors,
    join,
    keep,
    new_page,
    store_host_token,
)
from peanuts_helpers import (
    PHONE_SMALL,
    PHONE_TALL,
    TV_FULL,
    TV_SMALL,
    create_room,
    fits_screen,
    peanuts_left,
    played_stretches,
    playing,
    tap_everything,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


#: A deal (2 players, this seed) where seat 0 shows the Ace of clubs (card 39) and both decks
#: show their 2 of clubs (cards 40 and 92) on top of a pile: a race for the same foundation.
RACE_SEED = 103
ACE, ANA_TWO, BRUNO_TWO = 39, 40, 92
#: Seat 0's peanuts top (8 of diamonds) and its building piles' Queen of spades and Jack of
#: diamonds (piles 3 and 4) in the same deal.
EIGHT, QUEEN, JACK = 33, 11, 36
FLYING = re.compile(r"\bflying\b")


def test_a_round_played_by_two_phones_and_a_bot_to_its_end(
    browser: Any, base_url: str, shots: Path
) -> None:
    room = create_room(base_url, seed=22, countdown_seconds=2)
    ana, bruno = new_page(browser, PHONE_SMALL), new_page(browser, PHONE_TALL)
    tv = new_page(browser, TV_FULL)
    store_host_token(ana, base_url, room)
    join(ana, room["join_url"], "Ana")
    join(bruno, room["join_url"], "Bruno")
    tv.goto(room["tv_url"])
    ana.select_option("#bot-level", "hard")
    ana.click("[data-key=add-bot]")
    expect(tv.locator(".lobby-player")).to_have_count(3)
    keep(tv, shots, "peanuts-tv-lobby-1920x1080")
    ana.click("[data-key=start]")
    expect(tv.locator(".tv-countdown")).to_be_visible()
    keep(tv, shots, "peanuts-tv-countdown-1920x1080")
    playing(ana)
    playing(bruno)
    expect(tv.locator(".tv-countdown")).to_have_count(0)

    # A few looks by both players: cards go where they can, the stock turns; no scrolling.
    for _ in range(3):
        tap_everything(ana)
        tap_everything(bruno)
    assert fits_screen(ana) and fits_screen(bruno)
    keep(ana, shots, "peanuts-phone-play-360x640")
    keep(bruno, shots, "peanuts-phone-play-390x844")
    expect(tv.locator(".race")).to_have_count(3)
    keep(tv, shots, "peanuts-tv-play-1920x1080")
    tv.set_viewport_size(TV_SMALL)
    assert fits_screen(tv)
    keep(tv, shots, "peanuts-tv-play-1280x720")
    tv.set_viewport_size(TV_FULL)

    # Play on until the round ends (the bot calls, or every deck is stuck often enough).
    deadline = time.monotonic() + 60
    while not ana.locator(".round-over").count():
        assert time.monotonic() < deadline, "the round did not end"
        for page in (ana, bruno):
            if page.locator(".round-over").count():
                continue
            before = peanuts_left(page)
            tap_everything(page)
            stuck = page.locator("[data-key=stuck][aria-pressed=false]")
            if stuck.count() and peanuts_left(page) == before:
                with contextlib.suppress(Exception):
                    stuck.click(timeout=500)
            call = page.locator("[data-key=call]")
            if call.count():
                with contextlib.suppress(Exception):
                    call.click(timeout=500)

    # The summary: one row per player on both phones and on the TV, the host may go on.
    for page in (ana, bruno, tv):
        expect(page.locator("table.summary tbody tr")).to_have_count(3)
    expect(ana.locator("[data-key=next-round]")).to_be_visible()
    expect(bruno.locator("[data-key=next-round]")).to_have_count(0)
    keep(ana, shots, "peanuts-phone-summary-360x640")
    keep(tv, shots, "peanuts-tv-summary-1920x1080")
    ana.click("[data-key=next-round]")
    expect(tv.locator(".tv-round")).to_contain_text("2")
    playing(bruno)
    expect_no_js_errors(ana, bruno, tv)


def test_a_lost_race_is_shown_to_the_loser_and_a_reload_gets_the_seat_back(
    browser: Any, base_url: str, shots: Path
) -> None:
    room = create_room(base_url, seed=RACE_SEED)
    ana, bruno = new_page(browser, PHONE_SMALL), new_page(browser, PHONE_TALL, "fr-FR")
    bruno.add_init_script(
        "window.__buzz = []; navigator.vibrate = (p) => { window.__buzz.push(p); return true; }"
    )
    store_host_token(ana, base_url, room)
    join(ana, room["join_url"], "Ana")
    join(bruno, room["join_url"], "Bruno")

    # Bruno's page talks through a route that can hold back what it sends.
    hold = {"on": False}
    held: list[Any] = []

    def relay(ws: Any) -> None:
        server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            if hold["on"]:
                held.append((server, message))
            else:
                server.send(message)

        ws.on_message(from_page)
        server.on_message(lambda message: ws.send(message))

    bruno.route_web_socket("**/ws/*", relay)
    bruno.reload()
    expect(bruno.locator(".lobby")).to_be_visible()
    ana.click("[data-key=start]")
    playing(ana)
    playing(bruno)

    # Ana opens the clubs with her Ace: a new foundation, seen on Bruno's phone.
    ana.click(f"button[data-card='{ACE}']")
    expect(bruno.locator(f".foundations [data-card='{ACE}']")).to_be_visible()

    # Both tap their 2 of clubs; Bruno's move is held back so that Ana's arrives first.
    hold["on"] = True
    bruno.click(f"button[data-card='{BRUNO_TWO}']")
    expect(bruno.locator(f"button[data-card='{BRUNO_TWO}']")).to_have_class(FLYING)
    ana.click(f"button[data-card='{ANA_TWO}']")
    expect(bruno.locator(f".foundations [data-card='{ANA_TWO}']")).to_be_visible()
    hold["on"] = False
    for server, message in held:
        server.send(message)
    note = bruno.locator(".note-lost")
    expect(note).to_contain_text("Course perdue")
    expect(note).to_contain_text("Ana")  # who was faster, named
    expect(bruno.locator(f"button[data-card='{BRUNO_TWO}']")).not_to_have_class(FLYING)
    # The round's start was felt (one short tap), then the race lost (two quick knocks), once.
    assert bruno.evaluate("window.__buzz") == [[70], [80, 40, 80]]
    keep(bruno, shots, "peanuts-phone-lost-race-390x844")
    expect(ana.locator(".note-lost")).to_have_count(0)

    # The keyboard: T turns Ana's stock; Shift+W picks her waste card, Escape puts it down.
    stock = ana.locator("[data-key=flip] .back-count")
    before = int(stock.inner_text())
    ana.locator("body").press("t")
    expect(stock).to_have_text(str(before - 3))
    ana.locator("body").press("Shift+W")
    expect(ana.locator(".card-face.picked")).to_have_count(1)
    expect(ana.locator("[data-key=target-f]")).to_be_focused()
    keep(ana, shots, "peanuts-phone-choose-360x640")
    ana.keyboard.press("Escape")
    expect(ana.locator(".card-face.picked")).to_have_count(0)

    # A chosen place: the Jack of diamonds (building pile 4) onto the Queen of spades (pile 3).
    ana.click("[data-key=choose]")
    ana.click(f"button[data-card='{JACK}']")
    ana.click("[data-key=target-b2]")
    expect(ana.locator(f"[data-key=pile-2] [data-card='{JACK}']")).to_be_visible()
    expect(ana.locator(f"[data-key=pile-2] [data-card='{QUEEN}']")).to_be_visible()
    # A chosen place the server refuses: shown at once, then back with the reason.
    ana.click(f"button[data-card='{EIGHT}']")
    ana.click("[data-key=target-f0]")
    expect(ana.locator(".race-status .note")).to_contain_text("cannot go there")
    expect(ana.locator(f"button[data-key=peanuts][data-card='{EIGHT}']")).to_be_visible()
    expect(ana.locator("[data-key=choose]")).to_have_attribute("aria-pressed", "false")
    # A drag: the peanuts pile's 8 of diamonds onto the emptied building pile 1.
    ana.locator("button[data-key=peanuts]").hover()
    ana.mouse.down()
    box = ana.locator("[data-key=pile-0]").bounding_box()
    assert box is not None
    ana.mouse.move(box["x"] + box["width"] / 2, box["y"] + 30, steps=6)
    ana.mouse.up()
    expect(ana.locator(f"[data-key=pile-0] [data-card='{EIGHT}']")).to_be_visible()
    expect(ana.locator("[data-key=peanuts-left]")).to_contain_text("12")

    # A reload mid-round: the same seat, the same cards.
    left = peanuts_left(bruno)
    building = bruno.locator(".building").inner_text()
    bruno.reload()
    expect(bruno.locator(".bar .me")).to_have_text("Bruno")
    expect(bruno.locator("#name")).to_have_count(0)
    expect(bruno.locator(".reserve")).to_be_visible()
    assert peanuts_left(bruno) == left
    assert bruno.locator(".building").inner_text() == building
    expect_no_js_errors(ana, bruno)


def test_the_page_applies_a_patch_as_the_server_would_have_sent_the_view(
    browser: Any, base_url: str
) -> None:
    """static/games/peanuts/patch.js, behind the generic step of state.js, brings a view through
    the patches of whole bot games to the whole views the plug-in would have sent."""
    stretches = [
        *played_stretches(2, 7, {"target_score": 40}),
        *played_stretches(3, 9, {"target_score": 40}),
        *played_stretches(4, 8, {"teams": 1, "target_score": 25}),
    ]
    patches = sum(len(s["frames"]) for s in stretches)
    assert patches > 1000
    page = new_page(browser, PHONE_SMALL)
    page.goto(f"{base_url}/")
    result = page.evaluate(
        """async (text) => {
          const stretches = JSON.parse(text);
          const { applyPatch } = await import('/static/js/state.js');
          const { step } = await import('/static/games/peanuts/patch.js');
          const canon = (v) => Array.isArray(v) ? v.map(canon)
            : v && typeof v === 'object'
              ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon(v[k])]))
              : v;
          const same = (a, b) => JSON.stringify(canon(a)) === JSON.stringify(canon(b));
          const wrong = [];
          let checked = 0;
          for (const [n, s] of stretches.entries()) {
            let view = s.start;
            s.frames.forEach((frame, i) => {
              const old = view;
              const snap = JSON.stringify(old);
              view = applyPatch(old, frame, step);
              if (JSON.stringify(old) !== snap) wrong.push(['the last view changed', n, i]);
              const want = s.checks[String(i)];
              if (want !== undefined) {
                checked += 1;
                if (!same(view, want)) wrong.push([n, i, JSON.stringify(view)]);
              }
            });
          }
          return { wrong: wrong.slice(0, 3), checked };
        }""",
        json.dumps(stretches),
    )
    assert result["wrong"] == []
    assert result["checked"] > patches // 10


def test_the_host_chooses_partners_by_moving_players_up_a_seat(
    browser: Any, base_url: str, shots: Path
) -> None:
    """Teams pair seats 1+2 and 3+4: Ana wants Chloé as her partner, so she moves Chloé up; the
    lobby shows the teams before the deal and the dealt game keeps them."""
    room = create_room(base_url, seed=5, teams=1)
    ana, bruno, chloe = (new_page(browser, PHONE_TALL) for _ in range(3))
    store_host_token(ana, base_url, room)
    for page, name in ((ana, "Ana"), (bruno, "Bruno"), (chloe, "Chloé")):
        join(page, room["join_url"], name)
    expect(ana.locator(".lobby-player .team")).to_have_count(0)  # three players: no teams
    expect(bruno.locator("[data-key^=up-]")).to_have_count(0)  # only the host moves players
    ana.click("[data-key=add-bot]")
    players = ana.locator(".lobby-player")
    expect(players.nth(0).locator(".team")).to_have_text("Team 1")
    expect(players.nth(1)).to_contain_text("Bruno")
    expect(players.nth(1).locator(".team")).to_have_text("Team 1")

    ana.click("[data-key=up-2]")
    expect(players.nth(1)).to_contain_text("Chloé")
    expect(players.nth(1).locator(".team")).to_have_text("Team 1")
    expect(players.nth(2)).to_contain_text("Bruno")
    expect(players.nth(2).locator(".team")).to_have_text("Team 2")
    expect(chloe.locator(".lobby-player").nth(1).locator(".badge-you")).to_be_visible()
    keep(ana, shots, "peanuts-phone-teams-390x844")

    ana.click("[data-key=start]")
    tv = new_page(browser, TV_FULL)
    tv.goto(room["tv_url"])
    races = tv.locator(".race")
    expect(races).to_have_count(2)  # one deck per team
    expect(races.nth(0)).to_contain_text("Ana")
    expect(races.nth(0)).to_contain_text("Chloé")
    expect(races.nth(1)).to_contain_text("Bruno")
    expect_no_js_errors(ana, bruno, chloe, tv)


def test_a_whole_game_of_bots_then_its_history_round_by_round(
    browser: Any, base_url: str, shots: Path
) -> None:
    """Bots play a short game to its end under the TV's eyes; the TV's link at the end opens the
    history, which shows each round's deal card for card and its scores, as the server told it."""
    room = create_room(
        base_url, seed=31, target_score=25, between_rounds_seconds=0.3, stall_seconds=1
    )
    tv, state = bots_play_to_the_end(browser, base_url, room, 3, TV_FULL)
    expect(tv.locator("#sum-title")).to_have_text("Game over")
    expect(tv.locator("[data-key=tv-history]")).to_be_visible()
    for size, name in ((TV_FULL, "1920x1080"), (TV_SMALL, "1280x720")):
        tv.set_viewport_size(size)
        assert fits_screen(tv)
        keep(tv, shots, f"peanuts-tv-over-{name}")

    listing = httpx.get(f"{base_url}/api/rooms/{room['code']}/games", timeout=5).json()
    told = httpx.get(f"{base_url}{listing['games'][-1]['history']}", timeout=5).json()
    rounds = told["rounds"]
    assert len(rounds) == state["round"] and rounds[-1]["end"]
    tv.click("[data-key=tv-history]")
    sections = tv.locator(".hist-round")
    expect(sections).to_have_count(len(rounds))
    for shown, played in zip(sections.all(), rounds, strict=True):
        for deck, layout in played["deal"].items():
            dealt = shown.locator(f"[data-key=d{deck}]")
            expect(dealt.locator("strong")).to_have_text(told["names"][int(deck)])
            piles = {"p": layout["peanuts"]} | {
                f"b{i}": pile for i, pile in enumerate(layout["building"])
            }
            cards = {key: dealt.locator(f"[data-key={key}] .mini").count() for key in piles}
            assert cards == {key: len(pile) for key, pile in piles.items()}
        scores = played["end"]["round_scores"]
        points = shown.locator(".hist-scores li").all_inner_texts()
        signed = [p.rsplit(": ", 1)[1].replace("\u2212", "-") for p in points]  # a true minus
        assert [int(p) for p in signed] == [s["points"] for s in scores]
    result = told["result"]
    names = [told["names"][seat] for seat in result["winners"]]
    expect(tv.locator(".hist-result h3")).to_contain_text(names[0])
    totals = tv.locator(".hist-totals li").all_inner_texts()
    # the page says "1 point" and "N points", as English does
    assert totals == [
        f"{told['names'][s['seat']]}: {s['score']} point{'' if s['score'] == 1 else 's'}"
        for s in result["scores"]
    ]
    assert [s["seat"] for s in result["scores"] if s["place"] == 1] == result["winners"]
    keep(tv, shots, "peanuts-history-1920x1080")
    tv.set_viewport_size(PHONE_TALL)  # the phones' link at the end opens the same page
    assert tv.evaluate("() => document.documentElement.scrollWidth") <= PHONE_TALL["width"]
    keep(tv, shots, "peanuts-history-390x844")
    expect_no_js_errors(tv)


def test_the_host_phone_skips_a_round_then_ends_the_game_which_the_history_marks_abandoned(
    browser: Any, base_url: str, shots: Path
) -> None:
    room = create_room(base_url, seed=RACE_SEED)
    ana, bruno = new_page(browser, PHONE_TALL), new_page(browser, PHONE_SMALL)
    store_host_token(ana, base_url, room)
    join(ana, room["join_url"], "Ana")
    join(bruno, room["join_url"], "Bruno")
    ana.click("[data-key=start]")
    playing(ana)
    expect(bruno.locator("[data-key=host-menu]")).to_have_count(0)
    ana.click("[data-key=host-menu]")
    expect(ana.locator("[data-key=skip-round]")).to_be_visible()
    assert fits_screen(ana)
    keep(ana, shots, "peanuts-phone-host-390x844")
    ana.click("[data-key=skip-round]")
    for page in (ana, bruno):
        expect(page.locator(".round-over .end-line")).to_contain_text("skipped")
    ana.click("[data-key=end-game]")
    ana.click("[data-key=end-game-yes]")
    for page in (ana, bruno):
        expect(page.locator(".lobby")).to_be_visible()
    history = new_page(browser, PHONE_TALL)
    history.goto(f"{base_url}/r/{room['code']}/history")
    expect(history.locator(".hist-abandoned")).to_contain_text("abandoned")
    expect(history.locator(".hist-round")).to_have_count(1)
    expect_no_js_errors(ana, bruno, history)
