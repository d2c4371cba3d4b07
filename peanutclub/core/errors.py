"""Refusals: every one has a stable code that clients translate, and an English message.

`RuleError` subclasses `ValueError`, as python-chess's parse errors do: an illegal action is a bad
value for the state it meets, not a crash. The platform's codes are the ones every game may
receive (bad frames, seats, hosts, phases); each game lists its own once, as the base of its
refusals (`class MyRuleError(RuleError, codes=CODES)`), and its errors look their default
message up in both.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

#: code -> (English, French). Pages translate by code; the server sends the English text.
Codes = Mapping[str, tuple[str, str]]

PLATFORM_CODES: dict[str, tuple[str, str]] = {
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
    "unknown_game": ("There is no such game.", "Ce jeu est introuvable."),
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
    "seat_present": (
        "That seat is in use: only an away player's seat can be asked for.",
        "Cette place est occupée : on ne peut demander que la place d'un joueur absent.",
    ),
    "unknown_claim": (
        "That request is no longer waiting.",
        "Cette demande n'est plus en attente.",
    ),
    "claim_refused": (
        "The host said no to this request.",
        "L'hôte a refusé cette demande.",
    ),
    "not_seated": ("Only a seated player can do that.", "Seul un joueur assis peut faire cela."),
    "wrong_phase": ("That cannot be done right now.", "Ce n'est pas possible maintenant."),
    "bad_settings": ("Those settings are out of range.", "Ces réglages sont hors limites."),
    "bad_host": (
        "This server does not answer to that host name.",
        "Ce serveur ne répond pas à ce nom d'hôte.",
    ),
    "table_size": (
        "That game does not fit this table: add bots, or choose another game.",
        "Ce jeu ne convient pas à cette table : ajoutez des robots ou choisissez un autre jeu.",
    ),
    "not_enough_players": (
        "This game needs more players.",
        "Ce jeu demande plus de joueurs.",
    ),
}

REFUSED = ("Refused.", "Refusé.")

#: What a page shows for a code it finds no message for (a server newer than the page, a fault):
#: served beside the codes by `GET /api/errors` under the key `unknown`, so no page keeps its own.
UNKNOWN = ("Something went wrong.", "Un problème est survenu.")


class RuleError(ValueError):
    """An action or message that is refused. `code` is stable; `message` is for people."""

    code: str = "bad_message"
    #: Where a refusal without a message of its own finds one: the platform's codes, and a
    #: game's subclass adds the game's.
    messages: ClassVar[Codes] = PLATFORM_CODES

    def __init_subclass__(cls, codes: Codes | None = None, **kwargs: object) -> None:
        """A game's refusals: `class MyRuleError(RuleError, codes=CODES)` adds the game's codes
        (code -> (English, French)) to the messages its refusals find; a subclass that names its
        `code` must name one it can find a message for, so a misspelt code fails at import."""
        super().__init_subclass__(**kwargs)
        if codes is not None:
            clash = sorted(set(codes) & set(PLATFORM_CODES))
            if clash:
                raise TypeError(f"{cls.__name__} redefines the platform's {', '.join(clash)}")
            cls.messages = {**cls.messages, **codes}
        if "code" in cls.__dict__ and cls.code not in cls.messages:
            raise TypeError(f"{cls.__name__}: no message for the code {cls.code!r}")

    #: Facts a refusal adds beside its code and message (what would fit, say), sent in its frame.
    fields: Mapping[str, Any] | None = None

    def __init__(
        self,
        message: str | None = None,
        *,
        code: str | None = None,
        fields: Mapping[str, Any] | None = None,
    ) -> None:
        if code is not None:
            self.code = code
        if fields is not None:
            self.fields = fields
        self.message = message or self.messages.get(self.code, REFUSED)[0]
        super().__init__(self.message)

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


class BadMessage(RuleError):
    """A message or value no game could take (every game raises it, so it lives here)."""

    code = "bad_message"


class WrongPhase(RuleError):
    """Not now: the game is not where this can be done."""

    code = "wrong_phase"


class NotSeated(RuleError):
    """A viewer without a seat tried what only a player can."""

    code = "not_seated"


def refuse(
    code: str, message: str | None = None, *, fields: Mapping[str, Any] | None = None
) -> RuleError:
    """A platform `RuleError` for `code`, with its standard English message unless one is given
    (and `fields`: facts the error frame carries beside them)."""
    return RuleError(message, code=code, fields=fields)


def message(codes: Codes, code: str, lang: str = "en") -> str:
    """The human sentence for an error code, in English or French."""
    en, fr = codes.get(code) or PLATFORM_CODES.get(code, REFUSED)
    return fr if lang == "fr" else en
