"""What a computer player of the race is: it reads its seat's view, as a person would, and may
answer with one action.

Bots see exactly what a person at that seat sees (`{**public_view, "you": private_view}`): the
face-up cards and the sizes of the face-down piles. They find their plays in that view alone.

Pace: a person takes a moment per move. `pause(view)` (the plug-in's bot protocol) is how long
a room lets a bot wait before its next look: its level's reaction time, with jitter, whatever the
view (in the race every look may find a play); `delay()` is the same figure for drivers that
have no view at hand. The room sleeps that long (times its `bot_pace`) between two calls of
`decide`. The levels also differ in what they notice (`overlook`: the
chance to miss any one play, and flip on instead, as a person who has not spotted it yet): that
is also how a simulation, which has no clock, still plays the weaker levels more slowly. A bot
never waits when it could act: to the simulator, nobody acting means the stall clock ran out.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, ClassVar

from peanutclub.games.peanuts.engine import (
    Action,
    CallPeanuts,
    DeclareStuck,
    Flip,
    MoveCard,
    Target,
)

#: A delay is the reaction time times a factor drawn from [1 - JITTER, 1 + JITTER].
JITTER = 0.3
FLIP_COUNT = 3


def _takers(foundations: list[dict[str, Any]]) -> dict[tuple[str, int], int]:
    """For each card a foundation would take next, (suit, rank), the first such foundation's
    index in the view's order: a foundation takes its suit's next rank until complete. One
    pass over the foundations instead of one per card looked at (there are a dozen or two)."""
    takers: dict[tuple[str, int], int] = {}
    for foundation in foundations:
        if not foundation["complete"]:
            next_card = (foundation["suit"], foundation["top"]["rank"] + 1)
            if next_card not in takers:
                takers[next_card] = foundation["index"]
    return takers


#: suit -> whether it is red: one dict read per card in the bots' search
_RED = {"spades": False, "hearts": True, "diamonds": True, "clubs": False}


def _fits_building(card: dict[str, Any], pile: list[dict[str, Any]]) -> bool:
    """Onto a non-empty pile: one rank lower, the other colour."""
    top = pile[-1]
    return card["rank"] == top["rank"] - 1 and _RED[card["suit"]] is not _RED[top["suit"]]


def _kind(card: dict[str, Any]) -> tuple[int, bool]:
    """A card's rank and whether it is red: all a building pile asks of the card it takes."""
    return card["rank"], _RED[card["suit"]]


@dataclass(frozen=True, slots=True)
class _PilePlays:
    """What a deck's building piles take, read once per list of piles (`BaseBot._plays`)."""

    #: a card's kind (`_kind`) -> the non-empty piles that take it, in order
    takes: dict[tuple[int, bool], list[int]]
    #: the empty piles, in order
    empty: list[int]
    #: each pile holding a single card, in order: the card, the first other pile that takes it
    lone: list[tuple[dict[str, Any], int | None]]

    @classmethod
    def of(cls, building: list[list[dict[str, Any]]]) -> _PilePlays:
        takes: dict[tuple[int, bool], list[int]] = {}
        empty = []
        for index, pile in enumerate(building):
            if pile:
                top = pile[-1]
                takes.setdefault((top["rank"] - 1, not _RED[top["suit"]]), []).append(index)
            else:
                empty.append(index)
        lone = []
        for index, pile in enumerate(building):
            if len(pile) == 1:
                others = [i for i in takes.get(_kind(pile[0]), ()) if i != index]
                lone.append((pile[0], others[0] if others else None))
        return cls(takes, empty, lone)


#: The last foundations' list any bot read, with the cards on it and its takers (`_read`): all
#: the bots at a table read the same list, kept by the public view while no card reaches a
#: foundation, so the first bot's reading serves the others. One tuple, replaced whole.
_last_read: list[tuple[list[dict[str, Any]], int, dict[tuple[str, int], int]]] = [([], 0, {})]


class BaseBot:
    """Shared plumbing and the common way of playing; levels set the class attributes."""

    level: ClassVar[str] = "base"
    #: seconds per move, before jitter (rules/peanuts.md's starting points)
    reaction_seconds: ClassVar[float] = 1.0
    #: the chance to miss any one possible play
    overlook: ClassVar[float] = 0.0
    #: whether it moves a lone building card onto another pile to free a place for its peanuts
    frees_piles: ClassVar[bool] = False
    #: whether it moves a building top onto another pile to uncover a card a foundation takes
    digs: ClassVar[bool] = False

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(f"peanuts:{self.level}:{seed}:{seat}")
        self._clock_rng = random.Random(f"peanuts-pace:{self.level}:{seed}:{seat}")
        self._flips = 0  # flips since the table last changed for this bot
        self._seen: tuple[Any, ...] | None = None
        # the foundations' list last read, the cards on it and its takers (`_read`)
        self._foundations: list[dict[str, Any]] | None = None
        self._laid = 0
        self._takers: dict[tuple[str, int], int] = {}
        # its building piles' list last read, and what they take (`_plays`)
        self._building: list[list[dict[str, Any]]] | None = None
        self._pile_plays = _PilePlays({}, [], [])
        # the same values every time (actions are frozen): made once
        self._flip = Flip(seat)
        self._give_up = DeclareStuck(seat, True)

    def delay(self) -> float:
        """Seconds a room should wait before this bot's next look (reaction time, jittered)."""
        return self.reaction_seconds * self._clock_rng.uniform(1 - JITTER, 1 + JITTER)

    def pause(self, view: dict[str, Any] | None) -> float:
        """The wait before the next look, after seeing `view` (None before the first): one
        reaction time per move, as a person at this level takes."""
        return self.delay()

    def decide(self, view: dict[str, Any]) -> Action | None:
        """An action to try now, or None to wait. The view is this bot's own."""
        if view.get("phase") != "playing":
            self._seen = None
            return None
        me = view["players"][self.seat]
        seen = (
            view["round"],
            view["rotations"],
            self._read(view["foundations"])[0],
            tuple(map(len, me["building"])),
            me["peanuts"]["left"],
        )
        if seen != self._seen:  # something changed that may open a play: look again
            self._seen = seen
            self._flips = 0
        if me["peanuts"]["left"] == 0:
            return CallPeanuts(self.seat)
        move = self.choose(view, me)
        if move is not None:
            return move
        return self.turn_or_give_up(me)

    def _read(self, foundations: list[dict[str, Any]]) -> tuple[int, dict[tuple[str, int], int]]:
        """The cards on the foundations and their takers (`_takers`), worked out once per list:
        a view and its parts are read-only, and the public view hands out the same list while
        no card reaches a foundation (most changes), so the same list gives the same answers."""
        if foundations is not self._foundations:
            last = _last_read[0]
            if last[0] is not foundations:
                last = (foundations, sum([f["count"] for f in foundations]), _takers(foundations))
                _last_read[0] = last
            self._foundations, self._laid, self._takers = last
        return self._laid, self._takers

    def _plays(self, building: list[list[dict[str, Any]]]) -> _PilePlays:
        """What its building piles take, worked out once per list: the view keeps the same
        list while the piles hold the same cards (a flip, most steps, changes none)."""
        if building is not self._building:
            self._building = building
            self._pile_plays = _PilePlays.of(building)
        return self._pile_plays

    def turn_or_give_up(self, me: dict[str, Any]) -> Action | None:
        """No play in sight: turn the stock; after a whole pass through it without a play,
        declare the deck stuck (and then wait for the table to change)."""
        cycle = me["stock_count"] + me["waste_count"]
        if cycle == 0 or self._flips >= math.ceil(cycle / FLIP_COUNT) + 1:
            return None if me["stuck"] else self._give_up
        self._flips += 1
        return self._flip

    def _sees(self) -> bool:
        return not self.overlook or self.rng.random() >= self.overlook

    def choose(self, view: dict[str, Any], me: dict[str, Any]) -> Action | None:
        """The play this level makes now, or None: foundations first (the peanuts pile's top
        before the waste's before the building piles'), then the peanuts top onto a building
        pile, then the waste top onto one, then (some levels) a lone building card moved to
        free a place for the peanuts pile.

        A level may overlook any play but the waste top's: a person always looks at the card
        they just turned, and missing it would bury it for a whole pass through the stock (a
        flip that helps nobody, and a much longer game for the simulator)."""
        peanut = me["peanuts"]["top"]
        waste = me["waste"][-1] if me["waste"] else None
        building = me["building"]
        tops: list[dict[str, Any]] = [c for c in (peanut, waste) if c is not None]
        tops += [pile[-1] for pile in building if pile]
        takers = self._read(view["foundations"])[1]
        # `_sees` inlined: this loop runs at every look, for up to six cards
        overlook = self.overlook
        draw = self.rng.random
        for card in tops:
            if overlook and card is not waste and draw() < overlook:
                continue
            if card["rank"] == 1:
                return MoveCard(self.seat, card["id"], Target.FOUNDATION, None)
            taker = takers.get((card["suit"], card["rank"]))
            if taker is not None:
                return MoveCard(self.seat, card["id"], Target.FOUNDATION, taker)
        plays = self._plays(building)
        if peanut is not None:
            pile = self._building_for(peanut, plays, empty_ok=True)
            if pile is not None:
                return MoveCard(self.seat, peanut["id"], Target.BUILDING, pile)
        if waste is not None:
            pile = self._building_for(waste, plays, empty_ok=False, careful=True)
            if pile is not None:
                return MoveCard(self.seat, waste["id"], Target.BUILDING, pile)
        if self.digs:
            dig = self._dig(building, takers)
            if dig is not None:
                return dig
        if self.frees_piles and peanut is not None:
            for card, other in plays.lone:
                if self._sees() and other is not None:
                    return MoveCard(self.seat, card["id"], Target.BUILDING, other)
        return None

    def _dig(
        self, building: list[list[dict[str, Any]]], takers: dict[tuple[str, int], int]
    ) -> Action | None:
        """A building top moved onto another pile when the card under it can go to a
        foundation next (or is an Ace); `takers` as `_takers` gives them."""
        for index, pile in enumerate(building):
            if len(pile) < 2:
                continue
            under = pile[-2]
            if under["rank"] != 1 and (under["suit"], under["rank"]) not in takers:
                continue
            for other, target in enumerate(building):
                if other != index and target and _fits_building(pile[-1], target):
                    return MoveCard(self.seat, pile[-1]["id"], Target.BUILDING, other)
        return None

    def _building_for(
        self, card: dict[str, Any], plays: _PilePlays, *, empty_ok: bool, careful: bool = False
    ) -> int | None:
        """The first building pile that takes `card` and that this level sees (`careful`: it
        sees every one); else, with `empty_ok`, the first empty pile it sees."""
        for index in plays.takes.get(_kind(card), ()):
            if careful or self._sees():
                return index
        if empty_ok:
            for index in plays.empty:
                if self._sees():
                    return index
        return None
