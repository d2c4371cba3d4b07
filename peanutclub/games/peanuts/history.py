"""A finished game told round by round, rebuilt from its export through the engine.

The action log is the truth: the history shows what replaying it gives, with every deal revealed
(face-down cards included: it is only served once the game is over).
"""

from __future__ import annotations

from typing import Any

from peanutclub.games.peanuts.engine import (
    Action,
    DeclareStuck,
    Engine,
    Flip,
    MoveCard,
    PhotoFinish,
    Target,
    action_from_dict,
)


def _deal(game: Engine) -> dict[str, Any]:
    flow = {
        "seats": [
            {"seat": s, "foundation": 0, "building": 0, "flips": 0, "stuck": 0}
            for s in range(game.players)
        ],
        "rotations": 0,
        "photo_finishes": [],
    }
    return {
        "round": game.round,
        "deal": game.reveal()["layouts"],
        "actions": [],
        "end": None,
        "flow": flow,
    }


def _count(flow: dict[str, Any], action: Action, kinds: list[str]) -> None:
    """What an accepted action adds to its round's flow: a card to the middle or onto a
    building pile, a turn of the stock, a stuck declaration, a rotation, a photo finish."""
    if isinstance(action, MoveCard):
        where = "foundation" if action.to is Target.FOUNDATION else "building"
        flow["seats"][action.seat][where] += 1
    elif isinstance(action, Flip):
        flow["seats"][action.seat]["flips"] += 1
    elif isinstance(action, DeclareStuck) and action.on:
        flow["seats"][action.seat]["stuck"] += 1
    elif isinstance(action, PhotoFinish):
        flow["photo_finishes"].append(
            {"winner": action.winner, "loser": action.loser, "margin_ms": action.margin_ms}
        )
    flow["rotations"] += kinds.count("rotated")


def round_by_round(export: dict[str, Any], teams: bool, target_score: int) -> dict[str, Any]:
    """Replay an export, dealt with the export's settings as the game's model reads them, and
    cut it into rounds: each with its deal (every pile in order, top last), its actions, its flow
    (each seat's cards to the middle and onto building piles, turns of the stock and stuck
    declarations; the rotations; the photo finishes) and how it ended (who called, the round's
    scores and the totals)."""
    game = Engine(
        int(export["players"]), int(export["seed"]), teams=teams, target_score=target_score
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
            _count(rounds[-1]["flow"], action, [ev.kind for ev in events])
    return {
        "players": game.players,
        "names": export.get("names") or [f"Player {s + 1}" for s in range(game.players)],
        "rounds": rounds,
        "result": export.get("result"),
    }
