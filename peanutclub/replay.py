"""`peanutclub replay FILE`: rebuild a finished game of any game from its export and print it.

An export is the whole truth about a game (its game, seed, settings and actions): replaying it
through the game's engine must give the same result, which is what makes bug reports and the
history page trustworthy. An export written before exports named their game is Peanut Club's.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from peanutclub.core import Game, RuleError
from peanutclub.core import replay_export as replay_with
from peanutclub.games import DEFAULT_GAME, find_game


def replay_export(data: dict[str, Any]) -> Game:
    """Replay an export through its game. Raises ValueError on a malformed export."""
    try:
        game = find_game(str(data.get("game") or DEFAULT_GAME))
    except RuleError as error:
        raise ValueError(error.message) from None
    return replay_with(game, data)


def _print_result(game: Game, names: list[str]) -> None:
    result = game.result()
    print(
        f"{type(game).name['en']}: {game.seat_count} players, seed {game.seed}, "
        f"{len(game.log)} actions"
    )
    if result is None:
        print(f"The game is not over (phase: {game.phase}).")
        return
    for row in result.get("scores", []):
        seat = row["seat"]
        name = names[seat] if seat < len(names) else f"seat {seat}"
        details = ", ".join(
            f"{key} {value}"
            for key, value in row.items()
            if key not in ("place", "seat", "total") and isinstance(value, int | str)
        )
        print(
            f"{row['place']}. {name}: {row['total']} points" + (f" ({details})" if details else "")
        )
    rest = {key: value for key, value in result.items() if key != "scores"}
    if rest:
        print(json.dumps(rest, ensure_ascii=False))


def run(args: argparse.Namespace) -> int:
    try:
        data = json.loads(Path(args.file).read_text("utf-8"))
        game = replay_export(data)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        print(f"peanutclub replay: cannot replay {args.file}: {exc}", file=sys.stderr)
        return 2
    _print_result(game, list(data.get("names") or []))
    expected = data.get("result")
    if expected is not None and expected != game.result():
        print("The replayed result differs from the one recorded in the export.", file=sys.stderr)
        return 1
    return 0


def register(sub: Any) -> None:
    parser = sub.add_parser("replay", help="replay an exported game of any game and print it")
    parser.add_argument("file", help="a game export (JSON), as served by /api/games/{id}/export")
    parser.set_defaults(func=run)
