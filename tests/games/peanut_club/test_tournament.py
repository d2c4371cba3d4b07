"""Peanut Club's part of `peanutclub tournament`: its casual person answers each change that
concerns it once, at a person's pace; an easy bot loses to casual people more often than not,
and a hard bot beats them."""

from __future__ import annotations

from typing import Any

import pytest

from peanutclub import driver, tournament
from peanutclub.games.peanut_club.simulate import HUMAN_REACTION, PERSON, SIMULATION, CasualPlayer
from peanutclub.tournament import run


def test_a_casual_person_answers_a_change_once_at_a_persons_pace() -> None:
    person = CasualPlayer(1, 7)
    table: dict[str, Any] = {"phase": "bidding", "round": 1, "high_bid": None, "column": []}
    first = person.notice(table)
    assert first is not None and HUMAN_REACTION[0] <= first <= HUMAN_REACTION[1]
    assert person.notice({**table, "going": 1}) is None  # a call changes nothing worth doing
    bid = {"seat": 0, "amount": 3, "currency": "peanuts"}
    later = person.notice({**table, "high_bid": bid})
    assert later is not None and HUMAN_REACTION[0] <= later <= HUMAN_REACTION[1]


def test_each_level_meets_casual_people_and_the_two_best_meet() -> None:
    assert SIMULATION.people == {PERSON: CasualPlayer}
    assert {("easy", PERSON), ("normal", PERSON), ("hard", PERSON), ("hard", "normal")} == set(
        SIMULATION.matches.values()
    )


def test_an_easy_bot_loses_to_casual_people_and_a_hard_bot_beats_them() -> None:
    line_ups = {"easy": ("easy", PERSON), "hard": ("hard", PERSON)}
    results = run("peanut-club", [4], line_ups, games=16, seed=1)
    easy, hard = results[4, "easy"].shares(), results[4, "hard"].shares()
    assert easy[0].share < easy[1].share
    assert hard[0].share > hard[1].share


class Silent:
    """A player who never bids: only the host moves such a table on."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat

    def pause(self, view: dict[str, Any] | None) -> float:
        return 5.0

    def decide(self, view: dict[str, Any]) -> None:
        return None


def test_a_table_nobody_bids_at_is_moved_on_by_the_host(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no bid, no clock runs: the party host calls each lot after a still `HOST_WAIT`,
    and every lot goes unsold until the game ends (nobody won anything: all share first)."""
    monkeypatch.setattr(tournament, "player", lambda cls, sim, level, seat, seed: Silent(seat, 0))
    game = tournament.play_timed_game("peanut-club", ("easy", "easy", "easy"), 2)
    assert game.winners == (0, 1, 2)
    assert game.seconds > driver.HOST_WAIT
