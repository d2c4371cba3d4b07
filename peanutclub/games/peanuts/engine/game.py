"""The race: one stateful object, fed actions, answering with events or a rule error.

`Game.apply` checks an action completely before changing anything, so a refused action leaves
the game exactly as it was (the card it named is still where it was). Same seed + same actions =
same game, event by event: every shuffle comes from the seed.

Phases: `countdown` (the deal is on the table, nobody may play yet) -> `playing` -> `round_over`
(the summary) -> `countdown` of the next round ... -> `over`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from peanutclub.games.peanuts.engine import rules
from peanutclub.games.peanuts.engine.actions import (
    TARGET_NAMES,
    Action,
    CallPeanuts,
    DeclareStuck,
    Flip,
    MoveCard,
    NextRound,
    PhotoFinish,
    SkipRound,
    Stall,
    StartPlay,
    Target,
)
from peanutclub.games.peanuts.engine.cards import (
    CARDS_PER_DECK,
    Card,
    card_dict,
    card_dicts,
    card_from_id,
)
from peanutclub.games.peanuts.engine.errors import (
    BadMessage,
    NotOnTop,
    NotPlayable,
    NotPlaying,
    NotSeated,
    NotYourCard,
    PeanutsLeft,
    PileChanged,
    RoundOver,
    WrongPhase,
)
from peanutclub.games.peanuts.engine.events import Event, event
from peanutclub.games.peanuts.engine.table import BUILDING_PILES, Foundation, Layout, Source

MIN_PLAYERS = 2
#: Our choice of the upper bound: the TV must show every foundation.
MAX_PLAYERS = 6
#: A race lost by at most this much (ms between the two arrivals at the room) is a photo
#: finish, shown to everyone; a card that comes later than that was simply too slow.
PHOTO_FINISH_MS = 1000
#: Teams play only with these many players.
TEAM_SIZES = frozenset({4, 6})


class Phase(StrEnum):
    COUNTDOWN = "countdown"
    PLAYING = "playing"
    ROUND_OVER = "round_over"
    OVER = "over"


def seat_decks(players: int, teams: bool) -> list[int]:
    """The deck each seat plays. With teams (only at 4 or 6 players) seats 0+1, 2+3 and 4+5
    share the deck of the team's first seat; otherwise every seat has its own."""
    if teams and players in TEAM_SIZES:
        return [seat - seat % 2 for seat in range(players)]
    return list(range(players))


def team_of(deck: int) -> int:
    """A team's number (0, 1, 2): teammates share the deck of the pair's first seat."""
    return deck // 2


@dataclass(frozen=True, slots=True)
class RoundScore:
    """One deck's (one team's) result of a round."""

    deck: int
    seats: tuple[int, ...]
    played: int
    peanuts_left: int
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.deck,
            "seats": list(self.seats),
            "played": self.played,
            "peanuts_left": self.peanuts_left,
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class Located:
    """Where a card a player named lies: the top of one of its deck's piles."""

    card: Card
    source: Source
    pile: int | None  # the building pile's index when `source` is a building pile


class Engine:
    """A game in progress. Read its attributes freely; change it only through `apply`."""

    def __init__(
        self,
        players: int,
        seed: int,
        *,
        teams: bool = False,
        target_score: int = 150,
        piles: Sequence[int] = (),
    ) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Peanuts! is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        self.players = players
        self.seed = seed
        self.deck_of = seat_decks(players, teams)
        self.teams = self.deck_of != list(range(players))
        self.decks: list[int] = sorted(set(self.deck_of))
        self.seats_of: dict[int, tuple[int, ...]] = {
            d: tuple(s for s in range(players) if self.deck_of[s] == d) for d in self.decks
        }
        self.target_score = target_score
        #: deck -> its peanuts pile's size at each deal (the rule's 13 unless handicapped): a
        #: team's deck takes both its seats' changes from 13 (a 10 and a 16 cancel out)
        self.pile_sizes: dict[int, int] = rules.pile_sizes(self.deck_of, piles)
        self.rng = random.Random(seed)
        self.log: list[Action] = []
        #: rises with every accepted action (what views are memoised on)
        self.changes = 0
        #: rises when the room's clock must start over: every accepted action but a flip and a
        #: stuck declaration, which leave the stall clock running (see `Peanuts.version`)
        self.clock_version = 0
        self.round = 0
        self.phase = Phase.COUNTDOWN
        self.layouts: dict[int, Layout] = {}
        self.foundations: list[Foundation] = []
        #: deck -> its cards on the foundations this round
        self.played: dict[int, int] = {}
        self.totals: dict[int, int] = dict.fromkeys(self.decks, 0)
        #: rotations in a row with no card reaching a foundation or a building pile
        self.rotations = 0
        self.round_scores: list[RoundScore] | None = None
        #: every finished round's scores, oldest first
        self.past_rounds: list[list[RoundScore]] = []
        self.round_end: dict[str, Any] | None = None
        self.winners: list[int] | None = None
        #: foundation index -> (seat, ms) of the move that laid its top card, when the room
        #: said when it arrived
        self.arrivals: dict[int, tuple[int, int]] = {}
        #: the last race to a foundation lost by a hair this round (public)
        self.photo_finish: dict[str, int] | None = None
        self.start_events = self._deal()

    # ----------------------------------------------------------------- reading

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def layout_of(self, seat: int) -> Layout:
        return self.layouts[self.deck_of[seat]]

    def round_points(self, deck: int) -> int:
        """The deck's points this round so far, as if the round ended now."""
        return rules.round_points(self.played[deck], len(self.layouts[deck].peanuts))

    def face_down_ids(self) -> set[int]:
        """Every card nobody may see now (what the tests look for in every frame)."""
        return {c.id for layout in self.layouts.values() for c in layout.face_down()}

    def legal_actions(self, seat: int) -> Iterator[Action]:
        """Every action `seat` may take now, moves with their pile named (tests and tools;
        the bots read only their view)."""
        if self.phase is not Phase.PLAYING:
            return
        layout = self.layout_of(seat)
        tops: list[Located] = []
        if layout.peanuts:
            tops.append(Located(layout.peanuts[-1], Source.PEANUTS, None))
        if layout.waste:
            tops.append(Located(layout.waste[-1], Source.WASTE, None))
        for index, pile in enumerate(layout.building):
            if pile:
                tops.append(Located(pile[-1], Source.BUILDING, index))
        for top in tops:
            card = top.card
            if rules.starts_foundation(card):
                yield MoveCard(seat, card.id, Target.FOUNDATION, None)
            for foundation in self.foundations:
                if rules.foundation_takes(foundation, card):
                    yield MoveCard(seat, card.id, Target.FOUNDATION, foundation.index)
            for index, pile in enumerate(layout.building):
                if top.source is Source.BUILDING and index == top.pile:
                    continue
                if rules.building_takes(pile, card, top.source):
                    yield MoveCard(seat, card.id, Target.BUILDING, index)
        if layout.stock or layout.waste:
            yield Flip(seat)
        yield DeclareStuck(seat, not layout.stuck)
        if not layout.peanuts:
            yield CallPeanuts(seat)

    def hint(self, seat: int) -> MoveCard | None:
        """A move `seat` may make now, for a player who has looked too long: a card to the
        middle first, then a card out of the peanuts pile, then out of the waste, then from one
        building pile to another; None when only the stock can help. The rules decide what is
        playable (`legal_actions`), never the page."""
        self._check_playing()
        self._seat(seat)
        layout = self.layout_of(seat)
        peanuts = layout.peanuts[-1].id if layout.peanuts else None
        waste = layout.waste[-1].id if layout.waste else None

        def rank(move: MoveCard) -> int:
            if move.to is Target.FOUNDATION:
                return 0
            return 1 if move.card == peanuts else 2 if move.card == waste else 3

        moves = [a for a in self.legal_actions(seat) if isinstance(a, MoveCard)]
        return min(moves, key=rank, default=None)

    # ----------------------------------------------------------------- applying

    def apply(self, action: Action) -> list[Event]:
        """Apply one action and return its events, or raise `RuleError` and change nothing."""
        if isinstance(action, MoveCard):
            events = self._move(action)
        elif isinstance(action, Flip):
            events = self._flip(action)
        elif isinstance(action, DeclareStuck):
            events = self._stuck(action)
        elif isinstance(action, CallPeanuts):
            events = self._call(action)
        elif isinstance(action, StartPlay):
            events = self._start_play()
        elif isinstance(action, Stall):
            if self.phase is not Phase.PLAYING:
                raise WrongPhase()
            events = self._stalled("stall")
            self.clock_version += 1
        elif isinstance(action, SkipRound):
            if self.phase not in (Phase.COUNTDOWN, Phase.PLAYING):
                raise WrongPhase()
            events = self._end_round("skipped", None, scored=False)
            self.clock_version += 1
        elif isinstance(action, PhotoFinish):
            events = self._photo_finish(action)
        elif isinstance(action, NextRound):
            if self.phase is not Phase.ROUND_OVER:
                raise WrongPhase()
            events = self._deal()
            self.clock_version += 1
        else:
            raise BadMessage(f"unknown action {action!r}")
        self.log.append(action)
        self.changes += 1
        return events

    def _seat(self, seat: int) -> int:
        if not 0 <= seat < self.players:
            raise NotSeated()
        return seat

    def _check_playing(self) -> None:
        """Cards move only while the round is played: not during the count-down, not after
        "Peanuts!" (a move that arrives after the call is refused)."""
        # compared with the phase's value, a str's compare in C (every move and flip asks;
        # reading a member off an enum class costs several times as much in Python 3.11)
        if self.phase != "playing":
            raise NotPlaying() if self.phase == "countdown" else RoundOver()

    # ----------------------------------------------------------------- moves

    def _locate(self, layout: Layout, card_id: int) -> Located:
        """The named card, which must be the top of one of the player's deck's piles."""
        if card_id < 0 or card_id // CARDS_PER_DECK not in self.layouts:
            raise BadMessage("There is no card with that id.")
        if card_id // CARDS_PER_DECK != layout.deck:
            raise NotYourCard()
        if layout.peanuts and layout.peanuts[-1].id == card_id:
            return Located(layout.peanuts[-1], Source.PEANUTS, None)
        if layout.waste and layout.waste[-1].id == card_id:
            return Located(layout.waste[-1], Source.WASTE, None)
        for index, pile in enumerate(layout.building):
            if pile and pile[-1].id == card_id:
                return Located(pile[-1], Source.BUILDING, index)
        raise NotOnTop()

    def _foundation_target(self, card: Card, pile: int | None) -> Foundation | None:
        """The foundation the card goes to (None: a new one, for an Ace), or the refusal."""
        foundations = self.foundations
        if rules.starts_foundation(card):
            if pile is None or pile >= len(foundations):
                return None
            raise NotPlayable()
        if pile is None:
            found = rules.foundation_for(foundations, card)
            if found is not None:
                return found
            if rules.lost_race(foundations, card):
                raise PileChanged()
            raise NotPlayable()
        if not 0 <= pile < len(foundations):
            raise NotPlayable()
        rules.check_foundation(foundations[pile], card)
        return foundations[pile]

    def _building_target(self, layout: Layout, at: Located, pile: int | None) -> int:
        """The building pile the card goes to, or the refusal."""
        if pile is None:
            found = rules.building_for(layout, at.card, at.source, at.pile)
            if found is None:
                raise NotPlayable()
            return found
        if not 0 <= pile < BUILDING_PILES or (at.source is Source.BUILDING and pile == at.pile):
            raise NotPlayable()
        rules.check_building(layout.building[pile], at.card, at.source)
        return pile

    def _move(self, action: MoveCard) -> list[Event]:
        self._check_playing()
        seat = self._seat(action.seat)
        layout = self.layout_of(seat)
        at = self._locate(layout, action.card)
        card = at.card
        # every check is done above and here; what follows only changes the table
        if action.to == "foundation":  # compared with its value, as in `_check_playing`
            foundation = self._foundation_target(card, action.pile)
            building = None
        else:
            foundation = None
            building = self._building_target(layout, at, action.pile)
        reveal = self._take(layout, at)
        if building is not None:
            layout.building[building].append(card)
            pile = building
        else:
            pile = self._to_foundation(foundation, card)
            if action.at is not None:
                self.arrivals[pile] = (seat, action.at)
        self._progress()
        layout.changes += 1
        self.clock_version += 1
        return [
            event(
                "moved",
                seat=seat,
                deck=layout.deck,
                card=card.id,
                to=TARGET_NAMES[action.to],
                pile=pile,
                reveal=None if reveal is None else card_dict(reveal),
                points=self.round_points(layout.deck),
            )
        ]

    def _take(self, layout: Layout, at: Located) -> Card | None:
        """Take the card off its pile; returns the card this turns up for everyone: the peanuts
        pile's next card (which turns face up by itself), or the waste card that becomes one of
        the top three shown."""
        source = at.source  # compared with values, as in `_check_playing`
        if source == "peanuts":
            layout.peanuts.pop()
            return layout.peanuts[-1] if layout.peanuts else None
        if source == "waste":
            layout.waste.pop()
            return layout.waste[-3] if len(layout.waste) >= 3 else None
        assert at.pile is not None
        layout.building[at.pile].pop()
        return None

    def _to_foundation(self, foundation: Foundation | None, card: Card) -> int:
        """Lay the card on its foundation (a new one for an Ace); returns the foundation's index.
        Foundations are shared and unbounded in number."""
        if foundation is None:
            foundation = Foundation(len(self.foundations), card.suit, [], {})
            self.foundations.append(foundation)
        foundation.cards.append(card)
        foundation.by_deck[card.deck] = foundation.by_deck.get(card.deck, 0) + 1
        self.played[card.deck] += 1
        return foundation.index

    def _progress(self) -> None:
        """A card reached a foundation or a building pile: every stuck declaration is cleared,
        and the count of rotations in a row starts over."""
        self.rotations = 0
        for layout in self.layouts.values():
            if layout.stuck:
                layout.stuck = False
                layout.changes += 1

    # ----------------------------------------------------------------- photo finish

    def photo_finish_after(self, action: Action, code: str) -> PhotoFinish | None:
        """The photo finish a refused move makes, if it lost a race to a foundation: the pile's
        top is the very rank and suit the card wanted to be, laid by another seat at most
        `PHOTO_FINISH_MS` before this card arrived. None for any other refusal (nothing to
        show: the card was not in a race, or was not close)."""
        if code != "pile_changed" or not isinstance(action, MoveCard) or action.at is None:
            return None
        if action.to is not Target.FOUNDATION or self.phase is not Phase.PLAYING:
            return None
        if not 0 <= action.seat < self.players or action.card // CARDS_PER_DECK not in self.layouts:
            return None
        card = card_from_id(action.card)
        for foundation in self.foundations:
            if action.pile is not None and foundation.index != action.pile:
                continue
            top = foundation.top
            if top.suit is not card.suit or top.rank != card.rank:
                continue
            arrival = self.arrivals.get(foundation.index)
            if arrival is None or arrival[0] == action.seat:
                continue
            margin = action.at - arrival[1]
            if 0 <= margin <= PHOTO_FINISH_MS:
                return PhotoFinish(foundation.index, arrival[0], action.seat, card.id, margin)
        return None

    def _photo_finish(self, action: PhotoFinish) -> list[Event]:
        """Record a photo finish for every screen; nothing on the table moves, and the stall
        clock keeps running (no card was played)."""
        self._check_playing()
        self._seat(action.winner)
        self._seat(action.loser)
        if not 0 <= action.pile < len(self.foundations) or action.margin_ms < 0:
            raise BadMessage("No such race.")
        # The view keeps the round's last photo finish without the loser's card: a card from the
        # waste may later lie face down in the stock, and no view names a face-down card. The
        # event, told once while the card lies face up, names it.
        photo = {
            "pile": action.pile,
            "winner": action.winner,
            "loser": action.loser,
            "margin_ms": action.margin_ms,
        }
        self.photo_finish = photo
        return [event("photo_finish", card=action.card, **photo)]

    # ----------------------------------------------------------------- stock, stuck, call

    def _flip(self, action: Flip) -> list[Event]:
        self._check_playing()
        seat = self._seat(action.seat)
        layout = self.layout_of(seat)
        if not layout.stock and not layout.waste:
            raise NotPlayable("Your stock and waste are both empty: there is nothing to turn.")
        turned, recycled = rules.flip(layout)
        layout.changes += 1
        return [
            event(
                "flipped",
                seat=seat,
                deck=layout.deck,
                count=len(turned),
                turned=card_dicts(turned),
                recycled=recycled,
            )
        ]

    def _stuck(self, action: DeclareStuck) -> list[Event]:
        """A declaration is the deck's (teammates share it); when every deck is declared stuck,
        every deck is rotated at once."""
        self._check_playing()
        seat = self._seat(action.seat)
        layout = self.layout_of(seat)
        layout.stuck = action.on
        layout.changes += 1
        events = [event("stuck", seat=seat, deck=layout.deck, on=action.on)]
        if all(lay.stuck for lay in self.layouts.values()):
            events += self._stalled("stuck")
            self.clock_version += 1
        return events

    def _stalled(self, reason: str) -> list[Event]:
        """Everyone is stuck, or nothing reached a foundation or a building pile for the stall
        time: every deck is rotated; after `MAX_ROTATIONS` rotations in a row without such a
        card, the round ends as if nobody had called "Peanuts!" (our choice)."""
        if self.rotations >= rules.MAX_ROTATIONS:
            return self._end_round("stalled", None)
        for layout in self.layouts.values():
            rules.rotate(layout)
            layout.stuck = False
            layout.changes += 1
        self.rotations += 1
        return [event("rotated", rotations=self.rotations, reason=reason)]

    def _call(self, action: CallPeanuts) -> list[Event]:
        self._check_playing()
        seat = self._seat(action.seat)
        if self.layout_of(seat).peanuts:
            raise PeanutsLeft()
        self.clock_version += 1
        return self._end_round("peanuts", seat)

    def _start_play(self) -> list[Event]:
        if self.phase is not Phase.COUNTDOWN:
            raise WrongPhase()
        self.phase = Phase.PLAYING
        self.clock_version += 1
        return [event("round_started", round=self.round)]

    # ----------------------------------------------------------------- rounds

    def _deal(self) -> list[Event]:
        """A new round: every deck shuffled and laid out, no foundation yet, the count-down."""
        self.round += 1
        self.layouts = {
            deck: rules.deal(deck, self.rng, self.pile_sizes[deck]) for deck in self.decks
        }
        self.foundations = []
        self.arrivals = {}
        self.photo_finish = None
        self.played = dict.fromkeys(self.decks, 0)
        self.rotations = 0
        self.round_scores = None
        self.round_end = None
        self.phase = Phase.COUNTDOWN
        return [event("round_dealt", round=self.round)]

    def _end_round(self, reason: str, caller: int | None, scored: bool = True) -> list[Event]:
        """Score the round for every deck; the game ends once a total reaches the target. A
        round the host skipped scores nothing (our choice): the cards played are shown, the
        totals stay as they were."""
        scores = []
        for deck in self.decks:
            left = len(self.layouts[deck].peanuts)
            points = rules.round_points(self.played[deck], left) if scored else 0
            self.totals[deck] += points
            scores.append(RoundScore(deck, self.seats_of[deck], self.played[deck], left, points))
        self.round_scores = scores
        self.past_rounds.append(scores)
        self.round_end = {"reason": reason, "caller": caller}
        events = [
            event(
                "round_over",
                round=self.round,
                reason=reason,
                caller=caller,
                round_scores=[s.to_dict() for s in scores],
                totals={str(d): t for d, t in self.totals.items()},
            )
        ]
        if rules.game_won(self.totals, self.target_score):
            self.phase = Phase.OVER
            best = rules.winners(self.totals)
            self.winners = [s for s in range(self.players) if self.deck_of[s] in best]
            events.append(event("game_over", winners=self.winners))
        else:
            self.phase = Phase.ROUND_OVER
        return events

    # ----------------------------------------------------------------- exports

    def reveal(self) -> dict[str, Any]:
        """Everything on the table, face-down cards included (exports of finished rounds and
        tests; never a view)."""
        return {
            "phase": self.phase.value,
            "round": self.round,
            "layouts": {
                str(deck): {
                    "peanuts": [c.id for c in lay.peanuts],
                    "building": [[c.id for c in pile] for pile in lay.building],
                    "stock": [c.id for c in lay.stock],
                    "waste": [c.id for c in lay.waste],
                    "stuck": lay.stuck,
                }
                for deck, lay in self.layouts.items()
            },
            "foundations": [[c.id for c in f.cards] for f in self.foundations],
            "totals": {str(d): t for d, t in self.totals.items()},
            "rotations": self.rotations,
        }
