"""Tests of the computer players and the simulator."""
