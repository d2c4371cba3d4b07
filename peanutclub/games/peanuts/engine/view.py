"""What people see: every face-up card, and nothing of the face-down ones.

The public view is the same for every viewer (players, the TV, spectators): in the race
everything that lies face up is open to all. It never lists the peanuts pile under its top nor
any stock card, not even for their owner; only counts. `private_view` adds the seat's own
bearings (which deck it plays), nothing secret.

Views are memoised (per game change, and per deck's change inside it): treat them as read-only,
their parts are shared between viewers and between versions.
"""

from __future__ import annotations

from typing import Any

from peanutclub.games.peanuts.engine import rules
from peanutclub.games.peanuts.engine.cards import Card, card_dict
from peanutclub.games.peanuts.engine.game import Engine, team_of
from peanutclub.games.peanuts.engine.table import Foundation, Layout

_MEMO_ATTR = "_peanuts_view_memo"


def _cards(cards: list[Card]) -> list[dict[str, Any]]:
    return [card_dict(c) for c in cards]


#: (deck, pile index) -> (the pile's cards, their dicts): a pile's rendering, kept while it holds
#: the same cards.
Piles = dict[tuple[int, int], tuple[tuple[Card, ...], list[dict[str, Any]]]]


def _building(layout: Layout, piles: Piles | None) -> list[list[dict[str, Any]]]:
    """The building piles as dicts. With `piles` (a memo), a pile keeps the list the last view
    had while it holds the same cards: most changes of a deck (a flip, a card from the waste
    or the peanuts pile) leave its four piles or three of them as they were."""
    if piles is None:
        return [_cards(pile) for pile in layout.building]
    result = []
    deck = layout.deck
    for index, pile in enumerate(layout.building):
        cards = tuple(pile)
        found = piles.get((deck, index))
        if found is None or found[0] != cards:
            found = piles[deck, index] = (cards, _cards(pile))
        result.append(found[1])
    return result


def layout_view(layout: Layout, piles: Piles | None = None) -> dict[str, Any]:
    """A deck's face-up cards and the sizes of its face-down piles (`piles`: see `_building`)."""
    peanuts = layout.peanuts
    return {
        "peanuts": {
            "top": card_dict(peanuts[-1]) if peanuts else None,
            "left": len(peanuts),
        },
        "building": _building(layout, piles),
        "waste": _cards(layout.waste[-3:]),
        "waste_count": len(layout.waste),
        "stock_count": len(layout.stock),
        "stuck": layout.stuck,
        # how many the race to empty the pile started from, so a page's race bar needs no rule
        "pile_size": layout.dealt,
    }


def foundation_view(foundation: Foundation) -> dict[str, Any]:
    return {
        "index": foundation.index,
        "suit": foundation.suit.value,
        "top": card_dict(foundation.top),
        "count": len(foundation.cards),
        "by_deck": {str(d): n for d, n in foundation.by_deck.items()},
        "complete": foundation.complete,
    }


class _Memo:
    """The parts of the last views, kept while what they show has not changed."""

    def __init__(self) -> None:
        self.public: tuple[int, dict[str, Any]] | None = None
        # deck -> (its key, its fields)
        self.decks: dict[int, tuple[tuple[int, ...], dict[str, Any]]] = {}
        # the round they are of, and index -> (count, its view)
        self.round = 0
        self.foundations: dict[int, tuple[int, dict[str, Any]]] = {}
        self.piles: Piles = {}
        # seat -> (its deck's fields, its deck, its entry in `players`)
        self.players: dict[int, tuple[dict[str, Any], int, dict[str, Any]]] = {}


def _memo(game: Engine) -> _Memo:
    memo: _Memo | None = getattr(game, _MEMO_ATTR, None)
    if memo is None:
        memo = _Memo()
        setattr(game, _MEMO_ATTR, memo)
    return memo


def _deck_fields(game: Engine, memo: _Memo, deck: int) -> dict[str, Any]:
    layout = game.layouts[deck]
    key = (game.round, layout.changes, game.played[deck], game.totals[deck])
    found = memo.decks.get(deck)
    if found is not None and found[0] == key:
        return found[1]
    fields = layout_view(layout, memo.piles)
    fields["score"] = game.totals[deck]
    fields["round_points"] = game.round_points(deck)
    memo.decks[deck] = (key, fields)
    return fields


def _foundations(game: Engine, memo: _Memo) -> list[dict[str, Any]]:
    if memo.round != game.round:
        memo.round = game.round
        memo.foundations.clear()  # a new round: the old foundations are gone
    result = []
    for foundation in game.foundations:
        key = foundation.index
        count = len(foundation.cards)
        found = memo.foundations.get(key)
        if found is None or found[0] != count:
            found = memo.foundations[key] = (count, foundation_view(foundation))
        result.append(found[1])
    return result


def public_view(game: Engine) -> dict[str, Any]:
    """What every viewer may see. Cached per game change: treat it as read-only."""
    memo = _memo(game)
    if memo.public is not None and memo.public[0] == game.changes:
        return memo.public[1]
    decks = {deck: _deck_fields(game, memo, deck) for deck in game.decks}
    players = []
    entries = memo.players
    for seat in range(game.players):
        deck = game.deck_of[seat]
        fields = decks[deck]
        found = entries.get(seat)
        # a move changes one deck: the other seats keep last version's entry
        if found is None or found[0] is not fields or found[1] != deck:
            team = team_of(deck) if game.teams else None
            found = entries[seat] = (
                fields,
                deck,
                {"seat": seat, "deck": deck, "team": team, **fields},
            )
        players.append(found[2])
    scores = game.round_scores
    result = {
        "phase": game.phase.value,
        "round": game.round,
        "target_score": game.target_score,
        "teams": game.teams,
        "rotations": game.rotations,
        "max_rotations": rules.MAX_ROTATIONS,
        "foundations": _foundations(game, memo),
        "players": players,
        "round_scores": None if scores is None else [s.to_dict() for s in scores],
        "round_end": game.round_end,
        "winners": game.winners,
        "photo_finish": game.photo_finish,
    }
    memo.public = (game.changes, result)
    return result


def private_view(game: Engine, seat: int) -> dict[str, Any]:
    """A seat's own bearings: which deck it plays and with whom. Nothing secret: in the race,
    everything a player may see is public, and face-down cards are hidden from their owner too."""
    deck = game.deck_of[seat]
    return {"seat": seat, "deck": deck, "teammates": [s for s in game.seats_of[deck] if s != seat]}


def view(game: Engine, seat: int | None) -> dict[str, Any]:
    """One viewer's whole view: the public one, and `you` (None for the TV and spectators)."""
    return {**public_view(game), "you": None if seat is None else private_view(game, seat)}
