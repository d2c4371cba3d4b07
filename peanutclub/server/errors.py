"""Refusals the server adds to the engine's: same shape (`RuleError`: stable code + message).

The engine's `MESSAGES` holds the codes DESIGN.md lists; the few the server needs beyond them live
here, with their French, so pages can translate every code they may receive.
"""

from __future__ import annotations

from peanutclub.engine import MESSAGES, RuleError

SERVER_MESSAGES: dict[str, tuple[str, str]] = {
    "not_enough_players": (
        "A game needs at least 3 players.",
        "Une partie demande au moins 3 joueurs.",
    ),
    "unknown_game": (
        "There is no finished game with that id.",
        "Aucune partie terminée ne porte cet identifiant.",
    ),
}


def refuse(code: str, message: str | None = None) -> RuleError:
    """A `RuleError` for `code`, with its standard English message unless one is given."""
    text = message or MESSAGES.get(code, SERVER_MESSAGES.get(code, ("Refused.", "")))[0]
    return RuleError(text, code=code)


def all_messages() -> dict[str, tuple[str, str]]:
    """Every code a client may receive, with its English and French messages."""
    return {**MESSAGES, **SERVER_MESSAGES}
