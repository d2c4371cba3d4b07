"""What the proofs every game must pass (fuzzing, leak scans, a SIGKILL, the soak) need to know of
each game, and nothing more: its quiet and quick tables, its whole state (secrets included) to
compare, its conservation laws, the ids a client may name, and the secrets a frame must not show.

One `Proofs` per game in `PROOFS`; the tests take them as a parameter, so a fourth game is one
entry more here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from peanutclub.core import Game, replay
from peanutclub.games import find_game
from peanutclub.games.nur_peanuts.engine import FIELDS, START_CASH
from peanutclub.games.peanuts.engine.cards import CARDS_PER_DECK
from peanutclub.server.store import LogEntry, games_in_log

from .support import conservation_problems

#: Keys that carry a Peanut Club seat's secrets: only its own `you` may hold them before the end.
SECRET_KEYS = ("hand", "hands", "collector", "collectors")


# ----------------------------------------------------------------------------- Peanut Club


def _club_reveal(game: Any) -> dict[str, Any]:
    result: dict[str, Any] = game.engine.reveal()
    return result


def _club_conservation(game: Any) -> list[str]:
    return conservation_problems(game.engine)


def _club_ids(game: Any) -> list[int]:
    return [card.id for hand in game.engine.hands for card in hand]


def _club_secrets(message: dict[str, Any], viewer: int | None, game: Any) -> list[str]:
    """A hand or a collector outside the viewer's own `you`, or another seat's card in a hand.

    `game` is the game at the moment the frame shows; at the end everything is revealed."""
    if game.over:
        return []
    engine = game.engine
    hidden = {c.id for s, hand in enumerate(engine.hands) if s != viewer for c in hand}
    found: list[str] = []
    # The view's own top-level keys are the roots (`you` among them), the frame's others too.
    rest = {k: v for k, v in message.items() if k != "state"}
    stack: list[tuple[str, Any]] = [("", rest), ("", message.get("state"))]
    while stack:
        root, value = stack.pop()
        if isinstance(value, dict):
            if "currency" in value and "value" in value and value.get("id") in hidden:
                found.append(f"hand card {value['id']} under {root!r}")
            if root != "you":
                found += [f"{key} under {root!r}" for key in SECRET_KEYS if key in value]
            stack.extend((root or key, item) for key, item in value.items())
        elif isinstance(value, list):
            stack.extend((root, item) for item in value)
    you = message.get("state", {}).get("you")
    if you is not None and you.get("seat") != viewer:
        found.append(f"the `you` of seat {you.get('seat')} sent to {viewer}")
    return found


# ----------------------------------------------------------------------------- Peanuts!


def _race_reveal(game: Any) -> dict[str, Any]:
    engine = game.engine

    def ids(cards: list[Any]) -> list[int]:
        return [c.id for c in cards]

    return {
        "view": game.public_view(),
        "you": [game.private_view(s) for s in range(game.seat_count)],
        "layouts": {
            deck: [ids(lay.peanuts), ids(lay.stock), ids(lay.waste), *map(ids, lay.building)]
            for deck, lay in engine.layouts.items()
        },
        "log": len(engine.log),
        "changes": (engine.changes, engine.clock_version, engine.rotations),
        "rng": engine.rng.getstate(),
    }


def _race_conservation(game: Any) -> list[str]:
    """Each deck's 52 cards, each exactly once, across its layout and the foundations."""
    engine = game.engine
    problems = []
    for deck in engine.decks:
        found = Counter(c.id for c in engine.layouts[deck].all_cards())
        found.update(c.id for f in engine.foundations for c in f.cards if c.deck == deck)
        dealt = Counter(range(deck * CARDS_PER_DECK, (deck + 1) * CARDS_PER_DECK))
        if found != dealt:
            problems.append(
                f"deck {deck}: {sorted((found - dealt).elements())} made, "
                f"{sorted((dealt - found).elements())} lost"
            )
    return problems


def _race_ids(game: Any) -> list[int]:
    return list(range(len(game.engine.decks) * CARDS_PER_DECK + 3))  # face-down ones too


def _race_secrets(message: dict[str, Any], viewer: int | None, game: Any) -> list[str]:
    """A face-down card (a peanuts pile under its top, a stock) named anywhere in the frame."""
    from tests.games.peanuts.test_races import cards_in  # that test's scan, for every frame

    shown: set[int] = set()
    cards_in(message, shown)
    return [f"face-down card {card}" for card in sorted(shown & game.engine.face_down_ids())]


# ----------------------------------------------------------------------------- Nur Peanuts!


def _dice_reveal(game: Any) -> dict[str, Any]:
    engine = game.engine
    return {
        "view": game.public_view(),
        "log": len(engine.log),
        "version": engine.version,
        "rng": engine.rng.getstate(),
    }


def _dice_conservation(game: Any) -> list[str]:
    """Money between the players and the bank; a field has at most one owner."""
    engine = game.engine
    problems = []
    if sum(engine.cash) + engine.bank_takings != START_CASH * engine.players:
        problems.append(f"money: {engine.cash} + bank {engine.bank_takings}")
    if any(cash < 0 for cash in engine.cash):
        problems.append(f"negative cash: {engine.cash}")
    view = game.public_view()
    held = [f for p in view["players"] for f in p["fields"]] + view["bank"]["chips"]
    if len(held) != len(set(held)):
        problems.append(f"a field held twice: {sorted(held)}")
    for field in view["board"]:
        holders = [p["seat"] for p in view["players"] if field["index"] in p["fields"]]
        holders += ["bank"] if field["index"] in view["bank"]["chips"] else []
        if holders != ([] if field["owner"] is None else [field["owner"]]):
            problems.append(f"field {field['index']}: owner {field['owner']}, held by {holders}")
    return problems


def _dice_ids(game: Any) -> list[int]:
    return list(range(-1, FIELDS + 1))


def _no_secrets(message: dict[str, Any], viewer: int | None, game: Any) -> list[str]:
    """Nothing in Nur Peanuts! is secret but the seat tokens (checked for every game)."""
    return []


# ----------------------------------------------------------------------------- the registry


@dataclass(frozen=True)
class Proofs:
    """One game as the proofs see it."""

    id: str
    #: A table where no clock moves on its own while the fuzzer works (development bounds).
    quiet: dict[str, Any]
    #: Clocks that only start after an accepted action and end at once (a lot called, stones
    #: thrown, the next round dealt): with these, fair moves carry a game through its phases.
    steps: dict[str, Any]
    #: A table whose bots finish a whole game in seconds.
    quick: dict[str, Any]
    #: The game's whole state, secrets included: equal states are the same game.
    reveal: Callable[[Any], dict[str, Any]]
    conservation: Callable[[Any], list[str]]
    #: Ids a client may name in a move (cards or fields), other seats' and hidden ones too.
    ids: Callable[[Any], list[int]]
    #: What a frame shows that `viewer` must not see now (`game` as the frame shows it).
    secrets: Callable[[dict[str, Any], int | None, Any], list[str]]
    #: deadline_kind -> the setting that says how long that clock runs.
    clocks: dict[str, str]

    @property
    def game(self) -> type[Game]:
        return find_game(self.id)

    def apply_patch(self, view: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
        """A view brought up to date by a patch, by the game's own rule (its soak's)."""
        return self.game.tools.soak().apply_patch(view, patch)

    def replay_log(self, entries: list[LogEntry], settings: Any) -> list[Game]:
        """Every game of a room's log, rebuilt through the game from its seed and actions."""
        cls = self.game
        return [
            replay(cls, players, seed, settings, [cls.action_from_dict(a) for a in actions])
            for players, seed, actions in games_in_log(entries)
        ]


PROOFS = [
    Proofs(
        id="peanut-club",
        quiet={"going_step_seconds": 60, "idle_seconds": 0, "pay_seconds": 60},
        steps={"going_step_seconds": 0.01},
        quick={"going_step_seconds": 0.01, "idle_seconds": 0.05, "pay_seconds": 0.1},
        reveal=_club_reveal,
        conservation=_club_conservation,
        ids=_club_ids,
        secrets=_club_secrets,
        clocks={"going": "going_step_seconds", "idle": "idle_seconds", "pay": "pay_seconds"},
    ),
    Proofs(
        id="peanuts",
        quiet={
            "countdown_seconds": 0,
            "stall_seconds": 3000,
            "between_rounds_seconds": 3000,
        },
        steps={"between_rounds_seconds": 0.01},
        quick={
            "countdown_seconds": 0,
            "stall_seconds": 1,
            "between_rounds_seconds": 0,
            "target_score": 20,
        },
        reveal=_race_reveal,
        conservation=_race_conservation,
        ids=_race_ids,
        secrets=_race_secrets,
        clocks={
            "countdown": "countdown_seconds",
            "stall": "stall_seconds",
            "next_round": "between_rounds_seconds",
        },
    ),
    Proofs(
        id="nur-peanuts",
        quiet={"turn_seconds": 3000, "stone_step_seconds": 3000, "between_rounds_seconds": 3000},
        steps={"stone_step_seconds": 0.01, "between_rounds_seconds": 0.01},
        quick={"turn_seconds": 0.05, "stone_step_seconds": 0.005, "between_rounds_seconds": 0.01},
        reveal=_dice_reveal,
        conservation=_dice_conservation,
        ids=_dice_ids,
        secrets=_no_secrets,
        clocks={
            "turn": "turn_seconds",
            "stone": "stone_step_seconds",
            "next_round": "between_rounds_seconds",
        },
    ),
]
BY_ID = {p.id: p for p in PROOFS}
