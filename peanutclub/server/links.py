"""How good each player's connection is, measured by the server on its own clock.

A page pings every few seconds and the room answers `pong` at once; the page replies `echo` the
moment the pong arrives. The time from the pong's sending to the echo's arrival is a round trip
the server measured itself: a page can make itself look slower (it only hurts itself) but never
faster, since the server keeps the time it sent the pong and reads nothing the page says. The
table sees a coarse quality per player (good, fair, poor), from the median of the last few
trips, so that a single late packet does not flicker on the TV, and a change of quality (rare)
is the only thing that sends the table a new state.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from enum import StrEnum
from statistics import median


class LinkQuality(StrEnum):
    """What the TV shows beside a player's name."""

    GOOD = "good"
    FAIR = "fair"
    POOR = "poor"


#: Round trips below this many milliseconds are good: a race's ties are within a frame or two.
GOOD_MS = 120.0
#: Below this, fair; at or above it, poor (a player who will lose close races to the network).
FAIR_MS = 300.0
#: How many recent round trips the quality is the median of.
SAMPLES = 5


def quality_of(round_trip_ms: float) -> LinkQuality:
    if round_trip_ms < GOOD_MS:
        return LinkQuality.GOOD
    return LinkQuality.FAIR if round_trip_ms < FAIR_MS else LinkQuality.POOR


@dataclass(slots=True)
class Link:
    """One connection's measurements: when its last pong left, and its recent round trips."""

    sent: float | None = None
    trips: deque[float] = field(default_factory=lambda: deque(maxlen=SAMPLES))

    def pong_sent(self, now: float) -> None:
        self.sent = now

    def echo_heard(self, now: float) -> LinkQuality | None:
        """The quality after this echo; None when no pong awaits one (an echo out of turn, or a
        second echo of the same pong, measures nothing)."""
        if self.sent is None:
            return None
        self.trips.append((now - self.sent) * 1000)
        self.sent = None
        return quality_of(median(self.trips))
