"""Events: what happened, as public facts. Every event is safe to show to every viewer.

An event names a card only once it lies face up; the face-down cards (the peanuts pile under its
top, the stock) never appear in one. The tests scan every event of whole games for them.
"""

from __future__ import annotations

from peanutclub.core.events import Event, event

__all__ = ["Event", "event"]
