"""Every refusal has a stable code with an English and a French message."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import peanutclub.games.peanut_club.engine as engine_package
from peanutclub.core import PLATFORM_CODES, RuleError
from peanutclub.core import message as core_message
from peanutclub.games.peanut_club.engine import CODES, ClubRuleError
from peanutclub.games.peanut_club.engine import errors as errors_module

#: Every code a Peanut Club room may answer with: the platform's and the game's own.
MESSAGES = {**PLATFORM_CODES, **CODES}


def message(code: str, lang: str = "en") -> str:
    return core_message(CODES, code, lang)


ENGINE = Path(engine_package.__file__).parent
SOURCES = sorted(ENGINE.glob("*.py"))


def _text(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def codes_in_source() -> set[str]:
    """Codes the engine can raise or report: `code = "..."` on error classes, `code="..."` in
    calls, and the `reason` codes of `bid_options`."""
    found: set[str | None] = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            assigned = isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id in ("code", "reason") for t in node.targets
            )
            keyword = isinstance(node, ast.keyword) and node.arg == "code"
            if assigned or keyword:
                found.add(_text(node.value))  # type: ignore[attr-defined]
    return {code for code in found if code is not None}


def test_the_source_scan_finds_the_codes() -> None:
    found = codes_in_source()
    assert {"bid_too_low", "cannot_honour", "bad_message", "wrong_phase"} <= found


def test_every_code_the_engine_raises_has_english_and_french_text() -> None:
    for code in codes_in_source():
        assert code in MESSAGES, code
        en, fr = MESSAGES[code]
        assert en.strip() and fr.strip() and en != fr, code
        assert message(code) == en and message(code, "fr") == fr


def test_every_error_class_has_a_code_with_messages() -> None:
    classes = [
        c
        for c in vars(errors_module).values()
        if isinstance(c, type) and issubclass(c, RuleError) and c not in (RuleError, ClubRuleError)
    ]
    assert len(classes) >= 14
    for cls in classes:
        assert cls.code in MESSAGES, cls
        error = cls()
        assert isinstance(error, ValueError)
        assert error.message == MESSAGES[cls.code][0]
        assert error.to_dict() == {"code": cls.code, "message": MESSAGES[cls.code][0]}


def test_the_game_codes_are_its_own_and_the_platform_codes_are_not_restated() -> None:
    assert not set(CODES) & set(PLATFORM_CODES)


def test_the_design_codes_all_have_messages() -> None:
    design = {
        *("bad_message", "frame_too_large", "rate_limited", "no_handshake", "unknown_room"),
        *("room_full", "bad_name", "name_taken", "unknown_token", "not_host", "not_seated"),
        *("wrong_phase", "bad_settings", "bad_bid", "bid_too_low", "own_high_bid"),
        *("currency_blocked", "cannot_honour", "power_used", "last_currency", "already_blocked"),
        *("already_going", "bad_crash", "bad_payment", "not_your_payment"),
    }
    assert design <= set(MESSAGES)


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_codes_are_stable_identifiers(code: str) -> None:
    assert re.fullmatch(r"[a-z]+(_[a-z]+)*", code)


def test_a_rule_error_may_carry_its_own_sentence_and_code() -> None:
    error = RuleError("Nope.", code="bad_payment")
    assert (error.code, error.message, str(error)) == ("bad_payment", "Nope.", "Nope.")
    assert message("no_such_code") == "Refused." and message("no_such_code", "fr") == "Refusé."


FORBIDDEN_IMPORTS = {"asyncio", "time", "socket", "fastapi", "starlette", "sqlite3", "threading"}


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_the_engine_imports_no_server_clock_or_network(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"))
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        for name in names:
            assert name.split(".")[0] not in FORBIDDEN_IMPORTS, name
            assert not name.startswith("peanutclub.server"), name
            assert not name.startswith("peanutclub.games.peanut_club.bots"), name
