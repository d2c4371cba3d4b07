"""Nur Peanuts!' part of `peanutclub tournament`: its line-ups, and the easy level winning less
than its fair share against hard, played through the timed driver's room."""

from __future__ import annotations

from peanutclub.games.nur_peanuts.simulate import SIMULATION
from peanutclub.tournament import run


def test_the_line_ups_are_every_level_and_the_two_best() -> None:
    assert SIMULATION.matches == {
        "mixed": ("easy", "normal", "hard"),
        "hard vs normal": ("hard", "normal"),
    }


def test_easy_wins_less_than_its_fair_share_against_hard() -> None:
    results = run("nur-peanuts", [2], {"easy vs hard": ("easy", "hard")}, games=12, seed=1)
    easy, hard = results[2, "easy vs hard"].shares()
    assert easy.share < easy.fair < hard.share
