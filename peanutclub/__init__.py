"""Peanut Club online: the open-outcry auction card game, played live in the browser."""

__version__ = "0.1.0"
