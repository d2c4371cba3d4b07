"""The server's own work per delivered frame, in one process, with no socket and no client.

    python -m peanutclub.bench.inprocess                      # 20 rooms x 3 games, best of 5
    python -m peanutclub.bench.inprocess --rooms 4 --reps 1   # under valgrind (see below)

`peanutclub bench` measures what a player feels, on a machine whose speed moves by tens of
percent from one quarter-hour to the next; a change worth a few percent of the server's time is
lost in that. This measures only what our code does for each message (parse, dispatch, rules,
views, encoding, the fan-out) and nothing the relay does too (sockets, the WebSocket parser, the
event loop's polling).

It first plays bench-like games of `--game` in one room, deciding from the game as the bench's
clients do (the game's bench `recorder`; Peanut Club: the next seat that can honour a raise of 1
to 3 bids, the host calls `going` when nobody can, the buyer pays the server's suggestion), then
`rematch` and `start`, and keeps every message it sent.

It then replays those messages on fresh rooms of the same viewers (six for Peanut Club, four for
Peanuts! and Nur Peanuts!, as at the bench's tables) that frame what they are sent and drop it,
and reports the CPU time per delivered frame: the best of `--reps` repetitions.

Counting instructions instead of time gives the same figure on every run, whatever the machine
is doing: run it twice under valgrind, with `--reps 1` and `--reps 3`, and divide the difference
by the frames of two repetitions (`PYTHONHASHSEED=0` for equal dict layouts):

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        python -m peanutclub.bench.inprocess --rooms 4 --reps 1

`--rules-only` counts the game's own part of those frames the same way: the recorded games'
actions applied again by the plug-in alone, with nothing of the room around them; divided by
the full replay's frames, it says how much of a frame's work no change outside the game reaches.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import orjson

from peanutclub.bench.load import require_bench, seats_of, strategy
from peanutclub.core import Game
from peanutclub.core import replay as replay_game
from peanutclub.games import DEFAULT_GAME, GAMES
from peanutclub.server.clock import ManualClock
from peanutclub.server.connection import handle
from peanutclub.server.room import Room
from peanutclub.server.settings import ServerSettings
from peanutclub.server.sqlite_store import SqliteStore
from peanutclub.server.store import MemoryStore, RoomRecord, Store
from peanutclub.server.wire import frame_bytes

#: One step of a recorded game: a seat's message, or None for the clock's next step.
Step = tuple[int, str] | None


class Sink:
    """A viewer that frames what it is sent, as a connection does, and keeps only counts."""

    __slots__ = ("bytes", "errors", "frames", "host", "seat", "shaken")

    def __init__(self) -> None:
        self.seat: int | None = None
        self.host = False
        self.shaken = False
        self.frames = 0
        self.bytes = 0
        self.errors = 0

    def send(self, frame: bytes) -> None:
        self.frames += 1
        self.bytes += len(frame_bytes(frame))
        if frame.startswith(b'{"type":"error"'):
            self.errors += 1

    def close(self, code: int, reason: str) -> None:
        pass


@dataclass(frozen=True)
class Result:
    rooms: int
    steps: int
    bids: int
    frames: int
    bytes: int
    errors: int
    cpu_s: float

    @property
    def us_per_frame(self) -> float:
        return self.cpu_s * 1e6 / self.frames


async def table(
    store: Store, clock: ManualClock, code: str, game_id: str = DEFAULT_GAME
) -> tuple[Room, list[Sink]]:
    """A room of the game's bench table's seated viewers (`load.seats_of`), seat 0 its host, in
    its lobby. Its pace is the bench's (`replay_pace` where the game has one: clocks of a
    millisecond, as the replay steps the clock by one millisecond at a time)."""
    bench = strategy(game_id)
    pace = dict(bench.pace if bench.replay_pace is None else bench.replay_pace)
    record = RoomRecord(code, "host", clock.time(), pace, fixed_seed=7, game=game_id)
    await store.create_room(record)
    room = Room(record, ServerSettings(), store, clock)
    sinks = [Sink() for _ in range(seats_of(game_id))]
    for seat, sink in enumerate(sinks):
        hello = {"type": "join", "name": f"P{seat}", **({"host_token": "host"} if not seat else {})}
        await handle(room, sink, orjson.dumps(hello).decode())
    return room, sinks


async def record_games(
    room: Room,
    sinks: list[Sink],
    clock: ManualClock,
    games: int,
    game_id: str = DEFAULT_GAME,
    finished: list[Game] | None = None,
) -> list[Step]:
    """Play `games` games the way the bench's clients do, and return every step taken (and
    each game played to its end in `finished`, when given)."""
    recorder = strategy(game_id).recorder()
    steps: list[Step] = []

    async def say(seat: int, message: dict[str, object]) -> None:
        text = orjson.dumps(message).decode()
        steps.append((seat, text))
        await handle(room, sinks[seat], text)

    await say(0, {"type": "start"})
    played = 0
    while played < games:
        game = room.game
        assert game is not None
        if game.over:
            played += 1
            if finished is not None:
                finished.append(game)
            await say(0, {"type": "rematch"})
            await say(0, {"type": "start"})
            continue
        move = recorder.next(game)
        if move is None:
            steps.append(None)
            await clock.advance(0.001)
        else:
            await say(*move)
    return steps


async def replay(room: Room, sinks: list[Sink], clock: ManualClock, steps: list[Step]) -> None:
    for step in steps:
        if step is None:
            await clock.advance(0.001)
        else:
            seat, text = step
            await handle(room, sinks[seat], text)


async def measure(
    rooms: int, games: int, reps: int, store_kind: str, game_id: str = DEFAULT_GAME
) -> Result:
    clock = ManualClock()
    with tempfile.TemporaryDirectory() as folder:
        store: Store = (
            await SqliteStore.open(Path(folder) / "inprocess.db")
            if store_kind == "sqlite"
            else MemoryStore()
        )
        try:
            room, sinks = await table(store, clock, "REC", game_id)
            steps = await record_games(room, sinks, clock, games, game_id)
            best: Result | None = None
            for rep in range(reps):
                tables = [await table(store, clock, f"R{rep}-{i}", game_id) for i in range(rooms)]
                everyone = [sink for _, sinks in tables for sink in sinks]
                for sink in everyone:
                    sink.frames = sink.bytes = 0
                started = time.process_time()
                for room, sinks in tables:
                    await replay(room, sinks, clock, steps)
                cpu = time.process_time() - started
                result = Result(
                    rooms=rooms,
                    steps=len(steps),
                    bids=sum(1 for s in steps if s is not None and '"bid"' in s[1]),
                    frames=sum(s.frames for s in everyone),
                    bytes=sum(s.bytes for s in everyone),
                    errors=sum(s.errors for s in everyone),
                    cpu_s=cpu,
                )
                if best is None or result.cpu_s < best.cpu_s:
                    best = result
            assert best is not None
            return best
        finally:
            close = getattr(store, "close", None)
            if close is not None:
                await close()


async def measure_rules(rooms: int, games: int, reps: int, game_id: str = DEFAULT_GAME) -> Rules:
    """The game's own part of the same replay: every recorded game's actions applied again by
    the plug-in alone (`core.replay`: the deal and `apply`, which makes the events and a patch's
    fields), `rooms` times per repetition, with no room, store, view or frame around them."""
    clock = ManualClock()
    room, sinks = await table(MemoryStore(), clock, "REC", game_id)
    played: list[Game] = []
    await record_games(room, sinks, clock, games, game_id, played)
    recorded = [(type(g), g.seat_count, g.seed, g.settings, list(g.log)) for g in played]
    best = float("inf")
    for _ in range(reps):
        started = time.process_time()
        for _ in range(rooms):
            for cls, players, seed, settings, actions in recorded:
                replay_game(cls, players, seed, settings, actions)
        best = min(best, time.process_time() - started)
    return Rules(rooms, len(recorded), sum(len(r[4]) for r in recorded), best)


@dataclass(frozen=True)
class Rules:
    rooms: int
    games: int
    actions: int
    cpu_s: float


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m peanutclub.bench.inprocess",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--game", default=DEFAULT_GAME, choices=tuple(GAMES), help="the game played and replayed"
    )
    parser.add_argument("--rooms", type=int, default=20, help="rooms replayed per repetition")
    parser.add_argument("--games", type=int, default=3, help="games recorded, then replayed")
    parser.add_argument("--reps", type=int, default=5, help="repetitions (the best is shown)")
    parser.add_argument(
        "--store",
        choices=("memory", "sqlite"),
        default="memory",
        help="memory (default): the server's own work only; sqlite: with a commit per change, "
        "which the server groups by turn of its event loop, so this overstates the store",
    )
    parser.add_argument(
        "--rules-only",
        action="store_true",
        help="the game's own part alone: the recorded games' actions applied again by the "
        "plug-in, with no room around them (count it under valgrind as above and divide by "
        "the full replay's frames at the same --rooms and --games: the rules' share of them)",
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    require_bench(args.game)
    if args.rules_only:
        rules = asyncio.run(measure_rules(args.rooms, args.games, args.reps, args.game))
        print(
            f"rules alone: {rules.rooms} rooms x {rules.games} games, {rules.actions} actions, "
            f"{rules.cpu_s * 1e6 / (rules.actions * rules.rooms):.1f} us per action "
            f"(best of {args.reps})"
        )
        return 0
    result = asyncio.run(measure(args.rooms, args.games, args.reps, args.store, args.game))
    if args.json is not None:
        figures = {
            "game": args.game,
            "reps": args.reps,
            "store": args.store,
            **asdict(result),
            "bytes_per_frame": result.bytes / result.frames,
            "us_per_frame": result.us_per_frame,
        }
        args.json.write_text(orjson.dumps(figures, option=orjson.OPT_INDENT_2).decode() + "\n")
    print(
        f"in-process replay: {result.rooms} rooms x {result.steps} steps "
        f"({result.bids} bids), {result.frames} frames of {result.bytes / result.frames:.0f} "
        f"bytes on average, refusals {result.errors}"
    )
    # A game without bids (the card race) is counted per step of its recorded games.
    per, unit = (result.bids, "bid") if result.bids else (result.steps, "step")
    print(
        f"server work: {result.us_per_frame:.2f} us per frame, "
        f"{result.cpu_s * 1e6 / (per * result.rooms):.1f} us per {unit} "
        f"(best of {args.reps}, store {args.store})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
