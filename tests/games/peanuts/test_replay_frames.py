"""Same bytes to every seat: the speed work on Peanuts!' views must not change one frame.

A card's move, a flip and the other patches were made cheaper to build, encode and send
(issue 30), and each step must send exactly what the code before it sent. This test records
the bench's games in a room, replays them in a fresh room of four seats (as the in-process
replay does), and compares a digest of each seat's stream of frames with the one recorded from
main's code. Welcomes are left out: they hold each seat's random resume token.

How the digests were made: this file's `digests()` run on branch main at c618fe2 (before this
pass's steps), printed from `python -c "from tests.games.peanuts.test_replay_frames
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

#: Games recorded, then replayed: every phase (the countdown, play, a round's end, the next
#: round, the game's end, a rematch).
GAMES = 2

#: sha256 of each seat's frames (welcomes aside), seat 0 first, recorded on main at c618fe2.
RECORDED = [
    "8e0bbad4cd95555c22be3bba8bfd1ed1b4a9db669e6fdbf037c7b00e6e808ef8",
    "9cacfad20b3c9a2d5a14f943cf44bb900ab6fe5c0b62f7b945c93997a2e88e13",
    "5e7c1b77597ba60a0d8918620353056509eb68bda063b2ecfb78b989ba34ce1c",
    "36b31262b9994c5e170c7f07295d3c8a8db5fb75c2dee4f03cba7c1d2dd6166a",
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
        recorder, sinks = await table(store, clock, "REC", "peanuts")
        steps = await record_games(recorder, sinks, clock, GAMES, "peanuts")
        with mock.patch.object(inprocess, "Sink", Digest):  # the table's seats hash too
            room, viewers = await table(store, clock, "PLAY", "peanuts")
        await replay(room, viewers, clock, steps)
        assert all(isinstance(viewer, Digest) and not viewer.errors for viewer in viewers)
        return [viewer.hash.hexdigest() for viewer in viewers if isinstance(viewer, Digest)]

    return asyncio.run(body())


def test_every_seat_is_sent_the_same_frames_as_before() -> None:
    assert digests() == RECORDED
