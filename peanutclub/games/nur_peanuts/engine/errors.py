"""Refusals of the dice game's rules: each has a stable code, and a message in English and French.

They subclass the platform's `RuleError`, so the server turns them into `error` frames as it
does any game's. The engine raises them before it changes anything.
"""

from __future__ import annotations

from peanutclub.core.errors import BadMessage as BadMessage
from peanutclub.core.errors import NotSeated as NotSeated
from peanutclub.core.errors import RuleError as RuleError
from peanutclub.core.errors import WrongPhase as WrongPhase

#: The game's own codes -> (English, French), beyond the platform's.
CODES: dict[str, tuple[str, str]] = {
    "not_your_turn": (
        "It is not your turn.",
        "Ce n'est pas votre tour.",
    ),
    "field_sold": (
        "That field is no longer for sale.",
        "Ce terrain n'est plus à vendre.",
    ),
    "cannot_afford": (
        "You do not have enough Peanuts for that.",
        "Vous n'avez pas assez de Peanuts pour cela.",
    ),
    "must_throw": (
        "Throw the dice before you park.",
        "Lancez les dés avant de vous garer.",
    ),
    "cannot_reroll": (
        "You cannot pay to roll again: park your pawn.",
        "Vous ne pouvez pas payer pour relancer : garez votre pion.",
    ),
    "bad_field": (
        "There is no such field on the board.",
        "Ce terrain n'existe pas sur le plateau.",
    ),
}


class NurRuleError(RuleError, codes=CODES):
    """A refusal of the dice game: its default messages are the game's and the platform's."""


class NotYourTurn(NurRuleError):
    code = "not_your_turn"


class FieldSold(NurRuleError):
    code = "field_sold"


class CannotAfford(NurRuleError):
    code = "cannot_afford"


class MustThrow(NurRuleError):
    code = "must_throw"


class CannotReroll(NurRuleError):
    code = "cannot_reroll"


class BadField(NurRuleError):
    code = "bad_field"
