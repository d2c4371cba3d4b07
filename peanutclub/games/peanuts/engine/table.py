"""What lies on the table: each deck's layout and the shared foundations.

These are the game's mutable state; only `Game.apply` (through `rules`) changes them. Piles are
lists with their top card last.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from peanutclub.games.peanuts.engine.cards import KING, Card, Suit

BUILDING_PILES = 4


class Source(StrEnum):
    """Where a moved card comes from: the top of one of its deck's piles."""

    PEANUTS = "peanuts"
    WASTE = "waste"
    BUILDING = "building"


@dataclass
class Layout:
    """One deck's cards in front of its owner (or its team)."""

    deck: int
    #: face down but for its top card, which is face up
    peanuts: list[Card]
    #: four face-up piles, bottom first
    building: list[list[Card]]
    #: face down
    stock: list[Card]
    #: face up; only its top three are shown
    waste: list[Card] = field(default_factory=list)
    stuck: bool = False
    #: rises whenever the layout changes (what the views are memoised on)
    changes: int = 0
    #: the peanuts pile's size at the deal: the rule's 13, or the deck's handicap
    dealt: int = 13

    def face_down(self) -> list[Card]:
        """The cards nobody may see: the peanuts pile under its top, and the stock."""
        return self.peanuts[:-1] + self.stock

    def all_cards(self) -> list[Card]:
        cards = self.peanuts + self.stock + self.waste
        for pile in self.building:
            cards += pile
        return cards


@dataclass
class Foundation:
    """A shared pile in the middle: one suit, from its Ace upwards."""

    index: int
    suit: Suit
    cards: list[Card]
    #: deck -> how many of its cards lie here (what scores)
    by_deck: dict[int, int]

    @property
    def top(self) -> Card:
        return self.cards[-1]

    @property
    def complete(self) -> bool:
        """A foundation that reached its King stays on the table, closed to plays."""
        return self.cards[-1].rank == KING
