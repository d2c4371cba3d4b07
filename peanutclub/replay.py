"""`peanutclub replay FILE`: rebuild a finished game from its export (seed + actions) and print it.

An export is the whole truth about a game: replaying it through the engine must give the same
result, which is what makes bug reports and the history page trustworthy.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from peanutclub.engine import Game, action_from_dict
from peanutclub.engine.scoring import ranking

EXPORT_FORMAT = 1


def export_game(game: Game, names: list[str] | None = None) -> dict[str, Any]:
    """Enough to replay a game exactly. It reveals every hand: serve it only after the end."""
    return {
        "format": EXPORT_FORMAT,
        "players": game.players,
        "seed": game.seed,
        "names": names or [f"Player {s + 1}" for s in range(game.players)],
        "actions": [a.to_dict() for a in game.log],
        "result": result_of(game),
    }


def result_of(game: Game) -> dict[str, Any] | None:
    """Places and scores of a finished game (None while it runs)."""
    if game.scores is None:
        return None
    return {"scores": [{"place": p, **s.to_dict()} for p, s in ranking(game.scores)]}


def replay_export(data: dict[str, Any]) -> Game:
    """Replay an export through the engine. Raises ValueError on a malformed export."""
    if data.get("format") != EXPORT_FORMAT:
        raise ValueError(f"unsupported export format {data.get('format')!r}")
    actions = [action_from_dict(a) for a in data["actions"]]
    return Game.replay(int(data["players"]), int(data["seed"]), actions)


def _print_result(game: Game, names: list[str]) -> None:
    result = result_of(game)
    print(f"{game.players} players, seed {game.seed}, {len(game.log)} actions, {game.round} lots")
    if result is None:
        print(f"The game is not over (phase: {game.phase.value}).")
        return
    for row in result["scores"]:
        b = row["breakdown"]
        name = names[row["seat"]] if row["seat"] < len(names) else f"seat {row['seat']}"
        jokers = f", jokers as {', '.join(row['jokers'])}" if row["jokers"] else ""
        print(
            f"{row['place']}. {name}: {row['total']} points "
            f"(series {b['series']}, bonus {b['bonus']}, collector {b['collector']} "
            f"[{row['collector']}]), {row['objects']} objects{jokers}"
        )


def run(args: argparse.Namespace) -> int:
    try:
        data = json.loads(Path(args.file).read_text("utf-8"))
        game = replay_export(data)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"peanutclub replay: cannot replay {args.file}: {exc}", file=sys.stderr)
        return 2
    _print_result(game, list(data.get("names") or []))
    expected = data.get("result")
    if expected is not None and expected != result_of(game):
        print("The replayed result differs from the one recorded in the export.", file=sys.stderr)
        return 1
    return 0


def register(sub: Any) -> None:
    parser = sub.add_parser("replay", help="replay an exported game and print its result")
    parser.add_argument("file", help="a game export (JSON), as served by /api/games/{id}/export")
    parser.set_defaults(func=run)
