"""Helpers for the engine tests, kept in one place.

Scenarios are built by dealing a real game and then setting the few parts of its state a rule
needs (hands, column, lot, pile, tokens) from a compact text form, so that each test reads like
the situation it describes: `table(hands=["d5 d3", "c2", ""], column="cdp")`.

`play_random` drives whole games with random actions, legal and illegal alike, for the property
tests; every refusal is checked there and then to have changed nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import pytest

from peanutclub.games.peanut_club.engine import (
    Action,
    ALaCarte,
    AutoPay,
    CallGoing,
    Crash,
    Currency,
    CurrencyCard,
    Engine,
    Event,
    GoingStep,
    Niet,
    ObjectCard,
    Pay,
    Payment,
    PaymentContext,
    Phase,
    PlaceBid,
    Power,
    RuleError,
    Symbol,
    check_payment,
    currency_deck,
)
from peanutclub.games.peanut_club.engine.bidding import Bid, rank

D, C, P = Currency.DOLLARS, Currency.CAMELS, Currency.PEANUTS
CURRENCY_LETTERS: dict[str, Currency] = {"d": D, "c": C, "p": P}
POWER_NAMES: dict[str, Power] = {p.value: p for p in Power}

# ----------------------------------------------------------------------------- building scenarios


def hand(spec: str, taken: set[int] | None = None) -> list[CurrencyCard]:
    """Real deck cards from a spec such as "d5 c1 p2" (currency letter, face value).

    Each card is the lowest-id card of the deck with that currency and value not yet in `taken`,
    so the ids are genuine and never repeat within one scenario.
    """
    taken = set() if taken is None else taken
    result: list[CurrencyCard] = []
    for token in spec.split():
        currency, value = CURRENCY_LETTERS[token[0]], int(token[1:])
        card = next(
            c
            for c in currency_deck()
            if c.currency is currency and c.value == value and c.id not in taken
        )
        taken.add(card.id)
        result.append(card)
    return result


def column(spec: str) -> list[Currency]:
    """A column from its letters, top (strongest) first: "cdp" = camels > dollars > peanuts."""
    return [CURRENCY_LETTERS[letter] for letter in spec]


_object_ids = iter(range(1, 1_000_000))


def obj(*symbols: str, back: int = 1, refresh: bool = False) -> ObjectCard:
    """A made-up object with the given symbols (a refresh card if `refresh`)."""
    n = next(_object_ids)
    if refresh:
        return ObjectCard(f"t-refresh-{n}", "Refresh", "Rafraîchir", (), 0, refresh=True)
    return ObjectCard(f"t{n}", f"Thing {n}", f"Chose {n}", tuple(Symbol(s) for s in symbols), back)


def table(
    players: int = 3,
    seed: int = 1,
    *,
    hands: Sequence[str] | None = None,
    column_spec: str | None = None,
    lot: Sequence[ObjectCard] | None = None,
    pile: Sequence[ObjectCard] | None = None,
    used: dict[int, str] | None = None,
    niet: str = "",
    a_la_carte: bool = False,
    high_bid: tuple[int, int, str] | None = None,
    collectors: Sequence[str] | None = None,
) -> Engine:
    """A dealt game with some of its state replaced, ready for one rule to be exercised.

    `pile` is given top first. `used` maps a seat to the powers it has already used
    ("crash niet"). `high_bid` is (seat, amount, currency letter).
    """
    game = Engine(players, seed)
    if hands is not None:
        taken: set[int] = set()
        game.hands = [sorted(hand(h, taken), key=lambda c: c.id) for h in hands]
    if column_spec is not None:
        game.column = column(column_spec)
    if lot is not None:
        game.lot = list(lot)
    if pile is not None:
        game.pile = list(reversed(pile))
    for seat, powers in (used or {}).items():
        for name in powers.split():
            game.tokens[seat][POWER_NAMES[name]] = True
    game.niet = [CURRENCY_LETTERS[letter] for letter in niet]
    game.a_la_carte = a_la_carte
    if high_bid is not None:
        seat, amount, letter = high_bid
        game.high_bid = Bid(seat, amount, CURRENCY_LETTERS[letter])
    if collectors is not None:
        game.collectors = [Symbol(s) for s in collectors]
    game.version += 1  # the views and the pay suggestion are cached per version
    return game


def sell(game: Engine, by: int | None = None) -> list[Event]:
    """Going once, going twice, sold: the three actions that close a lot."""
    events = game.apply(CallGoing(by))
    events += game.apply(GoingStep())
    events += game.apply(GoingStep())
    return events


def refused(game: Engine, action: Action) -> str:
    """Apply an action the rules must refuse; check it changed nothing; return its code."""
    before = (game.reveal(), game.version, len(game.log))
    with pytest.raises(RuleError) as info:
        game.apply(action)
    assert (game.reveal(), game.version, len(game.log)) == before
    return info.value.code


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def ids(cards: Iterable[CurrencyCard]) -> tuple[int, ...]:
    return tuple(c.id for c in cards)


# ----------------------------------------------------------------------------- payments


def payment_key(
    hand_cards: Sequence[CurrencyCard], payment: Payment, ctx: PaymentContext, value: int
) -> tuple[Any, ...]:
    """The rules' order of payments, smallest = best.

    Fewest powers; least excess; the weakest currency first: the least value counted toward the
    bid in the strongest currency of the column, then the next (a card at its paying value, the
    doubled card twice; without Convert this never decides); fewest cards; lowest card ids;
    lastly the lowest id for the doubled card.
    """
    by_id = {c.id: c for c in hand_cards}
    counted = [0] * len(ctx.column)
    for cid in payment.cards:
        card = by_id[cid]
        worth = (1 if ctx.a_la_carte else card.value) * (2 if cid == payment.abracadabra else 1)
        counted[ctx.column.index(card.currency)] += worth
    doubled = -1 if payment.abracadabra is None else payment.abracadabra
    return (
        payment.powers,
        value - ctx.amount,
        *counted,
        len(payment.cards),
        tuple(sorted(payment.cards)),
        doubled,
    )


def all_valid_payments(
    hand_cards: Sequence[CurrencyCard], ctx: PaymentContext
) -> list[tuple[tuple[Any, ...], Payment]]:
    """Brute force: every subset x Convert x Abracadabra choice that `check_payment` accepts."""
    found: list[tuple[tuple[Any, ...], Payment]] = []
    card_ids = sorted(c.id for c in hand_cards)
    converts = [False, True] if ctx.convert_unused else [False]
    for size in range(1, len(card_ids) + 1):
        for subset in combinations(card_ids, size):
            doubles: list[int | None] = [None]
            if ctx.abracadabra_unused:
                doubles += list(subset)
            for convert in converts:
                for doubled in doubles:
                    payment = Payment(subset, convert, doubled)
                    try:
                        value = check_payment(hand_cards, payment, ctx)
                    except RuleError:
                        continue
                    found.append((payment_key(hand_cards, payment, ctx, value), payment))
    return found


# ----------------------------------------------------------------------------- random games


@dataclass
class Run:
    """A finished random game and what happened on the way."""

    game: Engine
    events: list[list[Event]] = field(default_factory=list)  # per accepted action
    refusals: dict[str, int] = field(default_factory=dict)  # code -> count


Check = Callable[[Engine, Action, list[Event]], None]


def random_payment(game: Engine, rng: random.Random) -> Pay:
    """What a hasty player might tap: random cards until the bid is reached (may be refused)."""
    ctx = game.payment_context()
    seat = game.payer
    assert seat is not None
    convert = ctx.convert_unused and rng.random() < 0.3
    pool = [c for c in game.hands[seat] if convert or c.currency is ctx.currency]
    rng.shuffle(pool)
    chosen: list[CurrencyCard] = []
    total = 0
    for c in pool:
        if total >= ctx.amount:
            break
        chosen.append(c)
        total += 1 if ctx.a_la_carte else c.value
    doubled = None
    if chosen and ctx.abracadabra_unused and rng.random() < 0.3:
        doubled = rng.choice(chosen).id
    return Pay(seat, ids(chosen), convert, doubled)


def random_action(game: Engine, rng: random.Random) -> Action:
    """One random action, legal or not, weighted so that lots get sold and games end."""
    seat = rng.randrange(game.players) if rng.random() < 0.98 else game.players
    currency = rng.choice(list(Currency))
    r = rng.random()
    if game.phase is Phase.PAYING:
        payer = game.payer
        assert payer is not None
        if r < 0.35:
            return random_payment(game, rng)
        if r < 0.7:
            best = game.pay_suggestion()
            assert best is not None
            return Pay(payer, best.cards, best.convert, best.abracadabra)
        if r < 0.8:
            return AutoPay()
        if r < 0.85:
            return Pay((payer + 1) % game.players, (1,))
        if r < 0.9:
            return Pay(payer, (rng.randint(1, 90), rng.randint(1, 90)))
        return PlaceBid(seat, 1, currency)
    if game.going and r < 0.55:
        return GoingStep()
    r = rng.random()
    if r < 0.55:
        low = game.min_bid(currency)
        if low is None or rng.random() < 0.1:
            amount = rng.randint(0, 3)
        elif rng.random() < 0.1:
            amount = game.max_bid(seat % game.players, currency) + 1
        elif rng.random() < 0.2:  # all in: drains hands, so that money can run out
            amount = max(low, game.max_bid(seat % game.players, currency))
        else:
            amount = low + rng.choice([-1, 0, 0, 0, 1, 2, 4])
        return PlaceBid(seat, amount, currency)
    if r < 0.75:
        return CallGoing(rng.choice([None, seat]))
    if r < 0.8:
        return GoingStep()
    if r < 0.85:
        return ALaCarte(seat, rng.randint(1, 4), currency)
    if r < 0.9:
        return Crash(seat, currency, rng.randint(-1, 3))
    if r < 0.95:
        return Niet(seat, currency)
    if r < 0.97:
        return AutoPay()
    return Pay(seat, (rng.randint(1, 90),))


#: No random game may need more attempts than this; reaching it means the game did not end.
MAX_ATTEMPTS = 20_000


def play_random(
    players: int,
    seed: int,
    *,
    check: Check | None = None,
    check_refusals: bool = True,
) -> Run:
    """Play one random game to its end. `check` runs after every accepted action."""
    rng = random.Random(seed * 7919 + players)
    game = Engine(players, seed)
    run = Run(game, [list(game.start_events)])
    for _ in range(MAX_ATTEMPTS):
        if game.phase is Phase.OVER:
            return run
        action = random_action(game, rng)
        before = (game.reveal(), game.version, len(game.log)) if check_refusals else None
        try:
            events = game.apply(action)
        except RuleError as error:
            run.refusals[error.code] = run.refusals.get(error.code, 0) + 1
            if before is not None:
                assert (game.reveal(), game.version, len(game.log)) == before, action
            continue
        run.events.append(events)
        if check is not None:
            check(game, action, events)
    raise AssertionError(f"game {players}/{seed} did not end within {MAX_ATTEMPTS} attempts")


def progress(game: Engine) -> tuple[int, ...]:
    """A measure every accepted action strictly lowers (so every game ends).

    In order: objects still to be won or discarded; whether the refresh card is still to come;
    unused tokens; then the high bid, negated (a bid only rises until a power or a sale restarts
    it); then the going call, negated.
    """
    objects = sum(1 for o in [*game.pile, *game.lot] if not o.refresh)
    refresh_to_come = int(any(o.refresh for o in game.pile))
    unused = sum(1 for t in game.tokens for used in t.values() if not used)
    if game.high_bid is None:
        bid = (-1, 0)
    else:
        bid = (rank(game.column, game.high_bid.currency), game.high_bid.amount)
    over = int(game.phase is not Phase.OVER)
    paying = int(game.phase is Phase.PAYING)
    return (over, objects, refresh_to_come, unused, -paying, -bid[0], -bid[1], -game.going)
