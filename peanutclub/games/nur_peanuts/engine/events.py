"""Events: what happened, as public facts. Nothing in this game is secret, so every event may be
shown to everyone as it is."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """`kind` names the event; `data` holds its fields, ready for JSON."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, **self.data}


def event(kind: str, **data: Any) -> Event:
    return Event(kind, data)
