"""The load tools play the race through its `bench` module: the in-process replay records and
replays whole games, and the bench's messages are the game's own moves."""

from __future__ import annotations

from peanutclub.bench.inprocess import main
from peanutclub.games.peanuts import Peanuts, bench
from peanutclub.games.peanuts.engine import Flip, MoveCard, Target
from peanutclub.games.peanuts.moves import MoveCardMove


def test_the_in_process_replay_records_and_replays_whole_games_of_the_race() -> None:
    assert main(["--game", "peanuts", "--rooms", "1", "--games", "1", "--reps", "1"]) == 0


def test_the_bench_sends_a_bots_action_as_the_move_the_server_reads() -> None:
    action = MoveCard(2, 107, Target.FOUNDATION, None)
    message = bench.message_of(action)
    assert message == {"type": "move", "card": 107, "to": "foundation", "pile": None}
    assert MoveCardMove.model_validate(message).to_action(2, False) == action
    assert bench.key_of(action, 2) == ("move", 107)
    assert bench.key_of(Flip(2), 2) == ("flip", 2)


def test_the_soak_acknowledges_an_action_by_its_own_event_only() -> None:
    logged = bench.SOAK.message(MoveCard(1, 60, Target.BUILDING, 2), 1)
    assert logged == {"type": "move", "seat": 1, "card": 60, "to": "building", "pile": 2}
    assert bench.SOAK.client_message(logged) == {
        "type": "move",
        "card": 60,
        "to": "building",
        "pile": 2,
    }
    assert bench.acknowledges(logged, {"type": "moved", "seat": 1, "card": 60}, 1)
    assert not bench.acknowledges(logged, {"type": "moved", "seat": 0, "card": 60}, 1)
    assert not bench.acknowledges(logged, {"type": "moved", "seat": 1, "card": 61}, 1)


def test_the_bench_pace_is_within_the_development_bounds() -> None:
    assert Peanuts.Settings().merged(bench.PACE, dev=True)
    assert Peanuts.Settings().merged(bench.SOAK_PACE, dev=True)
