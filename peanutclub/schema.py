"""`peanutclub schema [--game ID]`: the protocol's JSON Schema for one game, generated from the
pydantic models (the platform's messages, the game's moves, and its view, patch and answers,
declared in the game's `frames` module), to a file or stdout. docs/protocol.schema.json is
Peanut Club's."""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path
from typing import Any

from peanutclub.core import Game
from peanutclub.games import DEFAULT_GAME, GAMES, find_game
from peanutclub.server.protocol import schema_text


def game_schema(game: type[Game]) -> str:
    """The schema of `game`'s protocol; `ValueError` for a game that declares no frames."""
    package = game.__module__.rpartition(".")[0]
    try:
        frames = importlib.import_module(f"{package}.frames")
    except ModuleNotFoundError:
        raise ValueError(f"{game.id} declares no server frames ({package}.frames)") from None
    return schema_text(game, frames.View, frames.Patch, getattr(frames, "ANSWERS", ()))


def run(args: argparse.Namespace) -> int:
    try:
        text = game_schema(find_game(args.game))
    except ValueError as error:
        print(f"peanutclub schema: {error}", file=sys.stderr)
        return 2
    if args.output is None:
        sys.stdout.write(text)
    else:
        args.output.write_text(text, encoding="utf-8")
    return 0


def register(sub: Any) -> None:
    parser = sub.add_parser("schema", help="print or write a game's protocol as a JSON Schema")
    parser.add_argument("--game", default=DEFAULT_GAME, choices=sorted(GAMES))
    parser.add_argument("--output", "-o", type=Path, help="file to write (default: stdout)")
    parser.set_defaults(func=run)
