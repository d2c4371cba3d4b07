"""The rules of the race, one function per rule; `Engine` calls them and keeps the bookkeeping.

Each function either answers a question about the table or changes it as one rule says; checks
raise the refusal with its stable code and change nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from peanutclub.games.peanuts.engine.cards import ACE, Card, new_deck
from peanutclub.games.peanuts.engine.errors import NotPlayable, PileChanged, PileComplete
from peanutclub.games.peanuts.engine.table import BUILDING_PILES, Foundation, Layout, Source

#: The peanuts pile's size at the deal.
PEANUTS_PILE = 13
#: Cards turned from the stock by one flip.
FLIP_COUNT = 3
#: Rotations in a row with no card reaching a foundation or a building pile that a round
#: survives; the next stall ends it.
MAX_ROTATIONS = 5
#: Points per card of a deck on the foundations, and per card left in its peanuts pile.
POINTS_PER_FOUNDATION_CARD = 1
POINTS_PER_PEANUT_LEFT = -2


def pile_sizes(deck_of: Sequence[int], piles: Sequence[int]) -> dict[int, int]:
    """Each deck's peanuts pile at a deal, from each seat's (`piles`, the rule's 13 for a seat
    not given one): a team's deck takes both its seats' changes from 13, so a 10 and a 16 cancel
    out and nobody's handicap is ignored (docs/rules.md)."""
    sizes = dict.fromkeys(deck_of, PEANUTS_PILE)
    for seat, deck in enumerate(deck_of):
        if seat < len(piles):
            sizes[deck] += piles[seat] - PEANUTS_PILE
    return sizes


def deal(deck: int, rng: random.Random, pile: int = PEANUTS_PILE) -> Layout:
    """Shuffle a deck and lay it out: 13 to the peanuts pile (its top face up), the next 4 face
    up as the building piles, the other 35 face down as the stock; the waste starts empty.

    `pile` is the peanuts pile's size when the host gave the deck a handicap (16) or a head
    start (10): the shuffle is the same, only where the peanuts pile stops and the stock begins
    moves, so nothing else of the deal changes."""
    cards = new_deck(deck)
    rng.shuffle(cards)
    peanuts = cards[:pile]
    building = [[card] for card in cards[pile : pile + BUILDING_PILES]]
    stock = cards[pile + BUILDING_PILES :]
    return Layout(deck, peanuts, building, stock, dealt=pile)


# ---------------------------------------------------------------------------- foundations


def starts_foundation(card: Card) -> bool:
    """Only an Ace starts a new foundation."""
    return card.rank == ACE


def foundation_takes(foundation: Foundation, card: Card) -> bool:
    """A foundation takes the next rank of its suit, until its King closes it."""
    top = foundation.top
    return card.suit is foundation.suit and card.rank == top.rank + 1


def check_foundation(foundation: Foundation, card: Card) -> None:
    """Raise why `foundation` refuses `card`: a lost race (its top already has the card's rank,
    so someone played that rank first) is `pile_changed`; a closed pile `pile_complete`."""
    if foundation_takes(foundation, card):
        return
    same_rank = card.suit is foundation.suit and foundation.top.rank == card.rank
    if same_rank:
        raise PileChanged()
    if foundation.complete:
        raise PileComplete()
    raise NotPlayable()


def lost_race(foundations: list[Foundation], card: Card) -> bool:
    """Whether some foundation of the card's suit already holds the card's rank on top: the
    card was beaten to it (what a tap that let the engine choose is told)."""
    return any(f.suit is card.suit and f.top.rank == card.rank for f in foundations)


def foundation_for(foundations: list[Foundation], card: Card) -> Foundation | None:
    """The first foundation that takes `card`, when the player let the engine choose."""
    for foundation in foundations:
        if foundation_takes(foundation, card):
            return foundation
    return None


# ---------------------------------------------------------------------------- building piles


def building_takes(pile: list[Card], card: Card, source: Source) -> bool:
    """A building pile takes a card one rank lower than its top and of the other colour; an
    empty one takes any card from the peanuts pile or the waste, never one from another
    building pile (our choice)."""
    if not pile:
        return source is not Source.BUILDING
    top = pile[-1]
    return card.rank == top.rank - 1 and card.red != top.red


def check_building(pile: list[Card], card: Card, source: Source) -> None:
    """Raise why a building pile refuses `card`: a teammate who put the same rank there first
    won the race (`pile_changed`); otherwise it does not fit (`not_playable`)."""
    if building_takes(pile, card, source):
        return
    if pile and pile[-1].rank == card.rank:
        raise PileChanged()
    raise NotPlayable()


def building_for(layout: Layout, card: Card, source: Source, source_pile: int | None) -> int | None:
    """The building pile a card goes to when the player let the engine choose: the first pile
    it extends, else the first empty one it may fill."""
    empty = None
    for index, pile in enumerate(layout.building):
        if index == source_pile and source is Source.BUILDING:
            continue
        if pile and building_takes(pile, card, source):
            return index
        if not pile and empty is None and building_takes(pile, card, source):
            empty = index
    return empty


# ---------------------------------------------------------------------------- stock and waste


def flip(layout: Layout) -> tuple[list[Card], bool]:
    """Turn three cards from the stock onto the waste one by one, so the third is on top (fewer
    when the stock holds fewer). On an empty stock, turn the waste back over as the new stock
    instead, at no cost. Returns the turned cards and whether the waste was turned back."""
    if not layout.stock:
        layout.stock = layout.waste[::-1]
        layout.waste = []
        return [], True
    # the stock's top three, top first (each turned card lands on the one before it)
    stock = layout.stock
    turned = stock[: -FLIP_COUNT - 1 : -1]
    del stock[-FLIP_COUNT:]
    layout.waste += turned
    return turned, False


def rotate(layout: Layout) -> None:
    """When everyone is stuck: the waste goes back under the stock (turned face down), and the
    stock's top card goes to its bottom, so the next pass turns up other cards."""
    stock = layout.waste[::-1] + layout.stock
    layout.waste = []
    if stock:
        stock.insert(0, stock.pop())
    layout.stock = stock


# ---------------------------------------------------------------------------- scoring


def round_points(played: int, peanuts_left: int) -> int:
    """A round's points for a deck: +1 per card on the foundations, -2 per card left in its
    peanuts pile."""
    return played * POINTS_PER_FOUNDATION_CARD + peanuts_left * POINTS_PER_PEANUT_LEFT


def winners(totals: dict[int, int]) -> list[int]:
    """The highest total wins; equal highest totals share the victory (our choice)."""
    best = max(totals.values())
    return sorted(deck for deck, total in totals.items() if total == best)


def game_won(totals: dict[int, int], target: int) -> bool:
    """The game ends after the round in which at least one total reaches the target."""
    return any(total >= target for total in totals.values())
