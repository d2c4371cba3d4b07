"""Every page is served with `script-src 'self'`, so Playwright can only poll a waited-for
condition written as a function: a bare expression is re-evaluated with eval, which the policy
refuses the moment the first check comes back false. That fails only on a slower machine, so the
rule is checked in the sources rather than left to chance."""

from __future__ import annotations

import ast
from pathlib import Path

FUNCTION_STARTS = ("(", "function", "async")


def _bare_waits(source: str) -> list[int]:
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr != "wait_for_function" or not node.args:
            continue
        first = node.args[0]
        text = first.value if isinstance(first, ast.Constant) else None
        if isinstance(first, ast.JoinedStr) or (
            isinstance(text, str) and not text.lstrip().startswith(FUNCTION_STARTS)
        ):
            lines.append(node.lineno)
    return lines


def test_a_bare_expression_is_caught() -> None:
    assert _bare_waits("page.wait_for_function('window.ready === true')") == [1]
    assert _bare_waits("page.wait_for_function('() => window.ready === true')") == []


def test_every_browser_wait_is_written_as_a_function() -> None:
    found = {
        f"{path.name}:{line}"
        for path in Path(__file__).parent.glob("*.py")
        for line in _bare_waits(path.read_text(encoding="utf-8"))
    }
    assert not found, f"wait_for_function with a bare expression (eval, refused by CSP): {found}"
