"""The odds the engine gives for each throw: exact, summing to one, and equal to an enumeration
of the dice made here independently; and what they say a park would mean, checked against what
the round's end then does."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from peanutclub.games.nur_peanuts.engine import (
    BANK,
    FIELDS,
    OUTCOMES,
    WAYS,
    Dice,
    Engine,
    Phase,
    public_view,
    throw_odds,
)

from .conftest import arrange, move_and_park, play_random, throw

FACES = {
    "black": [(f,) for f in (1, 1, 2, 2, 3, 3)],
    "white": [(f,) for f in range(6)],
    "two_white": list(itertools.product(range(6), repeat=2)),
}


def enumerate_fields(start: int, dice: str) -> dict[int, Fraction]:
    """Each field's chance, counted die face by die face."""
    falls = FACES[dice]
    counts = Counter((start + sum(faces)) % FIELDS for faces in falls)
    return {field: Fraction(n, len(falls)) for field, n in counts.items()}


def enumerate_zeros(dice: str) -> dict[int, Fraction]:
    falls = FACES[dice]
    counts = Counter(sum(f) for f in falls if dice != "black" and 0 in f)
    return {moved: Fraction(n, len(falls)) for moved, n in counts.items()}


def test_odds_sum_to_one_for_every_throw() -> None:
    for dice in Dice:
        assert sum(o.ways for o in OUTCOMES[dice]) == WAYS
    game = arrange(2, {0: 1, 1: 23})
    for entries in throw_odds(game).values():
        assert sum(Fraction(e["ways"], WAYS) for e in entries) == 1
        assert sum(e["chance"] for e in entries) == pytest.approx(1)


@pytest.mark.parametrize("start", [0, 5, 17, 23])
def test_odds_match_an_independent_enumeration_of_the_dice(start: int) -> None:
    game = arrange(2, {0: (start + 12) % FIELDS, 1: start})
    assert game.turn is not None
    here = game.pawns[game.turn.seat].field
    odds = throw_odds(game)
    for dice in ("black", "white", "two_white"):
        got = {e["field"]: Fraction(e["ways"], WAYS) for e in odds[dice]}
        assert got == enumerate_fields(here, dice)
        zeros = {e["moved"]: Fraction(e["zero_ways"], WAYS) for e in odds[dice] if e["zero_ways"]}
        assert zeros == enumerate_zeros(dice)


def test_odds_say_what_stands_on_each_parking_place_and_who_would_lead() -> None:
    game = arrange(3, {0: 14, 1: 16, 2: 20})  # seat 0 starts (500)
    move_and_park(game, (2, 2))  # seat 0 parks on 18 (2200)
    odds = throw_odds(game)  # seat 1 stands on 16
    by_field = {e["field"]: e for e in odds["two_white"]}
    assert by_field[18]["bumps"] == "pawn-0" and by_field[18]["leads"]  # bumping takes the lead
    assert by_field[17]["bumps"] is None and not by_field[17]["leads"]  # 1700 < 2200
    assert by_field[16]["value"] == 400 and by_field[16]["owner"] is None


def test_odds_say_what_rolling_on_from_each_field_would_cost() -> None:
    game = arrange(2, {0: 12, 1: 20}, owners={22: 1, 21: 0})  # seat 0 starts (1100)
    move_and_park(game, (1, 1))  # seat 0 on 14
    by_field = {e["field"]: e for e in throw_odds(game)["two_white"]}  # seat 1 on 20
    assert (by_field[22]["reroll_cost"], by_field[22]["reroll_to"]) == (0, None)  # its own
    assert (by_field[21]["reroll_cost"], by_field[21]["reroll_to"]) == (1400, 0)
    assert (by_field[23]["reroll_cost"], by_field[23]["reroll_to"]) == (1200, BANK)


def test_odds_count_the_reroll_price_about_to_be_paid() -> None:
    game = arrange(2, {0: 1, 1: 23}, cash={1: 2000})
    throw(game, Dice.TWO_WHITE, 1, 1)  # to 1 (800): rolling again costs 800, leaving 1200
    by_field = {e["field"]: e for e in throw_odds(game)["white"]}
    assert by_field[3]["reroll_cost"] == 2300 and not by_field[3]["can_reroll"]
    assert by_field[5]["reroll_cost"] == 1600 and not by_field[5]["can_reroll"]
    assert by_field[4]["reroll_cost"] == 900 and by_field[4]["can_reroll"]


def test_the_outcome_of_a_park_is_what_the_round_then_pays() -> None:
    game = arrange(3, {0: 22, 1: 20, 2: 14}, owners={0: 0})
    move_and_park(game, (1, 1))  # seat 0 on 2400, its own
    move_and_park(game, (1, 1))  # seat 1 on 22 (700)
    by_field = {e["field"]: e for e in throw_odds(game)["two_white"]}  # seat 2, from 14
    promised = by_field[16]["outcome"]
    move_and_park(game, (1, 1))  # seat 2 parks on 16
    assert game.phase is Phase.ROUND_OVER
    assert promised == game.cash[2] - 5000 == -4000


def test_the_view_gives_the_odds_only_to_the_turn_being_played() -> None:
    game = arrange(2, {0: 1, 1: 23})
    view = public_view(game)
    assert set(view["turn"]["odds"]) == {"black", "white", "two_white"}
    assert view["turn"]["reroll_cost"] is None and not view["turn"]["thrown"]
    throw(game, Dice.BLACK, 2)
    view = public_view(game)
    assert view["turn"]["reroll_cost"] == 800 and view["turn"]["thrown"]
    assert not view["turn"]["free_reroll"]


def test_every_odds_entry_in_random_games_adds_up() -> None:
    def check(game: Engine, action: object, events: object) -> None:
        turn = public_view(game)["turn"]
        if turn is None:
            return
        for entries in turn["odds"].values():
            if not turn["can_reroll"]:
                assert entries == []  # no throw can be made
                continue
            assert sum(e["ways"] for e in entries) == WAYS
            assert all(0 <= e["zero_ways"] <= e["ways"] for e in entries)

    for seed in range(6):
        play_random(2 + seed % 5, seed, check)


def test_what_parking_on_a_field_would_mean_is_worked_out_once_per_field(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The three throws reach many of the same fields; each field's facts (its outcome settles
    a whole round) are worked out once per view, and every throw reaching it shows them."""
    from peanutclub.games.nur_peanuts.engine import odds

    asked: list[int] = []
    reference = odds.parking_facts

    def counted(*args: object, **kwargs: object) -> dict[str, object]:
        asked.append(args[2])  # type: ignore[arg-type]
        return reference(*args, **kwargs)  # type: ignore[arg-type]

    game = arrange(3, {0: 1, 1: 9, 2: 23})
    before = throw_odds(game)
    monkeypatch.setattr(odds, "parking_facts", counted)
    after = throw_odds(game)
    reached = {e["field"] for entries in after.values() for e in entries}
    assert sorted(asked) == sorted(reached)
    assert after == before
