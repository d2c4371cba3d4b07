"""Helpers for browser tests that play whole games with people at the table: each game's quick
clocks (the clock plays for a person who does not act), and a host that sees a game to its end."""

from __future__ import annotations

import time
from typing import Any

from e2e_helpers import Line

#: Each game's clocks, quick enough that the clock plays for idle people at once (development
#: mode lifts the bounds), and a Peanuts! game of one round.
PACE: dict[str, dict[str, Any]] = {
    "peanut-club": {"going_step_seconds": 0.01, "idle_seconds": 0.05, "pay_seconds": 0.3},
    "peanuts": {"countdown_seconds": 1, "stall_seconds": 1, "target_score": 1},
    "nur-peanuts": {
        "turn_seconds": 0.2,
        "stone_step_seconds": 0.01,
        "between_rounds_seconds": 0.05,
    },
}


def to_the_end(host: Line, played: int) -> dict[str, Any]:
    """Wait for the end of the evening's game number `played`: its last view. Peanut Club's
    host calls a lot nobody bids on, as the host at the TV does (no clock sells an unbid lot)."""
    end = time.monotonic() + 120
    called = 0.0
    while time.monotonic() < end:
        s = host.state
        if s["phase"] == "over" and len(s["evening"]["games"]) == played:
            return s
        unbid = s["phase"] == "bidding" and s.get("high_bid") is None and not s.get("going")
        if unbid and time.monotonic() - called > 0.3:
            host.send({"type": "going"})
            called = time.monotonic()
        host.recv(0.1)
    raise AssertionError(f"game {played} did not end; last phase {host.state.get('phase')}")
