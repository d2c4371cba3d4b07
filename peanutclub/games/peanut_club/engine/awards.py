"""End-of-game awards: three short stories of the night, told from what the game recorded.

They are for the table's fun (the TV shows them over the final scores), never part of the
score. Each is computed from the game's own record of lots paid for (`Game.sales`) and powers
played (`Game.power_uses`), so a replayed game gives the same awards.

- `best_deal`: the player whose points cost the least: the most points per unit of value paid
  over the whole game (ties: more points, then the lower seat). Only players who paid something
  and scored something can get it.
- `most_lost`: the player who lost the most value to "no change" (the excess of their payments
  over their bids). Not given when nobody lost anything.
- `power_of_the_night`: the power that won the biggest lot: a power played in a round by the
  player who then won that round's lot (most objects, then the largest bid, then the earliest
  round). Not given when no power ever helped win a lot.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from peanutclub.games.peanut_club.engine.game import Engine, Sale


def awards(game: Engine) -> list[dict[str, Any]]:
    """The awards of a finished game, in a fixed order; an award nobody earned is left out."""
    found = [_best_deal(game), _most_lost(game), _power_of_the_night(game)]
    return [a for a in found if a is not None]


def _best_deal(game: Engine) -> dict[str, Any] | None:
    scores = game.scores
    if scores is None:
        return None
    paid = [0] * game.players
    lots = [0] * game.players
    for sale in game.sales:
        paid[sale.seat] += sale.value
        lots[sale.seat] += 1
    best: tuple[Fraction, int, int] | None = None
    for entry in scores:
        seat, points = entry.seat, entry.total
        if paid[seat] <= 0 or points <= 0:
            continue
        key = (Fraction(points, paid[seat]), points, -seat)
        if best is None or key > best:
            best = key
    if best is None:
        return None
    seat = -best[2]
    return {
        "award": "best_deal",
        "seat": seat,
        "value": best[1],
        "detail": {"points": best[1], "paid": paid[seat], "lots": lots[seat]},
    }


def _most_lost(game: Engine) -> dict[str, Any] | None:
    lost = [0] * game.players
    times = [0] * game.players
    biggest = [0] * game.players
    for sale in game.sales:
        if sale.excess > 0:
            lost[sale.seat] += sale.excess
            times[sale.seat] += 1
            biggest[sale.seat] = max(biggest[sale.seat], sale.excess)
    most = max(lost, default=0)
    if most <= 0:
        return None
    seat = lost.index(most)
    return {
        "award": "most_lost",
        "seat": seat,
        "value": most,
        "detail": {"lots": times[seat], "biggest": biggest[seat]},
    }


def _power_of_the_night(game: Engine) -> dict[str, Any] | None:
    by_round: dict[int, Sale] = {sale.round: sale for sale in game.sales}
    best: tuple[tuple[int, int, int], Sale, list[str]] | None = None
    helped: dict[int, list[str]] = {}
    for use in game.power_uses:
        sale = by_round.get(use.round)
        if sale is not None and sale.seat == use.seat:
            helped.setdefault(use.round, []).append(use.power.value)
    for round_, powers in helped.items():
        sale = by_round[round_]
        key = (len(sale.objects), sale.amount, -round_)
        if best is None or key > best[0]:
            best = (key, sale, powers)
    if best is None:
        return None
    _, sale, powers = best
    return {
        "award": "power_of_the_night",
        "seat": sale.seat,
        "value": len(sale.objects),
        "detail": {
            "power": powers[0],
            "powers": powers,
            "round": sale.round,
            "objects": [o.id for o in sale.objects],
            "amount": sale.amount,
            "currency": sale.currency.value,
        },
    }
