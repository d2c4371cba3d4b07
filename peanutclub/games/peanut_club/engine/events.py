"""Events: what happened, as public facts. Every event is safe to show to every viewer.

Events never carry a hand or a collector: a card appears in an event only once it is paid (and so
face up). `tests/engine` checks this over random games, since a leak through a log is the classic
way a card game's secrets escape (boardgame.io #1159).
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
