"""The TV, the landing page and the join address at a real party (issue 19): six players late in
a game and their final scores fit a TV without scrolling; the table tells who did what; the
landing page makes one room per tap; the history lists hands in column order."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import TV, create_room, expect_no_js_errors, new_page, shot, store_host_token
from party_tv_helpers import (
    LONG_NAMES,
    TV_SMALL,
    Host,
    Player,
    bot_table,
    clipped,
    off_screen,
    overflow,
    play_until,
    table,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def test_six_players_late_in_a_game_and_their_scores_fit_the_tv(
    browser: Any, base_url: str, shots: Path
) -> None:
    room, host = bot_table(base_url, LONG_NAMES, seed=5)
    screens = {}
    for size, viewport in (("1080", TV), ("720", TV_SMALL)):
        tv = new_page(browser, viewport)
        store_host_token(tv, base_url, room)
        tv.goto(f"{base_url}/r/{room['code']}/tv")
        screens[size] = tv
    try:
        play_until(host, left=4)
        for size, tv in screens.items():
            expect(tv.locator(".tv-table")).to_be_visible()
            expect(tv.locator(".tv-players .symcount").first).to_be_visible()
            shot(tv, shots, f"tv-party-late-{size}")
            assert overflow(tv) == {"down": 0, "across": 0}, size
            # The host's call and every player stay on the screen.
            assert off_screen(tv, ".tv-players .player, .tv-foot button") == [], size
            assert clipped(tv, ".tv-status, .tv-column .column, .tv-players .player") == [], size
        # French is longer: it fits too.
        small = screens["720"]
        small.click("button.lang")
        expect(small.locator(".tv-players .player-stats").first).to_contain_text("cartes")
        shot(small, shots, "tv-party-late-720-fr")
        assert overflow(small) == {"down": 0, "across": 0}
        assert off_screen(small, ".tv-players .player, .tv-foot button") == []
        small.click("button.lang")
        play_until(host, left=-1)
        awards = host.until(lambda s: s["phase"] == "over").get("awards")
        for size, tv in screens.items():
            expect(tv.locator(".podium")).to_be_visible()
            expect(tv.locator(".podium .score")).to_have_count(6)
            if awards is not None:  # the night's awards, once the view gives them
                expect(tv.locator(".awards .award")).to_have_count(len(awards))
            shot(tv, shots, f"tv-party-over-{size}")
            assert overflow(tv) == {"down": 0, "across": 0}, size
            assert off_screen(tv, ".podium .score, .podium button") == [], size
            assert clipped(tv, ".podium, .podium .score") == [], size
            # The longest headline there can be (three winners of twenty characters) fits too.
            tv.locator(".podium .winner").evaluate(
                "(el, names) => { el.textContent = `Shared victory: ${names.join(', ')}`; }",
                LONG_NAMES[:3],
            )
            assert overflow(tv) == {"down": 0, "across": 0}, size
            assert clipped(tv, ".podium, .podium .score") == [], size
        expect_no_js_errors(*screens.values())
    finally:
        host.close()


#: Each currency picture's currency, in the order shown.
CURRENCIES = "svgs => svgs.map(s => [...s.classList].find(c => c.startsWith('cur-')).slice(4))"


def boxes_overlap(page: Page, a: str, b: str) -> bool:
    return bool(
        page.evaluate(
            """([a, b]) => {
              const r = document.querySelector(a).getBoundingClientRect();
              const s = document.querySelector(b).getBoundingClientRect();
              return r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom;
            }""",
            [a, b],
        )
    )


def test_the_table_tells_who_called_who_pays_what_was_paid_and_the_refresh(
    browser: Any, base_url: str, shots: Path
) -> None:
    # Seed 9: the second lot holds the refresh card.
    room = create_room(base_url, seed=9, going_step_seconds=1, idle_seconds=0, pay_seconds=30)
    host = Host(base_url, room)
    tv = new_page(browser, TV)
    store_host_token(tv, base_url, room)
    tv.goto(f"{base_url}/r/{room['code']}/tv")
    ana, bruno, chloe = (Player(base_url, room, n) for n in ("Ana", "Bruno", "Chloé"))
    try:
        host.until(lambda s: len(s["players"]) == 3)
        host.send({"type": "start"})
        ana.until(lambda s: s["phase"] == "bidding")
        expect(tv.locator(".tv-table")).to_be_visible()

        # Ana bids; Bruno calls "Going once": the TV says who called.
        ana.bid_lowest()
        expect(tv.locator(".tv-status .hb-by")).to_contain_text("Ana")
        bruno.send({"type": "going"})
        expect(tv.locator(".tv-status .call-by")).to_have_text("called by Bruno")
        expect(tv.locator(".feed-list li", has_text="Bruno calls: going once")).to_be_visible()
        shot(tv, shots, "tv-party-going")

        # Sold: the stamp lands without hiding who won and who pays.
        expect(tv.locator(".sold-stamp")).to_be_visible()
        expect(tv.locator(".tv-status .paying-other")).to_contain_text("Ana")
        tv.wait_for_function(  # the stamp has landed (it grows from afar)
            "() => document.querySelector('.sold-stamp').getAnimations()"
            ".every((a) => a.playState === 'finished')"
        )
        shot(tv, shots, "tv-party-sold")
        for part in (".tv-status .hb-by", ".tv-status .paying-other"):
            assert not boxes_overlap(tv, ".sold-stamp", part), part

        # Ana pays: the cards she paid are on the table, face up.
        suggestion = ana.until(lambda s: bool(s["you"]["pay_suggestion"]))["you"]["pay_suggestion"]
        ana.send({"type": "pay", **suggestion})
        ana.until(lambda s: any(e["type"] == "paid" for e in ana.events))
        paid = next(e for e in ana.events if e["type"] == "paid")
        expect(tv.locator(".sale .sale-who")).to_have_text("Ana paid")
        expect(tv.locator(".sale .paid-card")).to_have_count(len(paid["cards"]))
        if paid["cards"] and isinstance(paid["cards"][0], dict):
            values = sorted((c["value"] for c in paid["cards"]), reverse=True)
            shown = tv.locator(".sale .paid-card b").all_inner_texts()
            assert [int(v) for v in shown] == values
        expect(tv.locator(".sale .sale-value")).to_have_text(f"= {paid['value']}")

        # The refresh card came up in the next lot: the whole room should see it.
        assert any(e["type"] == "refresh" for e in ana.events)
        expect(tv.locator(".refresh-burst")).to_be_visible()
        expect(tv.locator(".feed-list li.f-refresh")).to_be_visible()
        expect(tv.locator(".sold-stamp")).to_have_count(0)  # not over the next lot
        tv.wait_for_timeout(700)  # the burst has landed
        shot(tv, shots, "tv-party-refresh")
        assert overflow(tv) == {"down": 0, "across": 0}
        expect_no_js_errors(tv)
    finally:
        for line in (host, ana, bruno, chloe):
            line.close()


def test_a_tv_on_localhost_says_phones_cannot_reach_it_and_how_to_fix_it(
    browser: Any, base_url: str, shots: Path
) -> None:
    """The browser tests' server listens on 127.0.0.1 only."""
    room = create_room(base_url)
    tv = new_page(browser, TV)
    tv.goto(f"{base_url}/r/{room['code']}/tv")
    warning = tv.locator(".tv-reach.warn")
    expect(warning).to_contain_text("Phones cannot open this address")
    expect(warning.locator(".tv-cmd")).to_have_text("peanutclub serve --host 0.0.0.0")
    expect(tv.locator("img.qr")).to_have_count(0)
    expect(tv.locator(".foot-warn")).to_contain_text("--host 0.0.0.0")
    shot(tv, shots, "tv-party-localhost")
    tv.click("button.lang")
    expect(warning).to_contain_text("Les téléphones ne peuvent pas ouvrir cette adresse")
    expect_no_js_errors(tv)


def test_a_tv_shows_the_lan_address_and_its_qr_when_phones_can_reach_it(
    browser: Any, base_url: str, shots: Path
) -> None:
    """What the room summary says on a server listening on every interface (the server's side is
    pinned in tests/server/test_join_address.py): the TV shows that link and the QR code."""
    room = create_room(base_url)
    lan = f"http://192.168.1.20:8000/r/{room['code']}"
    tv = new_page(browser, TV)

    def summary(route: Any) -> None:
        body = json.loads(route.fetch().text())
        route.fulfill(json={**body, "join_url": lan, "join_warning": None})

    tv.route(f"**/api/rooms/{room['code']}", summary)
    tv.goto(f"{base_url}/r/{room['code']}/tv")
    expect(tv.locator(".tv-join .tv-url")).to_have_text(lan)
    expect(tv.locator(".foot-url")).to_have_text(lan)
    expect(tv.locator("img.qr")).to_be_visible()
    expect(tv.locator(".tv-reach.warn")).to_have_count(0)
    shot(tv, shots, "tv-party-lan")
    expect_no_js_errors(tv)


def test_creating_a_room_makes_one_room_per_tap(browser: Any, base_url: str) -> None:
    page = new_page(browser, TV)
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.goto(f"{base_url}/")
    expect(page.locator(".game-card").first).to_be_visible()
    page.dblclick("#create")  # a double tap
    expect(page.locator("#created")).to_be_visible()
    expect(page.locator("#create")).to_be_hidden()
    page.evaluate("document.getElementById('create').click()")  # a tap that reached it anyway
    page.wait_for_timeout(300)
    assert len(posts) == 1, posts
    code = page.locator("#created-text").inner_text()
    page.click("#as-tv")
    expect(page).to_have_url(re.compile(r"/r/[A-Z]{4}/tv$"))
    assert page.url.split("/")[-2] in code
    expect_no_js_errors(page)


def test_the_history_lists_each_hand_in_column_order(browser: Any, base_url: str) -> None:
    # Every lot is called with no bid (discarded): the game is over in seconds.
    room, host, players = table(base_url, ["Ana", "Bruno", "Chloé"], seed=4, level=None)
    try:
        play_until(host, left=-1, quiet=0.05)
        host.until(lambda s: s["phase"] == "over")
    finally:
        for line in (host, *players):
            line.close()
    page = new_page(browser, TV)
    page.goto(f"{base_url}/r/{room['code']}/history")
    expect(page.locator(".hist-nav")).to_be_visible()
    data = page.evaluate(
        """async (code) => {
          const games = await (await fetch(`/api/rooms/${code}/games`)).json();
          return await (await fetch(games.games[games.games.length - 1].history)).json();
        }""",
        room["code"],
    )
    checked = 0
    for index, step in enumerate(data["steps"]):
        if index:
            page.click("[data-key=next]")
        expect(page.locator(".hist-count")).to_contain_text(f"{index + 1} ")
        after = step.get("table")
        if not after:
            continue
        column = after["column"]
        hands = page.locator(".hist-hand")
        for i in range(hands.count()):
            shown = hands.nth(i).locator("li svg.cur").evaluate_all(CURRENCIES)
            assert shown == [c for c in column if c in shown], (index, shown, column)
            checked += 1
    assert checked
    expect_no_js_errors(page)


def test_the_tv_hosts_going_once_on_an_empty_lot_asks_first(browser: Any, base_url: str) -> None:
    """Calling a lot nobody bid on discards it: the host at the TV is asked first, can take it
    back, and only the confirmation calls it."""
    room = create_room(base_url, seed=5, going_step_seconds=1, idle_seconds=0, pay_seconds=30)
    host = Host(base_url, room)
    tv = new_page(browser, TV)
    store_host_token(tv, base_url, room)
    tv.goto(f"{base_url}/r/{room['code']}/tv")
    players = [Player(base_url, room, n) for n in ("Ana", "Bruno", "Chloé")]
    try:
        host.until(lambda s: len(s["players"]) == 3)
        host.send({"type": "start"})
        host.until(lambda s: s["phase"] == "bidding")
        tv.click("[data-key=tv-going]")
        expect(tv.locator("#tv-discard-q")).to_contain_text("discards the lot")
        host.quiet(0.3)
        assert host.state["going"] == 0  # asking called nothing
        tv.click("[data-key=tv-going-cancel]")
        expect(tv.locator("[data-key=tv-going]")).to_be_enabled()
        tv.click("[data-key=tv-going]")
        tv.click("[data-key=tv-going-confirm]")
        host.until(lambda s: s["going"] > 0 or any(e["type"] == "discarded" for e in host.events))
        expect_no_js_errors(tv)
    finally:
        for line in (host, *players):
            line.close()
