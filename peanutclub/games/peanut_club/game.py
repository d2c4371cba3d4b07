"""Peanut Club as the server hosts it: the auction engine behind the game plug-in.

The engine (`engine/`) holds the rules; this class adds what a room needs around them: the
table's pace (its `Settings`), the one clock the auction wants running (the going steps, the
idle call, the pay deadline), the public patch a plain bid makes, and what a restart does to a
running call.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from peanutclub.core import (
    BotFactory,
    Codes,
    EngineReadings,
    GameSettings,
    Message,
    Timer,
    bounded,
    per_seat,
)
from peanutclub.core.game import BenchPlan, Outcome, Simulation, SoakPlan, Tools
from peanutclub.games.peanut_club import history
from peanutclub.games.peanut_club.bots import LEVELS
from peanutclub.games.peanut_club.engine import (
    CODES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    CallGoing,
    CancelGoing,
    Engine,
    GoingStep,
    Phase,
    PlaceBid,
    Power,
    action_from_dict,
    private_view,
    public_view,
    ranking,
    standard_deck,
)
from peanutclub.games.peanut_club.engine.game import CLOCK_ACTIONS
from peanutclub.games.peanut_club.engine.view import high_bid, min_bids
from peanutclub.games.peanut_club.frames import FRAMES
from peanutclub.games.peanut_club.moves import MOVES


class Settings(GameSettings):
    """The pace of one table. `idle_seconds = 0` turns the automatic call off."""

    going_step_seconds: float = bounded(2, 1, 10)
    idle_seconds: float = bounded(8, 3, 60, off=0)
    pay_seconds: float = bounded(60, 10, 300)
    #: a handicap or a head start, seat by seat: how much sooner (a smaller hand) or later (a
    #: bigger one) than the rule's 35 (30 with six players) a seat stops drawing money at setup
    setup_money: dict[str, int] = per_seat(
        0,
        {
            -10: ("stops 10 sooner (a big handicap)", "s'arrête 10 plus tôt (un gros handicap)"),
            -5: ("stops 5 sooner (a handicap)", "s'arrête 5 plus tôt (un handicap)"),
            0: ("the rule's hand", "la main de la règle"),
            5: ("draws 5 more (a head start)", "tire 5 de plus (un coup de pouce)"),
            10: ("draws 10 more (a big head start)", "tire 10 de plus (un gros coup de pouce)"),
        },
        ("Money drawn at setup", "Argent tiré au départ"),
    )


_UNUSED_TOKENS = {p.value: False for p in Power}


# The tools' declarations live in the game's tool modules, which import the tools' machinery;
# these loaders reach them only when a tool asks (`Tools`), so serving the game never loads them.


def _simulation() -> Simulation:
    from peanutclub.games.peanut_club.simulate import SIMULATION

    return SIMULATION


def _bench() -> BenchPlan:
    from peanutclub.games.peanut_club.bench import BENCH

    return BENCH


def _soak() -> SoakPlan:
    from peanutclub.games.peanut_club.bench import SOAK

    return SOAK


class PeanutClub(EngineReadings[Engine]):
    """One game of Peanut Club at a table (and, on the class, what every table shares)."""

    id: ClassVar[str] = "peanut-club"
    name: ClassVar[Mapping[str, str]] = {"en": "Peanut Club", "fr": "Peanut Club"}
    players: ClassVar[range] = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    Settings: ClassVar[type[GameSettings]] = Settings
    moves: ClassVar[tuple[type[Message], ...]] = MOVES
    bots: ClassVar[Mapping[str, BotFactory]] = LEVELS
    codes: ClassVar[Codes] = CODES
    tools: ClassVar[Tools] = Tools(simulation=_simulation, bench=_bench, soak=_soak, frames=FRAMES)
    #: The names of the view's end-of-game `awards` (engine/awards.py), for the evening's recap
    #: on the TV and in its image, whatever game the room plays by then (GET /api/games).
    award_names: ClassVar[Mapping[str, Mapping[str, str]]] = {
        "best_deal": {"en": "Best deal", "fr": "Meilleure affaire"},
        "most_lost": {"en": "Most lost to no change", "fr": "Plus gros perdant de monnaie"},
        "power_of_the_night": {"en": "Power of the night", "fr": "Pouvoir de la soirée"},
    }

    #: The engine's own views, bound once: they are on every viewer's path, and a method here
    #: that only passed the call on would cost a call per viewer.
    log: list[Action]
    public_view: Callable[[], dict[str, Any]]
    private_view: Callable[[int], dict[str, Any]]

    def __init__(self, players: int, seed: int, settings: GameSettings) -> None:
        self.engine = engine = Engine(
            players,
            seed,
            hand_steps=[settings.seat_value("setup_money", s) for s in range(players)],
        )
        self.seed = seed
        self.seat_count = players
        self._settings = settings
        self.log = engine.log  # the engine's own list: it only ever grows
        self.public_view = functools.partial(public_view, engine)
        self.private_view = functools.partial(private_view, engine)
        self._timers: tuple[GameSettings | None, dict[str, Timer]] = (None, {})

    @property
    def settings(self) -> GameSettings:
        return self._settings

    @settings.setter
    def settings(self, value: GameSettings) -> None:
        """The host may change the pace mid-game, but each seat's hand was drawn at the start:
        the kept settings keep the seats' steps, so an export replays the game that was played."""
        kept = {"setup_money": dict(self._settings.setup_money)}  # type: ignore[attr-defined]
        self._settings = value.model_copy(update=kept)

    @classmethod
    def action_from_dict(cls, data: dict[str, Any]) -> Action:
        return action_from_dict(data)

    @classmethod
    def lobby(cls, seats: int, settings: GameSettings) -> dict[str, Any]:
        return {
            "phase": "lobby",
            "round": 0,
            "column": [],
            "niet": [],
            "a_la_carte": False,
            "high_bid": None,
            "going": 0,
            "payer": None,
            "lot": [],
            "next_lot_size": None,
            "refresh_next": False,
            "objects_left": 0,
            "min_bids": {},
            "players": [
                {"seat": i, "hand_count": 0, "objects": [], "tokens": dict(_UNUSED_TOKENS)}
                for i in range(seats)
            ],
            "paid": [],
            "scores": None,
            "awards": None,
        }

    @classmethod
    def lobby_private(cls, seat: int) -> dict[str, Any]:
        return {
            "seat": seat,
            "hand": [],
            "collector": None,
            "pay_suggestion": None,
            "bid_options": {},
            "a_la_carte": None,
            "powers": {name: {"usable": False, "reason": "wrong_phase"} for name in _UNUSED_TOKENS},
            "lot_fit": [],
        }

    @classmethod
    def history(cls, export: dict[str, Any]) -> dict[str, Any]:
        objects = {o.id: o.to_dict() for o in standard_deck().cards()}
        return {"objects": objects, **history.lot_by_lot(export)}

    # ------------------------------------------------------------------ a game being played

    @property
    def version(self) -> int:
        return self.engine.version

    @property
    def clock_key(self) -> int:
        return self.engine.version

    def apply(self, action: Action) -> Outcome:
        """Plain bids and going steps that leave the lot open change only the public bid state:
        a patch of it; anything else sends whole states."""
        game = self.engine
        events = game.apply(action)
        if game.phase is not Phase.BIDDING:
            return Outcome(events)
        if isinstance(action, (PlaceBid, CallGoing)) or (
            isinstance(action, GoingStep) and game.going > 0
        ):
            patch = {"high_bid": high_bid(game), "going": game.going, "min_bids": min_bids(game)}
            return Outcome(events, patch)
        return Outcome(events)

    def timer(self) -> Timer | None:
        """The engine's next clock action (pay, a step of the call, the idle call), after the
        table's pace; an idle time of 0 turns the idle call off."""
        due = self.engine.clock_due()
        if due is None:
            return None
        timers = self._timers
        if timers[0] is not self.settings:
            timers = self._timers = (self.settings, self._pace_timers())
        return timers[1].get(due)

    def _pace_timers(self) -> dict[str, Timer]:
        """The three clocks at this table's pace: made once per change of settings, not per
        move (the room asks for its timer after nearly every one)."""
        pace: Any = self.settings
        timers = {
            "pay": Timer("pay", pace.pay_seconds, CLOCK_ACTIONS["pay"]),
            "going": Timer("going", pace.going_step_seconds, CLOCK_ACTIONS["going"]),
        }
        if pace.idle_seconds > 0:
            timers["idle"] = Timer("idle", pace.idle_seconds, CLOCK_ACTIONS["idle"])
        return timers

    def restarted(self) -> Action | None:
        """A call that was running when the server stopped is taken back: nothing is sold while
        nobody could be connected."""
        game = self.engine
        return CancelGoing() if game.phase is Phase.BIDDING and game.going else None

    def result(self) -> dict[str, Any] | None:
        """Places and scores (None while the game runs)."""
        scores = self.engine.scores
        if scores is None:
            return None
        return {"scores": [{"place": p, **s.to_dict()} for p, s in ranking(scores)]}

    def placings(self) -> list[int] | None:
        """Each seat's place from the ranking `result()` reports (points, then objects)."""
        scores = self.engine.scores
        if scores is None:
            return None
        places = dict((s.seat, p) for p, s in ranking(scores))
        return [places[seat] for seat in range(self.seat_count)]
