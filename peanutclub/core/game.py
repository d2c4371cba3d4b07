"""The game plug-in: what the server knows of a game, and nothing more.

A game is one class. Its declarations live on the class (`id`, `name`, `players`, `Settings`,
`moves`, `bots`, `codes`, `action_from_dict`, `lobby`, and `tools`: what the simulator, the
bench, the soak and the schema need of it, typed below); a game being played is an instance, a
state machine that takes actions and gives back events, or raises a `RuleError` before changing
anything. The games share this protocol, not a base class: turns, phases, dice and decks stay
inside each engine.

Time is the server's: a game asks for at most one timer at a time (`timer()`), and the room runs
it. Secrets leave a game only through `public_view()` (shared by every viewer) and
`private_view(seat)` (for that seat alone).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from pydantic import BaseModel

from peanutclub.core import frames
from peanutclub.core.actions import Action
from peanutclub.core.errors import Codes
from peanutclub.core.events import Event
from peanutclub.core.moves import Message
from peanutclub.core.settings import GameSettings


class Outcome(NamedTuple):
    """What an accepted action did, as the game tells the room at once (the room never reads
    it back from the game afterwards).

    `events`: what happened, public (each a `core.events.Event`). `patch`: the public view
    fields the action changed, each replacing the one in the view, when that is all it changed;
    the room sends them as one `patch`, the same bytes for every viewer (an empty dict: only the
    room's clock and the events, whose change records say the rest). None: the action changed
    more (a secret, a phase, a seat's `you`): everyone gets their whole state. An action that
    ends the game is never a patch. A tuple: the cheapest immutable value to make per action.
    """

    events: list[Event]
    patch: dict[str, Any] | None = None


class Timer(NamedTuple):
    """The clock a game wants running: after `seconds`, the room applies `action`.

    `kind` names it for the pages (`deadline_kind`). A game asks for one timer at a time; the
    room sets it again whenever the game's `clock_key` changes, so after most moves: a tuple is
    the cheapest immutable value to make that often. It sets it again too when the person it
    waits for (`seat`) drops or comes back, with `away_seconds` while they are away.
    """

    kind: str
    seconds: float
    action: Action
    #: The seat whose decision this clock waits for (None: nobody's, a stone's step, a pause).
    seat: int | None = None
    #: When that seat's person is away (no connection, not handed to a bot) while someone else
    #: sits at the table, the room fires after these seconds instead: the table does not wait a
    #: whole turn for a phone that dropped. None: the full time always.
    away_seconds: float | None = None


class Bot(Protocol):
    """A computer player: it reads its seat's view, as a person would, and may act.

    A bot may also say how long it waits before it looks at the table again: a method
    `pause(view) -> float`, in seconds at a person's pace, from the view it last saw (None
    before the first look). Its game knows what a person's reaction to that view takes; the
    server scales it by its `bot_pace` setting (development mode plays fast). A bot without one
    looks every `bot_delay_min` to `bot_delay_max` seconds. The view a bot is given carries the
    room's `settings`, as every person's does, so that it may keep to the table's pace.

    A bot playing for a person who is away (the host handed it their seat) finds
    `"stand_in": true` at the top level of the view it is given; a bot in a seat of its own never
    does. Every game's bots may use it to play that person's hand more conservatively than their
    own: it is not theirs to spend (Peanut Club's bots then use none of the person's powers).
    """

    def decide(self, view: dict[str, Any]) -> Action | None: ...


#: level -> a bot for (seat, seed).
BotFactory = Callable[[int, int], Bot]


# ---------------------------------------------------------------------------- the tools' part
#
# What the tools (simulate, bench, soak, schema) need of a game, declared on its class as
# `tools = Tools(...)`, so that no tool loads a game's module by name or asks `hasattr`: a game
# that lacks a piece is told so by mypy (every field below without a default is required). The
# code stays in the game's own modules (`simulate.py`, `bench.py`, ...); the simulation, bench
# and soak declarations are reached through a loader, a function the game writes, because those
# modules import the tools' own machinery (the bench's tables, `peanutclub.bench.table`), which
# the plug-in class must not import when the server loads it. They import neither the registry
# nor their own game's class (what they read of a game comes as a parameter, typed by its
# engine; the simulator's `Played` is here), so no import cycle runs through them.

#: A view or patch as the wire carries it (a plain dict).
Wire = dict[str, Any]


@dataclass
class Played:
    """What the simulator's driver (`peanutclub.simulate.play_game`) knows of any game it played,
    handed to the game's tally with the game (plain values, cheap to pickle)."""

    game: str
    seed: int
    levels: tuple[str, ...]  # per seat
    steps: int  # decisions of the table: one accepted action each
    actions: int  # actions the bots took (the rest were the clock's or the host's)
    bot_errors: dict[str, int]  # rule error code -> times a bot's action was refused
    #: The seat the run watches (`simulate --handicap`: the seat given the handicap), or None.
    chosen: int | None = None
    #: Each seat's place at the end (the game's `placings()`; empty when it gives none).
    placings: tuple[int, ...] = ()

    @property
    def players(self) -> int:
        return len(self.levels)


class Tally(Protocol):
    """What the simulator counts in one game: `add(events)` after every step, then
    `result(game, played)`, one game's result: a plain value carrying `played` (the simulator's
    `Played`, below), cheap to pickle."""

    def add(self, events: list[Any]) -> None: ...

    def result(self, game: Any, played: Played) -> Any: ...


class GameSummary(Protocol):
    """How a game sums up many results: a dataclass whose fields are its figures (the
    simulator's `Summary.data` reads them), `add(result)` per game, `report()` lines."""

    def add(self, result: Any) -> None: ...

    def report(self) -> list[str]: ...


@dataclass(frozen=True)
class Simulation:
    """The game's part of `peanutclub simulate` (and of the tournaments built on it)."""

    #: A fresh tally for one game.
    tally: Callable[[], Tally]
    #: A fresh summary for a run.
    summary: Callable[[], GameSummary]
    #: The action the host takes when no bot acts and no clock runs (Peanut Club: "going"), or
    #: None: such a game never waits on its host.
    host_action: Callable[[Any], Action] | None
    #: The line-ups `peanutclub tournament` plays by default: a name and the levels laid round
    #: the table (the class's bot levels, or the `people` below). Empty: one line-up of every
    #: bot level, which serves a game that has no ordering of its own to show.
    matches: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: Stand-ins for people that a tournament may seat beside the bots, by name, made like a
    #: bot level (seat, seed). Never offered to a room: a person's pace is the point of them.
    #: One may answer the table's changes instead of looking at a pace of its own: it then has
    #: `notice(public_view) -> float | None`, the seconds until it looks once, or None to keep
    #: the look it has.
    people: Mapping[str, BotFactory] = field(default_factory=dict)
    #: The view a bot reads in the untimed loop, `bot_view(game, seat)`, when the game can give
    #: it cheaper than `{**public_view(), "you": private_view(seat)}`: the same fields with the
    #: same values, its costly ones built only when the bot reads them (most looks read few).
    #: None: the whole views.
    bot_view: Callable[[Any, int], dict[str, Any]] | None = None
    #: How the untimed loop applies an action, `step(game, action) -> events`, when the game's
    #: `apply` also builds what only a room sends (its patch): the same rule answers and events.
    #: None: `apply(action).events`.
    step: Callable[[Any, Any], list[Any]] | None = None


@dataclass(frozen=True)
class BenchPlan:
    """The game's part of `peanutclub bench` and of the in-process replay: the pace its rooms
    are created with, what its clients send (`table`, a `peanutclub.bench.table.GameRoom`
    subclass), and how its load is counted. The defaults are the first game's (six seats, a rate
    per room)."""

    #: The room settings the bench's rooms are created with.
    pace: Mapping[str, float]
    #: The bench's client for one room: called as `table(plan, stats, index)`.
    table: Callable[[Any, Any, int], Any]
    #: A fresh recorder for the in-process replay: `next(game)` gives (seat, message) for the
    #: table's next step, or None for the clock's.
    recorder: Callable[[], Any]
    #: The relay's stand-in frame for a message numbered `ref` (the baseline's same bytes).
    relay_frame: Callable[[int], Wire]
    #: A game's length in ticks of the rate (what the rooms' starts are spread over).
    game_ticks: float
    #: The ticks the starts are spread over when a game is long (one round): None, a game's.
    spread_ticks: float | None = None
    #: The pace of the in-process replay, when it differs from `pace` (None: `pace`).
    replay_pace: Mapping[str, float] | None = None
    #: Players at one bench table; None: the load's fixed six, and `--seats` is refused.
    players: int | None = None
    #: Whether the rate is per seat, each on its own schedule (a race), not per room.
    per_seat: bool = False
    #: What a rate counts, for the report.
    rate_unit: str = "bids/s per room"
    #: The default `--rooms` and `--rates` of a run.
    rooms: str = "50,200,500"
    rates: str = "2,10"


def waits(view: Wire, seat: int, rng: random.Random) -> Wire | None:
    """A soak player whose bot waits does nothing: the game's clocks move the table on."""
    return None


def without_seat(action: Wire) -> Wire:
    """The message a client sends for an action as the log holds it: the same, but for the
    seat, which the server adds from the connection."""
    return {k: v for k, v in action.items() if k != "seat"}


@dataclass(frozen=True)
class SoakPlan:
    """The game's part of `peanutclub soak`: its quick pace, the phases in which a bot decides,
    the moves its players send, and which patch event shows one applied. What most games do
    alike (nothing while a bot waits, a message that is the logged action less its seat, the
    shared patch rule) is the default."""

    #: The room settings of a soak's room.
    pace: Mapping[str, float]
    #: The phases in which a bot may act.
    phases: frozenset[str]
    #: The kinds of action a soak player sends (a bot's others are not client messages).
    sent: frozenset[str]
    #: Whether a patch's event is this seat's action applied (action, event, seat).
    acknowledges: Callable[[Wire, Wire, int], bool]
    #: What a player whose bot waits sends (view, seat, rng), as the log will hold it, or None.
    nudge: Callable[[Wire, int, random.Random], Wire | None] = waits
    #: The client message for an action as the log holds it.
    client_message: Callable[[Wire], Wire] = without_seat
    #: A view brought up to date by a patch, by the game's rule.
    apply_patch: Callable[[Wire, Wire], Wire] = frames.replace_fields

    def message(self, action: Action, seat: int) -> Wire | None:
        """The action as the log will hold it, for a bot's action a client sends; None if it is
        not one of the moves a player sends (`sent`)."""
        data = action.to_dict()
        return {**data, "seat": seat} if data["type"] in self.sent else None


@dataclass(frozen=True)
class Frames:
    """The game's server frames as pydantic models, for the protocol's JSON Schema."""

    view: type[BaseModel]
    patch: type[BaseModel]
    #: The answers to its queries (Peanut Club's `pay_check`).
    answers: tuple[type[BaseModel], ...] = ()


@dataclass(frozen=True)
class Tools:
    """Everything the tools read of a game, in one place on its class (`tools`)."""

    simulation: Callable[[], Simulation]
    bench: Callable[[], BenchPlan]
    soak: Callable[[], SoakPlan]
    #: None: the game declares no frame models, and `peanutclub schema` says so.
    frames: Frames | None


class Game(Protocol):
    """One game being played, and (on the class) what every room of that game shares."""

    #: The game's name in URLs, records and exports: `peanut-club`, `peanuts`, `nur-peanuts`.
    id: ClassVar[str]
    name: ClassVar[Mapping[str, str]]
    #: How many may sit at a table.
    players: ClassVar[range]
    Settings: ClassVar[type[GameSettings]]
    #: The client messages this game takes beyond the platform's: each a `Move`, or a `Query`
    #: that changes nothing.
    moves: ClassVar[tuple[type[Message], ...]]
    bots: ClassVar[Mapping[str, BotFactory]]
    #: The game's own rule codes with their English and French messages.
    codes: ClassVar[Codes]
    #: What the simulator, the bench, the soak and the schema need of the game.
    tools: ClassVar[Tools]

    seed: int
    #: How many play this game (fixed at the start).
    seat_count: int
    settings: GameSettings

    @property
    def version(self) -> int:
        """Rises with every accepted action: what views are keyed on."""
        ...

    @property
    def clock_key(self) -> int:
        """What the room's clock is keyed on: the room sets its timer again whenever this
        changes. Most games return `version` (every action restarts the clock); a race whose
        clock must run on through some actions (Peanuts!' stall clock through flips) keeps a
        key that only the actions that restart it change."""
        ...

    @property
    def log(self) -> list[Any]:
        """Every accepted action, in order: with the seed, the whole game."""
        ...

    def __init__(self, players: int, seed: int, settings: GameSettings) -> None: ...

    @classmethod
    def action_from_dict(cls, data: dict[str, Any]) -> Action:
        """An action as its `to_dict()` wrote it (the log's decoder)."""
        ...

    @classmethod
    def lobby(cls, seats: int, settings: GameSettings) -> dict[str, Any]:
        """The public view before a game starts: phase `lobby` and neutral values, and what the
        room's settings already decide about the seats (Peanuts!' teams)."""
        ...

    @classmethod
    def lobby_private(cls, seat: int) -> dict[str, Any] | None:
        """A seated player's `you` before a game starts."""
        ...

    @classmethod
    def history(cls, export: dict[str, Any]) -> dict[str, Any]:
        """A finished game told step by step, every secret revealed (its history page)."""
        ...

    @property
    def phase(self) -> str: ...

    @property
    def over(self) -> bool: ...

    @property
    def start_events(self) -> list[Any]:
        """What the deal tells everyone when the game starts."""
        ...

    def apply(self, action: Any) -> Outcome:
        """Apply one action and say what it did, or raise `RuleError` and change nothing."""
        ...

    def public_view(self) -> dict[str, Any]:
        """What every viewer may see; the dict may be shared: never change it in place."""
        ...

    def private_view(self, seat: int) -> dict[str, Any] | None:
        """What only `seat` may see."""
        ...

    def timer(self) -> Timer | None:
        """The one clock that should run now, or None (always None once the game is over)."""
        ...

    def arrived(self, action: Any, at_ms: int) -> Action:
        """The action as it reached the room, at `at_ms` on the room's clock (ms): a game that
        tells races apart keeps the time in the action (so its log replays it); others return
        the action itself. The engines have no clock of their own."""
        ...

    def after_refusal(self, action: Any, code: str) -> Action | None:
        """An action the room applies right after refusing `action` with `code`, or None: the
        refusal itself changes nothing; this records a public fact about it (Peanuts!' photo
        finish: who won a race to a pile, and by how much)."""
        ...

    def restarted(self) -> Action | None:
        """What a restart of the server does to a running clock: the action to log (a call
        taken back, say) so that nothing happens for anyone while nobody could be connected."""
        ...

    def result(self) -> dict[str, Any] | None:
        """A finished game's outcome (None while it runs): what exports record and replays
        check."""
        ...

    def placings(self) -> list[int] | None:
        """Each seat's place once the game is over (1 = first; seats that tie share the number,
        and the next place skips: 1, 1, 3), None while it runs. Read from the game's own
        `result()`: this is what the evening's standings count, so every game, whatever its
        scoring, speaks the same language to the room."""
        ...


EXPORT_FORMAT = 1


class _Engine(Protocol):
    @property
    def phase(self) -> StrEnum: ...

    @property
    def start_events(self) -> list[Any]: ...


E = TypeVar("E", bound=_Engine)


class EngineReadings(Generic[E]):
    """The readings of `Game` that a plug-in takes straight from its engine, written once.

    An engine keeps its phase as a `StrEnum` whose values name the phases (the last is "over")
    and the deal's events as `start_events`; a plug-in that holds it as `engine` inherits these.
    """

    engine: E

    @property
    def phase(self) -> str:
        phase: str = self.engine.phase.value
        return phase

    @property
    def over(self) -> bool:
        # the member itself compared with its value (a `StrEnum`'s is a str's compare, in C),
        # not `.value`, a Python property: the room asks after every action
        return bool(self.engine.phase == "over")

    @property
    def start_events(self) -> list[Any]:
        events: list[Any] = self.engine.start_events
        return events

    def arrived(self, action: Any, at_ms: int) -> Any:
        """Most games do not care when an action arrived: the action itself."""
        return action

    def after_refusal(self, action: Any, code: str) -> Any:
        """Most games record nothing about a refusal."""
        return None


def export_game(game: Game, names: list[str] | None = None) -> dict[str, Any]:
    """Enough to replay a game exactly. It reveals every secret: serve it only after the end.

    The seats' handicaps are among the settings (a per-seat setting: seat -> step), which is
    what a replay reads; a game without any writes none of them (`GameSettings` leaves an unused
    one out), so its export is the same as before handicaps existed, and an old export reads as
    a game without. When a seat had one, `handicaps` also says who had what, by name, for a
    person reading the file."""
    names = names or [f"Player {s + 1}" for s in range(game.seat_count)]
    settings = game.settings.model_dump()
    exported: dict[str, Any] = {
        "format": EXPORT_FORMAT,
        "game": type(game).id,
        "players": game.seat_count,
        "seed": game.seed,
        "settings": settings,
        "names": names,
        "actions": [a.to_dict() for a in game.log],
        "result": game.result(),
    }
    handicaps = handicaps_of(type(game).Settings, settings, names)
    if handicaps:
        exported["handicaps"] = handicaps
    return exported


def handicaps_of(
    settings_class: type[GameSettings], settings: dict[str, Any], names: list[str]
) -> list[dict[str, Any]]:
    """Who had what in a game, from its settings as an export keeps them: each handicapped
    seat's number, name, and what it was given (setting, step, words in EN and FR). An old
    export, without per-seat settings, gives none."""
    known = settings_class.model_fields
    table = settings_class.model_validate({k: v for k, v in settings.items() if k in known})
    told: list[dict[str, Any]] = []
    for seat, name in enumerate(names):
        for given in table.seat_handicaps(seat):
            told.append({"seat": seat, "name": name, **given})
    return told


def replay(
    cls: type[Game], players: int, seed: int, settings: GameSettings, actions: Iterable[Any]
) -> Game:
    """Rebuild a game from its seed, its settings and its accepted actions."""
    game = cls(players, seed, settings)
    for action in actions:
        game.apply(action)
    return game


def replay_export(cls: type[Game], data: dict[str, Any]) -> Game:
    """Replay an export of a `cls` game. Raises ValueError on a malformed export."""
    if data.get("format") != EXPORT_FORMAT:
        raise ValueError(f"unsupported export format {data.get('format')!r}")
    settings = cls.Settings.model_validate(data.get("settings") or {})
    actions = [cls.action_from_dict(a) for a in data["actions"]]
    return replay(cls, int(data["players"]), int(data["seed"]), settings, actions)
