"""Refusals of the card race: each one a stable code that pages translate, EN and FR messages.

A refused action changes nothing: the card it named is still where it was. Several of these are
the everyday outcome of a race (`pile_changed`: someone else got there first), not faults.
"""

from __future__ import annotations

from peanutclub.core.errors import BadMessage as BadMessage
from peanutclub.core.errors import NotSeated as NotSeated
from peanutclub.core.errors import RuleError as RuleError
from peanutclub.core.errors import WrongPhase as WrongPhase

#: The race's own codes -> (English, French), beyond the platform's.
CODES: dict[str, tuple[str, str]] = {
    "not_your_card": (
        "That card belongs to another deck.",
        "Cette carte appartient à un autre paquet.",
    ),
    "not_on_top": (
        "Only the top card of your peanuts pile, your waste or a building pile can move.",
        "Seule la carte du dessus de votre tas de peanuts, de votre défausse ou d'une pile de "
        "construction peut bouger.",
    ),
    "not_playable": (
        "That card cannot go there.",
        "Cette carte ne peut pas aller là.",
    ),
    "pile_changed": (
        "Too late: someone else played on that pile first.",
        "Trop tard : quelqu'un d'autre a joué sur cette pile avant vous.",
    ),
    "pile_complete": (
        "That foundation is finished: it is closed to plays.",
        "Cette fondation est terminée : on n'y joue plus.",
    ),
    "peanuts_left": (
        "Empty your peanuts pile before you call Peanuts!",
        "Videz votre tas de peanuts avant d'annoncer Peanuts !",
    ),
    "round_over": (
        "The round is over.",
        "La manche est terminée.",
    ),
    "not_playing": (
        "The round has not started yet.",
        "La manche n'a pas encore commencé.",
    ),
    "hints_off": (
        "Hints are off at this table.",
        "Les indices sont désactivés à cette table.",
    ),
}


class PeanutsRuleError(RuleError, codes=CODES):
    """A refusal of the race's rules: its default messages are the game's and the platform's."""


class NotYourCard(PeanutsRuleError):
    code = "not_your_card"


class NotOnTop(PeanutsRuleError):
    code = "not_on_top"


class NotPlayable(PeanutsRuleError):
    code = "not_playable"


class PileChanged(PeanutsRuleError):
    code = "pile_changed"


class PileComplete(PeanutsRuleError):
    code = "pile_complete"


class PeanutsLeft(PeanutsRuleError):
    code = "peanuts_left"


class RoundOver(PeanutsRuleError):
    code = "round_over"


class NotPlaying(PeanutsRuleError):
    code = "not_playing"


class HintsOff(PeanutsRuleError):
    code = "hints_off"
