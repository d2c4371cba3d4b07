"""Events: what happened, as public facts. Every event is safe to show to every viewer.

An event names a card only once it lies face up; the face-down cards (the peanuts pile under its
top, the stock) never appear in one. The tests scan every event of whole games for them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """`kind` names the event; `data` holds its public fields (JSON-ready)."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, **self.data}


def event(kind: str, **data: Any) -> Event:
    return Event(kind, data)
