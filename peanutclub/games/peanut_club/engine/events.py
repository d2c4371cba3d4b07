"""Events: what happened, as public facts. Every event is safe to show to every viewer.

Events never carry a hand or a collector: a card appears in an event only once it is paid (and so
face up). `tests/engine` checks this over random games, since a leak through a log is the classic
way a card game's secrets escape (boardgame.io #1159).
"""

from __future__ import annotations

from peanutclub.core.events import Event, event

__all__ = ["Event", "event"]
