"""Rule errors: every refusal has a stable code that clients translate, and an English message.

They subclass `ValueError`, as python-chess's parse errors do: an illegal action is a bad value for
the game's current state, not a crash. The server turns them into `error` frames unchanged.
"""

from __future__ import annotations

from peanutclub.core.errors import BadMessage as BadMessage
from peanutclub.core.errors import NotSeated as NotSeated
from peanutclub.core.errors import RuleError as RuleError
from peanutclub.core.errors import WrongPhase as WrongPhase

#: The auction's own codes -> (English, French), beyond the platform's.
CODES: dict[str, tuple[str, str]] = {
    "bad_bid": (
        "A bid is a whole number of at least 1 in one currency.",
        "Une enchère est un nombre entier d'au moins 1 dans une monnaie.",
    ),
    "bid_too_low": (
        "That bid does not beat the current high bid.",
        "Cette enchère ne dépasse pas la meilleure offre.",
    ),
    "own_high_bid": (
        "You already hold the high bid.",
        "Vous détenez déjà la meilleure offre.",
    ),
    "currency_blocked": (
        "That currency is blocked by a Niet this round.",
        "Cette monnaie est bloquée par un Niet pour cette manche.",
    ),
    "cannot_honour": (
        "You could not pay that much in that currency.",
        "Vous ne pourriez pas payer autant dans cette monnaie.",
    ),
    "power_used": (
        "That power token has already been used.",
        "Ce jeton de pouvoir a déjà été utilisé.",
    ),
    "last_currency": (
        "At least one currency must stay free of Niet.",
        "Au moins une monnaie doit rester libre de Niet.",
    ),
    "already_blocked": (
        "That currency is already blocked.",
        "Cette monnaie est déjà bloquée.",
    ),
    "already_going": (
        "The lot is already being called.",
        "L'adjudication est déjà lancée.",
    ),
    "bad_crash": (
        "Pick a currency and a place from 1 to 3 in the column.",
        "Choisissez une monnaie et une place de 1 à 3 dans la colonne.",
    ),
    "bad_payment": (
        "That payment is not valid for this bid.",
        "Ce paiement ne convient pas pour cette enchère.",
    ),
    "not_your_payment": (
        "Only the winner of the lot pays for it.",
        "Seul le gagnant du lot le paie.",
    ),
}


class ClubRuleError(RuleError, codes=CODES):
    """A refusal of the auction's rules: its default messages are the game's and the platform's."""


class BadBid(ClubRuleError):
    code = "bad_bid"


class BidTooLow(ClubRuleError):
    code = "bid_too_low"


class OwnHighBid(ClubRuleError):
    code = "own_high_bid"


class CurrencyBlocked(ClubRuleError):
    code = "currency_blocked"


class CannotHonour(ClubRuleError):
    code = "cannot_honour"


class PowerUsed(ClubRuleError):
    code = "power_used"


class LastCurrency(ClubRuleError):
    code = "last_currency"


class AlreadyBlocked(ClubRuleError):
    code = "already_blocked"


class AlreadyGoing(ClubRuleError):
    code = "already_going"


class BadCrash(ClubRuleError):
    code = "bad_crash"


class BadPayment(ClubRuleError):
    code = "bad_payment"


class NotYourPayment(ClubRuleError):
    code = "not_your_payment"
