"""`peanutclub serve | simulate | tournament | bench | replay | schema | soak`: one entry point,
one module each.

Each module listed in `COMMANDS` exposes `register(subparsers)`, which adds its sub-command and sets
`func` on the parsed arguments. Modules are imported only when the CLI runs.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Sequence

from peanutclub import __version__

#: Modules that each contribute one or more sub-commands.
COMMANDS: tuple[str, ...] = (
    "peanutclub.simulate",
    "peanutclub.tournament",
    "peanutclub.replay",
    "peanutclub.schema",
    "peanutclub.server.cli",
    "peanutclub.soak",
    "peanutclub.bench.cli",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="peanutclub", description="Peanut Club online: host, simulate and measure games."
    )
    parser.add_argument("--version", action="version", version=f"peanutclub {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    result = args.func(args)
    return int(result or 0)
