"""What every game shares with the server: the game protocol, timers, refusals, moves, settings.

No I/O, no asyncio, no web framework: a game's engine imports this and nothing of the server.
"""

from peanutclub.core.actions import Action
from peanutclub.core.errors import PLATFORM_CODES, Codes, RuleError, message, refuse
from peanutclub.core.events import Event, event
from peanutclub.core.game import (
    Bot,
    BotFactory,
    EngineReadings,
    Game,
    Outcome,
    Timer,
    export_game,
    replay,
    replay_export,
)
from peanutclub.core.moves import Message, Move, Query, seated
from peanutclub.core.settings import GameSettings, bounded, choice, per_seat, yes_no

__all__ = [
    "PLATFORM_CODES",
    "Action",
    "Bot",
    "BotFactory",
    "Codes",
    "EngineReadings",
    "Event",
    "Game",
    "GameSettings",
    "Message",
    "Move",
    "Outcome",
    "Query",
    "RuleError",
    "Timer",
    "bounded",
    "choice",
    "event",
    "export_game",
    "message",
    "per_seat",
    "refuse",
    "replay",
    "replay_export",
    "seated",
    "yes_no",
]
