"""The evening's standings against an independent count: random placings with ties, each game
counted pair by pair (who finished ahead of whom), abandoned games counting nothing."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from peanutclub.core.evening import (
    EveningAward,
    EveningGame,
    award_names,
    evening_view,
    game_awards,
    game_points,
    standings,
)
from peanutclub.games import GAMES


def ranks(scores: list[int]) -> tuple[int, ...]:
    """Competition ranking of scores (highest first, ties share, the next place skips)."""
    return tuple(1 + sum(1 for other in scores if other > mine) for mine in scores)


def pairwise(games: list[EveningGame], seats: int) -> list[Fraction]:
    """Every pair of players in every finished game: the one placed ahead takes a point, a tie
    splits it. Exact fractions, counted a different way from the code under test."""
    points = [Fraction(0)] * seats
    for game in games:
        if game.abandoned:
            continue
        places = game.placings
        for a in range(len(places)):
            for b in range(a + 1, len(places)):
                if places[a] < places[b]:
                    winner_share = {a: Fraction(1)}
                elif places[b] < places[a]:
                    winner_share = {b: Fraction(1)}
                else:
                    winner_share = {a: Fraction(1, 2), b: Fraction(1, 2)}
                for seat, share in winner_share.items():
                    if seat < seats:
                        points[seat] += share
    return points


game_strategy = st.builds(
    lambda scores, abandoned, kind: EveningGame(
        kind, "r", () if abandoned else ranks(scores), abandoned
    ),
    st.lists(st.integers(0, 3), min_size=2, max_size=6),
    st.booleans(),
    st.sampled_from(["peanut-club", "peanuts", "nur-peanuts"]),
)


@given(st.lists(game_strategy, max_size=6), st.integers(2, 6))
def test_the_standings_equal_a_pair_by_pair_count(games: list[EveningGame], seats: int) -> None:
    names = [f"P{i}" for i in range(seats)]
    table = standings(games, names)
    expected = pairwise(games, seats)
    assert sorted(s.seat for s in table) == list(range(seats))
    for s in table:
        assert Fraction(s.points) == expected[s.seat]
        assert s.name == names[s.seat]
    assert [s.points for s in table] == sorted((s.points for s in table), reverse=True)


@given(st.lists(st.integers(0, 3), min_size=2, max_size=6))
def test_a_game_gives_out_one_point_per_pair_of_players(scores: list[int]) -> None:
    n = len(scores)
    assert sum(game_points(ranks(scores))) == n * (n - 1) / 2


def test_two_tied_first_of_three_get_one_and_a_half_each() -> None:
    assert game_points((1, 1, 3)) == [1.5, 1.5, 0.0]


def test_an_abandoned_game_is_listed_and_gives_nothing() -> None:
    games = [
        EveningGame("peanuts", "R-1", (), True),
        EveningGame("nur-peanuts", "R-2", (2, 1), False, ("Ana", "Bo")),
    ]
    view = evening_view(games, ["Ana", "Bo"])
    assert [g["abandoned"] for g in view["games"]] == [True, False]
    assert view["games"][1]["placings"] == [
        {"seat": 0, "name": "Ana", "place": 2},
        {"seat": 1, "name": "Bo", "place": 1},
    ]
    assert view["standings"] == [
        {"seat": 1, "name": "Bo", "points": 1.0},
        {"seat": 0, "name": "Ana", "points": 0.0},
    ]


def test_a_finished_game_keeps_its_awards_an_abandoned_one_none() -> None:
    """The evening keeps the awards a game's end view gives (id and seat only, in its order),
    skips what is not an award, and an abandoned game keeps none."""
    view = {
        "awards": [
            {"award": "best_deal", "seat": 2, "value": 9, "detail": {"paid": 3}},
            {"award": "most_lost", "seat": 0, "value": 4, "detail": {}},
            {"seat": 1},
        ]
    }
    assert game_awards(view) == (EveningAward("best_deal", 2), EveningAward("most_lost", 0))
    assert game_awards({"awards": None}) == () and game_awards({}) == ()
    kept = EveningGame("peanut-club", "R-1", (2, 1), False, awards=game_awards(view))
    assert kept.to_dict()["awards"] == [
        {"award": "best_deal", "seat": 2},
        {"award": "most_lost", "seat": 0},
    ]
    assert EveningGame("peanuts", "R-2", (), True).to_dict()["awards"] == []


def test_only_a_game_with_awards_names_them() -> None:
    names = {game: award_names(cls) for game, cls in GAMES.items()}
    assert set(names["peanut-club"]) == {"best_deal", "most_lost", "power_of_the_night"}
    assert all(set(n) == {"en", "fr"} for n in names["peanut-club"].values())
    assert names["peanuts"] == {} and names["nur-peanuts"] == {}


def test_a_games_points_belong_to_the_names_that_played_it() -> None:
    """Ana won at seat 0; after a swap she sits at seat 1 and keeps her point; a name no longer
    at the table takes its points away with it."""
    games = [EveningGame("peanuts", "R-1", (1, 2, 3), False, ("Ana", "Bo", "Cy"))]
    view = evening_view(games, ["Bo", "Ana", "Di"])
    assert view["standings"] == [
        {"seat": 1, "name": "Ana", "points": 2.0},
        {"seat": 0, "name": "Bo", "points": 1.0},
        {"seat": 2, "name": "Di", "points": 0.0},
    ]
    assert [p["name"] for p in view["games"][0]["placings"]] == ["Ana", "Bo", "Cy"]
