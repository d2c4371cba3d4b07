"""Nur Peanuts!, the dice and property game: its engine, bots, moves and plug-in class."""

from peanutclub.games.nur_peanuts.game import NurPeanuts, Settings

__all__ = ["NurPeanuts", "Settings"]
