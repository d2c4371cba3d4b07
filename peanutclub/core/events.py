"""The one shape of a game's events: a kind and its public fields, ready for JSON.

Each game's engine says in its own `events` module what its events may and may not carry (the
secrets its rules hide); the value type itself is the same for every game.
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
