"""Actions: the only inputs of a game. Frozen values, so a game is its seed plus a list of these.

`seat` is the acting player; `None` is the auctioneer (the host at the TV, or the server clock).
Every action serialises to a plain dict and back, for the action log, exports and replays.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from peanutclub.games.peanut_club.engine.components import CURRENCY_NAMES, Currency


@dataclass(frozen=True, slots=True)
class Action:
    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class _Offer(Action):
    """An amount in one currency, by one seat: what a plain bid and an À la carte bid share."""

    seat: int
    amount: int
    currency: Currency

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.kind,
            "seat": self.seat,
            "amount": self.amount,
            "currency": CURRENCY_NAMES[self.currency],
        }


@dataclass(frozen=True, slots=True)
class PlaceBid(_Offer):
    kind: ClassVar[str] = "bid"


@dataclass(frozen=True, slots=True)
class ALaCarte(_Offer):
    """The À la carte token, played together with the bid that restarts the auction."""

    kind: ClassVar[str] = "a_la_carte"


@dataclass(frozen=True, slots=True)
class Crash(Action):
    """Move `currency` to `position` in the column (0 = top)."""

    kind: ClassVar[str] = "crash"
    seat: int
    currency: Currency
    position: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.kind,
            "seat": self.seat,
            "currency": CURRENCY_NAMES[self.currency],
            "position": self.position,
        }


@dataclass(frozen=True, slots=True)
class Niet(Action):
    kind: ClassVar[str] = "niet"
    seat: int
    currency: Currency

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat, "currency": CURRENCY_NAMES[self.currency]}


@dataclass(frozen=True, slots=True)
class CallGoing(Action):
    """Someone calls "Going once"; `seat=None` is the host or the server's idle call."""

    kind: ClassVar[str] = "going"
    seat: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class GoingStep(Action):
    """One step of the auctioneer's clock: once -> twice, twice -> sold."""

    kind: ClassVar[str] = "going_step"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind}


@dataclass(frozen=True, slots=True)
class CancelGoing(Action):
    """The auctioneer takes a running call back (after a restart, every clock starts over)."""

    kind: ClassVar[str] = "cancel_going"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind}


@dataclass(frozen=True, slots=True)
class Pay(Action):
    kind: ClassVar[str] = "pay"
    seat: int
    cards: tuple[int, ...]
    convert: bool = False
    abracadabra: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.kind,
            "seat": self.seat,
            "cards": list(self.cards),
            "convert": self.convert,
            "abracadabra": self.abracadabra,
        }


@dataclass(frozen=True, slots=True)
class AutoPay(Action):
    """The pay deadline passed: the server pays the best payment for the winner."""

    kind: ClassVar[str] = "auto_pay"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind}


OFFERS: dict[str, type[_Offer]] = {PlaceBid.kind: PlaceBid, ALaCarte.kind: ALaCarte}


def action_from_dict(d: dict[str, Any]) -> Action:
    """Inverse of `Action.to_dict`; raises `ValueError` (or `KeyError`) on a malformed dict."""
    kind = d["type"]
    if kind in OFFERS:
        return OFFERS[kind](int(d["seat"]), int(d["amount"]), Currency(d["currency"]))
    if kind == "crash":
        return Crash(int(d["seat"]), Currency(d["currency"]), int(d["position"]))
    if kind == "niet":
        return Niet(int(d["seat"]), Currency(d["currency"]))
    if kind == "going":
        seat = d.get("seat")
        return CallGoing(None if seat is None else int(seat))
    if kind == "going_step":
        return GoingStep()
    if kind == "cancel_going":
        return CancelGoing()
    if kind == "pay":
        ab = d.get("abracadabra")
        return Pay(
            int(d["seat"]),
            tuple(int(c) for c in d["cards"]),
            bool(d.get("convert")),
            None if ab is None else int(ab),
        )
    if kind == "auto_pay":
        return AutoPay()
    raise ValueError(f"unknown action type {kind!r}")
