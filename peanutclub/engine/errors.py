"""Rule errors: every refusal has a stable code that clients translate, and an English message.

They subclass `ValueError`, as python-chess's parse errors do: an illegal action is a bad value for
the game's current state, not a crash. The server turns them into `error` frames unchanged.
"""

from __future__ import annotations

# code -> (English, French). Pages translate by code; the server sends the English text.
MESSAGES: dict[str, tuple[str, str]] = {
    "bad_message": ("That message could not be understood.", "Ce message est incompréhensible."),
    "frame_too_large": ("That message is too large.", "Ce message est trop long."),
    "rate_limited": (
        "Too many messages: slow down a little.",
        "Trop de messages : ralentissez un peu.",
    ),
    "no_handshake": (
        "Say who you are (join, resume or watch) first.",
        "Présentez-vous d'abord (rejoindre, reprendre ou regarder).",
    ),
    "unknown_room": ("There is no room with that code.", "Aucune salle ne porte ce code."),
    "room_full": ("This table is full.", "Cette table est complète."),
    "bad_name": (
        "Choose a name of 1 to 20 characters.",
        "Choisissez un nom de 1 à 20 caractères.",
    ),
    "name_taken": (
        "Someone at this table already has that name.",
        "Quelqu'un à cette table porte déjà ce nom.",
    ),
    "unknown_token": (
        "That seat could not be found; join again.",
        "Cette place est introuvable ; rejoignez la table à nouveau.",
    ),
    "not_host": ("Only the host can do that.", "Seul l'hôte peut faire cela."),
    "not_seated": ("Only a seated player can do that.", "Seul un joueur assis peut faire cela."),
    "wrong_phase": ("That cannot be done right now.", "Ce n'est pas possible maintenant."),
    "bad_settings": ("Those settings are out of range.", "Ces réglages sont hors limites."),
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


class RuleError(ValueError):
    """An action the rules refuse. `code` is stable; `message` is for people."""

    code: str = "bad_message"

    def __init__(self, message: str | None = None, *, code: str | None = None) -> None:
        if code is not None:
            self.code = code
        self.message = message or MESSAGES.get(self.code, ("Refused.", "Refusé."))[0]
        super().__init__(self.message)

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class WrongPhase(RuleError):
    code = "wrong_phase"


class NotSeated(RuleError):
    code = "not_seated"


class BadBid(RuleError):
    code = "bad_bid"


class BidTooLow(RuleError):
    code = "bid_too_low"


class OwnHighBid(RuleError):
    code = "own_high_bid"


class CurrencyBlocked(RuleError):
    code = "currency_blocked"


class CannotHonour(RuleError):
    code = "cannot_honour"


class PowerUsed(RuleError):
    code = "power_used"


class LastCurrency(RuleError):
    code = "last_currency"


class AlreadyBlocked(RuleError):
    code = "already_blocked"


class AlreadyGoing(RuleError):
    code = "already_going"


class BadCrash(RuleError):
    code = "bad_crash"


class BadPayment(RuleError):
    code = "bad_payment"


class NotYourPayment(RuleError):
    code = "not_your_payment"


def message(code: str, lang: str = "en") -> str:
    """The human sentence for an error code, in English or French."""
    en, fr = MESSAGES.get(code, ("Refused.", "Refusé."))
    return fr if lang == "fr" else en
