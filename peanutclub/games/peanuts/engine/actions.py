"""Actions: the only inputs of a game. Frozen values, so a game is its seed plus a list of these.

`seat` is the acting player; the clock's actions (`StartPlay`, `Stall`) have none, and
`NextRound` has none when the between-rounds clock starts the next round rather than the host.
`ACTIONS` names each in the log and decodes it (core/actions.py writes the dicts from the
fields), for the log, exports and replays.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from peanutclub.core.actions import OMITTED_WHEN_NONE, ActionRegistry
from peanutclub.core.actions import Action as Action

ACTIONS = ActionRegistry("peanuts")
#: The log's decoder: `action_from_dict(action.to_dict()) == action`.
action_from_dict = ACTIONS.decode


class Target(StrEnum):
    """Where a moved card goes."""

    FOUNDATION = "foundation"
    BUILDING = "building"


#: Each target's name in frames: a dict, not `.value`, a slow property in Python 3.11 (every
#: move's event names its target).
TARGET_NAMES: dict[Target, str] = {target: target.value for target in Target}


@ACTIONS.register("move")
@dataclass(frozen=True, slots=True)
class MoveCard(Action):
    """Move one card (a top card) onto a foundation or a building pile.

    `pile` None lets the engine choose: a foundation that takes the card (a new one for an Ace),
    or a building pile that takes it.
    """

    seat: int
    card: int
    to: Target
    pile: int | None = None
    #: when the move reached the room (ms on the room's clock), set by the room for a move to a
    #: foundation: what a photo finish measures. The engine has no clock of its own. Left out of
    #: the log while None, as it was before the room set it.
    at: int | None = field(default=None, metadata=OMITTED_WHEN_NONE)


@ACTIONS.register("flip")
@dataclass(frozen=True, slots=True)
class Flip(Action):
    """Turn up to three cards from the stock onto the waste (or the waste back over)."""

    seat: int


@ACTIONS.register("stuck")
@dataclass(frozen=True, slots=True)
class DeclareStuck(Action):
    """Say that one's deck has no play left (`on`), or take that back."""

    seat: int
    on: bool


@ACTIONS.register("peanuts")
@dataclass(frozen=True, slots=True)
class CallPeanuts(Action):
    """ "Peanuts!": the caller's peanuts pile is empty, and the round ends for everyone."""

    seat: int


@ACTIONS.register("start_play")
@dataclass(frozen=True, slots=True)
class StartPlay(Action):
    """The count-down is over: everyone plays at once (the room's clock)."""


@ACTIONS.register("stall")
@dataclass(frozen=True, slots=True)
class Stall(Action):
    """No card reached a foundation or a building pile for the stall time (the room's clock)."""


@ACTIONS.register("next_round")
@dataclass(frozen=True, slots=True)
class NextRound(Action):
    """Deal the next round: the host says so (`seat` is the host's, or None from the TV), or the
    between-rounds clock runs out (`by_clock`)."""

    seat: int | None = None
    by_clock: bool = False


@ACTIONS.register("skip_round")
@dataclass(frozen=True, slots=True)
class SkipRound(Action):
    """The host ends the round being played (or counted down) at once, and it scores nothing:
    a deal nobody can finish, friends called away (`seat` is the host's, or None from the TV)."""

    seat: int | None = None


@ACTIONS.register("photo_finish")
@dataclass(frozen=True, slots=True)
class PhotoFinish(Action):
    """Two cards raced for the same foundation and `loser`'s arrived `margin_ms` after
    `winner`'s: the room applies this right after refusing the loser's move (the refusal itself
    changes nothing), so that every screen can show who won and by how much."""

    pile: int
    winner: int
    loser: int
    card: int
    margin_ms: int
