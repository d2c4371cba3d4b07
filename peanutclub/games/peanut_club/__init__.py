"""Peanut Club, the open-outcry auction: its engine, bots, moves and plug-in class."""

from peanutclub.games.peanut_club.game import PeanutClub, Settings

__all__ = ["PeanutClub", "Settings"]
