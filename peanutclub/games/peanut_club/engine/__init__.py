"""The Peanut Club rules engine: pure Python, no I/O, no clock, no framework.

Create an `Engine`, feed it `Action`s with `apply`, read `Event`s back, and show each person
`view(game, seat)`. Every refusal is a `RuleError` with a stable `code`.
"""

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
    action_from_dict,
)
from peanutclub.games.peanut_club.engine.bidding import Bid, beats, max_honourable, min_to_win
from peanutclub.games.peanut_club.engine.components import (
    CATEGORIES,
    COLLECTORS,
    Currency,
    CurrencyCard,
    ObjectCard,
    ObjectDeck,
    Power,
    Symbol,
    currency_deck,
    load_object_deck,
    standard_deck,
)
from peanutclub.games.peanut_club.engine.errors import CODES, ClubRuleError, RuleError
from peanutclub.games.peanut_club.engine.events import Event
from peanutclub.games.peanut_club.engine.game import MAX_PLAYERS, MIN_PLAYERS, Engine, Phase
from peanutclub.games.peanut_club.engine.payment import (
    Payment,
    PaymentContext,
    best_payment,
    check_payment,
)
from peanutclub.games.peanut_club.engine.scoring import Score, ranking, score
from peanutclub.games.peanut_club.engine.view import SeatView, private_view, public_view, view

__all__ = [
    "CATEGORIES",
    "CODES",
    "COLLECTORS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "ALaCarte",
    "Action",
    "AutoPay",
    "Bid",
    "CallGoing",
    "CancelGoing",
    "ClubRuleError",
    "Crash",
    "Currency",
    "CurrencyCard",
    "Engine",
    "Event",
    "GoingStep",
    "Niet",
    "ObjectCard",
    "ObjectDeck",
    "Pay",
    "Payment",
    "PaymentContext",
    "Phase",
    "PlaceBid",
    "Power",
    "RuleError",
    "Score",
    "SeatView",
    "Symbol",
    "action_from_dict",
    "beats",
    "best_payment",
    "check_payment",
    "currency_deck",
    "load_object_deck",
    "max_honourable",
    "min_to_win",
    "private_view",
    "public_view",
    "ranking",
    "score",
    "standard_deck",
    "view",
]
