"""The end of the game, scoring (series, bonus symbols, collector, Jokers) and the ranking."""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from peanutclub.games.peanut_club.engine import (
    CATEGORIES,
    COLLECTORS,
    AutoPay,
    CallGoing,
    Crash,
    ObjectCard,
    Pay,
    Phase,
    PlaceBid,
    Score,
    Symbol,
    ranking,
    score,
    standard_deck,
    view,
)

from .conftest import D, kinds, obj, refused, sell, table

# ----------------------------------------------------------------------------- the end


def test_the_game_ends_when_no_object_is_left() -> None:
    game = table(hands=["d5 d4", "d5", "c1"], column_spec="dcp", pile=[])
    game.apply(PlaceBid(0, 4, D))
    sell(game)
    events = game.apply(AutoPay())
    assert kinds(events) == ["paid", "game_over"]
    assert game.phase is Phase.OVER
    assert game.hands[0] and game.hands[1]  # money was left: objects ran out first


def test_the_game_ends_when_only_the_refresh_card_is_left() -> None:
    game = table(hands=["d5 d4", "d5", "c1"], column_spec="dcp", pile=[obj(refresh=True)])
    events = sell(game)  # no bid: the lot is discarded and only the refresh card remains
    assert kinds(events)[-2:] == ["discarded", "game_over"]
    assert game.phase is Phase.OVER


def test_the_game_ends_when_nobody_holds_a_card() -> None:
    game = table(hands=["d5 d4", "", ""], column_spec="dcp", pile=[obj("art"), obj("modern")])
    game.apply(PlaceBid(0, 9, D))
    sell(game)
    events = game.apply(Pay(0, tuple(c.id for c in game.hands[0])))
    assert kinds(events) == ["paid", "game_over"]
    assert game.phase is Phase.OVER
    assert game.objects_left == 2


def test_a_player_left_with_cards_keeps_the_game_going() -> None:
    game = table(hands=["d5 d4", "c1", ""], column_spec="dcp", pile=[obj("art"), obj("modern")])
    game.apply(PlaceBid(0, 9, D))
    sell(game)
    game.apply(Pay(0, tuple(c.id for c in game.hands[0])))
    assert game.phase is Phase.BIDDING


def test_nothing_is_accepted_once_the_game_is_over() -> None:
    game = table(hands=["d5 d4", "d5", "c1"], column_spec="dcp", pile=[])
    game.apply(PlaceBid(0, 4, D))
    sell(game)
    game.apply(AutoPay())
    for action in (PlaceBid(1, 1, D), Crash(1, D, 0), CallGoing(None), AutoPay()):
        assert refused(game, action) == "wrong_phase"


def test_game_over_reveals_collectors_scores_and_winners() -> None:
    art = obj("art", "modern")
    game = table(
        hands=["d5 d4", "d5", "c1"],
        column_spec="dcp",
        lot=[art],
        pile=[],
        collectors=["art", "exotic", "modern"],
    )
    game.apply(PlaceBid(0, 4, D))
    sell(game)
    events = game.apply(AutoPay())
    over = events[-1].data
    assert over["winners"] == [0]
    assert [(s["place"], s["seat"]) for s in over["scores"]] == [(1, 0), (2, 1), (2, 2)]
    assert over["scores"][0]["total"] == 1 and over["scores"][0]["collector"] == "art"
    tv = view(game, None)
    assert [p["collector"] for p in tv["players"]] == ["art", "exotic", "modern"]
    assert tv["scores"][0]["seat"] == 0


# ----------------------------------------------------------------------------- scoring


def objects(*spec: str) -> list[Any]:
    """Objects from specs such as "modern+art" or "joker"."""
    return [obj(*s.split("+")) for s in spec]


def test_the_rulebook_example_scores_twelve_with_the_joker_made_luxury() -> None:
    won = objects("modern+art", "modern+art", "modern+antique", "luxury+luxury", "joker")
    result = score(0, won, Symbol.ART)
    assert result.total == 12
    assert result.jokers == (Symbol.LUXURY,)
    assert (result.series, result.bonus, result.collector_points) == (6, 4, 2)


def test_three_identical_symbols_score_three_and_six_of_a_kind_score_six() -> None:
    assert score(0, objects("modern+exotic", "modern", "modern"), Symbol.ART).series == 3
    six = objects("modern+art", "modern+art", "modern+art")
    assert score(0, six, Symbol.EXOTIC).total == 3 + 3 + 0  # three Modern and three Art
    six_modern = objects(*["modern"] * 6)
    assert score(0, six_modern, Symbol.ART).total == 6
    assert score(0, objects(*["modern"] * 5), Symbol.ART).total == 3


def test_each_luxury_and_antique_symbol_scores_one() -> None:
    result = score(0, objects("luxury+exotic", "antique+modern"), Symbol.ART)
    assert (result.total, result.bonus, result.series) == (2, 2, 0)


def test_each_symbol_of_the_collectors_category_scores_one() -> None:
    result = score(0, objects("art+exotic", "art+modern"), Symbol.ART)
    assert (result.total, result.collector_points) == (2, 2)
    assert score(0, objects("art+exotic", "art+modern"), Symbol.CURIOSITY).total == 0


def test_a_joker_becomes_the_symbol_that_scores_most() -> None:
    result = score(0, objects("curiosity+exotic", "curiosity+modern", "joker"), Symbol.ART)
    assert result.jokers == (Symbol.CURIOSITY,) and result.total == 3
    two = score(0, objects("exotic+modern", "joker", "joker"), Symbol.FURNITURE)
    assert two.jokers == (Symbol.EXOTIC, Symbol.EXOTIC) and two.total == 3
    assert two.total == max(
        score(0, objects("exotic+modern", a.value, b.value), Symbol.FURNITURE).total
        for a in CATEGORIES
        for b in CATEGORIES
    )


def test_no_objects_score_nothing() -> None:
    result = score(2, [], Symbol.ART)
    assert (result.total, result.objects, result.jokers) == (0, 0, ())


def make_score(seat: int, total: int, objects_count: int) -> Score:
    return Score(seat, total, total, 0, 0, Symbol.ART, (), objects_count, ())


def test_ranking_most_points_first() -> None:
    places = ranking([make_score(0, 5, 9), make_score(1, 8, 1), make_score(2, 6, 4)])
    assert [(p, s.seat) for p, s in places] == [(1, 1), (2, 2), (3, 0)]


def test_ranking_tie_on_points_goes_to_most_objects() -> None:
    places = ranking([make_score(0, 7, 3), make_score(1, 7, 5), make_score(2, 2, 9)])
    assert [(p, s.seat) for p, s in places] == [(1, 1), (2, 0), (3, 2)]


def test_ranking_tie_on_points_and_objects_shares_the_place() -> None:
    places = ranking(
        [make_score(0, 7, 3), make_score(1, 7, 3), make_score(2, 9, 1), make_score(3, 1, 1)]
    )
    assert [(p, s.seat) for p, s in places] == [(1, 2), (2, 0), (2, 1), (4, 3)]
    shared = ranking([make_score(0, 4, 2), make_score(1, 4, 2)])
    assert [p for p, _ in shared] == [1, 1]


@pytest.mark.parametrize("collector", ["exotic", "art"])
def test_the_app_shows_the_joker_choice(collector: str) -> None:
    result = score(1, objects("joker"), Symbol(collector))
    assert result.to_dict()["jokers"] == [result.jokers[0].value]
    assert result.total >= 1


@settings(max_examples=200, deadline=None, database=None)
@given(
    st.lists(
        st.sampled_from(standard_deck().objects),
        max_size=12,
        unique_by=lambda o: o.id,
    ),
    st.sampled_from(COLLECTORS),
)
def test_the_joker_choice_is_the_best_of_every_possible_choice(
    won: list[ObjectCard], collector: Symbol
) -> None:
    result = score(0, won, collector)
    jokers = sum(o.symbols.count(Symbol.JOKER) for o in won)
    best = 0
    for choice in product(CATEGORIES, repeat=jokers):
        counts: Counter[Symbol] = Counter(
            s for o in won for s in o.symbols if s is not Symbol.JOKER
        )
        counts.update(choice)
        total = sum(3 * (n // 3) for n in counts.values())
        total += counts[Symbol.LUXURY] + counts[Symbol.ANTIQUE] + counts[collector]
        best = max(best, total)
    assert result.total == best
    assert result.total == result.series + result.bonus + result.collector_points
    assert len(result.jokers) == jokers and result.objects == len(won)
