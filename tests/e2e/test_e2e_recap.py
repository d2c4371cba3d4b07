"""The night so far on the TV, and as an image. Six players with the longest names play Peanut
Club (bots at their seats), then Peanuts!, then end a game of Nur Peanuts! early. The TV's end
screen of the first game offers the recap and it goes back to that screen; in the last lobby the
recap shows the three games, their winners, Peanut Club's awards, the standings and the champion
as the view's `evening` gives them, and fits 1280×720 and 1920×1080 with nothing cut or off the
screen, in French too. The recap image (`/r/{code}/recap.svg`) renders in Chromium."""

from __future__ import annotations

from typing import Any

from e2e_helpers import create_room, expect_no_js_errors, keep, tv_page
from party_tv_helpers import LONG_NAMES, TV_SMALL, Host, clipped, off_screen, overflow, table
from playwright.sync_api import Browser, Page, expect

TV_LARGE = {"width": 1920, "height": 1080}
MARKUP = "<i>&\"'</i>"
#: Bots play each game out on quick clocks (development mode's bounds).
QUICK_AUCTION = {"going_step_seconds": 0.01, "idle_seconds": 0.03, "pay_seconds": 5}
QUICK_RACE = {"target_score": 5, "between_rounds_seconds": 0.05, "countdown_seconds": 0.05}


def bots_finish(host: Host, seats: int) -> dict[str, Any]:
    """The host starts the table's game, hands every away seat to a bot, waits for the end."""
    host.send({"type": "start"})
    host.until(lambda s: s["phase"] != "lobby")
    for seat in range(seats):
        host.send({"type": "add_bot", "level": "normal", "seat": seat})
    return host.until(lambda s: s["phase"] == "over", seconds=90)


def switch(host: Host, tv: Page, game: str, **settings: Any) -> None:
    """The host moves the table to `game` (its `settings` changed), once the TV has loaded that
    game's page (a game started before then reaches the old page's table first)."""
    host.send({"type": "switch_game", "game": game})
    host.until(lambda s: s["game"] == game and s["phase"] == "lobby")
    expect(tv.locator("body")).to_have_attribute("data-game", game)
    expect(tv.locator("[data-key=start]")).to_be_visible()
    if settings:
        host.send({"type": "settings", **settings})
        host.until(lambda s: all(s["settings"][k] == v for k, v in settings.items()))


def fits(page: Page) -> None:
    """The recap takes the screen without scrolling, and nothing in it is cut or off screen."""
    assert overflow(page) == {"down": 0, "across": 0}
    assert clipped(page, "[data-key=recap], [data-key=recap] *") == []
    assert off_screen(page, "[data-key=recap] *") == []


def test_the_tv_recap_tells_the_evening_and_fits_both_tv_sizes(
    browser: Browser, base_url: str, shots: Any
) -> None:
    room, host, _ = table(base_url, LONG_NAMES, seed=7, level="normal", **QUICK_AUCTION)
    tv = tv_page(browser, base_url, room, TV_SMALL)
    try:
        first = host.until(lambda s: s["phase"] == "over", seconds=90)
        # The end screen of the first game offers the recap; it goes back to that screen.
        expect(tv.locator("[data-key=recap-open]")).to_be_visible()
        assert off_screen(tv, "[data-key=recap-open]") == []  # the strip may cut names, never it
        keep(tv, shots, "peanut-club-recap-end-1280x720-after")
        tv.click("[data-key=recap-open]")
        expect(tv.locator("[data-key=recap] .recap-game")).to_have_count(1)
        tv.click("[data-key=recap-close]")
        expect(tv.locator("[data-key=recap]")).to_have_count(0)
        expect(tv.locator("[data-key=recap-open]")).to_be_visible()

        switch(host, tv, "peanuts", **QUICK_RACE)
        bots_finish(host, 6)
        switch(host, tv, "nur-peanuts")
        host.send({"type": "start"})
        host.until(lambda s: s["phase"] != "lobby")
        host.send({"type": "end_game"})
        state = host.until(lambda s: s["phase"] == "lobby" and len(s["evening"]["games"]) == 3)
        evening = state["evening"]
        assert [g["game"] for g in evening["games"]] == ["peanut-club", "peanuts", "nur-peanuts"]
        assert evening["games"][0]["awards"] == [
            {"award": a["award"], "seat": a["seat"]} for a in first["awards"]
        ]

        expect(tv.locator("[data-key=recap-open]")).to_be_visible()
        assert overflow(tv) == {"down": 0, "across": 0}
        keep(tv, shots, "nur-peanuts-recap-lobby-1280x720-after")
        tv.click("[data-key=recap-open]")
        recap = tv.locator("[data-key=recap]")
        expect(recap.locator(".recap-game")).to_have_count(3)
        expect(recap.locator(".recap-game-name")).to_have_text(
            ["Game 1: Peanut Club", "Game 2: Peanuts!", "Game 3: Nur Peanuts!"]
        )
        for i, g in enumerate(evening["games"][:2]):
            won = [LONG_NAMES[p["seat"]] for p in g["placings"] if p["place"] == 1]
            winners = recap.locator(".recap-game").nth(i).locator(".recap-winners")
            for name in won:
                expect(winners).to_contain_text(name)
        expect(recap.locator(".recap-stopped")).to_have_text(["Stopped before its end: no points"])
        titles = {
            "best_deal": "Best deal",
            "most_lost": "Most lost to no change",
            "power_of_the_night": "Power of the night",
        }
        expect(recap.locator(".recap-game").first.locator(".recap-award")).to_have_text(
            [f"{titles[a['award']]}: {LONG_NAMES[a['seat']]}" for a in first["awards"]]
        )
        standings = evening["standings"]
        expect(recap.locator(".recap-name")).to_have_text([s["name"] for s in standings])
        best = standings[0]["points"]
        for s in standings:
            if s["points"] == best:
                expect(recap.locator(".recap-champion-names")).to_contain_text(s["name"])
        expect(recap.locator("[data-key=recap-qr]")).to_be_visible()
        tv.wait_for_function("() => document.querySelector('[data-key=recap-qr]').naturalWidth > 0")
        fits(tv)
        keep(tv, shots, "nur-peanuts-recap-1280x720-after")
        tv.set_viewport_size(TV_LARGE)
        fits(tv)
        keep(tv, shots, "nur-peanuts-recap-1920x1080-after")
        tv.set_viewport_size(TV_SMALL)
        tv.click("button.lang")
        expect(recap.locator(".recap-title")).to_have_text("La soirée jusqu'ici")
        expect(recap.locator(".recap-game-name").first).to_have_text("Partie 1 : Peanut Club")
        fits(tv)
        keep(tv, shots, "nur-peanuts-recap-fr-1280x720-after")
        tv.click("[data-key=recap-close]")
        expect(tv.locator("[data-key=start]")).to_be_visible()  # the lobby again
        expect_no_js_errors(tv)
    finally:
        host.close()
        tv.context.close()

    # The image itself, as a phone or a chat would show it.
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.set_content(
            f'<body style="margin:0"><img id="recap" style="width:100%" '
            f'src="{base_url}/r/{room["code"]}/recap.svg"></body>'
        )
        page.wait_for_function("() => document.getElementById('recap').complete")
        width = page.evaluate("() => document.getElementById('recap').naturalWidth")
        assert width > 0
        page.locator("#recap").screenshot(
            path=str(shots / "nur-peanuts-recap-image-390x844-after.png")
        )
    finally:
        page.close()


def worst_evening(names: list[str]) -> dict[str, Any]:
    """An evening as long as a recap gets on a TV: three games of Peanut Club, each won by
    three of six long names together and giving its three awards, and the standings tied three
    ways at the top (a shared crown of three long names)."""
    awards = ["best_deal", "most_lost", "power_of_the_night"]
    games = [
        {
            "game": "peanut-club",
            "record": f"R-{n}",
            "abandoned": False,
            "placings": [{"seat": s, "place": 1 if s < 3 else 4} for s in range(6)],
            "awards": [{"award": a, "seat": 3 + i} for i, a in enumerate(awards)],
        }
        for n in range(3)
    ]
    standings = [{"seat": s, "name": names[s], "points": 12.0 if s < 3 else 1.5} for s in range(6)]
    return {"games": games, "standings": standings}


def test_the_longest_recap_fits_both_tv_sizes(browser: Browser, base_url: str, shots: Any) -> None:
    """The recap drawn from the longest evening (static/js/ui/recap.js, as the TV's table.js
    shows it) on a TV's page: nothing cut or off the screen at 1280×720 and 1920×1080."""
    room = create_room(base_url)
    tv = tv_page(browser, base_url, room, TV_SMALL)
    try:
        expect(tv.locator("[data-key=start]")).to_be_visible()  # a quiet lobby: no render comes
        names = [*LONG_NAMES[:5], MARKUP]  # a name typed as markup stays text
        state = {
            "code": room["code"],
            "game": "peanut-club",
            "phase": "lobby",
            "players": [{"seat": s, "name": n} for s, n in enumerate(names)],
            "evening": worst_evening(names),
        }
        tv.evaluate(
            """async (state) => {
              const { mount, byId } = await import("/static/js/dom.js");
              const { recapView } = await import("/static/js/ui/recap.js");
              const draw = () => mount(byId("app"), recapView({ state, code: state.code,
                                                                close() {}, rerender: draw }));
              window.__drawRecap = draw;
              draw();
            }""",
            state,
        )
        recap = tv.locator("[data-key=recap]")
        expect(recap.locator(".recap-award")).to_have_count(9)
        expect(recap.locator(".recap-award").first).to_contain_text("Best deal:")
        expect(recap.locator(".recap-champion-names")).to_have_text(
            f"{LONG_NAMES[0]}, {LONG_NAMES[1]} and {LONG_NAMES[2]}"
        )
        expect(recap.locator(".recap-winners").first).to_have_text(
            f"Shared win: {LONG_NAMES[0]}, {LONG_NAMES[1]} and {LONG_NAMES[2]}"
        )
        expect(recap.locator(".recap-name").last).to_have_text(MARKUP)
        expect(recap.locator(".recap-award-who").last).to_have_text(MARKUP)
        expect(recap.locator("i")).to_have_count(0)
        fits(tv)
        keep(tv, shots, "peanut-club-recap-longest-1280x720-after")
        tv.set_viewport_size(TV_LARGE)
        fits(tv)
        tv.set_viewport_size(TV_SMALL)
        tv.click("button.lang")
        expect(tv.locator("button.lang")).to_have_text("English")  # the page drew itself in French
        tv.evaluate("() => window.__drawRecap()")
        expect(recap.locator(".recap-title")).to_have_text("La soirée jusqu'ici")
        fits(tv)
        expect_no_js_errors(tv)
    finally:
        tv.context.close()
