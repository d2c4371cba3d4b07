"""Peanuts! as the server hosts it: the card race's engine behind the game plug-in.

The engine (`engine/`) holds the rules; this class adds what a room needs around them: the
table's settings and pace, the one clock the race wants running (the count-down, the stall
clock, the pause between rounds), the small public patch a move makes, and the game's result.

Its `clock_key` is the engine's clock version, not a count of actions: the room sets its clock
again whenever it changes, and the stall clock must keep running through flips and stuck
declarations (it measures the time since a card last reached a foundation or a building pile).
Its `version`, like every game's, counts the accepted actions.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from peanutclub.core import (
    BotFactory,
    Codes,
    EngineReadings,
    Game,
    GameSettings,
    Message,
    Timer,
    bounded,
    per_seat,
    yes_no,
)
from peanutclub.core.game import BenchPlan, Outcome, Simulation, SoakPlan, Tools
from peanutclub.games.peanuts import history
from peanutclub.games.peanuts.bots import LEVELS
from peanutclub.games.peanuts.engine import (
    CODES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    Engine,
    MoveCard,
    NextRound,
    Phase,
    PhotoFinish,
    Stall,
    StartPlay,
    Target,
    action_from_dict,
    private_view,
    public_view,
    seat_decks,
    team_of,
)
from peanutclub.games.peanuts.engine.rules import MAX_ROTATIONS, pile_sizes
from peanutclub.games.peanuts.frames import FRAMES
from peanutclub.games.peanuts.moves import MOVES
from peanutclub.games.peanuts.patch import CHANGE_RECORDS


class Settings(GameSettings):
    """One table's rules and pace. `teams` (a yes/no switch) pairs seats 0+1, 2+3, 4+5 on one
    deck, and only counts with 4 or 6 players."""

    teams: bool = yes_no(False)
    target_score: int = bounded(150, 25, 500)
    stall_seconds: float = bounded(60, 15, 300)
    between_rounds_seconds: float = bounded(20, 5, 120)
    countdown_seconds: float = bounded(3, 1, 10)
    #: a phone lights a playable card after this long without a play by its deck; 0 = never
    #: (a competitive table)
    hint_seconds: float = bounded(20, 5, 120, off=0)
    #: a handicap or a head start, seat by seat: the peanuts pile's size at every deal (the
    #: rule's 13 unless the host says otherwise; docs/rules.md says what it means for a team)
    pile: dict[str, int] = per_seat(
        13,
        {
            10: ("10 cards (a head start)", "10 cartes (un coup de pouce)"),
            13: ("13 cards (the rule)", "13 cartes (la règle)"),
            16: ("16 cards (a handicap)", "16 cartes (un handicap)"),
        },
        ("Peanuts pile", "Tas de peanuts"),
    )


_EMPTY_PILES: list[list[Any]] = [[], [], [], []]


# The tools' declarations live in the game's tool modules, which import the tools' machinery;
# these loaders reach them only when a tool asks (`Tools`), so serving the game never loads them.


def _simulation() -> Simulation:
    from peanutclub.games.peanuts.simulate import SIMULATION

    return SIMULATION


def _bench() -> BenchPlan:
    from peanutclub.games.peanuts.bench import BENCH

    return BENCH


def _soak() -> SoakPlan:
    from peanutclub.games.peanuts.bench import SOAK

    return SOAK


class Peanuts(EngineReadings[Engine]):
    """One game of Peanuts! at a table (and, on the class, what every table shares)."""

    id: ClassVar[str] = "peanuts"
    name: ClassVar[Mapping[str, str]] = {"en": "Peanuts!", "fr": "Peanuts!"}
    players: ClassVar[range] = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    Settings: ClassVar[type[GameSettings]] = Settings
    moves: ClassVar[tuple[type[Message], ...]] = MOVES
    bots: ClassVar[Mapping[str, BotFactory]] = LEVELS
    codes: ClassVar[Codes] = CODES
    tools: ClassVar[Tools] = Tools(simulation=_simulation, bench=_bench, soak=_soak, frames=FRAMES)

    #: The engine's own views, bound once: they are on every viewer's path.
    log: list[Action]
    public_view: Callable[[], dict[str, Any]]
    private_view: Callable[[int], dict[str, Any]]

    def __init__(self, players: int, seed: int, settings: GameSettings) -> None:
        table: Any = settings
        self.engine = engine = Engine(
            players,
            seed,
            teams=bool(table.teams),
            target_score=int(table.target_score),
            piles=[settings.seat_value("pile", s) for s in range(players)],
        )
        self.seed = seed
        self.seat_count = players
        #: The rules this game was dealt with: a change of settings mid-game keeps them.
        self._dealt = {
            "teams": table.teams,
            "target_score": table.target_score,
            "pile": dict(table.pile),
        }
        self._settings = settings
        self.log = engine.log  # the engine's own list: it only ever grows
        self.public_view = functools.partial(public_view, engine)
        self.private_view = functools.partial(private_view, engine)
        self._timers: tuple[GameSettings | None, dict[Phase, Timer]] = (None, {})

    @property
    def settings(self) -> GameSettings:
        return self._settings

    @settings.setter
    def settings(self, value: GameSettings) -> None:
        """The host may change the pace mid-game, but the teams, the target score and the
        seats' piles are the game's from its deal: the kept settings keep them, so that an
        export (and a room rebuilt from its log) replays the game that was played."""
        self._settings = value.model_copy(update=self._dealt)

    @classmethod
    def action_from_dict(cls, data: dict[str, Any]) -> Action:
        return action_from_dict(data)

    @classmethod
    def lobby(cls, seats: int, settings: GameSettings) -> dict[str, Any]:
        """With teams on and a table of 4 or 6, the seats' decks and teams as the deal will
        make them, so the lobby shows who plays with whom while the host can still swap seats."""
        table: Any = settings
        decks = seat_decks(seats, bool(table.teams))
        teams = decks != list(range(seats))
        # the piles the deal will make, handicaps counted, as the game's first view shows them
        sizes = pile_sizes(decks, [settings.seat_value("pile", s) for s in range(seats)])
        return {
            "phase": "lobby",
            "round": 0,
            "target_score": None,
            "teams": teams,
            "rotations": 0,
            "max_rotations": MAX_ROTATIONS,
            "foundations": [],
            "players": [
                {
                    "seat": seat,
                    "deck": decks[seat],
                    "team": team_of(decks[seat]) if teams else None,
                    "peanuts": {"top": None, "left": 0},
                    "building": _EMPTY_PILES,
                    "waste": [],
                    "waste_count": 0,
                    "stock_count": 0,
                    "stuck": False,
                    "pile_size": sizes[decks[seat]],
                    "score": 0,
                    "round_points": 0,
                }
                for seat in range(seats)
            ],
            "round_scores": None,
            "round_end": None,
            "winners": None,
            "photo_finish": None,
        }

    @classmethod
    def lobby_private(cls, seat: int) -> dict[str, Any]:
        return {"seat": seat, "deck": seat, "teammates": []}

    @classmethod
    def history(cls, export: dict[str, Any]) -> dict[str, Any]:
        table: Any = cls.Settings.model_validate(export.get("settings") or {})
        return history.round_by_round(export, bool(table.teams), int(table.target_score))

    # ------------------------------------------------------------------ a game being played

    @property
    def version(self) -> int:
        return len(self.engine.log)

    @property
    def clock_key(self) -> int:
        """The stall clock runs on through flips and stuck declarations (see the module's
        docstring)."""
        return self.engine.clock_version

    def apply(self, action: Action) -> Outcome:
        """A move, a flip or a stuck declaration changes a few cards of one deck, and a photo
        finish one public field: a patch, whose events are the change records (see
        `peanuts.patch`); anything else sends whole states."""
        events = self.engine.apply(action)
        # A move, a flip or a declaration tells exactly its change record; one that also ends a
        # stretch of play (every deck stuck: a rotation) tells more, and goes as whole states.
        if len(events) == 1 and events[0].kind in CHANGE_RECORDS:
            return Outcome(events, {})
        if isinstance(action, PhotoFinish):
            return Outcome(events, {"photo_finish": self.engine.photo_finish})
        return Outcome(events)

    def timer(self) -> Timer | None:
        """The count-down before a round, the stall clock while it is played, the pause
        between rounds; none once the game is over."""
        timers = self._timers
        if timers[0] is not self.settings:
            timers = self._timers = (self.settings, self._pace_timers())
        return timers[1].get(self.engine.phase)

    def _pace_timers(self) -> dict[Phase, Timer]:
        """The three clocks at this table's pace: made once per change of settings, not per
        move (the room asks for its timer after nearly every one)."""
        pace: Any = self.settings
        return {
            Phase.COUNTDOWN: Timer("countdown", float(pace.countdown_seconds), StartPlay()),
            Phase.PLAYING: Timer("stall", float(pace.stall_seconds), Stall()),
            Phase.ROUND_OVER: Timer(
                "next_round", float(pace.between_rounds_seconds), NextRound(None, by_clock=True)
            ),
        }

    def arrived(self, action: Action, at_ms: int) -> Action:
        """A move to a foundation keeps the room's time of its arrival: what a photo finish
        measures (the log keeps it, so a replay shows the same)."""
        if isinstance(action, MoveCard) and action.to is Target.FOUNDATION:
            # made whole, not by `dataclasses.replace` (which reads the fields by name): one
            # for every card sent to the middle
            return MoveCard(action.seat, action.card, action.to, action.pile, at_ms)
        return action

    def after_refusal(self, action: Action, code: str) -> Action | None:
        """A move that lost a race to a foundation by a hair: the photo finish to record."""
        return self.engine.photo_finish_after(action, code)

    def restarted(self) -> Action | None:
        """Nothing to take back: every clock of the race starts over with its full time, and
        no clock here does anything for anyone that cannot wait."""
        return None

    def result(self) -> dict[str, Any] | None:
        """Places and totals (None while the game runs); teammates share their team's place."""
        engine = self.engine
        if engine.winners is None:
            return None
        totals = engine.totals
        return {
            "rounds": engine.round,
            "winners": engine.winners,
            "scores": [
                {
                    "seat": seat,
                    "deck": deck,
                    "score": totals[deck],
                    "place": 1 + sum(1 for d in engine.decks if totals[d] > totals[deck]),
                }
                for seat, deck in enumerate(engine.deck_of)
            ],
        }

    def placings(self) -> list[int] | None:
        """Each seat's place as `result()` reports it (teammates share their team's place)."""
        result = self.result()
        if result is None:
            return None
        return [int(s["place"]) for s in sorted(result["scores"], key=lambda s: s["seat"])]


#: mypy checks here that the class keeps every promise of the game plug-in.
_PLUGIN: type[Game] = Peanuts
