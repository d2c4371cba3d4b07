"""Nur Peanuts! as the server hosts it: the dice engine behind the game plug-in.

The engine (`engine/`) holds the rules; this class adds what a room needs around them: the
table's pace (its `Settings`), the one clock that should run (a player's turn clock, a stone's
step, the pause between rounds), the small public patch a throw or a park makes, and the
finished game's story for its history page.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Literal

from peanutclub.core import (
    BotFactory,
    Codes,
    EngineReadings,
    GameSettings,
    Message,
    Timer,
    bounded,
    choice,
    per_seat,
)
from peanutclub.core.game import BenchPlan, Outcome, Simulation, SoakPlan, Tools
from peanutclub.games.nur_peanuts.bots import LEVELS
from peanutclub.games.nur_peanuts.engine import (
    CODES,
    FIELDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    STANDARD,
    START_CASH,
    Action,
    Buy,
    Engine,
    NextRound,
    Park,
    Pass,
    Phase,
    StoneStep,
    ThrowDice,
    action_from_dict,
    patch_view,
    private_view,
    public_view,
)
from peanutclub.games.nur_peanuts.engine.board import BOARD_KINDS
from peanutclub.games.nur_peanuts.engine.rules import fields_to_end
from peanutclub.games.nur_peanuts.moves import MOVES

#: The boards a host may choose, each with its (English, French) label.
BOARDS: dict[str, tuple[str, str]] = {
    "standard": ("Standard order of values", "Ordre des valeurs habituel"),
    "random": ("Values shuffled", "Valeurs mélangées"),
}
assert tuple(BOARDS) == BOARD_KINDS


class Settings(GameSettings):
    """The pace of one table, and its board (a choice: the board is drawn once, at the deal)."""

    turn_seconds: float = bounded(30, 10, 120)
    stone_step_seconds: float = bounded(1.2, 0.5, 5)
    between_rounds_seconds: float = bounded(6, 2, 30)
    #: How long the table waits for a player who is away (their phone dropped) before the
    #: clock plays the safe move for them: a short grace, not a whole turn.
    away_seconds: float = bounded(5, 2, 30)
    board: Literal["standard", "random"] = choice("standard", BOARDS)
    #: a handicap or a head start, seat by seat: the money a seat starts with (the rule's 9,700
    #: unless the host says otherwise), in steps of 1,000
    start_cash: dict[str, int] = per_seat(
        START_CASH,
        {
            7700: ("7,700 (a big handicap)", "7 700 (un gros handicap)"),
            8700: ("8,700 (a handicap)", "8 700 (un handicap)"),
            9700: ("9,700 (the rule)", "9 700 (la règle)"),
            10700: ("10,700 (a head start)", "10 700 (un coup de pouce)"),
            11700: ("11,700 (a big head start)", "11 700 (un gros coup de pouce)"),
        },
        ("Starting cash", "Argent de départ"),
    )


# The tools' declarations live in the game's tool modules, which import the tools' machinery;
# these loaders reach them only when a tool asks (`Tools`), so serving the game never loads them.


def _simulation() -> Simulation:
    from peanutclub.games.nur_peanuts.simulate import SIMULATION

    return SIMULATION


def _bench() -> BenchPlan:
    from peanutclub.games.nur_peanuts.bench import BENCH

    return BENCH


def _soak() -> SoakPlan:
    from peanutclub.games.nur_peanuts.soak import SOAK

    return SOAK


class NurPeanuts(EngineReadings[Engine]):
    """One game of Nur Peanuts! at a table (and, on the class, what every table shares)."""

    id: ClassVar[str] = "nur-peanuts"
    name: ClassVar[Mapping[str, str]] = {"en": "Nur Peanuts!", "fr": "Nur Peanuts!"}
    players: ClassVar[range] = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    Settings: ClassVar[type[GameSettings]] = Settings
    moves: ClassVar[tuple[type[Message], ...]] = MOVES
    bots: ClassVar[Mapping[str, BotFactory]] = LEVELS
    codes: ClassVar[Codes] = CODES
    tools: ClassVar[Tools] = Tools(simulation=_simulation, bench=_bench, soak=_soak, frames=None)

    #: The engine's own views, bound once: they are on every viewer's path.
    log: list[Action]
    public_view: Callable[[], dict[str, Any]]
    private_view: Callable[[int], dict[str, Any]]

    def __init__(self, players: int, seed: int, settings: GameSettings) -> None:
        pace: Any = settings
        self.engine = engine = Engine(
            players,
            seed,
            pace.board,
            [settings.seat_value("start_cash", s) for s in range(players)],
        )
        self.seed = seed
        self.seat_count = players
        self._settings = settings
        self.log = engine.log  # the engine's own list: it only ever grows
        self.public_view = functools.partial(public_view, engine)
        self.private_view = functools.partial(private_view, engine)

    @property
    def settings(self) -> GameSettings:
        return self._settings

    @settings.setter
    def settings(self, value: GameSettings) -> None:
        """The host may change the pace mid-game, but the board is drawn once and the seats'
        money is given at the start: the kept settings keep both, so an export replays the game
        that was played."""
        kept = {"board": self.engine.board_kind, "start_cash": dict(self._settings.start_cash)}  # type: ignore[attr-defined]
        self._settings = value.model_copy(update=kept)

    @classmethod
    def action_from_dict(cls, data: dict[str, Any]) -> Action:
        return action_from_dict(data)

    @classmethod
    def lobby(cls, seats: int, settings: GameSettings) -> dict[str, Any]:
        def cash(seat: int) -> int:
            return settings.seat_value("start_cash", seat)

        return {
            "phase": "lobby",
            "round": 0,
            "board": [{"index": f, "value": STANDARD[f], "owner": None} for f in range(FIELDS)],
            "pieces": [],
            "players": [
                # each seat's money as the host set it (a handicap or a head start)
                {"seat": s, "cash": cash(s), "fields": [], "bumped": False}
                for s in range(seats)
            ],
            "bank": {"chips": [], "takings": 0},
            "fields_to_end": fields_to_end(min(max(seats, MIN_PLAYERS), MAX_PLAYERS)),
            "start_player": None,
            "purchase": None,
            "turn": None,
            "last_throw": None,
            "round_result": None,
            "result": None,
        }

    @classmethod
    def lobby_private(cls, seat: int) -> dict[str, Any]:
        return {"seat": seat}

    @classmethod
    def history(cls, export: dict[str, Any]) -> dict[str, Any]:
        """The game told round by round, replayed from its export: the preliminary round, then
        each round's events (every throw, park, bump, payment and purchase) and the table as
        that round ended, before the pieces went back to their start places."""
        settings = cls.Settings.model_validate(export.get("settings") or {})
        game = cls(int(export["players"]), int(export["seed"]), settings)
        engine = game.engine
        steps: list[dict[str, Any]] = []
        events = [e.to_dict() for e in game.start_events]
        title = "preliminary"
        for raw in export["actions"]:
            action = action_from_dict(raw)
            if isinstance(action, NextRound):
                steps.append(_step(title, engine.round, events, game))
                events, title = [], "round"
            for e in game.apply(action).events:
                if e.kind == "round" and title == "preliminary":
                    steps.append(_step(title, 0, events, game))
                    events, title = [], "round"
                events.append(e.to_dict())
        steps.append(_step("end" if game.over else title, engine.round, events, game))
        return {
            "players": game.seat_count,
            "names": export.get("names") or [f"Player {s + 1}" for s in range(game.seat_count)],
            "steps": steps,
            "result": export.get("result"),
        }

    # ------------------------------------------------------------------ a game being played

    @property
    def version(self) -> int:
        return self.engine.version

    @property
    def clock_key(self) -> int:
        return self.engine.version

    def apply(self, action: Action) -> Outcome:
        """A throw, a park or a stone's step that moved no money and bumped no pawn changes only
        the pieces, the turn and the last throw: those go as a patch, the same for everyone.
        Anything else (a payment, a purchase, a round's end) sends whole states."""
        game = self.engine
        events = game.apply(action)
        if not isinstance(action, ThrowDice | Park | StoneStep):
            return Outcome(events)
        if game.touched or game.phase not in (Phase.TURNS, Phase.STONES):
            return Outcome(events)
        return Outcome(events, patch_view(game))

    def timer(self) -> Timer | None:
        """A player's decision runs on the turn clock (the clock then plays the safest move
        for them), or on the short `away_seconds` while that player is away; a stone throws
        at its steady pace; a round's result stays on view for the pause between rounds."""
        game = self.engine
        action = game.clock_action()
        if action is None:
            return None
        pace: Any = self.settings
        if isinstance(action, StoneStep):
            return Timer("stone", float(pace.stone_step_seconds), action)
        if isinstance(action, NextRound):
            return Timer("next_round", float(pace.between_rounds_seconds), action)
        assert isinstance(action, Buy | Pass | ThrowDice | Park)  # a person's decision
        seat = action.seat
        return Timer("turn", float(pace.turn_seconds), action, seat, float(pace.away_seconds))

    def restarted(self) -> Action | None:
        """Nothing to take back: every clock starts over after a restart, and no clock here
        is half-way through anything a player could lose."""
        return None

    def result(self) -> dict[str, Any] | None:
        """Why the game ended and who won (None while it runs)."""
        result = self.engine.result
        if result is None:
            return None
        return {**result.to_dict(), "cash": list(self.engine.cash)}

    def placings(self) -> list[int] | None:
        """The winners share first place; everyone else shares second. The rules name only
        who wins (fields or cash, by how the game ended) and keep no order among the others:
        cash counts for nothing when six fields end the game, so ranking the rest by cash
        would invent a rule (docs/rules.md, "The evening")."""
        result = self.engine.result
        if result is None:
            return None
        return [1 if seat in result.winners else 2 for seat in range(self.engine.players)]


def _step(
    title: str, round_: int, events: list[dict[str, Any]], game: NurPeanuts
) -> dict[str, Any]:
    return {"title": title, "round": round_, "events": events, "table": game.public_view()}
