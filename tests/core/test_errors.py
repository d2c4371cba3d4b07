"""A game declares its refusal codes once, as the base of its refusals; the platform checks
them when the module is imported, not when a refusal is finally raised in a game."""

from __future__ import annotations

import pytest

from peanutclub.core.errors import PLATFORM_CODES, BadMessage, RuleError, WrongPhase
from peanutclub.games import GAMES

CODES = {"too_far": ("That is too far.", "C'est trop loin.")}


class ToyRuleError(RuleError, codes=CODES):
    """The toy game's refusals."""


class TooFar(ToyRuleError):
    code = "too_far"


def test_a_games_refusals_find_its_messages_and_the_platforms() -> None:
    assert TooFar().to_dict() == {"code": "too_far", "message": "That is too far."}
    assert ToyRuleError(code="wrong_phase").message == PLATFORM_CODES["wrong_phase"][0]
    assert "too_far" not in RuleError.messages  # a game's codes stay its own
    assert WrongPhase().code == "wrong_phase" and BadMessage().code == "bad_message"


def test_a_misspelt_code_fails_when_its_class_is_declared() -> None:
    with pytest.raises(TypeError, match="too_fra"):

        class TooFra(ToyRuleError):
            code = "too_fra"


def test_a_game_cannot_give_a_platform_code_a_meaning_of_its_own() -> None:
    with pytest.raises(TypeError, match="wrong_phase"):

        class Clash(RuleError, codes={"wrong_phase": ("Not now.", "Pas maintenant.")}):
            pass


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_code_has_its_english_and_french(game_id: str) -> None:
    codes = GAMES[game_id].codes
    assert codes and not set(codes) & set(PLATFORM_CODES)
    for en, fr in codes.values():
        assert en.strip() and fr.strip() and en != fr
