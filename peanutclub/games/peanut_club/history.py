"""A finished game told lot by lot, rebuilt from its export through the engine.

The action log is the truth: the history page shows what replaying it gives, with every hand and
collector revealed (it is only served once the game is over).
"""

from __future__ import annotations

from typing import Any

from peanutclub.games.peanut_club.engine import Engine, action_from_dict


def lot_by_lot(export: dict[str, Any]) -> dict[str, Any]:
    """Replay an export and cut it into steps: the deal, then one step per lot, then the end.

    Each step holds the events of that lot (bids, powers, the sale, the payment) and the whole
    table as it stood when the lot was over (`Game.reveal()`: hands, collectors, tokens, column).
    """
    game = Engine(int(export["players"]), int(export["seed"]))
    steps: list[dict[str, Any]] = [
        {
            "title": "deal",
            "round": 0,
            "lot": [],
            "events": [e.to_dict() for e in game.start_events if e.kind != "lot"],
            "table": game.reveal(),
        }
    ]
    current: dict[str, Any] = _open_step(game)
    for raw in export["actions"]:
        events = game.apply(action_from_dict(raw))
        for ev in events:
            if ev.kind in ("lot", "game_over"):
                current["table"] = game.reveal()
                steps.append(current)
                current = _open_step(game) if ev.kind == "lot" else {}
                if ev.kind == "game_over":
                    steps.append(
                        {
                            "title": "end",
                            "round": game.round,
                            "lot": [],
                            "events": [ev.to_dict()],
                            "table": game.reveal(),
                        }
                    )
            elif current:
                current["events"].append(ev.to_dict())
    return {
        "players": game.players,
        "names": export.get("names") or [f"Player {s + 1}" for s in range(game.players)],
        "steps": steps,
        "result": export.get("result"),
    }


def _open_step(game: Engine) -> dict[str, Any]:
    return {
        "title": "lot",
        "round": game.round,
        "lot": [o.to_dict() for o in game.lot],
        "events": [],
        "table": None,
    }
