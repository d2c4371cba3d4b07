"""The pages one concern at a time: resuming a seat, French, names as text, weight, patches."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from e2e_helpers import (
    PHONE,
    TV,
    Relay,
    bid,
    column,
    create_room,
    expect_no_js_errors,
    join,
    new_page,
    shot,
    store_host_token,
)
from playwright.sync_api import expect

from tests.games.peanut_club.test_patch import PATCHED, played_patches

pytestmark = pytest.mark.e2e

WEIGHT_LIMIT = 150 * 1024


def seated_game(browser: Any, base_url: str, names: list[str], locale: str = "en-US") -> Any:
    """A room with three seated players (the first one hosts from the phone), game started."""
    room = create_room(base_url, seed=11)
    phones = [new_page(browser, PHONE, locale) for _ in names]
    store_host_token(phones[0], base_url, room)
    for phone, name in zip(phones, names, strict=True):
        join(phone, room["join_url"], name)
    phones[0].click("[data-key=start]")
    for phone in phones:
        expect(phone.locator(".bidpanel")).to_be_visible()
    return room, phones


def test_reload_mid_auction_resumes_the_seat(browser: Any, base_url: str, shots: Path) -> None:
    room, (ana, bruno, chloe) = seated_game(browser, base_url, ["Ana", "Bruno", "Chloé"])
    top = column(ana)[0]

    # Keyboard: Bruno's focus on a bid button survives the re-render that Ana's bid causes.
    bruno.locator(f"[data-key=more-{top}]").focus()
    bruno.keyboard.press("Enter")
    expect(bruno.locator(f"[data-key=bid-{top}]")).to_contain_text("2")
    expect(bruno.locator(f"[data-key=more-{top}]")).to_be_focused()
    amount = bid(ana, top, raise_by=2)
    expect(bruno.locator(".status .hb-by")).to_contain_text("Ana")
    expect(bruno.locator(f"[data-key=more-{top}]")).to_be_focused()

    # Let the test cut Bruno's connection later (the page talks through a pass-through route).
    sockets = Relay(bruno).sockets
    bruno.reload()
    expect(bruno.locator(".bar .me")).to_have_text("Bruno")
    expect(bruno.locator("#name")).to_have_count(0)
    expect(bruno.locator(".status .hb-amount")).to_contain_text(amount)
    expect(bruno.locator(".status .hb-by")).to_contain_text("Ana")
    expect(bruno.locator(".hand-group").first).to_be_visible()

    # The seat really is his: he can outbid, and the table still has three players.
    bid(bruno, top)
    expect(ana.locator(".status .hb-by")).to_contain_text("Bruno")
    expect(chloe.locator(".players .player")).to_have_count(3)

    # A lost connection: the banner says so, and the page comes back on its own.
    assert len(sockets) == 1
    sockets[0].close(code=1001, reason="gone")
    expect(bruno.locator("#conn")).to_be_visible()
    expect(bruno.locator("#conn")).to_contain_text("reconnecting")
    shot(bruno, shots, "phone-06-reconnecting")
    expect(bruno.locator("#conn")).to_be_hidden()
    assert len(sockets) == 2
    bid(ana, top)
    expect(bruno.locator(".status .hb-by")).to_contain_text("Ana")
    shot(bruno, shots, "phone-07-after-reconnect")

    # The same seat opened on a second screen: the first steps aside and offers to take it back.
    key, token = bruno.evaluate(
        "Object.entries(localStorage).find(([k]) => k.startsWith('pc.seat.'))"
    )
    other = new_page(browser, PHONE)
    other.goto(f"{base_url}/")
    other.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, token])
    other.goto(room["join_url"])
    expect(other.locator(".bar .me")).to_have_text("Bruno")
    expect(bruno.locator("[data-key=take-back]")).to_be_visible()
    expect_no_js_errors(ana, bruno, chloe, other)


def test_a_missed_patch_is_repaired_by_resync(browser: Any, base_url: str) -> None:
    """A patch that never arrives leaves a gap in `seq`: the page asks for a whole state."""
    _, (ana, bruno, chloe) = seated_game(browser, base_url, ["Ana", "Bruno", "Chloé"])
    relay = Relay(bruno)
    bruno.reload()
    expect(bruno.locator(".bidpanel")).to_be_visible()
    top = column(ana)[0]
    relay.drop_next = '"type":"patch"'
    bid(ana, top)
    expect(chloe.locator(".status .hb-by")).to_contain_text("Ana")
    expect(bruno.locator(".status .hb-none")).to_be_visible()  # he missed it
    bid(chloe, top)
    expect(bruno.locator(".status .hb-by")).to_contain_text("Chloé")
    assert any('"resync"' in m for m in relay.sent)
    expect_no_js_errors(ana, bruno, chloe)


def test_french_browser_gets_french(browser: Any, base_url: str, shots: Path) -> None:
    landing = new_page(browser, PHONE, "fr-FR")
    landing.goto(f"{base_url}/")
    expect(landing.locator("#create")).to_have_text("Créer une salle")
    expect(landing.locator(".howto h2")).to_have_text("Comment jouer · Peanut Club")
    card = landing.locator(".game-card[data-game=peanut-club]")
    expect(card).to_have_attribute("aria-checked", "true")
    expect(card.locator(".game-players")).to_have_text("De 3 à 6 joueurs")
    expect(landing.locator(".howto p").first).to_contain_text("À chaque manche")
    shot(landing, shots, "phone-00-landing-fr", full=True)

    room, (ana, bruno, chloe) = seated_game(browser, base_url, ["Ana", "Bruno", "Chloé"], "fr-FR")
    expect(ana.locator(".going")).to_have_text("Une fois")
    expect(ana.locator(".bidpanel button.bid").first).to_contain_text("Offrir")
    expect(ana.locator("#hand-title")).to_have_text("Ma main")
    shot(ana, shots, "phone-08-bidding-fr")

    # A refusal comes back as a French sentence.
    late = new_page(browser, PHONE, "fr-FR")
    late.goto(room["join_url"])
    expect(late.locator(".join")).to_contain_text("La partie a déjà commencé")

    # The switch turns the page to English, and the choice is remembered.
    ana.click("button.lang")
    expect(ana.locator(".going")).to_have_text("Going once")
    ana.reload()
    expect(ana.locator(".going")).to_have_text("Going once")
    expect_no_js_errors(ana, bruno, chloe, late)


def test_names_with_html_show_as_text(browser: Any, base_url: str, shots: Path) -> None:
    room = create_room(base_url)
    tv = new_page(browser, TV)
    store_host_token(tv, base_url, room)
    tv.goto(room["tv_url"])
    expect(tv.locator(".tv-code")).to_have_text(room["code"])
    tricky = "<svg onload=alert()>"
    phone = new_page(browser, PHONE)
    dialogs: list[str] = []
    for page in (tv, phone):
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    join(phone, room["join_url"], tricky)
    taken = new_page(browser, PHONE)
    taken.goto(room["join_url"])
    taken.fill("#name", tricky)
    taken.click("[data-key=join]")
    expect(taken.locator("#join-error")).to_have_text(
        "Someone at this table already has that name."
    )

    expect(tv.locator(".lobby-player .pname-text")).to_have_text(tricky)
    expect(phone.locator(".bar .me")).to_have_text(tricky)
    assert tv.locator(".lobby svg[onload]").count() == 0
    assert phone.locator("main svg[onload]").count() == 0
    assert dialogs == []
    shot(tv, shots, "tv-07-lobby-html-name")

    # The host removes that player: the phone is back at the join form and says why.
    tv.click("[data-key=kick-0]")
    expect(tv.locator(".lobby-player")).to_have_count(0)
    expect(phone.locator("#name")).to_be_visible()
    expect(phone.locator(".toast-error")).to_contain_text("removed you")
    expect_no_js_errors(tv, phone, taken)


def test_player_page_first_load_weight(browser: Any, base_url: str) -> None:
    """Everything the phone downloads on a first visit (cold cache), in bytes on the wire."""
    room = create_room(base_url)
    page = new_page(browser, PHONE)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    sizes: dict[str, int] = {}
    urls: dict[str, str] = {}
    cdp.on(
        "Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"])
    )
    cdp.on(
        "Network.loadingFinished",
        lambda e: sizes.__setitem__(e["requestId"], int(e["encodedDataLength"])),
    )
    page.goto(room["join_url"])
    expect(page.locator("#name")).to_be_visible()
    page.wait_for_load_state("networkidle")
    total = sum(sizes.values())
    listing = sorted(((sizes[r], urls.get(r, "?")) for r in sizes), reverse=True)
    print(
        f"\nplayer page first load: {total} bytes ({total / 1024:.1f} KB) in {len(sizes)} requests"
    )
    for size, url in listing:
        print(f"  {size:7d}  {url}")
    assert total < WEIGHT_LIMIT


def recorded_patches(seeds: range) -> list[dict[str, Any]]:
    """(whole view before, patch frame, the server's whole view after) for every seat and every
    patch of a few bot games, from the game's plug-in: what the page must reproduce."""

    return [
        {"before": before, "patch": frame, "after": after}
        for seed in seeds
        for before, frame, after in played_patches(seed)
    ]


def test_the_page_applies_a_patch_as_the_server_would_have_sent_the_view(
    browser: Any, base_url: str
) -> None:
    """The player page's patch step (shared fields, then Peanut Club's bid options) gives, for
    every patch of played games, the whole view the server would have sent: the same rule as the
    game's own Python (games/peanut_club/patch.py), checked against the server, not restated."""
    cases = recorded_patches(range(3))
    assert len(cases) > 30
    page = new_page(browser, PHONE)
    page.goto(f"{base_url}/")
    results = page.evaluate(
        """async (cases) => {
          const { applyPatch } = await import('/static/js/state.js');
          const { bidOptions } = await import('/static/games/peanut-club/patch.js');
          return cases.map((c) => applyPatch(c.before, c.patch, bidOptions));
        }""",
        cases,
    )
    for case, patched in zip(cases, results, strict=True):
        for key in PATCHED:
            assert patched[key] == case["after"][key], key
        assert patched["you"]["bid_options"] == case["after"]["you"]["bid_options"]
        assert "seq" not in patched and "events" not in patched


def test_catalogues_hold_every_string_in_both_languages(browser: Any, base_url: str) -> None:
    """Same keys in English and French in every page catalogue, and no refusal message among
    them: those are the server's, served once (`GET /api/errors`), never copied in a page."""
    from peanutclub.games import GAMES

    page = new_page(browser, PHONE)
    page.goto(f"{base_url}/")
    for folder in ["/static", *(f"/static/games/{game}" for game in GAMES)]:
        cats = page.evaluate(
            """async (folder) => ({
              en: (await import(`${folder}/i18n/en.js`)).default,
              fr: (await import(`${folder}/i18n/fr.js`)).default,
            })""",
            folder,
        )
        assert set(cats["en"]) == set(cats["fr"]), folder
        assert not [key for key in cats["en"] if key.startswith("err.")], folder


def test_every_refusal_a_page_can_receive_shows_the_servers_message(
    browser: Any, base_url: str
) -> None:
    """Every code a page can receive (the platform's and every game's) reads, on a game's page in
    English and in French, as the sentence written beside the code in Python; an unknown code
    reads as the served fallback."""
    from peanutclub.core.errors import UNKNOWN
    from peanutclub.games import every_code

    codes = every_code()
    room = create_room(base_url)
    page = new_page(browser, PHONE)
    page.goto(room["join_url"])
    expect(page.locator("#name")).to_be_visible()
    for index, lang in enumerate(("en", "fr")):
        shown = page.evaluate(
            """async ([lang, codes]) => {
              const i18n = await import('/static/js/i18n.js');
              if (i18n.current() !== lang) await i18n.toggle();
              return Object.fromEntries(
                [...codes, 'no_such_code'].map((c) => [c, i18n.errorText(c)]));
            }""",
            [lang, list(codes)],
        )
        for code, texts in codes.items():
            assert shown[code] == texts[index], (lang, code)
        assert shown["no_such_code"] == UNKNOWN[index], lang


def test_a_page_shows_the_message_the_server_serves(browser: Any, base_url: str) -> None:
    """A refusal reads as the server says it (`GET /api/errors`), not as a copy the page keeps:
    with the served sentence changed, the landing page's "no such room" reads the new one."""
    page = new_page(browser, PHONE)
    served = {"en": {"unknown_room": "Served: no such room."}, "fr": {"unknown_room": "Servi."}}
    page.route("**/api/errors", lambda route: route.fulfill(json=served))
    page.goto(f"{base_url}/")
    expect(page.locator("#create")).to_have_text("Create a room")  # the page script ran
    page.fill("#code", "ZZZZ")
    page.locator("#join-form").evaluate("(form) => form.requestSubmit()")
    expect(page.locator("#join-error")).to_have_text("Served: no such room.")
