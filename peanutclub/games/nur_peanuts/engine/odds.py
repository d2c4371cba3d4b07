"""The exact odds of each throw for the player to move, and what parking on each field would mean.

Pages show these and work nothing out themselves: for black, white and two white, every field
the pawn may reach, in how many of 36 ways, in how many of those a white die shows 0 (rolling
again from there is free), what stands on its parking place (it would be bumped), whether the
pawn would lead the parked pieces, what rolling on from there would cost, and what the round
would pay or cost this player if it ended with the pieces as they stand and the pawn parked
there (`outcome`, the same arithmetic as the round's end).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from peanutclub.games.nur_peanuts.engine.board import step
from peanutclub.games.nur_peanuts.engine.dice import OUTCOMES, WAYS, Dice
from peanutclub.games.nur_peanuts.engine.pieces import Piece, Place
from peanutclub.games.nur_peanuts.engine.rules import BANK, reroll_price, settle

if TYPE_CHECKING:
    from peanutclub.games.nur_peanuts.engine.game import Engine


def outcome_if_parked(
    game: Engine,
    seat: int,
    field: int,
    purse: Sequence[int] | None = None,
    parked: list[Piece] | None = None,
) -> int:
    """What `seat` would receive (positive) or pay (negative) if the round ended now with its
    pawn parked on `field`, the pieces parked elsewhere where they are, and nothing else moved.
    A piece parked on `field` itself would be bumped, so it is left out. (`purse`: everyone's
    cash by then, when a price is paid first; `parked`: the parked pieces, when the caller has
    them already.)"""
    values = game.values
    if parked is None:
        parked = [p for p in game.pieces() if p.place is Place.PARKING]
    others = [p for p in parked if p.field != field and p.seat != seat]
    best_field = field
    best_seat: int | None = seat
    for piece in others:
        if values[piece.field] > values[best_field]:
            best_field, best_seat = piece.field, piece.seat
    winner = BANK if best_seat is None else best_seat
    pawn_fields = {p.seat: p.field for p in others if p.seat is not None}
    pawn_fields[seat] = field
    if purse is None:
        purse = game.cash
    net = 0
    for payment in settle(values, game.owners, purse, winner, best_field, pawn_fields):
        if payment.payer == seat:
            net -= payment.amount
        elif payment.to == seat:
            net += payment.amount
    return net


def parking_facts(
    game: Engine, seat: int, field: int, purse: Sequence[int], parked: list[Piece]
) -> dict[str, Any]:
    """What parking `seat`'s pawn on `field` would mean, everyone holding `purse`: the field's
    value and owner, the piece it would bump, whether it would lead the parked pieces, and the
    round's `outcome` for this player if it ended so."""
    values = game.values
    bumped = next((p for p in parked if p.field == field), None)
    others = [values[p.field] for p in parked if p.field != field]
    return {
        "field": field,
        "value": values[field],
        "owner": game.owners[field],
        "bumps": None if bumped is None else bumped.id,
        "leads": not others or values[field] > max(others),
        "outcome": outcome_if_parked(game, seat, field, purse, parked),
    }


def park_here(game: Engine) -> dict[str, Any] | None:
    """For the player to move, once they have thrown: what parking where the pawn stands now
    would mean (the facts `parking_facts` gives). None before a turn's first throw."""
    turn = game.turn
    if turn is None or not turn.thrown:
        return None
    seat = turn.seat
    parked = [p for p in game.pieces() if p.place is Place.PARKING]
    return parking_facts(game, seat, game.pawns[seat].field, game.cash, parked)


def purse_after_reroll(game: Engine) -> list[int] | None:
    """Everyone's cash once the player to move has paid for the throw they may make now (the
    price goes to a rival, or to the bank), or None when they cannot pay it: then the engine
    refuses any throw, and no throw has odds to show."""
    turn = game.turn
    assert turn is not None
    purse = list(game.cash)
    price = game.reroll()
    if price is None:
        return purse
    cost, payee = price
    if cost > purse[turn.seat]:
        return None
    purse[turn.seat] -= cost
    if isinstance(payee, int) and payee != turn.seat:
        purse[payee] += cost
    return purse


def throw_odds(game: Engine) -> dict[str, list[dict[str, Any]]]:
    """Each throw's fields for the player to move (empty outside a turn; each throw's list
    empty when the player cannot pay to roll again, since the engine would refuse it)."""
    turn = game.turn
    if turn is None:
        return {}
    purse = purse_after_reroll(game)
    if purse is None:
        return {dice.value: [] for dice in Dice}
    seat = turn.seat
    values, owners = game.values, game.owners
    cash = purse[seat]
    position = game.pawns[seat].field
    parked = [p for p in game.pieces() if p.place is Place.PARKING]
    odds: dict[str, list[dict[str, Any]]] = {}
    # the three throws reach many of the same fields, and what a field means (its facts, what
    # rolling on from it costs) depends on the field alone: worked out once per field
    by_field: dict[int, tuple[dict[str, Any], int, Any]] = {}
    for dice in Dice:
        entries = []
        for o in OUTCOMES[dice]:
            field = step(position, o.moved)
            known = by_field.get(field)
            if known is None:
                cost, payee = reroll_price(values, owners, seat, field)
                facts = parking_facts(game, seat, field, purse, parked)
                known = by_field[field] = (facts, cost, payee)
            facts, cost, payee = known
            entries.append(
                {
                    "field": field,
                    "moved": o.moved,
                    "ways": o.ways,
                    "chance": o.ways / WAYS,
                    "zero_ways": o.zero_ways,
                    "value": facts["value"],
                    "owner": facts["owner"],
                    "bumps": facts["bumps"],
                    "leads": facts["leads"],
                    "reroll_cost": cost,
                    "reroll_to": payee if cost else None,
                    "can_reroll": cost <= cash,
                    "outcome": facts["outcome"],
                }
            )
        odds[dice.value] = entries
    return odds
