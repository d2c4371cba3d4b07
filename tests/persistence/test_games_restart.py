"""Every game survives a SIGKILL mid-game: a real server process on a SQLite file, three players
who play as the game's bot would, a `kill -9` while they are still sending, a restart on the same
file, every seat resumed, the game played to its end.

Checked: every change anyone heard of before the kill is in the log after it, at the same `seq`
and with the very events they heard (so no acknowledged action is lost, and none changed); each
action acknowledged to its sender by its `ref` is in the log at that `seq`; `seq` never goes
back; the clocks start over from zero at the restart (DESIGN.md); the log replays to a finished
game.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from peanutclub.server.store import LogEntry
from tests.hardening.every_game import PROOFS, Proofs
from tests.hardening.fuzzing import move_types

from .procs import Player, Server, free_port, resume_players, run, seat_players, wait_any

NAMES = ["Ana", "Bo", "Cy"]
SEED = 77
#: The kill comes once the room has made this many changes (a game takes a few hundred).
KILL_AT_SEQ = 80
#: Seconds between two looks of a player at the table.
PACE = 0.02


@dataclass(eq=False)
class BotSeat(Player):
    """A player who plays as the game's bot would from its own view, and keeps every change it
    heard (`state` and `patch` frames) and every action acknowledged to it by its `ref`."""

    proofs: Proofs | None = None
    heard: list[dict[str, Any]] = field(default_factory=list)
    sent: dict[str, dict[str, Any]] = field(default_factory=dict)
    acked: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    def _record(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "patch" and self.proofs is not None and self.view is not None:
            self.seq = message["seq"]
            self.seqs.append(message["seq"])
            self.view = self.proofs.apply_patch(self.view, message)
        else:
            super()._record(message)
        if kind in ("state", "patch"):
            self.heard.append(message)
        ref = message.get("ref")
        if kind == "state" and ref in self.sent:
            self.acked.append((message["seq"], self.sent.pop(ref)))
        elif kind == "error":
            self.sent.pop(str(ref), None)

    async def play(self, proofs: Proofs) -> None:
        """Until the game is over or the server is gone."""
        assert self.seat is not None and self.ws is not None
        bot = proofs.game.bots["hard"](self.seat, SEED + self.seat)
        moves = move_types(proofs.game)
        while True:
            await asyncio.sleep(PACE)
            view = self.view
            if self.ws.close_code is not None or (view is not None and view["phase"] == "over"):
                return
            if view is None or view["phase"] in ("lobby", "countdown"):
                continue
            action = bot.decide(view)
            if action is None:
                continue
            data = action.to_dict()
            message = {k: v for k, v in data.items() if k != "seat"}
            if message["type"] not in moves:
                continue
            ref = f"{self.name}.{len(self.heard)}.{len(self.sent)}"
            self.sent[ref] = data
            with contextlib.suppress(Exception):  # the server may be dead by now
                await self.send(**message, ref=ref)


def stored(db: Path, code: str) -> list[LogEntry]:
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute("SELECT seq, kind, data FROM log WHERE code = ? ORDER BY seq", (code,))
        return [LogEntry(seq, kind, json.loads(data)) for seq, kind, data in rows]
    finally:
        conn.close()


def events_of(entries: list[LogEntry], proofs: Proofs, settings: Any) -> dict[int, Any]:
    """seq -> the events its action makes, the log replayed through the game."""
    cls = proofs.game
    seats, game, events = 0, None, {}
    for entry in entries:
        if entry.kind == "seat":
            seats += 1
        elif entry.kind == "start":
            game = cls(seats, entry.data["seed"], settings)
        elif entry.kind == "action":
            assert game is not None
            applied = game.apply(cls.action_from_dict(entry.data["action"]))
            events[entry.seq] = [e.to_dict() for e in applied.events]
    return events


def lost(players: list[BotSeat], entries: list[LogEntry], events: dict[int, Any]) -> list[str]:
    """What someone heard of, or was told was accepted, that the log does not hold as such."""
    by_seq = {e.seq: e for e in entries}
    problems = []
    for player in players:
        for frame in player.heard:
            seq = frame["seq"]
            if seq not in by_seq:
                problems.append(f"{player.name} heard of seq {seq}: not in the log")
            elif seq in events and frame["events"] != events[seq]:
                problems.append(f"{player.name} heard other events at seq {seq}")
        for seq, action in player.acked:
            entry = by_seq.get(seq)
            if entry is None or entry.kind != "action" or entry.data["action"] != action:
                problems.append(f"{player.name}'s acknowledged {action} is not at seq {seq}")
    return problems


def clocks_started_over(view: dict[str, Any], proofs: Proofs, restarted_at: float) -> bool:
    """A clock running after a restart was set after it, for its whole length."""
    if view["deadline"] is None:
        return True
    seconds = view["settings"][proofs.clocks[view["deadline_kind"]]]
    return bool(view["deadline"] >= restarted_at * 1000 + seconds * 1000 - 1)


@pytest.mark.parametrize("proofs", PROOFS, ids=[p.id for p in PROOFS])
def test_a_game_of_each_game_survives_sigkill_and_is_played_to_its_end(
    tmp_path: Path, proofs: Proofs
) -> None:
    db = tmp_path / "rooms.db"
    server = Server(db, free_port(), tmp_path / "server.log").start()
    try:
        room = server.create_room(game=proofs.id, seed=SEED, **proofs.quick)
        code = room["code"]

        async def until_killed() -> list[BotSeat]:
            players = await seat_players(server, code, room["host_token"], NAMES, kind=BotSeat)
            for player in players:
                player.proofs = proofs
            await players[0].send(type="start")
            tasks = [asyncio.ensure_future(p.play(proofs)) for p in players]
            await wait_any(players, lambda: players[0].seq >= KILL_AT_SEQ)
            await asyncio.to_thread(server.kill)  # while they are still playing
            await asyncio.gather(*tasks)
            for player in players:
                await player.close()
            return players

        before = run(until_killed())
        assert all(p.view is not None and p.view["phase"] != "over" for p in before)
        seen = max(max(p.seqs) for p in before)
        restarted_at = time.time()
        server.start()  # the same file, the same port

        async def to_the_end() -> list[BotSeat]:
            players = await resume_players(server, code, before, kind=BotSeat)
            for old, new in zip(before, players, strict=True):
                assert (new.seat, new.token) == (old.seat, old.token)
                assert new.seqs[0] >= seen  # seq never goes back, not even across a restart
                assert new.view is not None
                assert clocks_started_over(new.view, proofs, restarted_at), new.view
                new.proofs = proofs
            await asyncio.gather(*(p.play(proofs) for p in players))
            for player in players:
                await player.close()
            return players

        after = run(to_the_end(), timeout=180)
        server.stop()
        entries = stored(db, code)
        assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
        assert after[0].view is not None
        settings = proofs.game.Settings.model_validate(after[0].view["settings"])
        events = events_of(entries, proofs, settings)
        assert lost(before, entries, events) == []
        assert lost(after, entries, events) == []
        assert all(p.view is not None and p.view["phase"] == "over" for p in after)
        games = proofs.replay_log(entries, settings)
        assert len(games) == 1 and games[0].over
        heard = sum(len(p.heard) for p in before)
        actions = {f["seq"] for p in before for f in p.heard if f["seq"] in events}
        acked = sum(len(p.acked) for p in before)
        print(
            f"\n{proofs.id}: {heard} frames heard before the kill (up to seq {seen}), telling "
            f"{len(actions)} actions ({acked} acknowledged to their sender by ref), each found "
            f"in the log with the events heard; {len(events)} actions in the log at the end"
        )
        assert len(actions) > KILL_AT_SEQ // 2  # the kill came mid-game, after real play
    finally:
        server.stop()
