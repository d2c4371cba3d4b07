"""The one timed driver: a real room on a manual clock and the memory store plays the tools'
games, and no tool keeps a clock of its own.

A tournament that ran its own copy of the room's clock could drift from what a table does (a
clock set again at another moment, an arrival time not stamped, a refusal not recorded); the
driver hands every action to `Room.act` and lets the room's clock fire, so a driven game is a
room's game: its log, replayed, is the same game.
"""

from __future__ import annotations

import ast
import asyncio
import inspect
from pathlib import Path
from typing import Any, cast

import pytest

from peanutclub import tournament
from peanutclub.core import Game
from peanutclub.driver import Stalled, TimedTable, play_table
from peanutclub.games import GAMES
from peanutclub.server.clock import ManualClock, TimerCallback
from peanutclub.server.room import Room
from peanutclub.server.settings import ServerSettings
from tests.server.toy_game import FirstBot, Take, TakeAway

#: The games production lists (the tests may add theirs for a while).
LISTED = frozenset(GAMES)


def _clock_readers(path: Path) -> list[str]:
    """The lines of a module that read a game's clock (`.timer()`) or its version: what only
    the room may do."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Attribute) and node.attr in ("timer", "version"):
            found.append(f"{path.name}:{node.lineno} .{node.attr}")
    return found


def test_no_tournament_keeps_a_clock_of_its_own() -> None:
    """One tournament serves every game, and it reads no game's clock; no game keeps a
    tournament module of its own (one did once, with a copy of the room's clock)."""
    assert _clock_readers(Path(inspect.getfile(tournament))) == []
    for cls in GAMES.values():
        assert not (Path(inspect.getfile(cls)).parent / "tournament.py").exists()


def _drive(cls: type[Game]) -> tuple[TimedTable, Room, list[dict[str, Any]]]:
    """Bots of the game's first level play a whole game at the driver's room; the room rebuilt
    from its log comes back with it."""
    players = cls.players.start
    level = next(iter(cls.bots))
    events: list[dict[str, Any]] = []

    async def play() -> tuple[TimedTable, Room]:
        table = TimedTable(cls, players, 11, on_events=events.extend)
        await table.open()
        for seat in range(players):
            table.seat_player(seat, cls.bots[level](seat, 11))
        await table.play(6 * 3600.0)
        loaded = await table.store.load(table.record.code)
        assert loaded is not None
        record, entries = loaded
        GAMES.setdefault(cls.id, cls)  # the restore finds the game in the registry
        try:
            return table, Room.restore(record, entries, ServerSettings(), table.store, table.clock)
        finally:
            if GAMES[cls.id] is cls and cls.id not in LISTED:
                del GAMES[cls.id]

    table, again = asyncio.run(play())
    return table, again, events


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_driven_game_is_a_room_game_its_log_replays(game: str) -> None:
    """The room's log of a driven game, read back by `Room.restore`, rebuilds the same finished
    game, and the room's clock and fan-out ran."""
    table, again, events = _drive(GAMES[game])
    assert table.over and again.game is not None and again.game.over
    assert again.game.public_view() == table.game.public_view()
    assert table.now > 0 and events  # time passed and the watcher heard the changes


def test_a_game_no_registry_lists_is_driven_and_the_registry_left_alone() -> None:
    """The tests' fourth game, declared in one file and listed nowhere, plays at the driver."""
    # mypy does not take the toy class for a `Game` (test_fourth_game.py meets it too)
    table, again, _ = _drive(cast("type[Game]", TakeAway))
    assert table.over and again.game is not None and again.game.over
    assert TakeAway.id not in GAMES


def test_a_game_nobody_moves_on_is_reported_stalled() -> None:
    """Peanut Club waits for a bid with no clock running: with nobody acting, nothing is due."""
    cls = GAMES["peanut-club"]

    async def play() -> None:
        table = TimedTable(cls, 3, 1)
        await table.open()
        await table.play(3600.0)

    with pytest.raises(Stalled):
        asyncio.run(play())


def test_the_manual_clock_steps_to_the_next_timer_still_set() -> None:
    """`step` runs the earliest timer not cancelled, moving time to it and no further."""
    clock = ManualClock(start=100.0)
    ran: list[tuple[str, float]] = []

    def mark(name: str) -> TimerCallback:
        async def run() -> None:
            ran.append((name, clock.time()))

        return run

    clock.call_later(5.0, mark("late"))
    clock.call_later(1.0, mark("cancelled")).cancel()
    clock.call_later(2.0, mark("early"))
    assert clock.next_due() == 102.0

    async def steps() -> list[float | None]:
        return [await clock.step(), await clock.step(), await clock.step()]

    assert asyncio.run(steps()) == [102.0, 105.0, None]
    assert ran == [("early", 102.0), ("late", 105.0)]


class _Eager:
    """Takes one token at every look, its turn or not (the room refuses it out of turn)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def decide(self, view: dict[str, Any]) -> Take:
        return Take(self.seat, 1)


class _Meddler:
    """Speaks only for seat 0: never for its own seat, so the clock takes for it."""

    def decide(self, view: dict[str, Any]) -> Take:
        return Take(0, 1)


def test_the_driver_counts_its_players_actions_and_refusals() -> None:
    """What the timed simulator reports as `Played`: the players' accepted actions, their
    refusals by the room's code, and an action for another seat as `not_seated` (as the untimed
    loop counts it); the clock's takes are changes the players did not make."""
    takes: list[int] = []

    def heard(events: list[dict[str, Any]]) -> None:
        takes.extend(e["seat"] for e in events if e["type"] == "take")

    async def play() -> TimedTable:
        players = [_Eager(0), FirstBot(1, 3), _Meddler()]
        game = cast("type[Game]", TakeAway)
        return await play_table(game, players, 3, on_events=heard)

    table = asyncio.run(play())
    assert table.over and 2 in takes  # the clock took for the meddler
    assert table.actions == sum(1 for seat in takes if seat != 2)
    assert table.refused["not_your_turn"] > 0 and table.refused["not_seated"] > 0
    assert set(table.refused) == {"not_your_turn", "not_seated"}
