"""The Peanut Club rules engine: pure Python, no I/O, no clock, no framework.

Create a `Game`, feed it `Action`s with `apply`, read `Event`s back, and show each person
`view(game, seat)`. Every refusal is a `RuleError` with a stable `code`.
"""

from peanutclub.engine.actions import (
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
from peanutclub.engine.bidding import Bid, beats, max_honourable, min_to_win
from peanutclub.engine.components import (
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
from peanutclub.engine.errors import MESSAGES, RuleError, message
from peanutclub.engine.events import Event
from peanutclub.engine.game import MAX_PLAYERS, MIN_PLAYERS, Game, Phase
from peanutclub.engine.payment import Payment, PaymentContext, best_payment, check_payment
from peanutclub.engine.scoring import Score, ranking, score
from peanutclub.engine.view import private_view, public_view, view

__all__ = [
    "CATEGORIES",
    "COLLECTORS",
    "MAX_PLAYERS",
    "MESSAGES",
    "MIN_PLAYERS",
    "ALaCarte",
    "Action",
    "AutoPay",
    "Bid",
    "CallGoing",
    "CancelGoing",
    "Crash",
    "Currency",
    "CurrencyCard",
    "Event",
    "Game",
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
    "Symbol",
    "action_from_dict",
    "beats",
    "best_payment",
    "check_payment",
    "currency_deck",
    "load_object_deck",
    "max_honourable",
    "message",
    "min_to_win",
    "private_view",
    "public_view",
    "ranking",
    "score",
    "standard_deck",
    "view",
]
