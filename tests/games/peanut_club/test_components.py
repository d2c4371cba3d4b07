"""Components: the box's counts as RULES.md fixes them, and the deck as data."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from peanutclub.games.peanut_club.engine import (
    CATEGORIES,
    COLLECTORS,
    Currency,
    Power,
    Symbol,
    currency_deck,
    load_object_deck,
    standard_deck,
)
from peanutclub.games.peanut_club.engine.components import BONUS_SYMBOLS, parse_object_deck


def test_ninety_currency_cards_thirty_per_currency() -> None:
    deck = currency_deck()
    assert len(deck) == 90
    assert Counter(c.currency for c in deck) == {cur: 30 for cur in Currency}
    assert sorted(c.id for c in deck) == list(range(1, 91))


def test_each_currency_has_values_ten_ones_eight_twos_six_threes_four_fours_two_fives() -> None:
    deck = currency_deck()
    for cur in Currency:
        values = Counter(c.value for c in deck if c.currency is cur)
        assert values == {1: 10, 2: 8, 3: 6, 4: 4, 5: 2}
        assert sum(c.value for c in deck if c.currency is cur) == 70


def test_three_currencies_five_powers_eight_categories_six_collectors() -> None:
    assert {c.value for c in Currency} == {"dollars", "camels", "peanuts"}
    assert {p.value for p in Power} == {"a_la_carte", "crash", "niet", "convert", "abracadabra"}
    assert len(CATEGORIES) == 8 and Symbol.JOKER not in CATEGORIES
    assert set(BONUS_SYMBOLS) == {Symbol.LUXURY, Symbol.ANTIQUE}
    assert len(COLLECTORS) == 6
    assert set(COLLECTORS) == set(CATEGORIES) - BONUS_SYMBOLS


def test_object_deck_has_31_cards_with_one_refresh_card() -> None:
    deck = standard_deck()
    assert len(deck.objects) == 30
    assert len(deck.cards()) == 31
    assert [c for c in deck.cards() if c.refresh] == [deck.refresh]
    assert deck.refresh.back == 0 and deck.refresh.symbols == ()
    assert len({c.id for c in deck.cards()}) == 31


def test_every_unordered_pair_of_categories_exactly_once() -> None:
    pairs = Counter(
        frozenset(o.symbols) for o in standard_deck().objects if Symbol.JOKER not in o.symbols
    )
    assert len(pairs) == 28
    assert set(pairs) == {frozenset(p) for p in combinations(CATEGORIES, 2)}
    assert set(pairs.values()) == {1}
    for o in standard_deck().objects:
        if Symbol.JOKER not in o.symbols:
            assert len(o.symbols) == 2 and o.symbols[0] != o.symbols[1]


def test_each_category_on_seven_cards() -> None:
    per_category = Counter(s for o in standard_deck().objects for s in o.symbols)
    assert {s: per_category[s] for s in CATEGORIES} == {s: 7 for s in CATEGORIES}


def test_two_jokers_with_a_single_joker_symbol() -> None:
    jokers = [o for o in standard_deck().objects if Symbol.JOKER in o.symbols]
    assert len(jokers) == 2
    assert all(o.symbols == (Symbol.JOKER,) for o in jokers)


def test_backs_ten_ones_twelve_twos_eight_threes() -> None:
    assert Counter(o.back for o in standard_deck().objects) == {1: 10, 2: 12, 3: 8}


def test_every_object_has_its_own_english_and_french_name() -> None:
    cards = standard_deck().cards()
    for c in cards:
        assert c.name_en.strip() and c.name_fr.strip()
    assert len({c.name_en for c in cards}) == 31
    assert len({c.name_fr for c in cards}) == 31


def test_the_deck_is_data_and_a_variant_file_loads(tmp_path: Path) -> None:
    variant = {
        "name": "tiny",
        "objects": [
            {"id": "a", "name": {"en": "A", "fr": "A"}, "symbols": ["modern", "art"], "back": 1},
            {"id": "b", "name": {"en": "B", "fr": "B"}, "symbols": ["joker"], "back": 2},
        ],
        "refresh": {"id": "r", "name": {"en": "R", "fr": "R"}},
    }
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(variant), "utf-8")
    deck = load_object_deck(path)
    assert deck.name == "tiny"
    assert [o.id for o in deck.cards()] == ["a", "b", "r"]
    assert deck.objects[0].symbols == (Symbol.MODERN, Symbol.ART)
    assert load_object_deck() == standard_deck()


@pytest.mark.parametrize(
    "bad",
    [
        {"id": "x", "name": {"en": "X", "fr": "X"}, "symbols": [], "back": 1},
        {"id": "x", "name": {"en": "X", "fr": "X"}, "symbols": ["modern"], "back": 0},
        {"id": "x", "name": {"en": "X", "fr": "X"}, "symbols": ["gold"], "back": 1},
        {"id": "refresh", "name": {"en": "X", "fr": "X"}, "symbols": ["modern"], "back": 1},
    ],
)
def test_a_malformed_deck_is_refused(bad: dict[str, object]) -> None:
    data = {"objects": [bad], "refresh": {"id": "r", "name": {"en": "R", "fr": "R"}}}
    with pytest.raises(ValueError):
        parse_object_deck(data)


def test_duplicate_object_ids_are_refused() -> None:
    one = {"id": "x", "name": {"en": "X", "fr": "X"}, "symbols": ["modern"], "back": 1}
    data = {"objects": [one, one], "refresh": {"id": "r", "name": {"en": "R", "fr": "R"}}}
    with pytest.raises(ValueError):
        parse_object_deck(data)
