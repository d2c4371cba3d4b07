"""Peanuts!, the real-time card race: its engine, bots, moves and plug-in class."""

from peanutclub.games.peanuts.game import Peanuts, Settings

__all__ = ["Peanuts", "Settings"]
