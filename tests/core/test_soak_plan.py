"""A game's soak plan declares only what is its own (its pace, phases, the moves its players
send, how a patch acknowledges one); what most games do alike is the plan's default."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from peanutclub.core.frames import replace_fields
from peanutclub.core.game import SoakPlan


@dataclass(frozen=True)
class Move:
    seat: int
    kind: str

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "seat": self.seat, "to": 3}


PLAN = SoakPlan(
    pace={"turn_seconds": 1},
    phases=frozenset({"playing"}),
    sent=frozenset({"take"}),
    acknowledges=lambda action, event, seat: event.get("seat") == seat,
)


def test_a_bots_move_is_sent_as_the_log_will_hold_it_and_its_other_actions_are_not() -> None:
    assert PLAN.message(Move(2, "take"), 2) == {"type": "take", "seat": 2, "to": 3}
    assert PLAN.message(Move(2, "clock_tick"), 2) is None


def test_by_default_the_client_message_is_the_logged_action_less_its_seat() -> None:
    logged = PLAN.message(Move(1, "take"), 1)
    assert logged is not None
    assert PLAN.client_message(logged) == {"type": "take", "to": 3}
    assert logged["seat"] == 1  # the logged action is left as it was


def test_by_default_a_waiting_player_does_nothing_and_patches_follow_the_shared_rule() -> None:
    assert PLAN.nudge({"phase": "playing"}, 0, random.Random(1)) is None
    assert PLAN.apply_patch is replace_fields
