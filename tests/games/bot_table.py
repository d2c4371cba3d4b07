"""A table of bots where whoever is quickest acts: what many tests play whole games with.

Each step asks the seats' bots in some order (the test's: seat order, or shuffled by its seed)
and applies the first action the game accepts. A refused action changes nothing, so the next
seat is simply asked; when no bot's action is accepted, the test moves the table on itself (the
game's clock, or Peanut Club's auctioneer).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from peanutclub.core import RuleError


class _Table(Protocol):
    def apply(self, action: Any) -> Any: ...


class _Viewed(Protocol):
    def public_view(self) -> dict[str, Any]: ...

    def private_view(self, seat: int) -> dict[str, Any] | None: ...


class _Bot(Protocol):
    def decide(self, view: dict[str, Any]) -> Any: ...


@dataclass(frozen=True)
class Accepted:
    """The step a bot took: its seat, its action, what `apply` gave back (an engine's events, a
    game plug-in's `Outcome`), the view it saw."""

    seat: int
    action: Any
    applied: Any
    seen: dict[str, Any]


def first_accepted(
    table: _Table,
    bots: Sequence[_Bot],
    seats: Iterable[int],
    view_of: Callable[[int], dict[str, Any]],
) -> Accepted | None:
    """The first seat, in `seats` order, whose bot decides on an action `table` accepts (that
    action applied), or None when no bot's action is accepted."""
    for seat in seats:
        seen = view_of(seat)
        action = bots[seat].decide(seen)
        if action is None:
            continue
        try:
            applied = table.apply(action)
        except RuleError:
            continue
        return Accepted(seat, action, applied, seen)
    return None


def seat_views(table: _Viewed) -> Callable[[int], dict[str, Any]]:
    """Each seat's whole view of `table` as it is now (as a `state` frame would bring it): the
    public part read once, for every seat a step asks."""
    public = table.public_view()
    return lambda seat: {**public, "you": table.private_view(seat)}


class _Clocked(_Table, _Viewed, Protocol):
    def timer(self) -> Any: ...


def bot_or_clock(table: _Clocked, bots: Sequence[_Bot], seats: Iterable[int]) -> Any:
    """One step of a table whose bots are never refused (a refusal fails the test): the action
    of the first seat, in `seats` order, whose bot acts, else the clock's, applied; returns what
    `apply` gave back."""
    view_of = seat_views(table)
    for seat in seats:
        action = bots[seat].decide(view_of(seat))
        if action is not None:
            break
    else:
        timer = table.timer()
        assert timer is not None, "no bot acts and no clock runs"
        action = timer.action
    return table.apply(action)
