"""No import cycle anywhere in the `peanutclub` package.

A cycle hidden behind `if TYPE_CHECKING:` or inside a function still ties two modules into one:
neither can be read, tested or moved alone, and the order they load in decides whether the
program starts. So every `import` and `from ... import` statement counts, wherever it stands, and
a package's `__init__` is a module like any other. A cycle is broken by moving the shared types to
a lower module, never by hiding an import.
"""

from __future__ import annotations

import ast
from pathlib import Path

import peanutclub

ROOT = Path(peanutclub.__file__).parent
PACKAGE = "peanutclub"


def module_name(path: Path) -> str:
    """`peanutclub/server/room.py` -> `peanutclub.server.room`; a package's `__init__.py` is the
    package's own name."""
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(ROOT.rglob("*.py"))}


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules that `name` imports, by any statement anywhere in its file.

    `from pkg import thing` is an import of the module `pkg.thing` when there is one, else of
    `pkg` (its `__init__`); `import pkg.mod` is an import of `pkg.mod`. Relative imports are
    resolved against the module's own package."""
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                base_parts = base_parts[: len(base_parts) - (node.level - 1)]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            targets = []
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                targets.append(sub if sub in modules else base)
        else:
            continue
        found.update(t for t in targets if t in modules and t != name)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = all_modules()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def find_cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """Every strongly connected group of more than one module (Tarjan): modules that all reach
    each other through their imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group: set[str] = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def one_cycle(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """A shortest path from the group's first module back to itself, inside the group."""
    start = min(group)
    paths: dict[str, list[str]] = {start: [start]}
    frontier = [start]
    while frontier:
        following: list[str] = []
        for node in frontier:
            for target in sorted(graph[node] & group):
                if target == start:
                    return [*paths[node], start]
                if target not in paths:
                    paths[target] = [*paths[node], target]
                    following.append(target)
        frontier = following
    raise AssertionError(f"no cycle through {start}")  # a strongly connected group always has one


def test_the_walk_sees_every_kind_of_import(tmp_path: Path) -> None:
    """The walk counts imports under `if TYPE_CHECKING:`, inside functions and relative ones, so a
    cycle cannot hide in any of them."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("from pkg.a import A\n")
    (package / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.b import B\nA = 1\n"
    )
    (package / "b.py").write_text("def f():\n    from . import c\nB = 2\n")
    (package / "c.py").write_text("import pkg\n")
    modules = {
        "pkg": package / "__init__.py",
        **{f"pkg.{n}": package / f"{n}.py" for n in "abc"},
    }
    graph = {name: imports_of(name, path, modules) for name, path in modules.items()}
    assert graph == {"pkg": {"pkg.a"}, "pkg.a": {"pkg.b"}, "pkg.b": {"pkg.c"}, "pkg.c": {"pkg"}}
    groups = find_cycles(graph)
    assert groups == [{"pkg", "pkg.a", "pkg.b", "pkg.c"}]
    assert one_cycle(graph, groups[0]) == ["pkg", "pkg.a", "pkg.b", "pkg.c", "pkg"]


def test_no_import_cycle_in_the_package() -> None:
    graph = import_graph()
    cycles = [
        " -> ".join(one_cycle(graph, group)) + f"  (all tied: {', '.join(sorted(group))})"
        for group in find_cycles(graph)
    ]
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def test_only_the_start_chooses_the_room_directory() -> None:
    """The room directory, local or Redis, is chosen once at start (app.py) and the rest of the
    server never asks which: no other module of the package imports the Redis one."""
    graph = import_graph()
    importers = {name for name, targets in graph.items() if "peanutclub.server.cluster" in targets}
    assert importers == {"peanutclub.server.app"}
