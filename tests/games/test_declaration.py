"""The game class is the whole declaration: every tool reads a game's class, and mypy tells a
game that lacks a piece of it (DESIGN.md, "The game plug-in")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from peanutclub.core import Game
from peanutclub.core.game import BenchPlan, Frames, Simulation, SoakPlan, Tools
from peanutclub.games import GAMES

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_game_declares_its_tools_on_its_class(game_id: str) -> None:
    """The simulator's, bench's, soak's and schema's parts are reached from the class alone."""
    game: type[Game] = GAMES[game_id]
    assert isinstance(game.tools, Tools)
    assert isinstance(game.tools.simulation(), Simulation)
    assert isinstance(game.tools.bench(), BenchPlan)
    assert isinstance(game.tools.soak(), SoakPlan)
    assert game.tools.frames is None or isinstance(game.tools.frames, Frames)
    # the loaders give the same declaration every time (a tool may call them often)
    assert game.tools.bench() is game.tools.bench()


def test_no_tool_loads_a_game_module_by_name() -> None:
    """`game_module` is gone, and no tool asks a game's module for a name."""
    import peanutclub.games as games

    assert "game_module" not in vars(games)
    tools = [ROOT / "peanutclub" / f"{name}.py" for name in ("simulate", "soak", "schema")]
    tools += sorted((ROOT / "peanutclub" / "bench").glob("*.py"))
    for path in tools:
        text = path.read_text(encoding="utf-8")
        for smell in ("game_module", "importlib", "find_spec", "__module__"):
            assert smell not in text, f"{path.name} uses {smell}"


def test_mypy_tells_a_game_what_it_lacks(tmp_path: Path) -> None:
    """A plug-in class without its tools' declaration is a type error where it is declared a
    `Game`; the same class with it is not (a copy of Nur Peanuts!' plug-in, checked both ways)."""
    text = (ROOT / "peanutclub" / "games" / "nur_peanuts" / "game.py").read_text(encoding="utf-8")
    start = text.index("    tools: ClassVar[Tools] = Tools(")
    end = text.index(")\n", start) + 2
    check = "\n\nfrom peanutclub.core import Game as Declared\n\n"
    check += "_declared: type[Declared] = NurPeanuts\n"
    (tmp_path / "complete.py").write_text(text + check, encoding="utf-8")
    (tmp_path / "lacking.py").write_text(text[:start] + text[end:] + check, encoding="utf-8")
    result = subprocess.run(
        [
            *(sys.executable, "-m", "mypy", "--strict", "--no-error-summary"),
            *(str(tmp_path / name) for name in ("complete.py", "lacking.py")),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1, result.stdout + result.stderr
    assert "lacking.py" in errors[0] and 'variable has type "type[Game]"' in errors[0], errors
