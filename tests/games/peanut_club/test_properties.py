"""Properties of every game, over thousands of random games mixing legal and illegal actions.

Each test plays its own share of random games (hypothesis picks the seeds and the table size) and
checks one rule after every accepted action; every refused action in every game is also checked
to have changed nothing (`play_random` does it).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from peanutclub.games.peanut_club.engine import (
    COLLECTORS,
    Action,
    Currency,
    CurrencyCard,
    Engine,
    Event,
    Phase,
    Power,
    check_payment,
    max_honourable,
    min_to_win,
    standard_deck,
    view,
)

from .conftest import Run, play_random, progress

SEEDS = st.integers(0, 2**32 - 1)
TABLES = st.integers(3, 6)


def games(examples: int) -> settings:
    """Settings for a property over `examples` random games."""
    return settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


# ----------------------------------------------------------------------------- conservation


def dealt(game: Engine) -> int:
    return sum(len(h) for h in game.hands) + len(game.paid)


@games(500)
@given(SEEDS, TABLES)
def test_cards_and_objects_are_conserved(seed: int, players: int) -> None:
    game0 = Engine(players, seed)
    never_dealt = 90 - dealt(game0)
    all_objects = {o.id for o in standard_deck().cards()}

    def check(game: Engine, action: Action, events: list[Event]) -> None:
        money = [c.id for h in game.hands for c in h] + [c.id for _, c in game.paid]
        assert len(money) + never_dealt == 90
        assert len(set(money)) == len(money) and set(money) <= set(range(1, 91))
        refresh_aside = int(not any(o.refresh for o in [*game.pile, *game.lot]))
        places = [
            *(o.id for w in game.won for o in w),
            *(o.id for o in game.lot),
            *(o.id for o in game.pile),
            *(o.id for o in game.discarded),
        ]
        assert len(places) + refresh_aside == 31
        assert len(set(places)) == len(places) and set(places) <= all_objects
        assert not any(o.refresh for o in game.lot)

    play_random(players, seed, check=check)


# ----------------------------------------------------------------------------- honour


@games(500)
@given(SEEDS, TABLES)
def test_the_high_bid_is_always_one_its_bidder_can_honour(seed: int, players: int) -> None:
    def check(game: Engine, action: Action, events: list[Event]) -> None:
        bid = game.high_bid
        if bid is not None:
            assert bid.currency not in game.niet
            assert bid.amount <= game.max_bid(bid.seat, bid.currency)
        if game.phase is Phase.PAYING:
            assert bid is not None and game.payer == bid.seat
            suggestion = game.pay_suggestion()
            assert suggestion is not None
            ctx = game.payment_context()
            assert check_payment(game.hands[bid.seat], suggestion, ctx) >= bid.amount

    play_random(players, seed, check=check)


def reference_options(game: Engine, seat: int) -> dict[str, dict[str, Any]]:
    """`bid_options` rebuilt from the bidding module's definitions, one currency at a time."""
    options: dict[str, dict[str, Any]] = {}
    bidding = game.phase is Phase.BIDDING
    for currency in Currency:
        blocked = currency in game.niet
        low = min_to_win(game.column, currency, game.high_bid) if bidding and not blocked else None
        convert = not game.tokens[seat][Power.CONVERT]
        abracadabra = not game.tokens[seat][Power.ABRACADABRA]

        def most(convert: bool, abracadabra: bool, currency: Currency = currency) -> int:
            return max_honourable(
                game.hands[seat],
                currency,
                a_la_carte=game.a_la_carte,
                convert_unused=convert,
                abracadabra_unused=abracadabra,
                blocked=game.niet,
            )

        high = most(convert, abracadabra)
        # a power is needed when the most would be lower without it
        needs = [
            name
            for name, unused, without in (
                ("convert", convert, most(False, abracadabra)),
                ("abracadabra", abracadabra, most(convert, False)),
            )
            if unused and without < high
        ]
        reason = None
        if not bidding:
            reason = "wrong_phase"
        elif blocked:
            reason = "currency_blocked"
        elif game.high_bid is not None and game.high_bid.seat == seat:
            reason = "own_high_bid"
        elif low is None:
            reason = "bid_too_low"
        elif high < low:
            reason = "cannot_honour"
        options[currency.value] = {
            "min": low,
            "max": high,
            "reason": reason,
            "needs": needs,
            "plain": most(False, False),
        }
    return options


@games(300)
@given(SEEDS, TABLES)
def test_bid_options_agree_with_the_bid_order_and_the_honour_check(seed: int, players: int) -> None:
    def check(game: Engine, action: Action, events: list[Event]) -> None:
        for seat in range(game.players):
            assert game.bid_options(seat) == reference_options(game, seat)

    play_random(players, seed, check=check, check_refusals=False)


# ----------------------------------------------------------------------------- termination


@games(500)
@given(SEEDS, TABLES)
def test_every_game_ends_within_a_bounded_number_of_actions(seed: int, players: int) -> None:
    """Every accepted action lowers `progress`, whose parts are all bounded, so play must end."""
    state: dict[str, Any] = {}
    start = Engine(players, seed)
    state["last"] = progress(start)
    most_money = 3 * 70 + 5  # every card at face value, plus the best one once more

    def check(game: Engine, action: Action, events: list[Event]) -> None:
        now = progress(game)
        assert now < state["last"], (action, state["last"], now)
        state["last"] = now
        if game.high_bid is not None:
            assert game.high_bid.amount <= most_money

    run = play_random(players, seed, check=check)
    game = run.game
    assert game.phase is Phase.OVER
    assert game.round <= 30
    # a generous bound from the parts of `progress`: per object and refresh, per token used,
    # bids that only rise, and three calls of the lot
    bound = 32 * 2 * (5 * players + 1) * (3 * most_money + 2) * 4
    assert len(game.log) < bound
    end = game.scores
    assert end is not None and len(end) == players


# ----------------------------------------------------------------------------- secrets


def leaks(data: Any, game: Engine, viewer: int | None) -> list[str]:
    """Secrets of other seats found in `data` (as JSON): hand cards by id, hands, collectors.

    Walks every dict and list; `root` is the top-level key a value sits under, since only the
    viewer's own `you` may hold a hand or a collector before the end.
    """
    others = [s for s in range(game.players) if s != viewer]
    hidden = {c.id for s in others for c in game.hands[s]}
    found: list[str] = []
    stack: list[tuple[str, Any]] = [("", json.loads(json.dumps(data)))]
    while stack:
        root, value = stack.pop()
        if type(value) is dict:
            if "currency" in value and "value" in value and value.get("id") in hidden:
                found.append(f"hand card {value['id']} under {root!r}")
            if root != "you":
                found += [f"{key} under {root!r}" for key in SECRET_KEYS if key in value]
            for key, item in value.items():
                if type(item) in (dict, list):
                    stack.append((root or key, item))
        elif type(value) is list:
            stack.extend((root, item) for item in value if type(item) in (dict, list))
    return found


#: Keys that would carry secrets: only `you` may have a hand and a collector before the end.
SECRET_KEYS = ("hand", "hands", "collector", "collectors", "pile")


_STATE_ATTRS = frozenset(vars(Engine(3, 0)))


def masked(game: Engine, viewer: int | None) -> Engine:
    """The same game, but every other seat's hand and collector replaced by made-up ones.

    A view that depends on nothing secret is the same for both. The twin keeps only the state a
    new game has (no cached view parts) and another version number, so it also checks that the
    caches never serve a stale view.
    """
    twin = Engine.__new__(Engine)
    twin.__dict__.update({k: v for k, v in vars(game).items() if k in _STATE_ATTRS})
    twin.version = -1 - game.version
    twin._suggestion = None
    twin.hands = [
        h if s == viewer else [CurrencyCard(1000 + i, Currency.PEANUTS, 1) for i in range(len(h))]
        for s, h in enumerate(game.hands)
    ]
    twin.collectors = [
        c if s == viewer else next(other for other in COLLECTORS if other is not c)
        for s, c in enumerate(game.collectors)
    ]
    return twin


@games(100)
@given(SEEDS, TABLES)
def test_views_and_events_never_show_another_players_hand_or_collector(
    seed: int, players: int
) -> None:
    def check(game: Engine, action: Action, events: list[Event]) -> None:
        if game.phase is Phase.OVER:
            return
        for e in events:
            assert leaks(e.to_dict(), game, None) == [], e
        for viewer in [None, *range(game.players)]:
            seen = view(game, viewer)
            assert leaks(seen, game, viewer) == []
            if viewer is not None:
                assert seen["you"]["seat"] == viewer
                assert [c["id"] for c in seen["you"]["hand"]] == [c.id for c in game.hands[viewer]]
                assert seen["you"]["collector"] == game.collectors[viewer].value
                if game.payer != viewer:
                    assert seen["you"]["pay_suggestion"] is None
            else:
                assert seen["you"] is None
            assert view(masked(game, viewer), viewer) == seen

    run = play_random(players, seed, check=check, check_refusals=False)
    for e in run.events[0]:  # the setup's own events
        assert leaks(e.to_dict(), Engine(players, seed), None) == []


@games(40)
@given(SEEDS, TABLES)
def test_at_the_end_every_collector_and_hand_is_shown(seed: int, players: int) -> None:
    game = play_random(players, seed, check_refusals=False).game
    tv = view(game, None)
    assert [p["collector"] for p in tv["players"]] == [c.value for c in game.collectors]
    assert [[c["id"] for c in p["hand"]] for p in tv["players"]] == [
        [c.id for c in h] for h in game.hands
    ]
    assert tv["scores"] is not None and len(tv["scores"]) == players


# ----------------------------------------------------------------------------- replay


@games(400)
@given(SEEDS, TABLES)
def test_replay_from_seed_and_log_reproduces_every_event_and_the_state(
    seed: int, players: int
) -> None:
    run: Run = play_random(players, seed, check_refusals=False)
    game = run.game
    again = Engine(players, seed)
    replayed = [list(again.start_events)]
    for action in game.log:
        replayed.append(again.apply(action))
    assert [[e.to_dict() for e in es] for es in replayed] == [
        [e.to_dict() for e in es] for es in run.events
    ]
    assert again.reveal() == game.reveal()
    assert Engine.replay(players, seed, game.log).reveal() == game.reveal()
    for viewer in [None, *range(players)]:
        assert view(again, viewer) == view(game, viewer)


def test_replay_from_serialised_actions() -> None:
    from peanutclub.games.peanut_club.engine import action_from_dict

    run = play_random(4, 2024, check_refusals=False)
    log = json.loads(json.dumps([a.to_dict() for a in run.game.log]))
    actions = [action_from_dict(d) for d in log]
    assert actions == run.game.log
    assert Engine.replay(4, 2024, actions).reveal() == run.game.reveal()


# ----------------------------------------------------------------------------- refusals


@games(300)
@given(SEEDS, TABLES)
def test_a_refused_action_changes_nothing(seed: int, players: int) -> None:
    run = play_random(players, seed, check_refusals=True)
    assert sum(run.refusals.values()) > 0


def test_random_play_meets_every_refusal() -> None:
    """The random games above really try each kind of illegal action."""
    seen: Counter[str] = Counter()
    for seed in range(150):
        seen.update(play_random(3 + seed % 4, seed).refusals)
    assert set(seen) >= {
        "wrong_phase",
        "not_seated",
        "bad_bid",
        "bid_too_low",
        "own_high_bid",
        "currency_blocked",
        "cannot_honour",
        "power_used",
        "last_currency",
        "already_blocked",
        "already_going",
        "bad_crash",
        "bad_payment",
        "not_your_payment",
    }


def test_random_play_reaches_both_ends_of_the_game() -> None:
    """Some random games run out of objects, others out of money: both endings are exercised."""
    endings: Counter[str] = Counter()
    for seed in range(120):
        game = play_random(3 + seed % 4, seed, check_refusals=False).game
        endings["money" if not any(game.hands) else "objects"] += 1
        if not any(game.hands):
            assert game.phase is Phase.OVER
        else:
            assert game.objects_left == 0
    assert endings["money"] > 0 and endings["objects"] > 0
