"""The ring of 24 fields and its values: the one place the board is written down.

The printed game does not publish the order of the values around the ring, so the rules page
fixes ours (`STANDARD`). Neighbours differ by at least 500 and any six fields in a row hold
about the same total, so one pip more or less always matters. A table may ask for a seeded
shuffle instead (`board: "random"`), drawn from the game's own generator so it replays.
"""

from __future__ import annotations

import random
from typing import Literal

#: How many fields the ring has; clockwise is rising index, and index 23 is followed by 0.
FIELDS = 24

#: Our board, index 0 first, in hundreds of Peanuts (rules/nur-peanuts.md, "Our board").
STANDARD_HUNDREDS: tuple[int, ...] = (
    24, 8, 3, 23, 9, 16, 10, 20, 6, 21, 2, 18, 11, 19, 5, 13, 4, 17, 22, 15, 1, 14, 7, 12,
)  # fmt: skip

#: The field values in Peanuts, index 0 first.
STANDARD: tuple[int, ...] = tuple(h * 100 for h in STANDARD_HUNDREDS)

BoardKind = Literal["standard", "random"]
BOARD_KINDS: tuple[BoardKind, ...] = ("standard", "random")


def make_board(kind: BoardKind, rng: random.Random) -> tuple[int, ...]:
    """The field values for a table: ours, or a shuffle of the same 24 values.

    The standard board draws nothing from `rng`, so a standard game's dice do not depend on
    whether the random board exists at all.
    """
    if kind == "standard":
        return STANDARD
    values = list(STANDARD)
    rng.shuffle(values)
    return tuple(values)


def step(field: int, moved: int) -> int:
    """The field `moved` track spaces clockwise from `field`."""
    return (field + moved) % FIELDS
