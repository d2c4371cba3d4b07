"""Peanut Club's client messages: each one a strict model that names its engine action.

The engine checks every value (a currency it does not know, an amount too low); a move only
turns a frame's fields into the action for the seat that sent it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Protocol, cast

from pydantic import Field

from peanutclub.core import Message, Move, Query, refuse, seated
from peanutclub.games.peanut_club.engine import Currency, Engine
from peanutclub.games.peanut_club.engine import actions as engine


class Table(Protocol):
    """What `check_pay` reads of the game it is asked of: declared here, so that the moves do
    not import the game class that lists them (no import cycle)."""

    @property
    def engine(self) -> Engine: ...


CurrencyName = Annotated[str, Field(max_length=20, examples=["dollars", "camels", "peanuts"])]


def _currency(name: str) -> Currency:
    """The currency named, or the raw name for the engine to refuse with its own code."""
    try:
        return Currency(name)
    except ValueError:
        return cast(Currency, name)


def _amount(amount: int | float) -> int:
    """The amount as sent, for the engine to judge: 1.5 is then its `bad_bid` with a message
    saying why (a whole number), as 0 is, not a frame the server could not read."""
    return cast(int, amount)


class _Offer(Move):
    """An amount in one currency: a plain bid or an À la carte bid."""

    amount: int | float = Field(description="A whole number of at least 1 (else `bad_bid`).")
    currency: CurrencyName


class Bid(_Offer):
    type: Literal["bid"]

    def to_action(self, seat: int | None, host: bool) -> engine.PlaceBid:
        return engine.PlaceBid(seated(seat), _amount(self.amount), _currency(self.currency))


class ALaCarte(_Offer):
    type: Literal["a_la_carte"]

    def to_action(self, seat: int | None, host: bool) -> engine.ALaCarte:
        return engine.ALaCarte(seated(seat), _amount(self.amount), _currency(self.currency))


class Crash(Move):
    type: Literal["crash"]
    currency: CurrencyName
    position: int = Field(description="New place in the column, 0 = top.")

    def to_action(self, seat: int | None, host: bool) -> engine.Crash:
        return engine.Crash(seated(seat), _currency(self.currency), self.position)


class Niet(Move):
    type: Literal["niet"]
    currency: CurrencyName

    def to_action(self, seat: int | None, host: bool) -> engine.Niet:
        return engine.Niet(seated(seat), _currency(self.currency))


class Going(Move):
    """Call "going once" (a seated player, or the host from any screen)."""

    type: Literal["going"]

    def to_action(self, seat: int | None, host: bool) -> engine.CallGoing:
        if seat is None and not host:
            raise refuse("not_seated")
        return engine.CallGoing(seat)


class _Payment(Message):
    """Cards from the payer's hand, with Convert or not, and the card Abracadabra doubles."""

    cards: Annotated[list[int], Field(max_length=100)]
    convert: bool = False
    abracadabra: int | None = None

    def to_action(self, seat: int | None, host: bool) -> engine.Pay:
        return engine.Pay(seated(seat), tuple(self.cards), self.convert, self.abracadabra)


class Pay(_Payment, Move):
    type: Literal["pay"]


class CheckPay(_Payment, Query):
    """The payer's dry run: what `pay` with these cards would do (answered `pay_check`)."""

    type: Literal["check_pay"]

    def answer(self, game: Any, seat: int | None, host: bool) -> dict[str, Any]:
        table: Table = game
        return {"type": "pay_check", **table.engine.judge(self.to_action(seat, host)).to_dict()}


#: The busiest first: the server's parser tries the union in this order.
MOVES: tuple[type[Message], ...] = (Bid, ALaCarte, Crash, Niet, Going, Pay, CheckPay)
