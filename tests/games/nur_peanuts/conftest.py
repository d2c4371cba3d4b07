"""Helpers for the Nur Peanuts! tests, kept in one place.

Scenarios start a real game, play its preliminary round, then set the few parts of the table a
rule needs (where each pawn and stone stands, who owns what, who holds how much) and begin a
round from there, so each test reads like the situation it describes. `load` puts chosen faces
on the dice; `play_random` drives whole games with random legal and illegal actions for the
property tests, checking that every refusal changed nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from peanutclub.games.nur_peanuts.engine import (
    FIELDS,
    Action,
    Buy,
    Dice,
    Engine,
    Event,
    NextRound,
    Owner,
    Park,
    Pass,
    Phase,
    Piece,
    Place,
    RuleError,
    StoneStep,
    ThrowDice,
    public_view,
)
from peanutclub.games.nur_peanuts.engine.board import STANDARD

VALUE_AT = {v: f for f, v in enumerate(STANDARD)}


def field_of(value: int) -> int:
    """The standard board's field worth `value` Peanuts (2400 -> 0, 800 -> 1, ...)."""
    return VALUE_AT[value]


class Loaded:
    """Dice that fall as told: each throw takes the next faces from the list given.

    A face is what the die shows; the black die shows 1, 2 or 3."""

    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = list(faces)

    def randrange(self, n: int) -> int:
        assert n == 6
        return self.faces.pop(0)  # a white die's index is its face


class LoadedBlack(Loaded):
    def randrange(self, n: int) -> int:
        face = self.faces.pop(0)
        return (face - 1) * 2  # the black die's faces are 1, 1, 2, 2, 3, 3


def load(game: Engine, *faces: int) -> None:
    """The next white dice show `faces`, in order (two white dice take two faces)."""
    game.rng = Loaded(faces)  # type: ignore[assignment]


def load_black(game: Engine, *faces: int) -> None:
    game.rng = LoadedBlack(faces)  # type: ignore[assignment]


def preliminary(game: Engine, choose: Callable[[Engine, int], int] | None = None) -> list[Event]:
    """Play the preliminary round: each buyer takes `choose(game, seat)`, by default the most
    valuable field still for sale."""
    events: list[Event] = []
    while game.phase is Phase.BUYING:
        seat = game.order[game.purchases]
        field = choose(game, seat) if choose else max(game.for_sale(), key=lambda f: game.values[f])
        events += game.apply(Buy(seat, field))
    return events


def arrange(
    players: int,
    pawns: dict[int, int],
    stones: Iterable[int] = (),
    owners: dict[int, Owner] | None = None,
    cash: dict[int, int] | None = None,
    seed: int = 0,
) -> Engine:
    """A game at the start of a round with pawns (seat -> field), stones (fields), owners
    (field -> seat or "bank") and cash as given; the round then begins as the rules say."""
    game = Engine(players, seed)
    preliminary(game)
    game.owners = [None] * FIELDS
    for field, owner in (owners or {}).items():
        game.owners[field] = owner
    game.pawns = {s: Piece(f"pawn-{s}", s, f, Place.START) for s, f in pawns.items()}
    game.stones = [Piece(f"stone-{i}", None, f, Place.START) for i, f in enumerate(stones)]
    game.cash = [(cash or {}).get(s, 5000) for s in range(players)]
    game.bank_takings = 0
    game.bumped = [False] * players
    game.turn = None
    game.phase = Phase.ROUND_OVER
    game.winner_may_buy = False
    game.round_result = None
    game.apply(NextRound())
    return game


def piece(game: Engine, piece_id: str) -> Piece:
    return next(p for p in game.pieces() if p.id == piece_id)


def throw(game: Engine, dice: Dice, *faces: int) -> list[Event]:
    """The player to move throws `dice`, which fall as `faces`."""
    assert game.turn is not None
    if dice is Dice.BLACK:
        load_black(game, *faces)
    else:
        load(game, *faces)
    return game.apply(ThrowDice(game.turn.seat, dice))


def park(game: Engine) -> list[Event]:
    assert game.turn is not None
    return game.apply(Park(game.turn.seat))


def move_and_park(game: Engine, faces: tuple[int, int]) -> list[Event]:
    """The player to move throws two white dice showing no 0 and parks."""
    return throw(game, Dice.TWO_WHITE, *faces) + park(game)


def stones_until(game: Engine, phase: Phase, faces: Iterable[int]) -> list[Event]:
    """Step the stones with dice `faces` until the game reaches `phase`."""
    load(game, *faces)
    events: list[Event] = []
    while game.phase is Phase.STONES:
        events += game.apply(StoneStep())
    assert game.phase is phase
    return events


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


# ----------------------------------------------------------------------------- random play


def snapshot(game: Engine) -> Any:
    """Everything a refusal must leave alone (the view built afresh, not the memo)."""
    game.view_cache = None
    return (
        public_view(game),
        game.rng.getstate(),
        list(game.cash),
        list(game.owners),
        [(p.id, p.field, p.place) for p in game.pieces()],
        game.version,
    )


def random_action(game: Engine, rng: random.Random, park: float = 0.55) -> Action:
    """Mostly a legal action, sometimes anything at all (to check refusals); after a throw the
    pawn parks with chance `park`."""
    seats = range(game.players)
    if rng.random() < 0.15:
        return rng.choice(
            [
                Buy(rng.choice(seats), rng.randrange(-2, FIELDS + 2)),
                Pass(rng.choice(seats)),
                ThrowDice(rng.choice(seats), rng.choice(list(Dice))),
                Park(rng.choice(seats)),
                StoneStep(),
                NextRound(),
            ]
        )
    if game.phase is Phase.TURNS:
        assert game.turn is not None
        seat = game.turn.seat
        if game.turn.thrown and rng.random() < park:
            return Park(seat)
        return ThrowDice(seat, rng.choice(list(Dice)))
    buyer = game.buyer
    if buyer is not None:
        fields = game.affordable(buyer)
        if fields and (game.phase is Phase.BUYING or rng.random() < 0.7):
            return Buy(buyer, rng.choice(fields))
        return Pass(buyer)
    action = game.clock_action()
    assert action is not None
    return action


def play_random(
    players: int,
    seed: int,
    check: Callable[[Engine, Action, list[Event]], None] | None = None,
    max_actions: int = 20_000,
) -> Engine:
    """A whole random game; every refused action is checked to have changed nothing."""
    rng = random.Random(seed)
    game = Engine(players, seed, "random" if seed % 3 == 0 else "standard")
    park = 0.9 if seed % 2 else 0.55  # cautious tables play long games, reckless ones go broke
    for _ in range(max_actions):
        if game.phase is Phase.OVER:
            return game
        action = random_action(game, rng, park)
        before = snapshot(game)
        try:
            events = game.apply(action)
        except RuleError:
            assert snapshot(game) == before, f"{action} was refused but changed the game"
            continue
        if check is not None:
            check(game, action, events)
    raise AssertionError("the game did not end")
