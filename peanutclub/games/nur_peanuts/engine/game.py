"""The game: one stateful object, fed actions, answering with events or a rule error.

Every handler checks the whole action before it changes anything, so a refused action leaves
the game as it was and draws no dice. The generator is advanced only by accepted actions (the
board's shuffle, the preliminary start player, then each throw), so the same seed and the same
actions give the same game, throw by throw.

Phases: `buying` (the preliminary round), then rounds of `turns` (the players' pawns) and
`stones` (the neutral stones, one throw per clock step) that alternate until every piece is
parked, then `round_over` (payments, the winner's purchase, a pause), until `over`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

from peanutclub.games.nur_peanuts.engine.actions import (
    Action,
    Buy,
    NextRound,
    Park,
    Pass,
    StoneStep,
    ThrowDice,
)
from peanutclub.games.nur_peanuts.engine.board import FIELDS, BoardKind, make_board, step
from peanutclub.games.nur_peanuts.engine.dice import Dice, Throw, roll
from peanutclub.games.nur_peanuts.engine.errors import (
    BadField,
    BadMessage,
    CannotAfford,
    CannotReroll,
    FieldSold,
    MustThrow,
    NotYourTurn,
    RuleError,
    WrongPhase,
)
from peanutclub.games.nur_peanuts.engine.events import Event, event
from peanutclub.games.nur_peanuts.engine.pieces import Piece, Place
from peanutclub.games.nur_peanuts.engine.rules import (
    BANK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    START_CASH,
    EndReason,
    Owner,
    Payment,
    end_of_game,
    most_cash,
    next_clockwise,
    places_pawn,
    purchase_order,
    reroll_price,
    settle,
    start_player,
    stone_fields,
    stones_for,
)


class Phase(StrEnum):
    BUYING = "buying"
    TURNS = "turns"
    STONES = "stones"
    ROUND_OVER = "round_over"
    OVER = "over"


@dataclass(slots=True)
class Turn:
    """The pawn being moved: whether it has thrown yet, and whether rolling again is free."""

    seat: int
    thrown: bool = False
    free: bool = False


@dataclass(frozen=True, slots=True)
class LastThrow:
    """The latest throw, by a pawn or a stone: from where to where, and what it cost."""

    throw: Throw
    piece: str
    seat: int | None
    start: int
    end: int
    paid: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "dice": self.throw.dice.value,
            "faces": list(self.throw.faces),
            "moved": self.throw.moved,
            "by": self.piece,
            "seat": self.seat,
            "from": self.start,
            "to": self.end,
            "zero": self.throw.zero,
            "paid": self.paid,
        }


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended: who won on which field, who paid what, and what the bank took."""

    winner: int | Literal["bank"]
    piece: str
    field: int
    payments: tuple[Payment, ...]
    bankrupt: tuple[int, ...]
    chip_to_bank: int | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "piece": self.piece,
            "field": self.field,
            "payments": [p.to_dict() for p in self.payments],
            "bankrupt": list(self.bankrupt),
            "chip_to_bank": self.chip_to_bank,
        }


@dataclass(frozen=True, slots=True)
class Result:
    reason: EndReason
    winners: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"reason": self.reason.value, "winners": list(self.winners)}


#: Each owner's fields (a seat's, the bank's), rising: what the views list per player.
Holdings = dict[Owner, list[int]]


class Engine:
    """A game in progress. Read its attributes freely; change it only through `apply`."""

    def __init__(
        self,
        players: int,
        seed: int,
        board: BoardKind = "standard",
        start_cash: Sequence[int] = (),
    ) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Nur Peanuts! is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        self.players = players
        self.seed = seed
        self.board_kind: BoardKind = board
        self.rng = random.Random(seed)
        self.values: tuple[int, ...] = make_board(board, self.rng)
        self.owners: list[Owner] = [None] * FIELDS
        #: each seat's money at the start: the rule's 9,700, or what the host gave that seat as
        #: a handicap or a head start (nothing else of the setup depends on it)
        self.start_cash: tuple[int, ...] = tuple(
            start_cash[s] if s < len(start_cash) else START_CASH for s in range(players)
        )
        self.cash: list[int] = list(self.start_cash)
        #: Everything paid to the bank so far (the bank never pays, so it only grows).
        self.bank_takings = 0
        self.pawns: dict[int, Piece] = {}
        self.stones: list[Piece] = []
        self.bumped: list[bool] = [False] * players
        # everyone holds the same money, so the preliminary round's start player is drawn
        self.start_player = self.rng.randrange(players)
        self.order: tuple[int, ...] = purchase_order(players, self.start_player)
        self.purchases = 0
        self.phase = Phase.BUYING
        self.round = 0
        self.turn: Turn | None = None
        self.stone: Piece | None = None
        self.last_throw: LastThrow | None = None
        self.round_result: RoundResult | None = None
        self.winner_may_buy = False
        self.result: Result | None = None
        self.version = 0
        self.log: list[Action] = []
        #: Whether the last accepted action changed a player's cash, fields or bumped flag, or
        #: the board's owners: what decides if it can be sent as a small patch.
        self.touched = False
        #: (version, view): the public view, built once per change (see view.py).
        self.view_cache: tuple[int, dict[str, Any]] | None = None
        self.turn_cache: tuple[int, dict[str, Any] | None] | None = None
        #: (owners, board, each owner's fields): the views' parts that only a field changing
        #: hands changes, kept while the owners are the same (see view.py).
        self.board_cache: tuple[tuple[Owner, ...], list[dict[str, Any]], Holdings] | None = None
        #: (version, view): the simulator's bots' view, built as read (see view.py).
        self.bot_view_cache: tuple[int, dict[str, Any]] | None = None
        self.start_events: list[Event] = [
            event(
                "board",
                values=list(self.values),
                start_player=self.start_player,
                order=list(self.order),
            )
        ]

    # ------------------------------------------------------------------ reading the state

    def pieces(self) -> Iterator[Piece]:
        """Every piece on the board: pawns in seat order, then stones."""
        for seat in sorted(self.pawns):
            yield self.pawns[seat]
        yield from self.stones

    def parked_on(self, field: int) -> Piece | None:
        """The piece on `field`'s parking place, if any (there is room for one)."""
        for piece in self.pieces():
            if piece.field == field and piece.place is Place.PARKING:
                return piece
        return None

    def fields_of(self, owner: int | Literal["bank"]) -> list[int]:
        return [f for f in range(FIELDS) if self.owners[f] == owner]

    @property
    def buyer(self) -> int | None:
        """Who may buy a field now: the next buyer of the preliminary round, or the round's
        winner until they buy or pass."""
        if self.phase is Phase.BUYING:
            return self.order[self.purchases]
        if self.phase is Phase.ROUND_OVER and self.winner_may_buy:
            winner = self.round_result.winner if self.round_result else None
            return winner if isinstance(winner, int) else None
        return None

    def for_sale(self) -> list[int]:
        """The fields nobody holds: neither sold to a player nor taken by the bank."""
        return [f for f in range(FIELDS) if self.owners[f] is None]

    def affordable(self, seat: int) -> list[int]:
        return [f for f in self.for_sale() if self.values[f] <= self.cash[seat]]

    def reroll(self) -> tuple[int, Owner] | None:
        """What rolling again costs the player to move and who is paid, or None when it needs no
        payment (before the first throw, or after a 0 on a white die)."""
        turn = self.turn
        if turn is None or not turn.thrown or turn.free:
            return None
        return reroll_price(self.values, self.owners, turn.seat, self.pawns[turn.seat].field)

    def clock_action(self) -> Action | None:
        """What the clock does when it runs out: the safest play for whoever must decide (our
        choice: throw black before a turn's first throw, park after one, pass on buying, and
        in the preliminary round buy the cheapest affordable field), a stone's step, or the
        next round after the pause."""
        phase = self.phase
        if phase is Phase.BUYING:
            seat = self.order[self.purchases]
            choices = self.affordable(seat) or self.for_sale()
            return Buy(seat, min(choices, key=lambda f: self.values[f]))
        if phase is Phase.TURNS:
            assert self.turn is not None
            turn = self.turn
            return Park(turn.seat) if turn.thrown else ThrowDice(turn.seat, Dice.BLACK)
        if phase is Phase.STONES:
            return StoneStep()
        if phase is Phase.ROUND_OVER:
            buyer = self.buyer
            return NextRound() if buyer is None else Pass(buyer)
        return None

    # ------------------------------------------------------------------ applying actions

    def apply(self, action: Action) -> list[Event]:
        """Apply one action and return its events, or raise `RuleError` and change nothing."""
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise BadMessage(f"Nur Peanuts! has no action {action!r}.")
        if self.phase is Phase.OVER:
            raise WrongPhase("The game is over.")
        touched, self.touched = self.touched, False
        try:
            events = handler(self, action)
        except RuleError:
            self.touched = touched  # a refusal leaves even this flag as it was
            raise
        self.log.append(action)
        self.version += 1
        return events

    def _buy(self, action: Buy) -> list[Event]:
        seat, field = action.seat, action.field
        if self.phase not in (Phase.BUYING, Phase.ROUND_OVER):
            raise WrongPhase("Fields are bought in the preliminary round or by a round's winner.")
        buyer = self.buyer
        if buyer is None:
            raise WrongPhase("Nobody may buy a field now.")
        if seat != buyer:
            raise NotYourTurn("Another player is buying now.")
        if not 0 <= field < FIELDS:
            raise BadField()
        if self.owners[field] is not None:
            raise FieldSold()
        if self.values[field] > self.cash[seat]:
            raise CannotAfford()
        self.touched = True
        price = self.values[field]
        self.cash[seat] -= price
        self.bank_takings += price
        self.owners[field] = seat
        events = [event("bought", seat=seat, field=field, price=price)]
        if self.phase is Phase.ROUND_OVER:
            self.winner_may_buy = False
            return events + self._check_end()
        if places_pawn(self.players, self.purchases):
            self.pawns[seat] = Piece(f"pawn-{seat}", seat, field, Place.START)
            events.append(event("pawn_placed", seat=seat, field=field))
        self.purchases += 1
        if self.purchases < len(self.order):
            return events
        return events + self._end_preliminary()

    def _pass(self, action: Pass) -> list[Event]:
        if self.phase is Phase.BUYING:
            raise WrongPhase("Everyone buys a field in the preliminary round.")
        buyer = self.buyer
        if buyer is None:
            raise WrongPhase("Nobody is buying now.")
        if action.seat != buyer:
            raise NotYourTurn("Only the round's winner may buy or pass.")
        self.winner_may_buy = False
        return [event("passed", seat=action.seat), *self._check_end()]

    def _throw(self, action: ThrowDice) -> list[Event]:
        turn = self._turn_of(action.seat)
        if not isinstance(action.dice, Dice):
            raise BadMessage("Throw black, white or two_white.")
        events: list[Event] = []
        paid = 0
        price = self.reroll()
        if price is not None:
            cost, payee = price
            if cost > self.cash[turn.seat]:
                raise CannotReroll()
            if cost:
                self._pay(turn.seat, payee, cost)
                paid = cost
                events.append(event("reroll_paid", seat=turn.seat, to=payee, amount=cost))
        pawn = self.pawns[turn.seat]
        throw = roll(self.rng, action.dice)
        start = pawn.field
        pawn.field = step(start, throw.moved)
        turn.thrown, turn.free = True, throw.zero
        self.last_throw = LastThrow(throw, pawn.id, turn.seat, start, pawn.field, paid)
        events.append(event("thrown", **self.last_throw.to_dict()))
        return events

    def _park(self, action: Park) -> list[Event]:
        turn = self._turn_of(action.seat)
        if not turn.thrown:
            raise MustThrow()
        events = self._park_piece(self.pawns[turn.seat])
        self.turn = None
        waiting = {s for s, p in self.pawns.items() if p.place is not Place.PARKING}
        following = next_clockwise(self.players, turn.seat, waiting, inclusive=False)
        if following is not None:
            return events + self._begin_turn(following)
        if any(s.place is not Place.PARKING for s in self.stones):
            self.phase = Phase.STONES
            return [*events, event("stones_move")]
        return events + self._end_round()

    def _stone_step(self, action: StoneStep) -> list[Event]:
        if self.phase is not Phase.STONES:
            raise WrongPhase("The neutral stones are not moving now.")
        events: list[Event] = []
        stone = self.stone
        if stone is None:
            # the stone on the most valuable start place moves first (a bumped one included)
            stone = max(
                (s for s in self.stones if s.place is not Place.PARKING),
                key=lambda s: self.values[s.field],
            )
            stone.place = Place.TRACK
            self.stone = stone
        throw = roll(self.rng, Dice.TWO_WHITE)
        start = stone.field
        stone.field = step(start, throw.moved)
        self.last_throw = LastThrow(throw, stone.id, None, start, stone.field, 0)
        events.append(event("thrown", **self.last_throw.to_dict()))
        if throw.zero:
            return events  # a 0 showed: the stone throws again at the next step
        events += self._park_piece(stone)
        self.stone = None
        if any(s.place is not Place.PARKING for s in self.stones):
            return events
        waiting = {s for s, p in self.pawns.items() if p.place is not Place.PARKING}
        if not waiting:
            return events + self._end_round()
        # pawns bumped by stones move again: the start player first, else the closest clockwise
        self.phase = Phase.TURNS
        first = next_clockwise(self.players, self.start_player, waiting, inclusive=True)
        assert first is not None
        return events + self._begin_turn(first)

    def _next_round(self, action: NextRound) -> list[Event]:
        if self.phase is not Phase.ROUND_OVER or self.winner_may_buy:
            raise WrongPhase("The round is not over, or its winner is still buying.")
        for piece in self.pieces():
            piece.place = Place.START
        self.round += 1
        self.round_result = None
        self.last_throw = None
        self.start_player = start_player({s: p.field for s, p in self.pawns.items()}, self.values)
        self.phase = Phase.TURNS
        return [
            event("round", round=self.round, start_player=self.start_player),
            *self._begin_turn(self.start_player),
        ]

    # ------------------------------------------------------------------ the steps of a round

    def _turn_of(self, seat: int) -> Turn:
        """The turn being played, if it is `seat`'s: throwing and parking are only for them."""
        if self.phase is not Phase.TURNS:
            raise WrongPhase("No pawn is moving now.")
        turn = self.turn
        assert turn is not None
        if seat != turn.seat:
            raise NotYourTurn()
        return turn

    def _end_preliminary(self) -> list[Event]:
        """The stones go on the cheapest unsold fields; the first round begins."""
        events = []
        for i, field in enumerate(stone_fields(self.values, self.owners, stones_for(self.players))):
            stone = Piece(f"stone-{i}", None, field, Place.START)
            self.stones.append(stone)
            events.append(event("stone_placed", stone=stone.id, field=field))
        self.phase = Phase.ROUND_OVER  # the preliminary round is over: start round 1 at once
        return events + self._next_round(NextRound())

    def _begin_turn(self, seat: int) -> list[Event]:
        """The pawn steps from its start place onto its field's track space."""
        self.turn = Turn(seat)
        self.pawns[seat].place = Place.TRACK
        if self.bumped[seat]:
            self.bumped[seat] = False
            self.touched = True
        return [event("turn", seat=seat)]

    def _park_piece(self, piece: Piece) -> list[Event]:
        """Park `piece` where it stands; a piece already parked there goes back to that field's
        start place (a pawn moves again on its owner's next turn, a stone in the stones' phase)."""
        events = []
        bumped = self.parked_on(piece.field)
        if bumped is not None:
            bumped.place = Place.START
            if bumped.seat is not None:
                self.bumped[bumped.seat] = True
                self.touched = True
            events.append(event("bumped", piece=bumped.id, seat=bumped.seat, field=piece.field))
        piece.place = Place.PARKING
        events.append(event("parked", piece=piece.id, seat=piece.seat, field=piece.field))
        return events

    def _pay(self, payer: int, to: Owner, amount: int) -> None:
        self.touched = True
        self.cash[payer] -= amount
        if to == BANK or to is None:
            self.bank_takings += amount
        else:
            self.cash[to] += amount

    def _end_round(self) -> list[Event]:
        """Every piece is parked: the winner, the payments, the bank's chip or the winner's
        purchase, and the end of the game if it has come."""
        self.touched = True
        best = max(self.pieces(), key=lambda p: self.values[p.field])
        winner: int | Literal["bank"] = BANK if best.seat is None else best.seat
        pawn_fields = {s: p.field for s, p in self.pawns.items()}
        payments = settle(self.values, self.owners, self.cash, winner, best.field, pawn_fields)
        for payment in payments:
            self._pay(payment.payer, payment.to, payment.amount)
        bankrupt = tuple(p.payer for p in payments if p.amount < p.owed)
        chip = None
        if not bankrupt and winner == BANK and self.owners[best.field] is None:
            chip = best.field
            self.owners[chip] = BANK
        result = RoundResult(winner, best.id, best.field, tuple(payments), bankrupt, chip)
        self.round_result = result
        self.phase = Phase.ROUND_OVER
        events = [event("round_over", round=self.round, **result.to_dict())]
        if bankrupt:
            return events + self._finish(EndReason.BANKRUPT, most_cash(self.cash))
        self.winner_may_buy = winner != BANK and bool(self.affordable(winner))
        if self.winner_may_buy:
            return events
        return events + self._check_end()

    def _check_end(self) -> list[Event]:
        ended = end_of_game(self.players, self.owners, self.cash)
        return [] if ended is None else self._finish(*ended)

    def _finish(self, reason: EndReason, winners: tuple[int, ...]) -> list[Event]:
        self.result = Result(reason, winners)
        self.phase = Phase.OVER
        self.turn = None
        self.winner_may_buy = False
        return [event("game_over", **self.result.to_dict())]


#: Each action's handler, one table for every game: a table of bound methods on each game would
#: make every game a reference cycle, freed only by the collector's rare full passes, log and all.
_HANDLERS: dict[type[Action], Callable[[Engine, Any], list[Event]]] = {
    Buy: Engine._buy,
    Pass: Engine._pass,
    ThrowDice: Engine._throw,
    Park: Engine._park,
    StoneStep: Engine._stone_step,
    NextRound: Engine._next_round,
}
