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
from peanutclub.games.nur_peanuts.engine.rules import BANK, paid_to_winner, reroll_price

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
    # The pieces that count are the others' parked elsewhere (one parked on `field` would be
    # bumped); a view asks this for every field each throw may reach, so they are read in
    # place, not copied.
    best_field = field
    best_seat: int | None = seat
    for piece in parked:
        if piece.field != field and piece.seat != seat and values[piece.field] > values[best_field]:
            best_field, best_seat = piece.field, piece.seat
    if purse is None:
        purse = game.cash
    owners = game.owners
    if best_seat != seat:  # what this player would pay the winner (`settle`'s amount for it)
        winner = BANK if best_seat is None else best_seat
        return -paid_to_winner(values, owners, purse, winner, best_field, seat, field)
    # What every other player's pawn would pay this player, as `settle` would make them pay
    # (only pawns pay; `settle`'s payments are summed here without being made).
    received = 0
    for piece in parked:
        payer = piece.seat
        if payer is not None and payer != seat and piece.field != field:
            received += paid_to_winner(values, owners, purse, seat, field, payer, piece.field)
    return received


def parking_facts(
    game: Engine, seat: int, field: int, purse: Sequence[int], parked: list[Piece]
) -> dict[str, Any]:
    """What parking `seat`'s pawn on `field` would mean, everyone holding `purse`: the field's
    value and owner, the piece it would bump, whether it would lead the parked pieces, and the
    round's `outcome` for this player if it ended so."""
    values = game.values
    bumped: Piece | None = None
    best_other: int | None = None  # the best value among the pieces parked elsewhere
    for piece in parked:  # one pass: a view asks this for every field a throw may reach
        if piece.field == field:
            bumped = piece
        elif best_other is None or values[piece.field] > best_other:
            best_other = values[piece.field]
    value = values[field]
    return {
        "field": field,
        "value": value,
        "owner": game.owners[field],
        "bumps": None if bumped is None else bumped.id,
        "leads": best_other is None or value > best_other,
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


#: The odds' entry of each distance each throw can move, its fields in the order a page is
#: sent them: what depends on the dice alone (`moved`, `ways`, `chance`, `zero_ways`) set once
#: here, the rest (the field reached and what parking there would mean) written over the Nones
#: of a copy (a copy of a dict keeps its keys' order, and writing over a key keeps its place).
_ENTRIES: dict[str, tuple[tuple[int, dict[str, Any]], ...]] = {
    dice.value: tuple(
        (
            o.moved,
            {
                "field": None,
                "moved": o.moved,
                "ways": o.ways,
                "chance": o.ways / WAYS,
                "zero_ways": o.zero_ways,
                "value": None,
                "owner": None,
                "bumps": None,
                "leads": None,
                "reroll_cost": None,
                "reroll_to": None,
                "can_reroll": None,
                "outcome": None,
            },
        )
        for o in OUTCOMES[dice]
    )
    for dice in Dice
}


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
    # The three throws reach many of the same fields (black and white overlap, two white
    # reaches further): what parking on a field would mean, its price to roll on included, is
    # worked out once per field, not once per throw that reaches it (the outcome settles a
    # whole round, the dearest part of the view).
    by_field: dict[int, dict[str, Any]] = {}
    odds: dict[str, list[dict[str, Any]]] = {}
    for dice, throws in _ENTRIES.items():
        entries = []
        for moved, blank in throws:
            field = step(position, moved)
            here = by_field.get(field)
            if here is None:
                cost, payee = reroll_price(values, owners, seat, field)
                here = by_field[field] = parking_facts(game, seat, field, purse, parked)
                here["reroll_cost"] = cost
                here["reroll_to"] = payee if cost else None
                here["can_reroll"] = cost <= cash
            entry = blank.copy()
            entry.update(here)
            entries.append(entry)
        odds[dice] = entries
    return odds
