"""Protocol fuzzing of a live room of every game (`fuzzing.py`): hostile frames from every seat,
the host's TV, a spectator and strangers who never said who they are.

The frames hold every game's moves (so each room meets the others' too), stolen seat and host
tokens, other seats' and face-down cards, fields that do not exist, wrong types, nested and
oversized frames. After each one: every error a stable code, a refused frame changed nothing
(the room's `seq`, the whole game, secrets included), and the game's conservation laws hold
(Peanut Club's currency cards and objects; each Peanuts! deck's 52 cards, each once; Nur Peanuts!'
money between players and bank, a field with at most one owner). At the end the room's log
replays to the very game the server holds.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from .every_game import PROOFS, Proofs
from .fuzzing import (
    CLOCK_SETTINGS,
    OVERSIZED,
    Table,
    check,
    client_loop,
    finish,
    frames,
    fuzz_settings,
    shaped,
)
from .support import Served

EXAMPLES = 500
FUZZ = fuzz_settings(EXAMPLES)
#: Who sends the frame: a seat (0-2), the host's TV, a spectator, or a stranger.
SENDERS = ["Ana", "Bo", "Cy", "tv", "spectator", "stranger"]
HOST_TYPES = ["settings", "kick", "add_bot", "remove_bot", "start", "rematch", "swap"]

by_game = pytest.mark.parametrize("proofs", PROOFS, ids=[p.id for p in PROOFS])


@by_game
def test_fuzzed_frames_from_everyone_at_a_room_of_each_game(
    open_server: Served, proofs: Proofs
) -> None:
    with client_loop() as loop:
        table = Table(open_server, loop, proofs, {**proofs.quiet, **proofs.steps})
        loop.run(table.open())
        ids = proofs.ids(table.room().game)
        seat_frames = frames(ids, table.tokens, proofs.game)
        # A stranger may not hold a real seat token: with one, it is that seat's owner.
        stranger_frames = st.one_of(
            frames(ids, [table.host_token], proofs.game), st.just("x" * OVERSIZED)
        )
        host_frames = st.builds(
            lambda kind, body: json.dumps({**body, "type": kind}),
            st.sampled_from(HOST_TYPES),
            shaped(ids, table.tokens, clocks=False, game=proofs.game).map(
                lambda m: {k: v for k, v in m.items() if k != "type"}
            ),
        )

        @FUZZ
        @given(data=st.data(), who=st.sampled_from(SENDERS))
        def one(data: st.DataObject, who: str) -> None:
            if who == "stranger":
                check(table, None, data.draw(stranger_frames))
            elif who == "tv":
                check(table, table.tv, data.draw(st.one_of(host_frames, seat_frames)))
            elif who == "spectator":
                check(table, table.spectator, data.draw(seat_frames))
            else:
                check(table, table.players[SENDERS.index(who)], data.draw(seat_frames))
            # Then a fair move, what the game's bot would play at the next seat: the game moves
            # on between the hostile frames, through its phases.
            if table.room().game is None:  # the host asked for a rematch
                check(table, table.tv, json.dumps({"type": "start"}))
            seat = table.frames % 3
            move = loop.run(table.bot_move(seat))
            if move is not None:
                check(table, table.players[seat], move)

        one()
        finish(table, EXAMPLES)


def other_settings(game: Any) -> dict[str, Any]:
    """Every setting of a game changed to another value a host may choose: each clock a fifth
    longer (a quiet table stays quiet; a clock that is off stays off), each rule to another
    value within its bounds or among its choices."""
    changed: dict[str, Any] = {}
    for name, described in type(game).Settings.describe().items():
        value = getattr(game.settings, name)
        if described["kind"] == "per_seat":
            continue  # a handicap is given in the lobby only: refused once a game is dealt
        if described["kind"] == "choice":
            changed[name] = next(c for c in described["choices"] if c != value)
        elif described["kind"] == "yes_no":
            changed[name] = not value
        elif name in CLOCK_SETTINGS:
            changed[name] = value + value / 5
        else:
            changed[name] = described["min"] if value != described["min"] else described["max"]
    return changed


@by_game
def test_settings_changed_mid_game_leave_the_game_as_it_was_dealt(
    open_server: Served, proofs: Proofs
) -> None:
    """The host may change a table's settings mid-game. Its pace changes; the game itself
    (Peanuts!' target and teams, Nur Peanuts!' board) stays as it was dealt, so that the log,
    an export or a rebuild after a refused write replays to the very game being played."""
    with client_loop() as loop:
        table = Table(open_server, loop, proofs, {**proofs.quiet, **proofs.steps})
        loop.run(table.open())
        game = table.room().game
        changed = other_settings(game)
        check(table, table.tv, json.dumps({"type": "settings", **changed}))
        assert table.answers["accepted"] == 1, table.answers
        for step in range(30):
            move = loop.run(table.bot_move(step % 3))
            if move is not None:
                check(table, table.players[step % 3], move)
        assert table.answers["accepted"] > 5
        finish(table, 1)
