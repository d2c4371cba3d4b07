"""A finished game must be freed as soon as its room lets go of it, without the cyclic collector:
the server runs full collections rarely (`tune_gc`), so a game that is part of a reference cycle
keeps its whole log in memory long after its room moved on (a soak saw the memory of Nur Peanuts!
rooms climb by megabytes a minute)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Union

import pytest
from pydantic import TypeAdapter

from peanutclub.bench.load import seats_of, strategy
from peanutclub.core import Game, Message
from peanutclub.games import GAMES


@contextmanager
def collector_off() -> Iterator[None]:
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def moves_of(game_class: type[Game]) -> TypeAdapter[Message]:
    """A parser of the game's moves, made here: pydantic keeps the namespace of the frame that
    makes an adapter, which in the test would hold the game it watches."""
    return TypeAdapter(Union[game_class.moves])  # noqa: UP007


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_game_is_freed_without_the_collector(game_id: str) -> None:
    game_class = GAMES[game_id]
    with collector_off():
        game = game_class(seats_of(game_id), 3, game_class.Settings())
        engine = getattr(game, "engine", game)
        # Moves as the bench's clients choose them, or the game's own clock when nobody moves.
        recorder = strategy(game_id).recorder()
        moves = moves_of(game_class)
        applied = 0
        for _ in range(300):
            if game.over:
                break
            move = recorder.next(game)
            if move is not None:
                seat, message = move
                action = moves.validate_python(message).to_action(seat, seat == 0)
            else:
                timer = game.timer()
                if timer is None:
                    break
                action = timer.action
            game.apply(action)
            game.public_view()
            for seat in range(game.seat_count):
                game.private_view(seat)
            applied += 1
        assert applied, "the clock played nothing: the test would prove nothing"
        gone = weakref.ref(game), weakref.ref(engine)
        del game, engine, recorder
        assert [ref() for ref in gone] == [None, None]
