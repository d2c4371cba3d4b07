"""The Peanuts! rules engine: pure Python, no I/O, no clock, no framework.

Create an `Engine`, feed it `Action`s with `apply`, read `Event`s back, and show everyone
`public_view(game)` (each seat adds its `private_view`). Every refusal is a `RuleError` with a
stable `code`; the rules themselves live one per function in `rules`.
"""

from peanutclub.games.peanuts.engine.actions import (
    Action,
    CallPeanuts,
    DeclareStuck,
    Flip,
    MoveCard,
    NextRound,
    PhotoFinish,
    SkipRound,
    Stall,
    StartPlay,
    Target,
    action_from_dict,
)
from peanutclub.games.peanuts.engine.cards import (
    ACE,
    CARDS_PER_DECK,
    KING,
    SUITS,
    Card,
    Suit,
    card_dict,
    card_from_id,
    card_id,
    new_deck,
)
from peanutclub.games.peanuts.engine.errors import CODES, PeanutsRuleError, RuleError
from peanutclub.games.peanuts.engine.events import Event
from peanutclub.games.peanuts.engine.game import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    PHOTO_FINISH_MS,
    Engine,
    Phase,
    RoundScore,
    seat_decks,
    team_of,
)
from peanutclub.games.peanuts.engine.table import BUILDING_PILES, Foundation, Layout, Source
from peanutclub.games.peanuts.engine.view import private_view, public_view, view

__all__ = [
    "ACE",
    "BUILDING_PILES",
    "CARDS_PER_DECK",
    "CODES",
    "KING",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PHOTO_FINISH_MS",
    "SUITS",
    "Action",
    "CallPeanuts",
    "Card",
    "DeclareStuck",
    "Engine",
    "Event",
    "Flip",
    "Foundation",
    "Layout",
    "MoveCard",
    "NextRound",
    "PeanutsRuleError",
    "Phase",
    "PhotoFinish",
    "RoundScore",
    "RuleError",
    "SkipRound",
    "Source",
    "Stall",
    "StartPlay",
    "Suit",
    "Target",
    "action_from_dict",
    "card_dict",
    "card_from_id",
    "card_id",
    "new_deck",
    "private_view",
    "public_view",
    "seat_decks",
    "team_of",
    "view",
]
