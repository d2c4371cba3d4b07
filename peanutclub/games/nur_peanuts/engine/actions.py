"""Actions: the only inputs of a game. Frozen values, so a game is its seed plus a list of these.

A player's actions carry their seat. The room's clock has two of its own (a stone's step, the
start of the next round); when a player's turn clock runs out, the clock plays an ordinary action
for that seat (throw black, park, pass, buy the cheapest field), so the log reads as the table
played. Dice results are never in an action: the game draws them from its seeded generator when
an action is accepted, so replaying the log throws the same dice. `ACTIONS` names each in the log
and decodes it (core/actions.py writes the dicts from the fields).
"""

from __future__ import annotations

from dataclasses import dataclass

from peanutclub.core.actions import Action as Action
from peanutclub.core.actions import ActionRegistry
from peanutclub.games.nur_peanuts.engine.dice import Dice

ACTIONS = ActionRegistry("nur-peanuts")
#: The log's decoder: `action_from_dict(action.to_dict()) == action`.
action_from_dict = ACTIONS.decode


@ACTIONS.register("buy")
@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Buy an unsold field: in the preliminary round, or as the winner of a round."""

    seat: int
    field: int


@ACTIONS.register("pass")
@dataclass(frozen=True, slots=True)
class Pass(Action):
    """The winner of a round buys nothing."""

    seat: int


@ACTIONS.register("throw")
@dataclass(frozen=True, slots=True)
class ThrowDice(Action):
    """Throw (the turn's first throw) or roll again (free, or paid for) with `dice`."""

    seat: int
    dice: Dice


@ACTIONS.register("park")
@dataclass(frozen=True, slots=True)
class Park(Action):
    """Park the pawn where it stands: the turn ends."""

    seat: int


@ACTIONS.register("stone_step")
@dataclass(frozen=True, slots=True)
class StoneStep(Action):
    """The room's clock throws for the neutral stone whose move it is (one throw per step)."""


@ACTIONS.register("next_round")
@dataclass(frozen=True, slots=True)
class NextRound(Action):
    """The room's clock ends the pause after a round: every piece back to a start place."""
