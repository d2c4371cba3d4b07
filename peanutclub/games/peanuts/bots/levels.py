"""The three levels. They play the same way and differ as people do: in speed (reaction time per
move) and in what they notice. The reaction times are rules/peanuts.md's starting points, to tune
by play."""

from __future__ import annotations

from typing import ClassVar

from peanutclub.games.peanuts.bots.base import BaseBot


class EasyBot(BaseBot):
    """Slow, misses plays, never rearranges its building piles."""

    level: ClassVar[str] = "easy"
    reaction_seconds: ClassVar[float] = 1.5
    overlook: ClassVar[float] = 0.35


class NormalBot(BaseBot):
    """A steady player: sees most plays, frees a building pile for its peanuts."""

    level: ClassVar[str] = "normal"
    reaction_seconds: ClassVar[float] = 0.9
    overlook: ClassVar[float] = 0.12
    frees_piles: ClassVar[bool] = True


class HardBot(BaseBot):
    """Quick, sees every play, and digs in its building piles for cards the foundations take."""

    level: ClassVar[str] = "hard"
    reaction_seconds: ClassVar[float] = 0.55
    frees_piles: ClassVar[bool] = True
    digs: ClassVar[bool] = True
