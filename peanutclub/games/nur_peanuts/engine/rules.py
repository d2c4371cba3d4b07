"""The rules that are arithmetic or order, each in one place, as pure functions of plain values.

The state machine (`game.py`) calls these; the odds (`odds.py`) and the bots' arithmetic call
the same ones, so what a page is told a park would mean is what the round's end will do.
Section names refer to rules/nur-peanuts.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

MIN_PLAYERS = 2
MAX_PLAYERS = 6

#: Every player's money at the start: 17 x 100, 8 x 500 and 4 x 1000.
START_CASH = 17 * 100 + 8 * 500 + 4 * 1000

BANK: Literal["bank"] = "bank"
#: Who holds a field's chip: a seat, the bank, or nobody yet (unsold).
Owner = int | Literal["bank"] | None


class EndReason(StrEnum):
    SIX_FIELDS = "six_fields"
    FIVE_FIELDS = "five_fields"
    BANK_CHIPS = "bank_chips"
    ALL_SOLD = "all_sold"
    BANKRUPT = "bankrupt"


# ----------------------------------------------------------------------------- components


def stones_for(players: int) -> int:
    """Neutral stones by table size: 2 players 2, 3 players 3, 4 players 2, 5 players 1, 6 none."""
    return {2: 2, 3: 3, 4: 2, 5: 1, 6: 0}[players]


def is_large_table(players: int) -> bool:
    """5 and 6 players play the special rules: one preliminary purchase, five fields to end."""
    return players >= 5


# ----------------------------------------------------------------------------- preliminary round


def purchase_order(players: int, start: int) -> tuple[int, ...]:
    """Who buys, in order, in the preliminary round.

    2–4 players: the start player then clockwise (rising seats), then a second round from the
    start player's right neighbour (the previous seat) counter-clockwise, the start player last.
    5–6 players: one purchase each, the start player first then clockwise.
    """
    first = tuple((start + i) % players for i in range(players))
    if is_large_table(players):
        return first
    second = tuple((start - 1 - i) % players for i in range(players))
    return first + second


def places_pawn(players: int, index: int) -> bool:
    """Whether the `index`-th preliminary purchase also puts the buyer's pawn on that field's
    start place: the second purchase of 2–4 players, the only one of 5–6."""
    return is_large_table(players) or index >= players


def stone_fields(values: Sequence[int], owners: Sequence[Owner], stones: int) -> list[int]:
    """Where the neutral stones start: the unsold fields of lowest value, one stone each, the
    lowest first."""
    unsold = sorted((values[f], f) for f in range(len(values)) if owners[f] is None)
    return [f for _, f in unsold[:stones]]


# ----------------------------------------------------------------------------- turns


def start_player(pawn_fields: Mapping[int, int], values: Sequence[int]) -> int:
    """The round's start player: the one whose pawn stands on the most valuable start place."""
    return max(pawn_fields, key=lambda seat: values[pawn_fields[seat]])


def next_clockwise(players: int, after: int, waiting: set[int], *, inclusive: bool) -> int | None:
    """The first seat clockwise from `after` (itself too when `inclusive`) that is in `waiting`:
    who moves next when parked pawns are skipped."""
    for i in range(0 if inclusive else 1, players + 1):
        seat = (after + i) % players
        if seat in waiting:
            return seat
    return None


def reroll_price(
    values: Sequence[int], owners: Sequence[Owner], seat: int, field: int
) -> tuple[int, Owner]:
    """What rolling again from `field` costs `seat` when no white die showed 0, and who is paid:
    the field's owner, the bank when it is unsold (or the bank's), nothing on one's own field."""
    owner = owners[field]
    if owner == seat:
        return 0, seat
    return values[field], (BANK if owner is None else owner)


# ----------------------------------------------------------------------------- end of a round


class PayReason(StrEnum):
    """Why a payment of a round's end is what it is, so a page can say it without working out
    a rule: the difference of the two fields' values, twice that when the winner owns the
    field they stand on, nothing on a field of one's own, or the bank's simple difference."""

    DIFFERENCE = "difference"
    DOUBLE = "double"
    OWN_FIELD = "own_field"
    BANK = "bank"


@dataclass(frozen=True, slots=True)
class Payment:
    """One payment of a round's end: `owed` by the rules, `amount` actually paid (less only when
    the payer could not pay in full), and why: the `reason` and the two values it subtracts
    (the winner's field, the payer's)."""

    payer: int
    to: int | Literal["bank"]
    owed: int
    amount: int
    reason: PayReason = PayReason.DIFFERENCE
    winner_value: int = 0
    payer_value: int = 0

    def to_dict(self) -> dict[str, object]:
        return {
            "from": self.payer,
            "to": self.to,
            "amount": self.amount,
            "owed": self.owed,
            "reason": self.reason.value,
            "winner_value": self.winner_value,
            "payer_value": self.payer_value,
        }


def pay_reason(
    owners: Sequence[Owner],
    winner: int | Literal["bank"],
    winner_field: int,
    seat: int,
    field: int,
) -> PayReason:
    """Which rule of the round's end sets what `seat`, parked on `field`, owes the winner.

    The bank, as winner, takes the simple difference from everyone, even from a player on a
    field of their own; otherwise nothing on a field of one's own, and twice the difference
    when the winning player owns the field they stand on.
    """
    if winner == BANK:
        return PayReason.BANK
    if owners[field] == seat:
        return PayReason.OWN_FIELD
    return PayReason.DOUBLE if owners[winner_field] == winner else PayReason.DIFFERENCE


def owed_to_winner(
    values: Sequence[int],
    owners: Sequence[Owner],
    winner: int | Literal["bank"],
    winner_field: int,
    seat: int,
    field: int,
) -> int:
    """What `seat`, parked on `field`, owes the round's winner standing on `winner_field`: the
    difference of the two values, as `pay_reason` says (twice, once, or nothing)."""
    return owed_for(
        pay_reason(owners, winner, winner_field, seat, field), values, winner_field, field
    )


def owed_for(reason: PayReason, values: Sequence[int], winner_field: int, field: int) -> int:
    """What a seat parked on `field` owes the winner on `winner_field` for `reason`: the
    difference of the two values, twice, once, or nothing (`owed_to_winner` finds the reason)."""
    if reason is PayReason.OWN_FIELD:
        return 0
    difference = values[winner_field] - values[field]
    return 2 * difference if reason is PayReason.DOUBLE else difference


def paid_to_winner(
    values: Sequence[int],
    owners: Sequence[Owner],
    cash: Sequence[int],
    winner: int | Literal["bank"],
    winner_field: int,
    seat: int,
    field: int,
) -> int:
    """What `seat`, parked on `field`, pays the round's winner: what it owes, or all it has
    when it cannot pay in full (`settle`'s amount; the odds sum it without making payments)."""
    return min(owed_to_winner(values, owners, winner, winner_field, seat, field), cash[seat])


def settle(
    values: Sequence[int],
    owners: Sequence[Owner],
    cash: Sequence[int],
    winner: int | Literal["bank"],
    winner_field: int,
    pawn_fields: Mapping[int, int],
) -> list[Payment]:
    """The round's payments to its winner, in seat order, each with its reason. A player who
    cannot pay in full pays all they have (the others still pay). A player on a field of their
    own is listed paying nothing, so a page can say why: nobody else is left out."""
    payments = []
    for seat in sorted(pawn_fields):
        if seat == winner:
            continue
        field = pawn_fields[seat]
        reason = pay_reason(owners, winner, winner_field, seat, field)
        owed = owed_for(reason, values, winner_field, field)
        amount = min(owed, cash[seat])
        winner_value = values[winner_field]
        payments.append(Payment(seat, winner, owed, amount, reason, winner_value, values[field]))
    return payments


# ----------------------------------------------------------------------------- end of the game


def fields_to_end(players: int) -> int:
    """How many chips a player (or the bank) must hold to end the game: 6, or 5 at 5–6 players."""
    return 5 if is_large_table(players) else 6


def most_cash(cash: Sequence[int]) -> tuple[int, ...]:
    """Every seat with the most cash: equal most cash is a shared victory (our choice)."""
    best = max(cash)
    return tuple(seat for seat, c in enumerate(cash) if c == best)


def end_of_game(
    players: int, owners: Sequence[Owner], cash: Sequence[int]
) -> tuple[EndReason, tuple[int, ...]] | None:
    """Whether the game ends after a round's paying and buying, why, and who wins.

    A player holding enough fields wins alone (cash counts for nothing); the bank holding as
    many, or (5–6 players) no field left to buy, ends it for the most cash. Bankruptcy is
    judged where the paying happens (`settle`), not here.
    """
    target = fields_to_end(players)
    for seat in range(players):
        if sum(1 for o in owners if o == seat) >= target:
            reason = EndReason.FIVE_FIELDS if is_large_table(players) else EndReason.SIX_FIELDS
            return reason, (seat,)
    if sum(1 for o in owners if o == BANK) >= target:
        return EndReason.BANK_CHIPS, most_cash(cash)
    if is_large_table(players) and all(o is not None for o in owners):
        return EndReason.ALL_SOLD, most_cash(cash)
    return None
