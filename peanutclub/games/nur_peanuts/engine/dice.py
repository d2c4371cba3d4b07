"""The three throws a player may choose, what each can show, and their exact odds.

Every throw is drawn from the game's seeded generator at the moment an accepted action asks for
it, so a game replays exactly from its seed and its log. The odds are counted in 36ths: every
throw's chances are whole multiples of 1/36, so the engine can give them exactly and a page
never has to work one out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum


class Dice(StrEnum):
    """What a player throws: the black die, one white die, or both white dice (their sum)."""

    BLACK = "black"
    WHITE = "white"
    TWO_WHITE = "two_white"


#: The black die's six faces, and a white die's.
BLACK_FACES: tuple[int, ...] = (1, 1, 2, 2, 3, 3)
WHITE_FACES: tuple[int, ...] = (0, 1, 2, 3, 4, 5)

#: Every chance is a whole number of these.
WAYS = 36


@dataclass(frozen=True, slots=True)
class Throw:
    """One throw as it fell: the dice, each die's face, and how far it moves the piece."""

    dice: Dice
    faces: tuple[int, ...]

    @property
    def moved(self) -> int:
        """A throw of two white dice moves their sum; any other throw moves its one face."""
        return sum(self.faces)

    @property
    def zero(self) -> bool:
        """A white die showed 0: the rule that makes the next roll free (the black die has no 0)."""
        return self.dice is not Dice.BLACK and 0 in self.faces


def roll(rng: random.Random, dice: Dice) -> Throw:
    """Throw `dice` with the game's generator (one draw per die)."""
    if dice is Dice.BLACK:
        return Throw(dice, (BLACK_FACES[rng.randrange(6)],))
    if dice is Dice.WHITE:
        return Throw(dice, (WHITE_FACES[rng.randrange(6)],))
    return Throw(dice, (WHITE_FACES[rng.randrange(6)], WHITE_FACES[rng.randrange(6)]))


@dataclass(frozen=True, slots=True)
class Outcome:
    """One distance a throw can move: in how many of 36 ways, and in how many of those a white
    die shows 0 (so rolling again from there is free)."""

    moved: int
    ways: int
    zero_ways: int


def _faces(dice: Dice) -> Sequence[tuple[int, ...]]:
    """Every equally likely fall of `dice`, repeated so that there are exactly 36."""
    if dice is Dice.BLACK:
        return [(f,) for f in BLACK_FACES] * 6
    if dice is Dice.WHITE:
        return [(f,) for f in WHITE_FACES] * 6
    return [(a, b) for a in WHITE_FACES for b in WHITE_FACES]


def _outcomes(dice: Dice) -> tuple[Outcome, ...]:
    ways: dict[int, list[int]] = {}
    for faces in _faces(dice):
        counts = ways.setdefault(sum(faces), [0, 0])
        counts[0] += 1
        counts[1] += Throw(dice, faces).zero
    return tuple(Outcome(m, w, z) for m, (w, z) in sorted(ways.items()))


#: Each throw's distances, smallest first: counted once, read on every view.
OUTCOMES: dict[Dice, tuple[Outcome, ...]] = {d: _outcomes(d) for d in Dice}
