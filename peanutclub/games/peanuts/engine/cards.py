"""Cards: one standard 52-card deck per deck owner, each card a small frozen value.

A card's id is unique in the room and says which deck it belongs to (`id // 52`), so the engine
can tell "not your card" from "not on top" without looking anywhere. Ids are fixed by deck, suit
and rank: what stays secret is the order of face-down cards, never which cards a deck holds.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

CARDS_PER_DECK = 52
ACE = 1
KING = 13


class Suit(StrEnum):
    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"


#: The order of suits in a deck's ids.
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
RED_SUITS = frozenset({Suit.HEARTS, Suit.DIAMONDS})
#: suit -> its name: an enum's `.value` is a slow property, and every flip's event shows cards
SUIT_NAMES: dict[Suit, str] = {s: s.value for s in Suit}


@dataclass(frozen=True, slots=True)
class Card:
    """One card of one deck. `deck` is the seat whose deck (and back colour) it is."""

    id: int
    rank: int  # 1 (Ace) .. 13 (King)
    suit: Suit
    deck: int

    @property
    def red(self) -> bool:
        return self.suit in RED_SUITS

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "rank": self.rank, "suit": SUIT_NAMES[self.suit], "deck": self.deck}


def card_id(deck: int, suit: Suit, rank: int) -> int:
    """The id of a deck's card: unique in the room, and the deck is `id // 52`."""
    return deck * CARDS_PER_DECK + SUITS.index(suit) * KING + rank - 1


def card_from_id(card: int) -> Card:
    """The card with this id (any id >= 0 names a card of some deck)."""
    deck, within = divmod(card, CARDS_PER_DECK)
    suit, rank = divmod(within, KING)
    return Card(card, rank + 1, SUITS[suit], deck)


def new_deck(deck: int) -> list[Card]:
    """A fresh deck in id order (shuffle it before use): a new list of the same card values
    every time (cards are frozen, so every round's deal may share them)."""
    return list(_deck_cards(deck))


@functools.cache
def _deck_cards(deck: int) -> tuple[Card, ...]:
    """A deck's cards in id order, made once per deck of the process (a handful of decks),
    with their dicts (`card_dict`)."""
    cards = tuple(card_from_id(deck * CARDS_PER_DECK + i) for i in range(CARDS_PER_DECK))
    for card in cards:
        card_dict(card)
    return cards


#: card id -> its dict, made once: views, patches and events share them (read-only).
_CARD_DICTS: dict[int, dict[str, Any]] = {}


def card_dict(card: Card) -> dict[str, Any]:
    """A card as every frame shows it: `{"id", "rank", "suit", "deck"}`, the same dict for the
    same card every time (a card is a frozen value, and every frame, view or event, is only
    read and encoded), so a move's or a flip's event makes none."""
    found = _CARD_DICTS.get(card.id)
    if found is None:
        found = _CARD_DICTS[card.id] = card.to_dict()
    return found


def card_dicts(cards: Iterable[Card]) -> list[dict[str, Any]]:
    """`card_dict` of each card: one dict read per card, as every dealt card's dict is made
    with its deck (`_deck_cards`); views and flips show a few cards at every change."""
    try:
        return [_CARD_DICTS[c.id] for c in cards]
    except KeyError:  # a card made apart from a deck (tests)
        return [card_dict(c) for c in cards]
