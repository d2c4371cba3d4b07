"""A finished game told round by round, rebuilt from its export through the engine.

The action log is the truth: the history shows what replaying it gives, with every deal revealed
(face-down cards included: it is only served once the game is over).
"""

from __future__ import annotations

from typing import Any

from peanutclub.games.peanuts.engine import Game, action_from_dict


def _deal(game: Game) -> dict[str, Any]:
    return {"round": game.round, "deal": game.reveal()["layouts"], "actions": [], "end": None}


def round_by_round(export: dict[str, Any]) -> dict[str, Any]:
    """Replay an export and cut it into rounds: each with its deal (every pile in order, top
    last), its actions, and how it ended (the round's scores and the totals)."""
    settings = export.get("settings") or {}
    game = Game(
        int(export["players"]),
        int(export["seed"]),
        teams=bool(settings.get("teams", 0)),
        target_score=int(settings.get("target_score", 150)),
    )
    rounds = [_deal(game)]
    for raw in export["actions"]:
        action = action_from_dict(raw)
        events = game.apply(action)
        for ev in events:
            if ev.kind == "round_dealt":
                rounds.append(_deal(game))
            elif ev.kind == "round_over":
                rounds[-1]["end"] = ev.to_dict()
        if events and events[0].kind != "round_dealt":
            rounds[-1]["actions"].append(action.to_dict())
    return {
        "players": game.players,
        "names": export.get("names") or [f"Player {s + 1}" for s in range(game.players)],
        "rounds": rounds,
        "result": export.get("result"),
    }
