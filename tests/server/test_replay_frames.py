"""Same bytes to every seat: the speed work on the views must not change one frame.

The views, patches and their encoding were made cheaper to build (issue 30), and each step must
send exactly what the code before it sent. This test records the bench's games of each game in a
room, replays them in a fresh room of the bench's table (as the in-process replay does), and
compares a digest of each seat's stream of frames with the one recorded from the code before
those steps. Welcomes are left out: they hold each seat's random resume token.

How the digests were made: this file's `digests(game)` run at 282577e (before those steps),
printed from `python -c "from tests.server.test_replay_frames import digests;
print(digests('peanuts'))"`. A change that sends
other bytes must say why and record the new digests here.
"""

from __future__ import annotations

import asyncio
import hashlib
from unittest import mock

import pytest

from peanutclub.bench import inprocess
from peanutclub.bench.inprocess import Sink, record_games, replay, table
from peanutclub.server.clock import ManualClock
from peanutclub.server.store import MemoryStore

#: Games recorded, then replayed: every phase of each game, a rematch included (Peanut Club:
#: bids, powers, sales, payments, the end; Peanuts!: the countdown, play, a round's end, the
#: next round; Nur Peanuts!: buying, turns, stones, a round's end, a purchase).
GAMES = 2

#: sha256 of each seat's frames (welcomes aside), seat 0 first.
RECORDED: dict[str, list[str]] = {
    "peanut-club": [
        "6e958af70a273b1bd59294a3e518ce7ac3f2d3fe4b556eb939fc99771b19d862",
        "03140f760536cd11f85c588ee6f29c8acbd97e08e2bb1f4a46260361dab6c62d",
        "363bdbb6979a842d3032bac3feef6aa3d07efc5893d478ac0251f4c4f2c42544",
        "813acb1f90c2168243939c52a519cfbcff165b91ae9ec3c5132aa1104bcf062e",
        "ae23e2fe421667535253e9860da69a5b644c5de3507f805552eaddf632c410b5",
        "8859c28a8d8a2a396dd37cac8e23bba253a76b7e44dc533bc01c3512f79f69fc",
    ],
    "peanuts": [
        "8e0bbad4cd95555c22be3bba8bfd1ed1b4a9db669e6fdbf037c7b00e6e808ef8",
        "9cacfad20b3c9a2d5a14f943cf44bb900ab6fe5c0b62f7b945c93997a2e88e13",
        "5e7c1b77597ba60a0d8918620353056509eb68bda063b2ecfb78b989ba34ce1c",
        "36b31262b9994c5e170c7f07295d3c8a8db5fb75c2dee4f03cba7c1d2dd6166a",
    ],
    "nur-peanuts": [
        "1fa5fb13513294d2337b9490745b5ac88d9c5b7dede733345650a0ff3b4abf71",
        "39d7edd21ef6423fe59b31db604c89461c632fbafcf538ec78612b3b68a9de48",
        "3f414d765919f043be8993f07352573c3a2afc341c05b8b4934c8fd1e33dba87",
        "a3b9675b235b3fce7d992bc1e6cddfe2827580b0d7cc33aea2428514c01f44fa",
    ],
}


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


def digests(game: str) -> list[str]:
    """Each seat's digest of a replayed room of `game`'s frames, seat 0 first."""

    async def body() -> list[str]:
        clock, store = ManualClock(), MemoryStore()
        recorder, sinks = await table(store, clock, "REC", game)
        steps = await record_games(recorder, sinks, clock, GAMES, game)
        with mock.patch.object(inprocess, "Sink", Digest):  # the table's seats hash too
            room, viewers = await table(store, clock, "PLAY", game)
        await replay(room, viewers, clock, steps)
        assert all(isinstance(viewer, Digest) and not viewer.errors for viewer in viewers)
        return [viewer.hash.hexdigest() for viewer in viewers if isinstance(viewer, Digest)]

    return asyncio.run(body())


@pytest.mark.parametrize("game", sorted(RECORDED))
def test_every_seat_is_sent_the_same_frames_as_before(game: str) -> None:
    assert digests(game) == RECORDED[game]
