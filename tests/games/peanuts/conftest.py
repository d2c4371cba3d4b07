"""Helpers for the race's tests: cards by name, tables laid out by hand, refusals that must
change nothing."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from peanutclub.core import RuleError
from peanutclub.games.peanuts.engine import (
    Card,
    Engine,
    Foundation,
    Layout,
    StartPlay,
    Suit,
    card_from_id,
    card_id,
)

RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}
SUIT_LETTERS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}


def c(name: str, deck: int = 0) -> Card:
    """A card by its name: rank then suit letter ("10H", "AS", "KD"), of `deck`."""
    return card_from_id(card_id(deck, SUIT_LETTERS[name[-1]], RANKS[name[:-1]]))


def cards(names: str, deck: int = 0) -> list[Card]:
    """Space-separated card names, bottom first."""
    return [c(n, deck) for n in names.split()]


def rig(
    game: Engine,
    deck: int,
    *,
    peanuts: str = "",
    building: tuple[str, str, str, str] = ("", "", "", ""),
    stock: str = "",
    waste: str = "",
) -> Layout:
    """Lay one deck out by hand (piles bottom first, top last)."""
    layout = Layout(
        deck,
        cards(peanuts, deck) if peanuts else [],
        [cards(p, deck) if p else [] for p in building],
        cards(stock, deck) if stock else [],
        cards(waste, deck) if waste else [],
    )
    game.layouts[deck] = layout
    return layout


def found(game: Engine, names: str, deck: int = 0) -> Foundation:
    """A foundation laid by hand (its cards all of `deck`), added to the middle."""
    pile = cards(names, deck)
    foundation = Foundation(len(game.foundations), pile[0].suit, pile, {deck: len(pile)})
    game.foundations.append(foundation)
    game.played[deck] += len(pile)
    return foundation


def playing(players: int = 2, seed: int = 1, **kwargs: Any) -> Engine:
    """A game whose first round's count-down is over."""
    game = Engine(players, seed, **kwargs)
    game.apply(StartPlay())
    return game


def snapshot(game: Engine) -> tuple[Any, ...]:
    return (game.reveal(), game.changes, game.clock_version, len(game.log), game.phase)


@contextmanager
def refused(game: Engine, code: str) -> Iterator[None]:
    """The block must raise the refusal `code` and leave the game exactly as it was."""
    before = snapshot(game)
    with pytest.raises(RuleError) as caught:
        yield
    assert caught.value.code == code, caught.value
    assert snapshot(game) == before


def ids(pile: list[Card]) -> list[int]:
    return [card.id for card in pile]


# ---------------------------------------------------------------------------- whole games


def bot_game(
    players: int,
    seed: int,
    levels: str | tuple[str, ...] = "normal",
    settings: Any = None,
    step: Any = None,
) -> Any:
    """Play a whole game through the plug-in, bots only, as the simulator does (the clock fires
    when no bot acts); `step(game, action, outcome)` is called after every accepted action."""
    import random

    from peanutclub.games.peanuts import Peanuts
    from tests.games.bot_table import first_accepted, seat_views

    table = Peanuts(players, seed, settings or Peanuts.Settings())
    names = (levels,) * players if isinstance(levels, str) else levels
    bots = [Peanuts.bots[names[s % len(names)]](s, seed) for s in range(players)]
    order = random.Random(seed)
    while not table.over:
        seats = list(range(players))
        order.shuffle(seats)
        accepted = first_accepted(table, bots, seats, seat_views(table))
        if accepted is None:
            timer = table.timer()
            assert timer is not None
            applied = timer.action
            outcome = table.apply(applied)
        else:
            applied, outcome = accepted.action, accepted.applied
        if step is not None:
            step(table, applied, outcome)
    return table
