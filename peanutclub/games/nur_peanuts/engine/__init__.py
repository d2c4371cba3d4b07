"""The Nur Peanuts! rules engine: pure Python, no I/O, no clock, no framework.

Create an `Engine`, feed it actions with `apply`, read events back, and show everyone
`public_view(game)`: nothing in this game is secret. Every refusal is a `RuleError` with a stable
`code`; every throw comes from the game's seeded generator.
"""

from peanutclub.games.nur_peanuts.engine.actions import (
    Action,
    Buy,
    NextRound,
    Park,
    Pass,
    StoneStep,
    ThrowDice,
    action_from_dict,
)
from peanutclub.games.nur_peanuts.engine.board import FIELDS, STANDARD, BoardKind, make_board
from peanutclub.games.nur_peanuts.engine.dice import OUTCOMES, WAYS, Dice, Outcome, Throw, roll
from peanutclub.games.nur_peanuts.engine.errors import CODES, NurRuleError, RuleError
from peanutclub.games.nur_peanuts.engine.events import Event
from peanutclub.games.nur_peanuts.engine.game import (
    Engine,
    LastThrow,
    Phase,
    Result,
    RoundResult,
    Turn,
)
from peanutclub.games.nur_peanuts.engine.odds import outcome_if_parked, throw_odds
from peanutclub.games.nur_peanuts.engine.pieces import Piece, Place
from peanutclub.games.nur_peanuts.engine.rules import (
    BANK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    START_CASH,
    EndReason,
    Owner,
    Payment,
    PayReason,
)
from peanutclub.games.nur_peanuts.engine.view import (
    PATCH_FIELDS,
    TurnView,
    bot_view,
    patch_view,
    private_view,
    public_view,
)

__all__ = [
    "BANK",
    "CODES",
    "FIELDS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OUTCOMES",
    "PATCH_FIELDS",
    "STANDARD",
    "START_CASH",
    "WAYS",
    "Action",
    "BoardKind",
    "Buy",
    "Dice",
    "EndReason",
    "Engine",
    "Event",
    "LastThrow",
    "NextRound",
    "NurRuleError",
    "Outcome",
    "Owner",
    "Park",
    "Pass",
    "PayReason",
    "Payment",
    "Phase",
    "Piece",
    "Place",
    "Result",
    "RoundResult",
    "RuleError",
    "StoneStep",
    "Throw",
    "ThrowDice",
    "Turn",
    "TurnView",
    "action_from_dict",
    "bot_view",
    "make_board",
    "outcome_if_parked",
    "patch_view",
    "private_view",
    "public_view",
    "roll",
    "throw_odds",
]
