"""The room's log entries as typed values store the very bytes the log always held: old logs
replay unchanged and new entries read back as they were written."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from peanutclub.games import find_game
from peanutclub.server.room_log import decode, encode
from peanutclub.server.store import LogEntry

#: One entry of each kind other than `action`, as the room wrote them before they were typed.
OLD_ENTRIES: list[tuple[str, dict[str, Any]]] = [
    ("seat", {"name": "Ann", "token": "t1", "bot": None, "host": True, "online": True}),
    ("seat", {"name": "Bot 1", "token": "t2", "bot": "easy", "host": False}),
    ("unseat", {"seat": 1}),
    ("swap", {"seats": [0, 2]}),
    ("pilot", {"seat": 0, "bot": "easy"}),
    ("pilot", {"seat": 0, "bot": None}),
    ("presence", {"seat": 0, "online": False}),
    ("settings", {"rounds": 3, "teams": True}),
    ("start", {"seed": 12345}),
    ("rematch", {}),
    ("end_game", {}),
    ("switch", {"game": "peanuts", "previous": "peanut-club"}),
    (
        "switch",
        {
            "game": "peanut-club",
            "previous": "peanuts",
            "bots": [{"name": "Bot 1", "token": "t3", "bot": "normal"}],
        },
    ),
]


@pytest.mark.parametrize(("kind", "data"), OLD_ENTRIES)
def test_an_old_entry_reads_back_and_stores_the_same_bytes(kind: str, data: dict[str, Any]) -> None:
    game_class = find_game("peanuts")
    change = decode(LogEntry(7, kind, data), game_class)
    again = encode(7, change)
    assert (again.seq, again.kind) == (7, kind)
    assert orjson.dumps(again.data) == orjson.dumps(data)


def test_an_unknown_kind_is_a_broken_log() -> None:
    with pytest.raises(ValueError, match="unknown log entry"):
        decode(LogEntry(1, "teleport", {}), find_game("peanuts"))


def test_the_games_of_a_log_count_the_bots_a_switch_seated() -> None:
    from peanutclub.server.store import games_in_log

    bot = {"name": "Bot 1", "token": "t3", "bot": "normal"}
    entries = [
        LogEntry(1, "seat", {"name": "Ann", "token": "t1", "bot": None, "host": True}),
        LogEntry(2, "seat", {"name": "Bo", "token": "t2", "bot": None, "host": False}),
        LogEntry(3, "switch", {"game": "peanut-club", "previous": "peanuts", "bots": [bot]}),
        LogEntry(4, "start", {"seed": 5}),
    ]
    assert games_in_log(entries) == [(3, 5, [])]
