"""What Nur Peanuts!' players do under `peanutclub soak`: the table's quick pace, the phases in
which a bot decides, the message a bot's action becomes, and which patch shows it applied.

(`NurPeanuts.tools.soak` points the soak at `SOAK` below; Peanut Club and Peanuts! keep theirs
in their `bench` module.)
"""

from __future__ import annotations

import random
from typing import Any

from peanutclub.core.frames import apply_patch as apply_patch
from peanutclub.core.game import SoakPlan
from peanutclub.games.nur_peanuts.engine import Action

#: The soak's quick clocks: a turn the clock plays after a few of the soak players' looks (they
#: look every 0.1 to 0.4 s), stones that step quickly, a short pause between rounds.
SOAK_PACE = {"turn_seconds": 3, "stone_step_seconds": 0.2, "between_rounds_seconds": 0.5}
#: The phases in which a bot may act (the winner of a round buys during `round_over`).
SOAK_PHASES = frozenset({"buying", "turns", "round_over"})
#: The event that shows each move applied, by the seat that sent it.
EVENT_OF = {"throw": "thrown", "park": "parked", "buy": "bought", "pass": "passed"}


def soak_nudge(view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any] | None:
    """A player whose bot waits does nothing: the clocks move the table on."""
    return None


def soak_message(action: Action, seat: int) -> dict[str, Any] | None:
    """The action as the log will hold it, for a bot's action a client sends."""
    data = action.to_dict()
    if data["type"] not in EVENT_OF:
        return None
    return {**data, "seat": seat}


def client_message(action: dict[str, Any]) -> dict[str, Any]:
    """The message a client sends for an action as the log holds it."""
    return {k: v for k, v in action.items() if k != "seat"}


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
    pace=SOAK_PACE,
    phases=SOAK_PHASES,
    nudge=soak_nudge,
    message=soak_message,
    client_message=client_message,
    acknowledges=acknowledges,
    apply_patch=apply_patch,
)
