"""What the hardening tests share: a server whose store they can read, running coroutines off the
main thread, and the conservation checks run on a game."""

from __future__ import annotations

import asyncio
import os
import sys
from collections import Counter
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from peanutclub.games.peanut_club.engine import Engine, Phase, action_from_dict
from peanutclub.server import ServerSettings, create_app
from peanutclub.server.store import LogEntry, MemoryStore, games_in_log
from tests.persistence.procs import Server, free_port

T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T], timeout: float = 120) -> T:
    """Run a coroutine on a thread of its own, with an overall limit: the browser tests keep an
    event loop running on the main thread during a full run."""

    async def bounded() -> T:
        return await asyncio.wait_for(coro, timeout)

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, bounded()).result()


@dataclass
class Served:
    """A running server, the app's shared state and its store (both in this process)."""

    server: Any  # tests.server.harness.RunningServer
    app: Any
    store: MemoryStore
    loop: asyncio.AbstractEventLoop

    @property
    def rooms(self) -> Any:
        return self.app.state.peanutclub.rooms

    def on_server(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run a coroutine on the server's own loop (to read a room without racing its writer)."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(10)

    def log(self, code: str) -> list[LogEntry]:
        return list(self.store.logs[code])


@contextmanager
def serve_with_store(settings: ServerSettings, store: MemoryStore) -> Iterator[Served]:
    from server.harness import serve_app

    app = create_app(settings, store=store)
    with serve_app(app, settings, log_level="critical") as (running, loop):
        yield Served(running, app, store, loop)


@dataclass
class ServedAsUsersRunIt(Server):
    """`peanutclub serve` as its users run it (no `--dev`), on its own file, with `extra`
    settings in its environment; its output goes to `log`."""

    extra: dict[str, str] = field(default_factory=dict)

    def command(self) -> list[str]:
        return [sys.executable, "-m", "peanutclub", "serve", "--port", str(self.port)]

    def environment(self) -> dict[str, str]:
        return {**os.environ, "PEANUTCLUB_DB": str(self.db), **self.extra}


@contextmanager
def served_as_users_run_it(tmp_path: Path, **extra: str) -> Iterator[ServedAsUsersRunIt]:
    server = ServedAsUsersRunIt(
        tmp_path / "rooms.db", free_port(), tmp_path / "server.log", extra=extra
    )
    server.start()
    try:
        yield server
    finally:
        server.stop()


def replay_log(entries: list[LogEntry]) -> list[Engine]:
    """Every game of a room's log, rebuilt through the engine from its seed and actions."""
    return [
        Engine.replay(players, seed, [action_from_dict(a) for a in actions])
        for players, seed, actions in games_in_log(entries)
    ]


def conservation_problems(game: Engine) -> list[str]:
    """Every currency card and every object is in exactly one place: none made, none lost.

    The cards dealt at the start (the same seed deals the same hands) are now in a hand or among
    the paid cards, each once; every object of the deck but the refresh card is in the pile, on
    the table, discarded or won, each once.
    """
    problems = []
    dealt = Counter(c.id for hand in Engine(game.players, game.seed, game.deck).hands for c in hand)
    now = Counter(c.id for hand in game.hands for c in hand)
    now.update(c.id for _, c in game.paid)
    if now != dealt:
        problems.append(
            f"cards: {sorted((now - dealt).elements())} made, "
            f"{sorted((dealt - now).elements())} lost"
        )
    deck = Counter(o.id for o in game.deck.cards() if not o.refresh)
    objects = Counter(o.id for o in [*game.pile, *game.lot, *game.discarded] if not o.refresh)
    objects.update(o.id for won in game.won for o in won)
    if objects != deck:
        problems.append(
            f"objects: {sorted((objects - deck).elements())} made, "
            f"{sorted((deck - objects).elements())} lost"
        )
    if game.phase is Phase.OVER and game.lot:
        problems.append("a lot left on the table at the end")
    return problems
