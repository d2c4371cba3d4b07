"""Writes `schema3.db` with the store as it was before rooms named their game (commit 63f1c67).

Run it against a checkout of that commit, never this one:

    git worktree add /tmp/old 63f1c67
    cd tests/persistence/data && PYTHONPATH=/tmp/old python make_schema3.py schema3.db

Room `OLDG`: Ada (host), Bob and Cy with tokens `tok-0` to `tok-2`, seed 4242, 40 actions of
normal bots. Room `OLDL`: Dee alone in the lobby.
"""

import asyncio
import itertools
import sys
from pathlib import Path
from typing import Any

from peanutclub.bots import make_bot  # type: ignore[import-not-found]
from peanutclub.engine import RuleError, private_view, public_view  # type: ignore[import-not-found]

from peanutclub.server import room as room_module
from peanutclub.server.clock import ManualClock
from peanutclub.server.room import Room
from peanutclub.server.settings import ServerSettings
from peanutclub.server.sqlite_store import SqliteStore
from peanutclub.server.store import RoomRecord

PACE = {"going_step_seconds": 2, "idle_seconds": 8, "pay_seconds": 60}
tokens = (f"tok-{i}" for i in itertools.count())
room_module.new_token = lambda: next(tokens)  # type: ignore[attr-defined]


class Quiet:
    """A connection that keeps nothing."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.host = False

    def send(self, frame: bytes) -> None:
        pass

    def close(self, code: int, reason: str) -> None:
        pass


async def main(path: Path) -> None:
    path.unlink(missing_ok=True)
    store = await SqliteStore.open(path)
    clock, settings = ManualClock(), ServerSettings()
    record = RoomRecord("OLDG", "host-old", 1.0, PACE, fixed_seed=4242)  # type: ignore[arg-type]
    await store.create_room(record)
    room: Any = Room(record, settings, store, clock)  # type: ignore[arg-type]
    viewers = [Quiet(), Quiet(), Quiet()]
    for viewer, name in zip(viewers, ["Ada", "Bob", "Cy"], strict=True):
        await room.join(viewer, name, "host-old" if name == "Ada" else None, None)
    await room.start(viewers[0], None)
    bots = [make_bot("normal", seat, 4242) for seat in range(3)]
    game = room.game
    while len(game.log) < 40:
        for seat in range(3):
            action = bots[seat].decide({**public_view(game), "you": private_view(game, seat)})
            if action is None:
                continue
            try:
                await room.act(seat, action)
            except RuleError:
                continue
            break
        else:
            await room.act(None, game.auctioneer_action())
    lobby = RoomRecord("OLDL", "host-l", 2.0, PACE)  # type: ignore[arg-type]
    await store.create_room(lobby)
    await Room(lobby, settings, store, clock).join(Quiet(), "Dee", "host-l", None)  # type: ignore[arg-type]
    await store.close()


asyncio.run(main(Path(sys.argv[1])))
