"""The party play-test's phone items (issue 19): what a group of friends on phones ran into."""

from __future__ import annotations

from typing import Any

import pytest
from e2e_helpers import (
    TV,
    Relay,
    column,
    create_room,
    expect_no_js_errors,
    new_page,
    save_past_the_forms_checks,
    store_host_token,
    use_power,
)
from party_phone_helpers import (
    PHONE_360,
    PHONE_390,
    doc_shot,
    in_view,
    overflowing,
    seated_table,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_a_press_that_spans_an_update_still_bids_and_focus_stays(
    browser: Any, base_url: str
) -> None:
    """Renders update the page in place: a bid button held down while another phone's bid
    arrives is the same button when the finger lifts, and the bid is sent. After a bid made with
    the keyboard, the focus is still on a control."""
    _, (ana, bruno, chloe) = seated_table(browser, base_url, ["Ana", "Bruno", "Chloé"])
    top, _, bottom = column(ana)
    button = ana.locator(f"[data-key=bid-{top}]")
    button.hover()
    ana.mouse.down()
    bruno.click(f"[data-key=bid-{bottom}]")
    expect(ana.locator(".status .hb-by")).to_contain_text("Bruno")  # re-rendered under the press
    ana.mouse.up()
    expect(chloe.locator(".status .hb-by")).to_contain_text("Ana")

    # The keyboard: Chloé bids with Enter; her bid button is then off (she holds the high bid),
    # and the focus is on a control of the page, not lost to the document.
    chloe.locator(f"[data-key=bid-{top}]").focus()
    chloe.keyboard.press("Enter")
    expect(chloe.locator(".status .highbid.mine")).to_be_visible()
    focused = chloe.evaluate(
        "() => { const a = document.activeElement;"
        " return a && a.closest('#app') && !a.disabled ? a.dataset.key || a.tagName : null; }"
    )
    assert focused, "the focus left the controls after bidding"
    # Hidden means hidden, whatever display a button's rule gives it.
    hidden = ana.evaluate(
        "() => { const b = document.createElement('button'); b.hidden = true;"
        " document.body.append(b); const d = getComputedStyle(b).display; b.remove(); return d; }"
    )
    assert hidden == "none"
    expect_no_js_errors(ana, bruno, chloe)


BIDDING_CONTROLS = ".status .highbid, .bidpanel button.bid, [data-key=going], .power-btn"


def test_bidding_fits_a_phone_screen_without_scrolling(browser: Any, base_url: str) -> None:
    """A three-object lot on a 390×844 and a 360×640 phone: the high bid, every currency's bid
    button, "Going once" and the powers are on screen at the top of the page, before and after
    bids and powers, and nothing is wider than the screen."""
    _, (ana, bruno, chloe) = seated_table(browser, base_url, ["Ana", "Bruno", "Chloé"])
    _, middle, bottom = column(ana)
    for size in (PHONE_390, PHONE_360):
        ana.set_viewport_size(size)
        tag = f"{size['width']}x{size['height']}"
        ana.evaluate("window.scrollTo(0, 0)")
        assert in_view(ana, BIDDING_CONTROLS) == [], tag
        assert ana.evaluate("document.documentElement.scrollWidth") <= size["width"]
        doc_shot(ana, f"phone-after-bidding-start-{tag}")
    expect(ana.locator(".lot-rows .lot-row")).to_have_count(3)  # the three-object lot
    # A bid, another player's power (a note shows), then Ana's own power: still all in view.
    bruno.click(f"[data-key=bid-{bottom}]")
    expect(ana.locator(".status .hb-by")).to_contain_text("Bruno")
    use_power(chloe, "niet", middle)
    expect(ana.locator(".status .note")).to_contain_text("Niet")
    assert in_view(ana, BIDDING_CONTROLS) == []
    ana.click("[data-key=power-crash]")
    expect(ana.locator(".power-confirm")).to_be_visible()
    assert in_view(ana, ".status .highbid, .power-confirm [data-key=power-confirm]") == []
    ana.keyboard.press("Escape")  # the sheet closes with Escape, the focus back on its power
    expect(ana.locator(".power-confirm")).to_have_count(0)
    expect(ana.locator("[data-key=power-crash]")).to_be_focused()
    ana.click("[data-key=power-crash]")
    doc_shot(ana, "phone-after-power-choice-360x640")
    ana.click(f".power-confirm [data-currency={bottom}]")
    ana.click(".power-confirm [data-pos='0']")
    ana.click("[data-key=power-confirm]")
    expect(ana.locator(".bidpanel .col-row").first).to_have_attribute("data-currency", bottom)
    expect(ana.locator("[data-key=power-crash]")).to_be_disabled()
    assert ana.evaluate("window.scrollY") == 0
    assert in_view(ana, BIDDING_CONTROLS) == []
    doc_shot(ana, "phone-after-power-used-360x640")
    ana.set_viewport_size(PHONE_390)
    assert in_view(ana, BIDDING_CONTROLS) == []
    doc_shot(ana, "phone-after-power-used-390x844")
    expect_no_js_errors(ana, bruno, chloe)


def test_going_once_on_an_empty_lot_asks_first(browser: Any, base_url: str) -> None:
    """Calling a lot nobody bid on discards it: the phone says so and asks before calling."""
    _, (ana, bruno, chloe) = seated_table(browser, base_url, ["Ana", "Bruno", "Chloé"])
    ana.click("[data-key=going]")
    expect(ana.locator(".discard-q")).to_contain_text("discards the lot")
    expect(ana.locator("[data-key=going-cancel]")).to_be_focused()
    expect(bruno.locator(".status .call")).to_have_count(0)  # nothing was sent yet
    ana.click("[data-key=going-cancel]")
    expect(ana.locator("[data-key=going]")).to_be_enabled()
    ana.click("[data-key=going]")
    ana.click("[data-key=going-confirm]")
    expect(bruno.locator("#lot-title")).to_have_text("Lot 2")
    # With a bid on the lot, the call goes out at once.
    top = column(bruno)[0]
    bruno.click(f"[data-key=bid-{top}]")
    expect(ana.locator(".status .hb-by")).to_contain_text("Bruno")
    ana.click("[data-key=going]")
    expect(chloe.locator(".status .call").first).to_be_visible()
    expect_no_js_errors(ana, bruno, chloe)


def test_a_la_carte_bounds_a_lot_closing_under_it_and_the_pay_screen(
    browser: Any, base_url: str
) -> None:
    """À la carte: the stepper stops at the most the view allows; a lot sold while the player is
    still choosing says so in the sheet and keeps the choice on screen; in an À la carte round
    the pay screen's cards show 1. Niet is not offered on the last free currency."""
    _, (ana, bruno, chloe) = seated_table(
        browser, base_url, ["Ana", "Bruno", "Chloé"], going_step_seconds=1
    )
    top, middle, bottom = column(ana)
    ana.click("[data-key=power-a_la_carte]")
    ana.click(f".power-confirm [data-currency={top}]")
    more = ana.locator("[data-key=alc-more]")
    for _ in range(60):
        if more.is_disabled():
            break
        more.click()
    expect(more).to_be_disabled()
    most = int(ana.locator("[data-key=alc-amount]").inner_text())
    assert 1 <= most <= ana.locator(".hand .card").count() + 1
    ana.click("[data-key=alc-less]")

    # Bruno bids and calls while Ana is still choosing: the sheet shows the race, then the sale.
    bruno.click(f"[data-key=bid-{bottom}]")
    expect(bruno.locator(".status .highbid.mine")).to_be_visible()
    bruno.click("[data-key=going]")
    expect(ana.locator(".power-confirm .race-going")).to_be_visible()
    expect(ana.locator(".power-confirm.lost .lost-why")).to_contain_text("Sold to Bruno")
    expect(ana.locator(".power-confirm.lost .lost-choice")).to_contain_text(str(most - 1))
    doc_shot(ana, "phone-after-a-la-carte-cut-short-390x844")
    ana.click("[data-key=sheet-close]")
    expect(ana.locator(".power-confirm")).to_have_count(0)
    bruno.locator("section.pay [data-key=pay]:enabled").click()
    expect(ana.locator("#lot-title")).to_have_text("Lot 2")

    # Two Niets leave one free currency: Ana may not play Niet on it, and the phone says why.
    use_power(bruno, "niet", top)
    expect(chloe.locator(".bidpanel .col-row.blocked")).to_have_count(1)
    use_power(chloe, "niet", middle)
    niet = ana.locator("[data-key=power-niet]")
    expect(niet).to_be_disabled()
    expect(niet).to_contain_text("Last free currency")

    # Ana wins an À la carte round: her pay screen counts every card 1.
    use_power(ana, "a_la_carte", bottom, amount=2)
    expect(bruno.locator(".alc-banner")).to_be_visible()
    expect(bruno.locator(".status .hb-by")).to_contain_text("Ana")
    bruno.click("[data-key=going]")
    expect(ana.locator("section.pay")).to_be_visible()
    faces = ana.locator("section.pay button.card.pick").evaluate_all(
        "bs => bs.map(b => [b.textContent, Number(b.dataset.face)])"
    )
    assert faces and all(text == "1" for text, _ in faces), faces
    assert any(face > 1 for _, face in faces), "no card above 1 in this hand: not a real check"
    expect(ana.locator("section.pay .alc-note")).to_be_visible()
    doc_shot(ana, "phone-after-a-la-carte-pay-390x844")
    ana.locator("section.pay [data-key=pay]:enabled").click()
    expect(ana.locator("section.pay")).to_have_count(0)
    expect_no_js_errors(ana, bruno, chloe)


def test_french_phone_fits_and_speaks_french(browser: Any, base_url: str) -> None:
    """French at 390 px: the power sheets' buttons hold their words; one h1; a bid of 1 is
    singular; each power's accessible name is its short name, its help a description; the
    player's own bid is read as theirs, and the live region follows the language switch."""
    _, (ana, bruno, chloe) = seated_table(
        browser, base_url, ["Ana", "Bruno", "Chloé"], locale="fr-FR"
    )
    expect(ana.locator("h1")).to_have_count(1)
    expect(ana.locator("h1")).to_contain_text("Salle")
    for power in ("niet", "crash", "a_la_carte"):
        ana.click(f"[data-key=power-{power}]")
        expect(ana.locator(".power-confirm")).to_be_visible()
        assert overflowing(ana, ".power-confirm button, .power-confirm .choice-text") == [], power
        assert ana.evaluate("document.documentElement.scrollWidth") <= 390
        doc_shot(ana, f"phone-after-fr-{power}-390x844")
        ana.click("[data-key=power-cancel]")
    assert overflowing(ana, ".bidpanel button, .power-btn") == []
    # French words are longer: a 360×640 phone still shows every bid control, nothing wider.
    ana.set_viewport_size(PHONE_360)
    assert in_view(ana, BIDDING_CONTROLS) == []
    assert overflowing(ana, ".lot-strip, .lot-row, .bidpanel .col-row") == []
    assert ana.evaluate("document.documentElement.scrollWidth") <= 360
    doc_shot(ana, "phone-after-fr-bidding-360x640")
    ana.set_viewport_size(PHONE_390)

    # The power buttons: "Niet" is the name; the help is the description.
    niet = ana.get_by_role("button", name="Niet", exact=True)
    expect(niet).to_have_count(1)
    help_id = (niet.get_attribute("aria-describedby") or "").split()[0]
    expect(ana.locator(f"#{help_id}")).to_contain_text("Bloquez une monnaie")

    # Singular: Ana bids 1 in the lowest currency ("1 Chameau", "1 Cacahuète", "1 Million…").
    bottom = column(ana)[2]
    singular = {"camels": "Chameau", "peanuts": "Cacahuète", "dollars": "Million de dollars"}
    ana.click(f"[data-key=bid-{bottom}]")
    expect(bruno.locator(".status .hb-amount")).to_have_text(f"1 {singular[bottom]}")
    expect(ana.locator("#live")).to_have_text(f"Vous offrez 1 {singular[bottom]}")
    # The switch to English: the live region follows (the last sentence, said again).
    ana.click("button.lang")
    english = {"camels": "Camel", "peanuts": "Peanut", "dollars": "Million Dollars"}
    expect(ana.locator("#live")).to_have_text(f"You bid 1 {english[bottom]}")
    expect(ana.locator(".status .hb-amount")).to_have_text(f"1 {english[bottom]}")
    expect(ana.locator("h1")).to_contain_text("Room")
    expect_no_js_errors(ana, bruno, chloe)


def test_refused_settings_are_marked_and_the_rooms_values_come_back(
    browser: Any, base_url: str
) -> None:
    """The host's settings form: a value the room refuses is not left on screen as if it held;
    the field is marked, says the room keeps its value, and shows that value again. The host's
    phone also adds a bot and shares the room (copy the link, the QR code); once the game runs,
    "up to N" says which powers the most counts on."""
    room, (ana, bruno) = seated_table(
        browser, base_url, ["Ana", "Bruno"], start=False, going_step_seconds=2
    )
    ana.click(".settings summary")
    field = ana.locator("#set-pay_seconds")
    kept = field.input_value()
    # The page's own form checks stop most slips; a value past them reaches the server.
    field.fill("99999")
    save_past_the_forms_checks(ana)
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_value(kept)
    expect(ana.locator("[data-key=refused-pay_seconds]")).to_contain_text(kept)
    expect(ana.locator("#set-going_step_seconds")).not_to_have_attribute("aria-invalid", "true")
    doc_shot(ana, "phone-after-settings-refused-390x844")
    # A value the room takes clears the mark.
    field.fill("45")
    ana.click("[data-key=save-settings]")
    expect(field).not_to_have_attribute("aria-invalid", "true")
    expect(ana.locator("details.settings")).not_to_have_attribute("open", "")
    expect(bruno.locator(".lobby")).to_be_visible()
    # The TV's settings form (the same lobby) does the same.
    tv = new_page(browser, TV)
    store_host_token(tv, base_url, room)
    tv.goto(room["tv_url"])
    tv.click(".settings summary")
    tv_field = tv.locator("#set-pay_seconds")
    expect(tv_field).to_have_value("45")
    tv_field.fill("99999")
    save_past_the_forms_checks(tv)
    expect(tv_field).to_have_attribute("aria-invalid", "true")
    expect(tv_field).to_have_value("45")

    # Share from the phone: the link (copied) and the QR code.
    ana.context.grant_permissions(["clipboard-read", "clipboard-write"])
    ana.click("[data-key=share-copy]")
    expect(ana.locator(".toast-info")).to_contain_text("copied")
    assert ana.evaluate("navigator.clipboard.readText()").endswith(f"/r/{room['code']}")
    ana.click("[data-key=share-qr]")
    qr = ana.locator("img.share-qr")
    expect(qr).to_be_visible()
    # A function, not a bare expression: polling a bare expression needs eval, which the
    # page's Content-Security-Policy refuses whenever the first check comes back false.
    ana.wait_for_function("() => document.querySelector('img.share-qr').naturalWidth > 0")
    doc_shot(ana, "phone-after-share-390x844")

    # The host adds a bot and starts from the phone.
    ana.click("[data-key=add-bot]")
    expect(bruno.locator(".lobby-player")).to_have_count(3)
    ana.click("[data-key=start]")
    expect(bruno.locator(".bidpanel")).to_be_visible()
    maxes = ana.locator(".bidpanel .max").all_inner_texts()
    assert any("with" in m for m in maxes), maxes
    expect_no_js_errors(ana, bruno, tv)


def test_a_spectator_phone_gets_a_phone_table(browser: Any, base_url: str) -> None:
    """Someone opening the room's link after the start, with no seat, watches on a phone
    layout: the high bid, the lot, the column and the players, nothing wider than the screen,
    and no controls."""
    room, (ana, bruno, chloe) = seated_table(browser, base_url, ["Ana", "Bruno", "Chloé"])
    watcher = new_page(browser, PHONE_390)
    watcher.goto(room["join_url"])
    expect(watcher.locator(".join.watching")).to_be_visible()
    expect(watcher.locator(".table-column .col-row")).to_have_count(3)
    expect(watcher.locator(".lot-strip .lot-row")).to_have_count(3)
    expect(watcher.locator(".players .player")).to_have_count(3)
    expect(watcher.locator(".bidpanel, .powers, [data-key=going]")).to_have_count(0)
    top = column(ana)[0]
    ana.click(f"[data-key=bid-{top}]")
    expect(watcher.locator(".status .hb-by")).to_contain_text("Ana")
    assert watcher.evaluate("document.documentElement.scrollWidth") <= 390
    doc_shot(watcher, "phone-after-spectator-390x844")
    expect_no_js_errors(ana, bruno, chloe, watcher)


def test_french_places_and_singular_events(browser: Any, base_url: str) -> None:
    """The podium's first place in French is "1er" (then "2e"), and events name one of a
    currency in the singular in both languages: the page's own modules, rendered in Chromium."""
    room = create_room(base_url)
    page = new_page(browser, PHONE_390, "fr-FR")
    page.goto(room["join_url"])
    expect(page.locator("#name")).to_be_visible()
    said = page.evaluate(
        """async () => {
          const { podiumView } = await import('/static/games/peanut-club/ui/podium.js');
          const { describe } = await import('/static/games/peanut-club/ui/events.js');
          const i18n = await import('/static/js/i18n.js');
          const players = [0, 1].map((seat) => ({ seat, name: `P${seat}`, objects: [] }));
          const scores = [1, 2].map((place, seat) => ({
            place, seat, total: 3 - place, collector: 'art', breakdown: {}, jokers: [] }));
          const state = { phase: 'over', players, scores };
          const places = () => [...podiumView(state).querySelectorAll('.place')]
            .map((el) => el.textContent);
          const bid = { type: 'bid', seat: 0, amount: 1, currency: 'camels', a_la_carte: false };
          const sold = { type: 'sold', seat: 1, amount: 1, currency: 'peanuts' };
          const fr = { places: places(), bid: describe(bid, state), sold: describe(sold, state) };
          await i18n.toggle();
          const en = { bid: describe(bid, state), sold: describe(sold, state) };
          return { fr, en };
        }"""
    )
    assert said["fr"]["places"] == ["1er", "2e"], said
    assert "1 Chameau" in said["fr"]["bid"] and "Chameaux" not in said["fr"]["bid"], said
    assert "1 Cacahuète" in said["fr"]["sold"] and "Cacahuètes" not in said["fr"]["sold"], said
    assert said["en"]["bid"].endswith("1 Camel"), said
    assert "1 Peanut" in said["en"]["sold"] and "Peanuts" not in said["en"]["sold"], said
    expect_no_js_errors(page)


def test_a_call_pressed_before_ones_own_bid_is_back_is_sent_after_it(
    browser: Any, base_url: str
) -> None:
    """ "Going once" pressed in the round trip of one's own bid, while the lot still shows no bid,
    is neither lost nor taken for a discard: the page holds the call, says so, and sends it once
    the room has taken the bid."""
    _, (ana, bruno, chloe) = seated_table(
        browser, base_url, ["Ana", "Bruno", "Chloé"], going_step_seconds=10, idle_seconds=0
    )
    relay = Relay(ana)
    ana.reload()
    expect(ana.locator(".bidpanel")).to_be_visible()
    top = column(ana)[0]
    # The room's answers to Ana's page wait: her bid is on its way, the lot still shows empty.
    relay.holding = True
    ana.click(f"[data-key=bid-{top}]")
    expect(bruno.locator(".status .hb-by")).to_contain_text("Ana")
    ana.click("[data-key=going]")
    expect(ana.locator("[data-key=going-confirm]")).to_have_count(0)
    expect(ana.locator("[data-key=going]")).to_be_disabled()
    expect(ana.locator("#why-going")).to_contain_text("as soon as your bid")
    assert not any('"type":"going"' in m for m in relay.sent), relay.sent
    relay.release()  # the answers arrive, in order
    expect(bruno.locator(".status .call-1")).to_be_visible()
    expect(ana.locator(".status .call-1")).to_be_visible()
    expect(ana.locator("[data-key=going-confirm]")).to_have_count(0)
    kinds = [m for m in relay.sent if '"type":"bid"' in m or '"type":"going"' in m]
    assert ['"type":"bid"' in m for m in kinds] == [True, False], kinds
    expect_no_js_errors(ana, bruno, chloe)


#: Each of the status box's texts that is cut (its words wider or taller than its box).
STATUS_CUT = """() => [...document.querySelectorAll(
    '.status .hb-by, .status-sub .call > :not(.timebar)')]
  .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
  .map((el) => el.textContent)"""


def test_who_holds_the_bid_shows_whole_in_french_on_a_360_phone(
    browser: Any, base_url: str
) -> None:
    """The status box's one line: the high bidder's name whole beside the longest currency's
    words (those give way first), and the automatic call's count-down on its own line, in
    French at 360 px."""
    _, (ana, bartholomews, _chloe) = seated_table(
        browser,
        base_url,
        ["Ana", "Bartholomews", "Chloé"],
        viewport=PHONE_360,
        locale="fr-FR",
        idle_seconds=30,
    )
    for currency in column(bartholomews):
        if "dollars" in currency:
            break
    bartholomews.click(f"[data-key=bid-{currency}]")
    expect(ana.locator(".status .hb-by")).to_contain_text("Bartholomews")
    expect(ana.locator(".status-sub .call-idle")).to_be_visible()
    assert ana.evaluate(STATUS_CUT) == []
    expect_no_js_errors(ana, bartholomews)
