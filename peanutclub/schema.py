"""`peanutclub schema [--game ID]`: the protocol's JSON Schema for one game, generated from the
pydantic models (the platform's messages, the game's moves, and its view, patch and answers,
declared on the game's class as `tools.frames`), to a file or stdout. docs/protocol.schema.json is
Peanut Club's."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from peanutclub.core import Game
from peanutclub.games import DEFAULT_GAME, GAMES, find_game
from peanutclub.server.protocol import schema_text


def game_schema(game: type[Game]) -> str:
    """The schema of `game`'s protocol; `ValueError` for a game that declares no frames."""
    frames = game.tools.frames
    if frames is None:
        raise ValueError(f"{game.id} declares no server frames (its tools' `frames`)")
    return schema_text(game, frames.view, frames.patch, frames.answers)


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
