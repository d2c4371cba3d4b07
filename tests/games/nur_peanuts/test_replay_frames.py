"""Same bytes to every seat: the speed work on Nur Peanuts!' views must not change one frame.

The views, odds and patches were made cheaper to build (issue 30), and each step must send
exactly what the code before it sent. This test records the bench's games in a room, replays
them in a fresh room of four seats (as the in-process replay does), and compares a digest of
each seat's stream of frames with the one recorded from main's code. Welcomes are left out:
they hold each seat's random resume token.

How the digests were made: this file's `digests()` run on branch main at 282577e (before this
pass's steps), printed from `python -c "from tests.games.nur_peanuts.test_replay_frames
import digests; print(digests())"`. A change that sends other bytes must say why and record
the new digests here.
"""

from __future__ import annotations

import asyncio
import hashlib
from unittest import mock

from peanutclub.bench import inprocess
from peanutclub.bench.inprocess import Sink, record_games, replay, table
from peanutclub.server.clock import ManualClock
from peanutclub.server.store import MemoryStore

#: Games recorded, then replayed: every phase (buying, turns, stones, a round's end, a
#: purchase, the game's end, a rematch).
GAMES = 2

#: sha256 of each seat's frames (welcomes aside), seat 0 first, recorded on main at 282577e.
RECORDED = [
    "1fa5fb13513294d2337b9490745b5ac88d9c5b7dede733345650a0ff3b4abf71",
    "39d7edd21ef6423fe59b31db604c89461c632fbafcf538ec78612b3b68a9de48",
    "3f414d765919f043be8993f07352573c3a2afc341c05b8b4934c8fd1e33dba87",
    "a3b9675b235b3fce7d992bc1e6cddfe2827580b0d7cc33aea2428514c01f44fa",
]


class Digest(Sink):
    """A viewer that also hashes every frame it is sent but its welcome."""

    __slots__ = ("hash",)

    def __init__(self) -> None:
        super().__init__()
        self.hash = hashlib.sha256()

    def send(self, frame: bytes) -> None:
        super().send(frame)
        if not frame.startswith(b'{"type":"welcome"'):
            self.hash.update(frame)
            self.hash.update(b"\n")


def digests() -> list[str]:
    """Each seat's digest of a replayed room's frames, seat 0 first."""

    async def body() -> list[str]:
        clock, store = ManualClock(), MemoryStore()
        recorder, sinks = await table(store, clock, "REC", "nur-peanuts")
        steps = await record_games(recorder, sinks, clock, GAMES, "nur-peanuts")
        with mock.patch.object(inprocess, "Sink", Digest):  # the table's seats hash too
            room, viewers = await table(store, clock, "PLAY", "nur-peanuts")
        await replay(room, viewers, clock, steps)
        assert all(isinstance(viewer, Digest) and not viewer.errors for viewer in viewers)
        return [viewer.hash.hexdigest() for viewer in viewers if isinstance(viewer, Digest)]

    return asyncio.run(body())


def test_every_seat_is_sent_the_same_frames_as_before() -> None:
    assert digests() == RECORDED
