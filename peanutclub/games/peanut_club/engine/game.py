"""The game: one stateful object, fed actions, answering with events or a rule error.

`Game.apply` validates an action completely before changing anything, so a refused action leaves
the game exactly as it was. Same seed + same actions = same game, event by event.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from peanutclub.games.peanut_club.engine.actions import (
    Action,
    ALaCarte,
    AutoPay,
    CallGoing,
    CancelGoing,
    Crash,
    GoingStep,
    Niet,
    Pay,
    PlaceBid,
)
from peanutclub.games.peanut_club.engine.bidding import Bid, beats, min_to_win
from peanutclub.games.peanut_club.engine.components import (
    COLLECTORS,
    CURRENCY_LABELS,
    POWER_LABELS,
    Currency,
    CurrencyCard,
    ObjectCard,
    ObjectDeck,
    Power,
    Symbol,
    currency_deck,
    standard_deck,
)
from peanutclub.games.peanut_club.engine.errors import (
    AlreadyBlocked,
    AlreadyGoing,
    BadBid,
    BadCrash,
    BadPayment,
    BidTooLow,
    CannotHonour,
    CurrencyBlocked,
    LastCurrency,
    NotSeated,
    NotYourPayment,
    OwnHighBid,
    PowerUsed,
    RuleError,
    WrongPhase,
)
from peanutclub.games.peanut_club.engine.events import Event, event
from peanutclub.games.peanut_club.engine.payment import (
    Judgement,
    Payment,
    PaymentContext,
    best_payment,
    check_payment,
    judge_payment,
)
from peanutclub.games.peanut_club.engine.scoring import Score, ranking, score

MIN_PLAYERS = 3
MAX_PLAYERS = 6

#: (currency, its name): an enum's `.value` is a slow property, and `bid_options` is hot.
_CURRENCY_NAMES: tuple[tuple[Currency, str], ...] = tuple((c, c.value) for c in Currency)
_CONVERT = Power.CONVERT
_ABRACADABRA = Power.ABRACADABRA
_CONVERT_NAME = _CONVERT.value
_POWER_NAMES: tuple[tuple[Power, str], ...] = tuple((p, p.value) for p in Power)
#: Played only as part of a payment; the others only while a lot is open for bidding.
_PAYING_POWERS = frozenset({Power.CONVERT, Power.ABRACADABRA})
_ABRACADABRA_NAME = _ABRACADABRA.value
#: How many bid options a seat keeps per hand: the few states a whole view comes back to (a new
#: lot, a sale, paying's end), not the one after every bid a bot looks at.
_KEPT_BID_OPTIONS = 8


#: What the auctioneer's clock applies, by the name `clock_due` gives it.
CLOCK_ACTIONS: dict[str, Action] = {"pay": AutoPay(), "going": GoingStep(), "idle": CallGoing(None)}


@dataclass(frozen=True, slots=True)
class Sale:
    """A lot paid for: who won it, what they bid, and the value their cards counted for (the
    excess over the bid is lost: no change is given)."""

    round: int
    seat: int
    objects: tuple[ObjectCard, ...]
    amount: int
    currency: Currency
    value: int
    cards: tuple[CurrencyCard, ...]

    @property
    def excess(self) -> int:
        return self.value - self.amount


@dataclass(frozen=True, slots=True)
class PowerUse:
    """A token played: in which round, by whom."""

    round: int
    seat: int
    power: Power


class Phase(StrEnum):
    BIDDING = "bidding"
    PAYING = "paying"
    OVER = "over"


def stop_total(players: int) -> int:
    """A player stops drawing at setup once their hand totals this much."""
    return 30 if players == 6 else 35


class Engine:
    """A game in progress. Read its attributes freely; change it only through `apply`."""

    def __init__(
        self,
        players: int,
        seed: int,
        deck: ObjectDeck | None = None,
        hand_steps: Sequence[int] = (),
    ) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Peanut Club is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        self.players = players
        self.seed = seed
        self.deck = deck or standard_deck()
        #: each seat's total at which it stops drawing at setup: the rule's (35, or 30 with six
        #: players) moved by the step the host gave that seat (a smaller hand is a handicap)
        self.stops: tuple[int, ...] = tuple(
            stop_total(players) + (hand_steps[s] if s < len(hand_steps) else 0)
            for s in range(players)
        )
        self.rng = random.Random(seed)
        self.version = 0
        self.log: list[Action] = []
        self.hands: list[list[CurrencyCard]] = [[] for _ in range(players)]
        self.collectors: list[Symbol] = []
        self.tokens: list[dict[Power, bool]] = [{p: False for p in Power} for _ in range(players)]
        self.won: list[list[ObjectCard]] = [[] for _ in range(players)]
        self.paid: list[tuple[int, CurrencyCard]] = []  # (seat, card), oldest first
        self.discarded: list[ObjectCard] = []
        self.lot: list[ObjectCard] = []
        self.niet: list[Currency] = []
        self.a_la_carte = False
        self.high_bid: Bid | None = None
        self.going = 0
        self.round = 0
        self.phase = Phase.BIDDING
        self.stats = {"refreshes": 0, "wasted": 0}
        # the night's story for the end-of-game awards: each lot paid for, each power played
        self.sales: list[Sale] = []
        self.power_uses: list[PowerUse] = []
        self._scores: list[Score] | None = None
        self._suggestion: tuple[int, Payment | None] | None = None
        # (seat, À la carte?) -> (hand, its length, À la carte?, paying value per currency, best
        # card per currency): bid_options reads it after every change; a hand changes only when
        # it pays
        self._hand_totals: dict[tuple[int, bool], tuple[Any, ...]] = {}
        # (seat, À la carte?) -> (what the honour rule read, its answers per currency): views ask
        # for both (the bid options and the À la carte ones); see `_capacity_and_needs`
        self._capacity_memo: dict[
            tuple[int, bool],
            tuple[
                tuple[Any, ...],
                tuple[dict[Currency, int], dict[Currency, list[str]], dict[Currency, int]],
            ],
        ] = {}
        self._lows_memo: tuple[tuple[Any, ...], tuple[Any, ...]] | None = None
        # seat -> (what it was built from, the seat's À la carte options / power options)
        self._alc_memo: dict[
            int, tuple[tuple[Any, ...], dict[Currency, int], dict[str, dict[str, Any]]]
        ] = {}
        # what the power options read -> the options: the same for every seat that reads the
        # same, and the same few states come back lot after lot (bidding, paying, paying's end)
        self._powers_memo: dict[tuple[Any, ...], dict[str, dict[str, Any]]] = {}
        # seat -> (the capacities the options were made with, (the lows, whether the seat held
        # the high bid) -> its bid options): a seat's hand changes only when it pays, while the
        # lows go back and forth between a few states (a new lot, a sale) at every whole state
        self._bids_memo: dict[
            int, tuple[Any, dict[tuple[Any, bool], dict[str, dict[str, Any]]]]
        ] = {}
        # seat -> (the lot, its size, how many objects the seat had won, what the lot does for it)
        self._fit_memo: dict[int, tuple[list[ObjectCard], int, int, list[dict[str, Any]]]] = {}
        self.start_events = self._setup()

    # ----------------------------------------------------------------- setup and rounds

    def _setup(self) -> list[Event]:
        money = currency_deck()
        self.rng.shuffle(money)
        drawing = list(range(self.players))
        while drawing and money:
            for seat in list(drawing):
                for _ in range(2):
                    if money:
                        self.hands[seat].append(money.pop())
                if sum(c.value for c in self.hands[seat]) >= self.stops[seat]:
                    drawing.remove(seat)
                if not money:
                    break
        for hand in self.hands:
            hand.sort(key=lambda c: c.id)
        self.column: list[Currency] = list(Currency)
        self.rng.shuffle(self.column)
        self.collectors = self.rng.sample(list(COLLECTORS), self.players)
        pile = self.deck.cards()
        self.rng.shuffle(pile)
        while pile[-1].refresh:
            self.rng.shuffle(pile)
        self.pile: list[ObjectCard] = pile  # the top of the pile is the end of the list
        events = [
            event(
                "game_started",
                players=self.players,
                column=[c.value for c in self.column],
                hand_counts=[len(h) for h in self.hands],
            )
        ]
        self._next_round(events)
        return events

    def _refresh(self, events: list[Event]) -> None:
        for tokens in self.tokens:
            for power in tokens:
                tokens[power] = False
        self.stats["refreshes"] += 1
        events.append(event("refresh"))

    def _next_round(self, events: list[Event]) -> None:
        self.lot = []
        self.niet = []
        self.a_la_carte = False
        self.high_bid = None
        self.going = 0
        if self._should_end():
            self._finish(events)
            return
        size = 0
        while self.pile and not size:
            if self.pile[-1].refresh:
                self.pile.pop()
                self._refresh(events)
            else:
                size = self.pile[-1].back
        while len(self.lot) < size and self.pile:
            card = self.pile.pop()
            if card.refresh:
                self._refresh(events)
            else:
                self.lot.append(card)
        if not self.lot:
            self._finish(events)
            return
        self.round += 1
        self.phase = Phase.BIDDING
        events.append(
            event(
                "lot",
                round=self.round,
                objects=[o.to_dict() for o in self.lot],
                next_lot_size=self.next_lot_size,
            )
        )

    def _should_end(self) -> bool:
        no_objects = not any(not o.refresh for o in self.pile)
        no_money = not any(self.hands)
        return no_objects or no_money

    def _finish(self, events: list[Event]) -> None:
        self.phase = Phase.OVER
        self._scores = [score(s, self.won[s], self.collectors[s]) for s in range(self.players)]
        places = ranking(self._scores)
        events.append(
            event(
                "game_over",
                winners=[s.seat for place, s in places if place == 1],
                scores=[{"place": p, **s.to_dict()} for p, s in places],
            )
        )

    # ----------------------------------------------------------------- public reading

    @property
    def next_lot_size(self) -> int | None:
        """The lot size on the back of the top card; None if the top is the refresh card."""
        if not self.pile or self.pile[-1].refresh:
            return None
        return self.pile[-1].back

    @property
    def refresh_next(self) -> bool:
        return bool(self.pile) and self.pile[-1].refresh

    @property
    def objects_left(self) -> int:
        return sum(1 for o in self.pile if not o.refresh)

    @property
    def payer(self) -> int | None:
        return self.high_bid.seat if self.phase is Phase.PAYING and self.high_bid else None

    @property
    def scores(self) -> list[Score] | None:
        return self._scores

    def unused(self, seat: int, power: Power) -> bool:
        return not self.tokens[seat][power]

    def max_bid(self, seat: int, currency: Currency, *, a_la_carte: bool | None = None) -> int:
        """The most `seat` could honour in `currency` now (the honour rule)."""
        return self._capacities(seat, self.a_la_carte if a_la_carte is None else a_la_carte)[
            currency
        ]

    def _capacities(self, seat: int, alc: bool) -> dict[Currency, int]:
        """Per currency, the most `seat` could honour: the honour rule's one home in the game."""
        return self._capacity_and_needs(seat, alc)[0]

    def _capacity_and_needs(
        self, seat: int, alc: bool
    ) -> tuple[dict[Currency, int], dict[Currency, list[str]], dict[Currency, int]]:
        """Per currency, the most `seat` could honour, the powers that most counts on, and the
        most its cards of that currency pay alone (no power).

        The same sums as `bidding.max_honourable` (the rule's reference form, which the tests
        compare this with), made from memoised per-currency totals of the hand because every bid
        and every view of every seat asks for them. The answer itself is kept until the hand,
        À la carte, the Niet blocks or the seat's Convert and Abracadabra tokens change.

        A power is needed when the most would be lower without it: the page says "up to N with
        Convert" rather than promise a bid the cards alone cannot pay.
        """
        niet = self.niet
        hand = self.hands[seat]
        tokens = self.tokens[seat]
        convert = not tokens[_CONVERT]
        abracadabra = not tokens[_ABRACADABRA]
        key = (hand, len(hand), alc, niet, len(niet), convert, abracadabra)
        found = self._capacity_memo.get((seat, alc))
        if found is not None and found[0] == key:
            return found[1]
        sums, tops = self._totals(seat, alc)
        free = [cur for cur in sums if cur not in niet]
        wide = (sum(sums[cur] for cur in free), max((tops[cur] for cur in free), default=0))
        result: dict[Currency, int] = {}
        needs: dict[Currency, list[str]] = {}
        plain: dict[Currency, int] = {}
        for currency, _ in _CURRENCY_NAMES:
            if currency in niet:
                result[currency] = 0
                needs[currency] = []
                plain[currency] = 0
                continue
            own = (sums.get(currency, 0), tops.get(currency, 0))

            def most(with_convert: bool, with_abracadabra: bool, own: tuple[int, int] = own) -> int:
                total, top = wide if with_convert else own
                return total + top if total and with_abracadabra else total

            best = result[currency] = most(convert, abracadabra)
            plain[currency] = own[0]
            counted = []
            if convert and most(False, abracadabra) < best:
                counted.append(_CONVERT_NAME)
            if abracadabra and most(convert, False) < best:
                counted.append(_ABRACADABRA_NAME)
            needs[currency] = counted
        answer = (result, needs, plain)
        self._capacity_memo[seat, alc] = (key, answer)
        return answer

    def _totals(self, seat: int, alc: bool) -> tuple[dict[Currency, int], dict[Currency, int]]:
        """Per currency, the paying value of a seat's cards and its best card (memoised)."""
        hand = self.hands[seat]
        memo = self._hand_totals.get((seat, alc))
        if memo is not None and memo[0] is hand and memo[1] == len(hand) and memo[2] == alc:
            return memo[3], memo[4]
        sums: dict[Currency, int] = {}
        tops: dict[Currency, int] = {}
        for card in hand:
            u = 1 if alc else card.value
            cur = card.currency
            sums[cur] = sums.get(cur, 0) + u
            if u > tops.get(cur, 0):
                tops[cur] = u
        self._hand_totals[seat, alc] = (hand, len(hand), alc, sums, tops)
        return sums, tops

    def lot_fit(self, seat: int) -> list[dict[str, Any]]:
        """For each object on sale, what it would do for `seat`'s collection: whether it shows
        the seat's collector symbol (`collector`), and which of its symbols would make a set of
        three with the objects the seat has won (`sets`). A Joker counts for neither here: it
        becomes a symbol only at the end, when the scoring picks the best one. The page marks
        the objects from this; it counts no symbol itself. Kept (read-only) for each seat until
        the lot or the seat's objects change: every view of every seat asks for it."""
        lot = self.lot
        if not lot:
            return []
        won = self.won[seat]
        found = self._fit_memo.get(seat)
        if found is not None and found[0] is lot and found[1] == len(lot) and found[2] == len(won):
            return found[3]
        mine = self.collectors[seat]
        held: dict[Symbol, int] = {}
        for obj in won:
            for sym in obj.symbols:
                held[sym] = held.get(sym, 0) + 1
        fit = [
            {
                "id": obj.id,
                "collector": mine in obj.symbols,
                "sets": [
                    sym.value
                    for sym in dict.fromkeys(obj.symbols)
                    if sym is not Symbol.JOKER
                    and (held.get(sym, 0) + obj.symbols.count(sym)) // 3 > held.get(sym, 0) // 3
                ],
            }
            for obj in lot
        ]
        self._fit_memo[seat] = (lot, len(lot), len(won), fit)
        return fit

    def min_bid(self, currency: Currency) -> int | None:
        """The lowest amount in `currency` that would win now (None: blocked or outranked)."""
        if self.phase is not Phase.BIDDING or currency in self.niet:
            return None
        return min_to_win(self.column, currency, self.high_bid)

    def bid_options(self, seat: int) -> dict[str, dict[str, Any]]:
        """Per currency: the lowest winning amount, the most this seat can honour, why not, the
        powers that most counts on (`needs`), and the most its cards of that currency pay without
        any power (`plain`): "up to 12 (43 with Convert)" tells a player both.

        Built for every view of every seat after every change, so the hand is summed once for all
        three currencies (`_capacities`), and the lowest winning amounts, the same for every seat,
        once per change of the phase, the column, the Niet blocks or the high bid (`_lows`); the
        answer is kept (read-only) for each of those states and who holds the high bid, until
        the seat's capacities change: a whole view after a sale and the one after the payment
        that follows ask for the same few states, lot after lot.
        """
        answers = self._capacity_and_needs(seat, self.a_la_carte)
        capacity, needs, plain = answers
        high_bid = self.high_bid
        own_high = high_bid is not None and high_bid.seat == seat
        lows = self._lows()
        found = self._bids_memo.get(seat)
        if found is None or found[0] is not answers:
            found = self._bids_memo[seat] = (answers, {})
        kept = found[1]
        options = kept.get((lows, own_high))
        if options is not None:
            return options
        options = {}
        for currency, name, low, reason in lows:
            high = capacity[currency]
            if reason is None:
                if own_high:
                    reason = "own_high_bid"
                elif low is None:
                    reason = "bid_too_low"
                elif high < low:
                    reason = "cannot_honour"
            options[name] = {
                "min": low,
                "max": high,
                "reason": reason,
                "needs": needs[currency],
                "plain": plain[currency],
            }
        if len(kept) >= _KEPT_BID_OPTIONS:  # a bot looks after every bid: keep only a few
            kept.clear()
        kept[lows, own_high] = options
        return options

    def a_la_carte_options(self, seat: int) -> dict[str, dict[str, Any]] | None:
        """Per currency, what an À la carte bid of `seat` may be now (every card counting 1):
        None when the token is used or nobody is bidding. Such a bid restarts the auction, so
        any amount from 1 wins; only the honour rule and a Niet bound it.

        Built for every view of every seat, so kept (read-only) until the phase, the token, the
        Niet blocks or the seat's paying power change."""
        if self.phase is not Phase.BIDDING or self.tokens[seat][Power.A_LA_CARTE]:
            return None
        capacity = self._capacities(seat, True)
        niet = self.niet
        key = (niet, len(niet))
        found = self._alc_memo.get(seat)
        if found is not None and found[1] is capacity and found[0] == key:
            return found[2]
        options: dict[str, dict[str, Any]] = {}
        for currency, name in _CURRENCY_NAMES:
            if currency in niet:
                options[name] = {"min": None, "max": 0, "reason": "currency_blocked"}
                continue
            high = capacity[currency]
            options[name] = {"min": 1, "max": high, "reason": None if high else "cannot_honour"}
        self._alc_memo[seat] = (key, capacity, options)
        return options

    def power_options(self, seat: int) -> dict[str, dict[str, Any]]:
        """Per power, whether `seat` using it now could be accepted, and if not the code the
        server would answer, checked in the order the server checks (phase, then the token):
        the page offers only what can be played and re-implements no rule.

        Built for every view of every seat, so kept (read-only) for each value of what it
        reads: the phase, whether the seat pays, its tokens, the Niet blocks, whether it holds a
        card. Seats that read the same share one answer, and the same states return at every
        lot, so after a few lots every seat's options are found, not built."""
        tokens = self.tokens[seat]
        phase = self.phase
        payer = self.payer == seat
        can_bid = any(self._capacities(seat, True).values())
        key = (phase, payer, *tokens.values(), len(self.niet), len(self.column), can_bid)
        found = self._powers_memo.get(key)
        if found is not None:
            return found
        bidding = phase is Phase.BIDDING
        result: dict[str, dict[str, Any]] = {}
        for power, name in _POWER_NAMES:
            reason: str | None = None
            if power in _PAYING_POWERS:
                if phase is not Phase.PAYING:
                    reason = "wrong_phase"
                elif not payer:
                    reason = "not_your_payment"
            elif not bidding:
                reason = "wrong_phase"
            if reason is None and tokens[power]:
                reason = "power_used"
            if reason is None:
                if power is Power.NIET and len(self.niet) + 1 >= len(self.column):
                    reason = "last_currency"
                elif power is Power.A_LA_CARTE and not can_bid:
                    reason = "cannot_honour"
            result[name] = {"usable": reason is None, "reason": reason}
        self._powers_memo[key] = result
        return result

    def _lows(self) -> tuple[tuple[Currency, str, int | None, str | None], ...]:
        """Per currency: its name, the lowest winning amount, and a reason no seat may bid."""
        niet, column, high_bid, phase = self.niet, self.column, self.high_bid, self.phase
        # the high bid compared by identity first: each bid is a new one, and comparing two
        # dataclasses by value is a Python call
        key = (high_bid, phase, niet, len(niet), tuple(column))
        found = self._lows_memo
        if found is not None and found[0][0] is high_bid and found[0] == key:
            return found[1]
        bidding = phase is Phase.BIDDING
        lows = []
        for currency, name in _CURRENCY_NAMES:
            blocked = currency in niet
            low = min_to_win(column, currency, high_bid) if bidding and not blocked else None
            reason = "wrong_phase" if not bidding else "currency_blocked" if blocked else None
            lows.append((currency, name, low, reason))
        result = tuple(lows)
        self._lows_memo = (key, result)
        return result

    def payment_context(self) -> PaymentContext:
        if self.phase is not Phase.PAYING or self.high_bid is None:
            raise WrongPhase("Nothing is waiting to be paid.")
        seat = self.high_bid.seat
        return PaymentContext(
            amount=self.high_bid.amount,
            currency=self.high_bid.currency,
            column=tuple(self.column),
            a_la_carte=self.a_la_carte,
            blocked=frozenset(self.niet),
            convert_unused=self.unused(seat, Power.CONVERT),
            abracadabra_unused=self.unused(seat, Power.ABRACADABRA),
        )

    def pay_suggestion(self) -> Payment | None:
        """The best payment for the current winner, computed once per change of the game."""
        if self.phase is not Phase.PAYING or self.high_bid is None:
            return None
        if self._suggestion is None or self._suggestion[0] != self.version:
            ctx = self.payment_context()
            self._suggestion = (self.version, best_payment(self.hands[self.high_bid.seat], ctx))
        return self._suggestion[1]

    def clock_due(self) -> str | None:
        """What the auctioneer's clock does next (`CLOCK_ACTIONS`): pay for a winner who has not
        paid (`pay`), take a running call one step on (`going`), or call a lot that has a high
        bid (`idle`). None when nothing is due: no bid yet, or the game is over. The room's
        clock (the plug-in's `timer()`) and `auctioneer_action` both read it."""
        phase = self.phase
        if phase is Phase.PAYING:
            return "pay"
        if phase is Phase.OVER:
            return None
        if self.going:
            return "going"
        return None if self.high_bid is None else "idle"

    def auctioneer_action(self) -> Action:
        """What the table does next when nobody acts: the clock's next action, or else the host
        calling a lot nobody has bid on. Simulations and tests use it to stand in for the
        server's timers and the host."""
        if self.phase is Phase.OVER:
            raise WrongPhase("The game is over.")
        due = self.clock_due()
        return CallGoing(None) if due is None else CLOCK_ACTIONS[due]

    # ----------------------------------------------------------------- applying actions

    def apply(self, action: Action) -> list[Event]:
        """Apply one action: return what happened, or raise a `RuleError` and change nothing."""
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise RuleError("Unknown action.", code="bad_message")
        events: list[Event] = []
        handler(self, action, events)
        self.version += 1
        self.log.append(action)
        return events

    def _require(self, phase: Phase) -> None:
        if self.phase is not phase:
            raise WrongPhase(f"That can only be done while {phase.value}; now: {self.phase.value}.")

    def _require_seat(self, seat: object) -> int:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise NotSeated("No such seat at this table.")
        return seat

    def _require_token(self, seat: int, power: Power) -> None:
        if not self.unused(seat, power):
            raise PowerUsed(f"Your {POWER_LABELS[power][0]} token is already used.")

    @staticmethod
    def _require_currency(value: object, error: type[RuleError] = BadBid) -> Currency:
        if type(value) is Currency:  # what bots and parsed messages send: nothing to look up
            return value
        try:
            if isinstance(value, str):
                return Currency(value)
        except ValueError:
            pass
        raise error(f"Unknown currency {value!r}.")

    @staticmethod
    def _require_amount(amount: object) -> int:
        if type(amount) is float:  # 1.5, or 2.0 written with a point: not a whole number
            raise BadBid(f"A bid is a whole number: {amount!r} is not one.")
        if type(amount) is not int or amount < 1:
            raise BadBid("A bid is a whole number of at least 1.")
        return amount

    def _check_bid(self, seat: int, amount: int, currency: Currency, a_la_carte: bool) -> None:
        if currency in self.niet:
            raise CurrencyBlocked(f"{CURRENCY_LABELS[currency][0]}: under Niet this round.")
        if not a_la_carte:
            if self.high_bid is not None and self.high_bid.seat == seat:
                raise OwnHighBid()
            if not beats(self.column, amount, currency, self.high_bid):
                raise BidTooLow()
        if amount > self._capacities(seat, a_la_carte or self.a_la_carte)[currency]:  # `max_bid`
            raise CannotHonour()

    def _restart(self) -> None:
        """The auction restarts from zero: no high bid, any going call cancelled."""
        self.high_bid = None
        self.going = 0

    def _on_bid(self, action: PlaceBid, events: list[Event]) -> None:
        self._require(Phase.BIDDING)
        seat = self._require_seat(action.seat)
        amount = self._require_amount(action.amount)
        currency = self._require_currency(action.currency)
        self._check_bid(seat, amount, currency, False)  # not À la carte
        bid = self.high_bid = Bid(seat, amount, currency)
        self.going = 0
        # the event built as `event` would, without a keyword call: most actions are bids
        events.append(Event("bid", {**bid.to_dict(), "a_la_carte": False}))

    def _on_a_la_carte(self, action: ALaCarte, events: list[Event]) -> None:
        self._require(Phase.BIDDING)
        seat = self._require_seat(action.seat)
        self._require_token(seat, Power.A_LA_CARTE)
        amount = self._require_amount(action.amount)
        currency = self._require_currency(action.currency)
        self._check_bid(seat, amount, currency, a_la_carte=True)
        self.tokens[seat][Power.A_LA_CARTE] = True
        self.a_la_carte = True
        self.power_uses.append(PowerUse(self.round, seat, Power.A_LA_CARTE))
        self._restart()
        self.high_bid = Bid(seat, amount, currency)
        events.append(event("power", seat=seat, power=Power.A_LA_CARTE.value))
        events.append(event("bid", **self.high_bid.to_dict(), a_la_carte=True))

    def _on_crash(self, action: Crash, events: list[Event]) -> None:
        self._require(Phase.BIDDING)
        seat = self._require_seat(action.seat)
        self._require_token(seat, Power.CRASH)
        position = action.position
        if type(position) is not int or not 0 <= position < len(self.column):
            raise BadCrash()
        currency = self._require_currency(action.currency, BadCrash)
        self.tokens[seat][Power.CRASH] = True
        self.column.remove(currency)
        self.column.insert(position, currency)
        self.power_uses.append(PowerUse(self.round, seat, Power.CRASH))
        self._restart()
        events.append(
            event(
                "power",
                seat=seat,
                power=Power.CRASH.value,
                currency=currency.value,
                position=position,
                column=[c.value for c in self.column],
            )
        )

    def _on_niet(self, action: Niet, events: list[Event]) -> None:
        self._require(Phase.BIDDING)
        seat = self._require_seat(action.seat)
        self._require_token(seat, Power.NIET)
        currency = self._require_currency(action.currency)
        if currency in self.niet:
            raise AlreadyBlocked()
        if len(self.niet) + 1 >= len(self.column):
            raise LastCurrency()
        self.tokens[seat][Power.NIET] = True
        self.niet.append(currency)
        self.power_uses.append(PowerUse(self.round, seat, Power.NIET))
        self._restart()
        events.append(event("power", seat=seat, power=Power.NIET.value, currency=currency.value))

    def _on_going(self, action: CallGoing, events: list[Event]) -> None:
        self._require(Phase.BIDDING)
        if action.seat is not None:
            self._require_seat(action.seat)
        if self.going:
            raise AlreadyGoing()
        self.going = 1
        events.append(event("going", level=1, by=action.seat))

    def _on_going_step(self, action: GoingStep, events: list[Event]) -> None:
        self._require(Phase.BIDDING)
        if not self.going:
            raise WrongPhase("Nobody has called the lot.")
        if self.going == 1:
            self.going = 2
            events.append(event("going", level=2, by=None))
            return
        self.going = 0
        if self.high_bid is None:
            self.discarded.extend(self.lot)
            events.append(event("discarded", objects=[o.id for o in self.lot]))
            self._next_round(events)
            return
        self.phase = Phase.PAYING
        events.append(event("sold", **self.high_bid.to_dict()))

    def _on_cancel_going(self, action: CancelGoing, events: list[Event]) -> None:
        self._require(Phase.BIDDING)
        if not self.going:
            raise WrongPhase("Nobody has called the lot.")
        self.going = 0
        events.append(event("going_cancelled"))

    def _on_pay(self, action: Pay, events: list[Event]) -> None:
        self._settle(self._payer_of(action), self._require_payment(action), events, auto=False)

    def _payer_of(self, action: Pay) -> int:
        """The seat paying with `action`, if it is the lot's winner and the lot awaits payment."""
        self._require(Phase.PAYING)
        seat = self._require_seat(action.seat)
        if seat != self.payer:
            raise NotYourPayment()
        return seat

    def judge(self, action: Pay) -> Judgement:
        """What `apply(action)` would make of a payment, without making it: the page's dry run
        (value, and why it would be refused). Raises, as `apply` would, when `action`'s seat
        may not pay now."""
        seat = self._payer_of(action)
        return judge_payment(
            self.hands[seat], self._require_payment(action), self.payment_context()
        )

    @staticmethod
    def _require_payment(action: Pay) -> Payment:
        """The payment a `Pay` names, checked for shape as strictly as bids are.

        A malformed payment is a refusal, never a crash, and a truthy non-bool `convert` must not
        spend the Convert token by accident.
        """
        cards: object = action.cards
        ab: object = action.abracadabra
        if (
            not isinstance(cards, (tuple, list))
            or any(type(c) is not int for c in cards)
            or type(action.convert) is not bool
            or (ab is not None and type(ab) is not int)
        ):
            raise BadPayment(
                "A payment is a list of card ids, a Convert flag and one card or none."
            )
        return Payment(tuple(cards), action.convert, action.abracadabra)

    def _on_auto_pay(self, action: AutoPay, events: list[Event]) -> None:
        self._require(Phase.PAYING)
        payment = self.pay_suggestion()
        payer = self.payer
        if payment is None or payer is None:  # honour checks make this unreachable
            raise RuleError("No payment is possible.", code="bad_payment")
        self._settle(payer, payment, events, auto=True)

    def _settle(self, seat: int, payment: Payment, events: list[Event], *, auto: bool) -> None:
        ctx = self.payment_context()
        value = check_payment(self.hands[seat], payment, ctx)
        spent = set(payment.cards)
        cards = [c for c in self.hands[seat] if c.id in spent]
        self.hands[seat] = [c for c in self.hands[seat] if c.id not in spent]
        self.paid.extend((seat, c) for c in cards)
        if payment.convert:
            self.tokens[seat][Power.CONVERT] = True
            self.power_uses.append(PowerUse(self.round, seat, Power.CONVERT))
        if payment.abracadabra is not None:
            self.tokens[seat][Power.ABRACADABRA] = True
            self.power_uses.append(PowerUse(self.round, seat, Power.ABRACADABRA))
        self.won[seat].extend(self.lot)
        self.stats["wasted"] += value - ctx.amount
        self.sales.append(
            Sale(self.round, seat, tuple(self.lot), ctx.amount, ctx.currency, value, tuple(cards))
        )
        events.append(
            event(
                "paid",
                seat=seat,
                cards=[c.to_dict() for c in cards],
                convert=payment.convert,
                abracadabra=payment.abracadabra,
                value=value,
                excess=value - ctx.amount,
                objects=[o.id for o in self.lot],
                auto=auto,
            )
        )
        self._next_round(events)

    # ----------------------------------------------------------------- replay and inspection

    @classmethod
    def replay(
        cls, players: int, seed: int, actions: Iterable[Action], deck: ObjectDeck | None = None
    ) -> Engine:
        """Rebuild a game from its seed and its accepted actions."""
        game = cls(players, seed, deck)
        for action in actions:
            game.apply(action)
        return game

    def reveal(self) -> dict[str, Any]:
        """Everything, secrets included: for tests, replays and the history of a finished game.

        Never send this to a client while the game is running; `view()` is the way out.
        """
        return {
            "phase": self.phase.value,
            "round": self.round,
            "column": [c.value for c in self.column],
            "niet": [c.value for c in self.niet],
            "a_la_carte": self.a_la_carte,
            "high_bid": self.high_bid.to_dict() if self.high_bid else None,
            "going": self.going,
            "lot": [o.id for o in self.lot],
            "pile": [o.id for o in self.pile],
            "hands": [[c.to_dict() for c in h] for h in self.hands],
            "collectors": [c.value for c in self.collectors],
            "tokens": [{p.value: used for p, used in t.items()} for t in self.tokens],
            "won": [[o.id for o in w] for w in self.won],
            "paid": [{"seat": s, **c.to_dict()} for s, c in self.paid],
            "discarded": [o.id for o in self.discarded],
        }


_HANDLERS: dict[type[Action], Any] = {
    PlaceBid: Engine._on_bid,
    ALaCarte: Engine._on_a_la_carte,
    Crash: Engine._on_crash,
    Niet: Engine._on_niet,
    CallGoing: Engine._on_going,
    GoingStep: Engine._on_going_step,
    CancelGoing: Engine._on_cancel_going,
    Pay: Engine._on_pay,
    AutoPay: Engine._on_auto_pay,
}
