"""Actions: the only inputs of a game. Frozen values, so a game is its seed plus a list of these.

`seat` is the acting player; `None` is the auctioneer (the host at the TV, or the server clock).
`ACTIONS` names each in the log and decodes it (core/actions.py writes the dicts from the
fields), for the action log, exports and replays.
"""

from __future__ import annotations

from dataclasses import dataclass

from peanutclub.core.actions import Action as Action
from peanutclub.core.actions import ActionRegistry
from peanutclub.games.peanut_club.engine.components import Currency

ACTIONS = ActionRegistry("peanut-club")
#: The log's decoder: `action_from_dict(action.to_dict()) == action`.
action_from_dict = ACTIONS.decode


@dataclass(frozen=True, slots=True)
class _Offer(Action):
    """An amount in one currency, by one seat: what a plain bid and an À la carte bid share."""

    seat: int
    amount: int
    currency: Currency


@ACTIONS.register("bid")
@dataclass(frozen=True, slots=True)
class PlaceBid(_Offer):
    pass


@ACTIONS.register("a_la_carte")
@dataclass(frozen=True, slots=True)
class ALaCarte(_Offer):
    """The À la carte token, played together with the bid that restarts the auction."""


@ACTIONS.register("crash")
@dataclass(frozen=True, slots=True)
class Crash(Action):
    """Move `currency` to `position` in the column (0 = top)."""

    seat: int
    currency: Currency
    position: int


@ACTIONS.register("niet")
@dataclass(frozen=True, slots=True)
class Niet(Action):
    seat: int
    currency: Currency


@ACTIONS.register("going")
@dataclass(frozen=True, slots=True)
class CallGoing(Action):
    """Someone calls "Going once"; `seat=None` is the host or the server's idle call."""

    seat: int | None = None


@ACTIONS.register("going_step")
@dataclass(frozen=True, slots=True)
class GoingStep(Action):
    """One step of the auctioneer's clock: once -> twice, twice -> sold."""


@ACTIONS.register("cancel_going")
@dataclass(frozen=True, slots=True)
class CancelGoing(Action):
    """The auctioneer takes a running call back (after a restart, every clock starts over)."""


@ACTIONS.register("pay")
@dataclass(frozen=True, slots=True)
class Pay(Action):
    seat: int
    cards: tuple[int, ...]
    convert: bool = False
    abracadabra: int | None = None


@ACTIONS.register("auto_pay")
@dataclass(frozen=True, slots=True)
class AutoPay(Action):
    """The pay deadline passed: the server pays the best payment for the winner."""
