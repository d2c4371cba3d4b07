"""Every refusal has a stable code with an English and a French message, and the engine stays a
pure library (no server, no clock, no I/O)."""

from __future__ import annotations

import ast
from pathlib import Path

import peanutclub.games.nur_peanuts.engine as engine_package
from peanutclub.core import PLATFORM_CODES, RuleError
from peanutclub.games.nur_peanuts.engine import CODES, NurRuleError
from peanutclub.games.nur_peanuts.engine import errors as errors_module

MESSAGES = {**PLATFORM_CODES, **CODES}
ENGINE = Path(engine_package.__file__).parent
#: What the rules must never reach for: a game is a pure state machine fed by the room.
FORBIDDEN = ("peanutclub.server", "asyncio", "time", "socket", "sqlite3", "os", "pathlib")


def test_every_error_class_has_a_code_with_english_and_french_messages() -> None:
    classes = [
        c
        for c in vars(errors_module).values()
        if isinstance(c, type) and issubclass(c, RuleError) and c not in (RuleError, NurRuleError)
    ]
    assert {c.code for c in classes} >= set(CODES)
    for cls in classes:
        en, fr = MESSAGES[cls.code]
        assert en.strip() and fr.strip() and en != fr
        error = cls()
        assert isinstance(error, ValueError)
        assert error.to_dict() == {"code": cls.code, "message": en}


def test_the_games_codes_are_its_own() -> None:
    assert not set(CODES) & set(PLATFORM_CODES)


def test_the_engine_imports_nothing_of_the_server_the_clock_or_io() -> None:
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN), (
                    f"{path.name} imports {name}"
                )
