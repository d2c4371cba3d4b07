"""What Nur Peanuts!' players do under `peanutclub soak`: the table's quick pace, the phases in
which a bot decides, the message a bot's action becomes, and which patch shows it applied.

(`NurPeanuts.tools.soak` points the soak at `SOAK` below; Peanut Club and Peanuts! keep theirs
in their `bench` module.)
"""

from __future__ import annotations

from typing import Any

from peanutclub.core.game import SoakPlan

#: The soak's quick clocks: a turn the clock plays after a few of the soak players' looks (they
#: look every 0.1 to 0.4 s), stones that step quickly, a short pause between rounds.
SOAK_PACE = {"turn_seconds": 3, "stone_step_seconds": 0.2, "between_rounds_seconds": 0.5}
#: The phases in which a bot may act (the winner of a round buys during `round_over`).
SOAK_PHASES = frozenset({"buying", "turns", "round_over"})
#: The moves a soak player sends, each with the event that shows it applied, by the seat that
#: sent it (a player whose bot waits does nothing: the clocks move the table on).
EVENT_OF = {"throw": "thrown", "park": "parked", "buy": "bought", "pass": "passed"}


def acknowledges(action: dict[str, Any], event: dict[str, Any], seat: int) -> bool:
    """Whether a patch's event is `action` applied: its own event, by this seat (a throw with
    its dice). The turn clock plays the same moves for a seat; when its move is the one this
    seat sent, the log holds the same action either way."""
    kind = action["type"]
    if event["type"] != EVENT_OF.get(kind) or event.get("seat") != seat:
        return False
    return kind != "throw" or bool(event.get("dice") == action["dice"])


#: The game's part of `peanutclub soak` (its class's `tools.soak` loads it).
SOAK = SoakPlan(
    pace=SOAK_PACE, phases=SOAK_PHASES, sent=frozenset(EVENT_OF), acknowledges=acknowledges
)
