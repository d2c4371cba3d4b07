"""`view(game, seat)`: the only way game state leaves the engine for a client.

The public part is built once per change of the game and shared by every viewer (the server sends
it to many connections); only `you` is built per seat. Before the end, no hand and no collector but
the viewer's own is ever included.
"""

from __future__ import annotations

from typing import Any

from peanutclub.engine.components import Power
from peanutclub.engine.game import Game, Phase

_PUBLIC_CACHE_ATTR = "_public_view_cache"


def public_view(game: Game) -> dict[str, Any]:
    """What everybody may see (the TV's view). Cached per game version: treat it as read-only."""
    cached: tuple[int, dict[str, Any]] | None = getattr(game, _PUBLIC_CACHE_ATTR, None)
    if cached is not None and cached[0] == game.version:
        return cached[1]
    over = game.phase is Phase.OVER
    players = []
    for seat in range(game.players):
        entry: dict[str, Any] = {
            "seat": seat,
            "hand_count": len(game.hands[seat]),
            "objects": [o.to_dict() for o in game.won[seat]],
            "tokens": {p.value: game.tokens[seat][p] for p in Power},
        }
        if over:
            entry["collector"] = game.collectors[seat].value
            entry["hand"] = [c.to_dict() for c in game.hands[seat]]
        players.append(entry)
    result: dict[str, Any] = {
        "phase": game.phase.value,
        "round": game.round,
        "column": [c.value for c in game.column],
        "niet": [c.value for c in game.niet],
        "a_la_carte": game.a_la_carte,
        "high_bid": game.high_bid.to_dict() if game.high_bid else None,
        "going": game.going,
        "payer": game.payer,
        "lot": [o.to_dict() for o in game.lot],
        "next_lot_size": game.next_lot_size,
        "refresh_next": game.refresh_next,
        "objects_left": game.objects_left,
        "min_bids": {c.value: game.min_bid(c) for c in game.column},
        "players": players,
        "paid": [{"seat": s, **c.to_dict()} for s, c in game.paid],
        "scores": None,
    }
    if over and game.scores is not None:
        from peanutclub.engine.scoring import ranking

        result["scores"] = [{"place": p, **s.to_dict()} for p, s in ranking(game.scores)]
    setattr(game, _PUBLIC_CACHE_ATTR, (game.version, result))
    return result


def private_view(game: Game, seat: int) -> dict[str, Any]:
    """What only `seat` may see: their hand, their collector, their options and suggestion."""
    suggestion = game.pay_suggestion() if game.payer == seat else None
    return {
        "seat": seat,
        "hand": [c.to_dict() for c in game.hands[seat]],
        "collector": game.collectors[seat].value,
        "pay_suggestion": suggestion.to_dict() if suggestion else None,
        "bid_options": game.bid_options(seat),
    }


def view(game: Game, seat: int | None) -> dict[str, Any]:
    """A viewer's whole view: the public part, plus `you` for a seated player (None = TV)."""
    result = dict(public_view(game))
    result["you"] = None if seat is None else private_view(game, seat)
    return result
