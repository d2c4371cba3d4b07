"""Take-away, the toy game: a few dozen lines that need nothing of the server but the plug-in.

A pile of tokens; in turn, each player takes 1 to 3; whoever takes the last one wins. A player
who lets `turn_seconds` pass has one taken for them by the clock. Each seat also holds a secret
number (drawn from the seed) that only its own `you` shows, so tests can tell a leak.

It is also the fourth game (test_fourth_game.py): everything the tools need of it is declared
here, on its class (`tools`), and `simulate`, `bench` and `soak` play it with no other change:
the proof that a game is one folder (here, one file).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

import orjson

from peanutclub.core import (
    BotFactory,
    Codes,
    GameSettings,
    Move,
    Outcome,
    RuleError,
    Timer,
    bounded,
    event,
    seated,
)
from peanutclub.core.actions import Action, ActionRegistry
from peanutclub.core.game import BenchPlan, Simulation, SoakPlan, Tools

CODES = {"not_your_turn": ("Wait for your turn.", "Attendez votre tour.")}


class ToySettings(GameSettings):
    pile: float = bounded(10, 4, 30)
    turn_seconds: float = bounded(20, 5, 60)


ACTIONS = ActionRegistry("take-away")


@ACTIONS.register("take")
@dataclass(frozen=True, slots=True)
class Take(Action):
    seat: int
    count: int


class TakeMove(Move):
    type: Literal["take"]
    count: int

    def to_action(self, seat: int | None, host: bool) -> Take:
        return Take(seated(seat), self.count)


class FirstBot:
    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat

    def decide(self, view: dict[str, Any]) -> Take | None:
        return Take(self.seat, 1) if view["turn"] == self.seat else None


# ---------------------------------------------------------------------------- its tools


@dataclass
class ToyResult:
    played: Any
    winner: int
    takes: int


class ToyTally:
    """Counts the takes of one game."""

    def __init__(self) -> None:
        self.takes = 0

    def add(self, events: Iterable[Any]) -> None:
        self.takes += sum(1 for _ in events)

    def result(self, game: Any, played: Any) -> ToyResult:
        return ToyResult(played, int(game.winner), self.takes)


@dataclass
class ToySummary:
    """Wins by seat and takes, over a run."""

    wins: Counter[int] = field(default_factory=Counter)
    takes: int = 0

    def add(self, result: ToyResult) -> None:
        self.wins[result.winner] += 1
        self.takes += result.takes

    def report(self) -> list[str]:
        return [f"wins by seat: {dict(sorted(self.wins.items()))}", f"takes: {self.takes}"]


def _simulation() -> Simulation:
    return Simulation(tally=ToyTally, summary=ToySummary, host_action=None)


def _takes(action: dict[str, Any], event: dict[str, Any], seat: int) -> bool:
    return bool(event["type"] == "take" and event["seat"] == seat == action["seat"])


_SOAK = SoakPlan(
    pace={"turn_seconds": 1},
    phases=frozenset({"playing"}),
    sent=frozenset({"take"}),
    acknowledges=_takes,
)


def _soak() -> SoakPlan:
    return _SOAK


class ToyRecorder:
    """The in-process replay's clients: whoever's turn it is takes one."""

    def next(self, table: Any) -> tuple[int, dict[str, Any]] | None:
        return None if table.over else (table.turn, {"type": "take", "count": 1})


_BENCH: list[BenchPlan] = []


def _bench() -> BenchPlan:
    """The bench's part, made on first use: its table is a `GameRoom`, of the bench's machinery,
    which this file does not load when a server only hosts the game."""
    if _BENCH:
        return _BENCH[0]
    from peanutclub.bench.table import GameRoom

    class Table(GameRoom):
        """Whoever's turn it is takes one token, a tick at a time."""

        def started(self) -> bool:
            return bool(self.view["phase"] != "lobby")

        def arrived(self, seat: int, message: dict[str, Any]) -> None:
            for change in message.get("events", ()):
                if change["type"] == "take":
                    self.delivered(("take", change["seat"]), seat)

        def tick(self) -> None:
            turn = self.view.get("turn")
            if self.pending or turn is None or self.view["phase"] != "playing":
                self.stats.skipped += 1
                return
            key, ref = ("take", turn), self.next_ref
            self.next_ref += 1
            self.pending[key] = [time.perf_counter(), self.seat_count, ref, self.stats.measuring]
            self.by_ref[ref] = key
            if self.stats.measuring:
                self.stats.bids += 1
            self.seats[turn].send(orjson.dumps({"type": "take", "count": 1, "ref": ref}))

    _BENCH.append(
        BenchPlan(
            pace={"pile": 10, "turn_seconds": 60},
            table=Table,
            recorder=ToyRecorder,
            relay_frame=lambda ref: {"type": "take", "count": 1, "ref": ref},
            game_ticks=10,
            players=2,
            rate_unit="takes/s per room",
            rooms="4",
            rates="2",
        )
    )
    return _BENCH[0]


# ---------------------------------------------------------------------------- the game


class TakeAway:
    id: ClassVar[str] = "take-away"
    name: ClassVar[Mapping[str, str]] = {"en": "Take-away", "fr": "À emporter"}
    players: ClassVar[range] = range(2, 5)
    Settings: ClassVar[type[GameSettings]] = ToySettings
    moves: ClassVar[tuple[type[Move], ...]] = (TakeMove,)
    bots: ClassVar[Mapping[str, BotFactory]] = {"first": FirstBot}
    codes: ClassVar[Codes] = CODES
    tools: ClassVar[Tools] = Tools(simulation=_simulation, bench=_bench, soak=_soak, frames=None)

    def __init__(self, players: int, seed: int, settings: GameSettings) -> None:
        self.seat_count, self.seed, self.settings = players, seed, settings
        pace: Any = settings
        self.pile = int(pace.pile)
        self.turn, self.version = 0, 0
        self.winner: int | None = None
        self.log: list[Take] = []
        rng = random.Random(seed)
        self.secrets = [rng.randrange(10**9) for _ in range(players)]

    @classmethod
    def action_from_dict(cls, data: dict[str, Any]) -> Take:
        return ACTIONS.decode(data)

    @classmethod
    def lobby(cls, seats: int, settings: GameSettings) -> dict[str, Any]:
        return {
            "phase": "lobby",
            "pile": 0,
            "turn": None,
            "winner": None,
            "players": [{"seat": i} for i in range(seats)],
        }

    @classmethod
    def lobby_private(cls, seat: int) -> dict[str, Any]:
        return {"seat": seat, "secret": None}

    @classmethod
    def history(cls, export: dict[str, Any]) -> dict[str, Any]:
        return {"steps": export["actions"], "result": export["result"]}

    @property
    def phase(self) -> str:
        return "over" if self.winner is not None else "playing"

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def start_events(self) -> list[Any]:
        return []

    def apply(self, action: Take) -> Outcome:
        if self.over:
            raise RuleError(code="wrong_phase")
        if action.seat != self.turn:
            raise RuleError(CODES["not_your_turn"][0], code="not_your_turn")
        if not 1 <= action.count <= min(3, self.pile):
            raise RuleError("Take 1 to 3 tokens.", code="bad_message")
        self.pile -= action.count
        self.log.append(action)
        self.version += 1
        if self.pile == 0:
            self.winner = action.seat
        self.turn = (self.turn + 1) % self.seat_count
        events = [event("take", seat=action.seat, count=action.count)]
        return Outcome(events, None if self.over else {"pile": self.pile, "turn": self.turn})

    @property
    def clock_key(self) -> int:
        return self.version

    def public_view(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "pile": self.pile,
            "turn": None if self.over else self.turn,
            "winner": self.winner,
            "players": [{"seat": i} for i in range(self.seat_count)],
        }

    def private_view(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "secret": self.secrets[seat]}

    def timer(self) -> Timer | None:
        pace: Any = self.settings
        seconds = float(pace.turn_seconds)
        return None if self.over else Timer("turn", seconds, Take(self.turn, 1))

    def restarted(self) -> Any:
        return None

    def arrived(self, action: Any, at_ms: int) -> Any:
        return action

    def after_refusal(self, action: Any, code: str) -> Any:
        return None

    def result(self) -> dict[str, Any] | None:
        return None if self.winner is None else {"winner": self.winner}

    def placings(self) -> list[int] | None:
        """The winner first, the others sharing second."""
        if self.winner is None:
            return None
        return [1 if seat == self.winner else 2 for seat in range(self.seat_count)]
