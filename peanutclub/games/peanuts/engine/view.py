"""What people see: every face-up card, and nothing of the face-down ones.

The public view is the same for every viewer (players, the TV, spectators): in the race
everything that lies face up is open to all. It never lists the peanuts pile under its top nor
any stock card, not even for their owner; only counts. `private_view` adds the seat's own
bearings (which deck it plays), nothing secret.

Views are memoised (per game change, and per deck's change inside it): treat them as read-only,
their parts are shared between viewers and between versions.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

from peanutclub.games.peanuts.engine import rules
from peanutclub.games.peanuts.engine.cards import SUIT_NAMES, Card, card_dict, card_dicts
from peanutclub.games.peanuts.engine.game import Engine, Phase, team_of
from peanutclub.games.peanuts.engine.table import Foundation, Layout

_MEMO_ATTR = "_peanuts_view_memo"

#: phase -> its name: an enum's `.value` is a slow property, and every change builds a view
_PHASE_NAMES: dict[Phase, str] = {p: p.value for p in Phase}


#: (deck, pile index) -> (the pile's cards, their dicts): a pile's rendering, kept while it holds
#: the same cards.
Piles = dict[tuple[int, int], tuple[tuple[Card, ...], list[dict[str, Any]]]]


class _DeckParts:
    """A deck's peanuts and building piles as last rendered, kept while they hold the same
    cards: a flip, the commonest change, touches neither."""

    __slots__ = ("building", "building_cards", "peanuts", "peanuts_cards")

    def __init__(self) -> None:
        self.peanuts_cards: tuple[list[Card] | None, int] = (None, 0)
        self.peanuts: dict[str, Any] = {}
        self.building_cards: tuple[tuple[Card, ...], ...] = ()
        self.building: list[list[dict[str, Any]]] = []


def _building(layout: Layout, piles: Piles | None) -> list[list[dict[str, Any]]]:
    """The building piles as dicts. With `piles` (a memo), a pile keeps the list the last view
    had while it holds the same cards: most changes of a deck (a flip, a card from the waste
    or the peanuts pile) leave its four piles or three of them as they were."""
    if piles is None:
        return [card_dicts(pile) for pile in layout.building]
    result = []
    deck = layout.deck
    for index, pile in enumerate(layout.building):
        cards = tuple(pile)
        found = piles.get((deck, index))
        if found is None or found[0] != cards:
            found = piles[deck, index] = (cards, card_dicts(pile))
        result.append(found[1])
    return result


def _peanuts(layout: Layout) -> dict[str, Any]:
    peanuts = layout.peanuts
    return {"top": card_dict(peanuts[-1]) if peanuts else None, "left": len(peanuts)}


def _parts(layout: Layout, piles: Piles, parts: _DeckParts) -> None:
    """Bring `parts` up to date with the deck's peanuts and building piles, rendering each
    again only when its cards changed."""
    # a peanuts pile only loses its top during a round (a new deal is a new list): the same
    # list at the same length shows the same top
    peanuts = layout.peanuts
    if parts.peanuts_cards[0] is not peanuts or parts.peanuts_cards[1] != len(peanuts):
        parts.peanuts_cards = (peanuts, len(peanuts))
        parts.peanuts = _peanuts(layout)
    building_cards = tuple(map(tuple, layout.building))  # compared card by card, in C
    if building_cards != parts.building_cards:
        parts.building_cards = building_cards
        parts.building = _building(layout, piles)


def foundation_view(foundation: Foundation) -> dict[str, Any]:
    return {
        "index": foundation.index,
        "suit": SUIT_NAMES[foundation.suit],
        "top": card_dict(foundation.top),
        "count": len(foundation.cards),
        "by_deck": {str(d): n for d, n in foundation.by_deck.items()},
        "complete": foundation.complete,
    }


class _Memo:
    """The parts of the last views, kept while what they show has not changed."""

    def __init__(self) -> None:
        self.public: tuple[int, dict[str, Any]] | None = None
        # deck -> (its key, its first seat's entry in `players`)
        self.decks: dict[int, tuple[tuple[int, ...], dict[str, Any]]] = {}
        # the round they are of, and index -> (count, its view)
        self.round = 0
        self.foundations: dict[int, tuple[int, dict[str, Any]]] = {}
        # (the engine's foundations list, how many, cards laid on them, the list last built):
        # a flip or a building move lays no card on a foundation, and leaves the list as it was
        self.foundation_list: tuple[list[Foundation], int, int, list[dict[str, Any]]] | None = None
        self.piles: Piles = {}
        # deck -> its peanuts and building piles as last rendered
        self.parts: dict[int, _DeckParts] = {}
        # seat -> its private view (it never changes in a game)
        self.private: dict[int, dict[str, Any]] = {}
        # a teammate's seat -> (its deck's entry, its own)
        self.players: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {}


def _memo(game: Engine) -> _Memo:
    memo: _Memo | None = getattr(game, _MEMO_ATTR, None)
    if memo is None:
        memo = _Memo()
        setattr(game, _MEMO_ATTR, memo)
    return memo


def _deck_entry(game: Engine, memo: _Memo, deck: int) -> dict[str, Any]:
    """The deck's first seat's entry in `players`: whose it is, its face-up cards and the
    sizes of its face-down piles, its scores. Built in one dict, kept while the deck, its
    cards laid and its total are the same."""
    layout = game.layouts[deck]
    key = (game.round, layout.changes, game.played[deck], game.totals[deck])
    found = memo.decks.get(deck)
    if found is not None and found[0] == key:
        return found[1]
    parts = memo.parts.get(deck)
    if parts is None:
        parts = memo.parts[deck] = _DeckParts()
    _parts(layout, memo.piles, parts)
    entry = {
        "seat": game.seats_of[deck][0],
        "deck": deck,
        "team": team_of(deck) if game.teams else None,
        "peanuts": parts.peanuts,
        "building": parts.building,
        "waste": card_dicts(layout.waste[-3:]),
        "waste_count": len(layout.waste),
        "stock_count": len(layout.stock),
        "stuck": layout.stuck,
        # how many the race to empty the pile started from, so a page's race bar needs no rule
        "pile_size": layout.dealt,
        "score": game.totals[deck],
        "round_points": game.round_points(deck),
    }
    memo.decks[deck] = (key, entry)
    return entry


def _foundations(game: Engine, memo: _Memo) -> list[dict[str, Any]]:
    """The foundations as dicts: the last list while no card was laid on one (a flip, a
    declaration, a card onto a building pile: over half of a round's changes), otherwise each
    foundation's dict kept while it holds as many cards (a card changes one foundation)."""
    foundations = game.foundations
    laid = sum(game.played.values())  # cards laid on the foundations this round
    kept = memo.foundation_list
    if (
        kept is not None
        and kept[0] is foundations
        and kept[1] == len(foundations)
        and kept[2] == laid
    ):
        return kept[3]
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
    memo.foundation_list = (foundations, len(foundations), laid, result)
    return result


def public_view(game: Engine) -> dict[str, Any]:
    """What every viewer may see. Cached per game change: treat it as read-only."""
    memo = _memo(game)
    if memo.public is not None and memo.public[0] == game.changes:
        return memo.public[1]
    decks = {deck: _deck_entry(game, memo, deck) for deck in game.decks}
    players = [_player(game, memo, seat, decks[game.deck_of[seat]]) for seat in range(game.players)]
    result = _table(game, memo, players)
    memo.public = (game.changes, result)
    return result


def _player(game: Engine, memo: _Memo, seat: int, entry: dict[str, Any]) -> dict[str, Any]:
    """A seat's entry in `players`, from its deck's (`_deck_entry`): the same dict for the
    deck's first seat, a copy naming the seat for a teammate."""
    if entry["seat"] == seat:
        return entry
    found = memo.players.get(seat)
    # a move changes one deck: the other seats keep last version's entry
    if found is None or found[0] is not entry:
        found = memo.players[seat] = (entry, {**entry, "seat": seat})
    return found[1]


def _table(game: Engine, memo: _Memo, players: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The public view around its `players`: the one home of its fields and their order."""
    scores = game.round_scores
    return {
        "phase": _PHASE_NAMES[game.phase],
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


class _Players(Sequence[dict[str, Any]]):
    """The public view's `players`, each entry built when first read (`_player`), for a bot.

    A bot reads its own entry and nobody else's, while the simulator gives it a look after
    nearly every change (a change is mostly one deck's flip or move): building every seat's
    entry for each look was a third of a simulated game. A read-only snapshot of one change."""

    __slots__ = ("_game", "_memo")

    def __init__(self, game: Engine, memo: _Memo) -> None:
        self._game = game
        self._memo = memo

    @overload
    def __getitem__(self, seat: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, seat: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, seat: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(seat, slice):
            return [self[s] for s in range(len(self))[seat]]
        game = self._game
        if not -game.players <= seat < game.players:
            raise IndexError(seat)
        seat %= game.players
        # a second read finds the same dicts in the memo
        entry = _deck_entry(game, self._memo, game.deck_of[seat])
        return _player(game, self._memo, seat, entry)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return (self[seat] for seat in range(len(self)))

    def __len__(self) -> int:
        return self._game.players


def bot_view(game: Engine, seat: int) -> dict[str, Any]:
    """`view(game, seat)` with the players' entries built as read (`_Players`): the same
    fields and values, for a bot's look in the simulator."""
    memo = _memo(game)
    if memo.public is not None and memo.public[0] == game.changes:
        result = dict(memo.public[1])  # a room or another look built it whole already
    else:
        result = _table(game, memo, _Players(game, memo))
    result["you"] = private_view(game, seat)
    return result


def private_view(game: Engine, seat: int) -> dict[str, Any]:
    """A seat's own bearings: which deck it plays and with whom. Nothing secret: in the race,
    everything a player may see is public, and face-down cards are hidden from their owner too."""
    memo = _memo(game)
    found = memo.private.get(seat)
    if found is None:  # a seat's deck and teammates are fixed for the game
        deck = game.deck_of[seat]
        teammates = [s for s in game.seats_of[deck] if s != seat]
        found = memo.private[seat] = {"seat": seat, "deck": deck, "teammates": teammates}
    return found


def view(game: Engine, seat: int | None) -> dict[str, Any]:
    """One viewer's whole view: the public one, and `you` (None for the TV and spectators)."""
    return {**public_view(game), "you": None if seat is None else private_view(game, seat)}
