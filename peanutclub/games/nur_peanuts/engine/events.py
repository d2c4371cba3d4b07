"""Events: what happened, as public facts. Nothing in this game is secret, so every event may be
shown to everyone as it is."""

from __future__ import annotations

from peanutclub.core.events import Event, event

__all__ = ["Event", "event"]
