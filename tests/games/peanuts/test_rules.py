"""One test per rule of rules/peanuts.md, each named after the rule it pins down."""

from __future__ import annotations

import pytest

from peanutclub.games.peanuts.engine import (
    CARDS_PER_DECK,
    CallPeanuts,
    DeclareStuck,
    Engine,
    Flip,
    MoveCard,
    NextRound,
    Phase,
    Stall,
    StartPlay,
    Target,
    new_deck,
    seat_decks,
)
from peanutclub.games.peanuts.engine.rules import MAX_ROTATIONS

from .conftest import c, cards, found, ids, playing, refused, rig

F, B = Target.FOUNDATION, Target.BUILDING


# ---------------------------------------------------------------------------- components


def test_each_deck_is_a_standard_52_card_deck_whose_ids_are_unique_in_the_room() -> None:
    decks = [new_deck(d) for d in range(6)]
    for deck, pile in enumerate(decks):
        assert len({(card.suit, card.rank) for card in pile}) == CARDS_PER_DECK
        assert {card.rank for card in pile} == set(range(1, 14))
        assert all(card.deck == deck for card in pile)
    every_id = [card.id for pile in decks for card in pile]
    assert len(every_id) == len(set(every_id))


def test_two_to_six_players() -> None:
    for players in range(2, 7):
        assert len(Engine(players, 1).layouts) == players
    for players in (1, 7):
        with pytest.raises(ValueError):
            Engine(players, 1)


def test_teams_pair_seats_0_1_2_3_4_5_on_one_deck_only_with_4_or_6_players() -> None:
    assert seat_decks(4, True) == [0, 0, 2, 2]
    assert seat_decks(6, True) == [0, 0, 2, 2, 4, 4]
    for players in (2, 3, 5):
        assert seat_decks(players, True) == list(range(players))
    assert seat_decks(4, False) == [0, 1, 2, 3]
    game = Engine(4, 1, teams=True)
    assert sorted(game.layouts) == [0, 2]
    assert game.teams


def test_teammates_may_move_any_card_of_their_shared_deck() -> None:
    game = playing(4, teams=True)
    rig(game, 0, peanuts="AS", waste="AH")
    game.apply(MoveCard(1, c("AS").id, F))  # the teammate of seat 0
    game.apply(MoveCard(0, c("AH").id, F))
    assert game.played[0] == 2
    with refused(game, "not_your_card"):
        game.apply(MoveCard(2, c("2S", 0).id, F))


# ---------------------------------------------------------------------------- the deal


def test_the_deal_makes_a_13_card_peanuts_pile_4_building_piles_and_a_35_card_stock() -> None:
    game = Engine(3, 7)
    for deck, layout in game.layouts.items():
        assert len(layout.peanuts) == 13
        assert [len(p) for p in layout.building] == [1, 1, 1, 1]
        assert len(layout.stock) == 35
        assert layout.waste == []
        assert sorted(ids(layout.all_cards())) == ids(new_deck(deck))
    assert game.foundations == []


def test_each_round_is_dealt_from_the_seed_alone() -> None:
    assert Engine(4, 99).reveal() == Engine(4, 99).reveal()
    assert Engine(4, 99).reveal() != Engine(4, 100).reveal()


def test_a_round_starts_after_a_countdown_and_no_card_moves_before_it() -> None:
    game = Engine(2, 1)
    assert game.phase is Phase.COUNTDOWN
    top = game.layouts[0].peanuts[-1]
    with refused(game, "not_playing"):
        game.apply(MoveCard(0, top.id, B, None))
    with refused(game, "not_playing"):
        game.apply(Flip(0))
    game.apply(StartPlay())
    assert game.phase is Phase.PLAYING
    with refused(game, "wrong_phase"):
        game.apply(StartPlay())


# ---------------------------------------------------------------------------- moving one card


def test_only_the_top_card_of_the_peanuts_pile_waste_or_a_building_pile_moves() -> None:
    game = playing()
    rig(game, 0, peanuts="AS AH", building=("AD 2C", "", "", ""), stock="AC", waste="5S 6S")
    for name in ("AS", "AD", "AC", "5S"):
        with refused(game, "not_on_top"):
            game.apply(MoveCard(0, c(name).id, F))


def test_a_player_moves_only_cards_of_their_own_deck() -> None:
    game = playing()
    rig(game, 1, peanuts="AS")
    with refused(game, "not_your_card"):
        game.apply(MoveCard(0, c("AS", 1).id, F))


def test_a_card_id_that_names_no_card_is_a_bad_message() -> None:
    game = playing()
    with refused(game, "bad_message"):
        game.apply(MoveCard(0, 10_000, F))
    teams = playing(4, teams=True)
    with refused(teams, "bad_message"):  # a team shares one deck: there is no deck 1
        teams.apply(MoveCard(0, CARDS_PER_DECK + 5, F))


def test_an_ace_starts_a_new_foundation_from_any_pile_top() -> None:
    game = playing()
    rig(game, 0, peanuts="AS", waste="AH", building=("AD", "AC", "", ""))
    for name in ("AS", "AH", "AD"):
        game.apply(MoveCard(0, c(name).id, F))
    game.apply(MoveCard(0, c("AC").id, F, 3))  # a pile beyond the last: a new one too
    assert [(f.index, f.suit.value, len(f.cards)) for f in game.foundations] == [
        (0, "spades", 1),
        (1, "hearts", 1),
        (2, "diamonds", 1),
        (3, "clubs", 1),
    ]


def test_only_an_ace_starts_a_foundation() -> None:
    game = playing()
    rig(game, 0, peanuts="2S")
    with refused(game, "not_playable"):
        game.apply(MoveCard(0, c("2S").id, F))


def test_an_ace_never_goes_on_an_existing_foundation() -> None:
    game = playing()
    found(game, "AS", deck=1)
    rig(game, 0, peanuts="AS")
    with refused(game, "not_playable"):
        game.apply(MoveCard(0, c("AS").id, F, 0))


def test_a_foundation_takes_the_next_rank_of_its_suit() -> None:
    game = playing()
    found(game, "AH 2H", deck=1)
    rig(game, 0, peanuts="3H", waste="4H")
    game.apply(MoveCard(0, c("3H").id, F, 0))
    game.apply(MoveCard(0, c("4H").id, F, None))  # the engine finds the foundation
    assert ids(game.foundations[0].cards)[-2:] == [c("3H").id, c("4H").id]
    assert game.foundations[0].by_deck == {1: 2, 0: 2}


def test_a_foundation_refuses_another_suit_or_a_rank_that_is_not_the_next() -> None:
    game = playing()
    found(game, "AH 2H", deck=1)
    rig(game, 0, peanuts="3D", waste="4H")
    with refused(game, "not_playable"):
        game.apply(MoveCard(0, c("3D").id, F, 0))
    with refused(game, "not_playable"):
        game.apply(MoveCard(0, c("4H").id, F, 0))
    with refused(game, "not_playable"):
        game.apply(MoveCard(0, c("4H").id, F, None))
    with refused(game, "not_playable"):
        game.apply(MoveCard(0, c("4H").id, F, 5))


def test_a_foundation_that_reaches_its_king_is_complete_and_closed_to_plays() -> None:
    game = playing()
    found(game, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS", deck=1)
    rig(game, 0, peanuts="KS", waste="5D")
    game.apply(MoveCard(0, c("KS").id, F, 0))
    assert game.foundations[0].complete
    with refused(game, "pile_complete"):
        game.apply(MoveCard(0, c("5D").id, F, 0))
    assert len(game.foundations) == 1  # it stays on the table


def test_foundations_are_shared_and_count_each_decks_cards() -> None:
    game = playing(3)
    rig(game, 0, peanuts="AS")
    rig(game, 1, peanuts="2S")
    rig(game, 2, peanuts="3S")
    for seat, name in enumerate(("AS", "2S", "3S")):
        game.apply(MoveCard(seat, c(name, seat).id, F))
    assert len(game.foundations) == 1
    assert game.foundations[0].by_deck == {0: 1, 1: 1, 2: 1}


def test_a_building_pile_takes_a_card_one_rank_lower_of_the_other_colour() -> None:
    game = playing()
    rig(game, 0, peanuts="8H", waste="7S", building=("9C", "", "", ""))
    game.apply(MoveCard(0, c("8H").id, B, 0))
    game.apply(MoveCard(0, c("7S").id, B, 0))
    assert ids(game.layouts[0].building[0]) == ids(cards("9C 8H 7S"))


def test_a_building_pile_refuses_the_same_colour_or_a_wrong_rank() -> None:
    game = playing()
    rig(game, 0, peanuts="8D", waste="7H", building=("9H", "9S", "", ""))
    with refused(game, "not_playable"):
        game.apply(MoveCard(0, c("8D").id, B, 0))
    with refused(game, "not_playable"):
        game.apply(MoveCard(0, c("7H").id, B, 1))
    with refused(game, "not_playable"):
        game.apply(MoveCard(0, c("7H").id, B, 4))


def test_an_empty_building_pile_takes_a_peanuts_or_waste_card_but_never_a_building_card() -> None:
    game = playing()
    rig(game, 0, peanuts="KS", waste="QD", building=("5C", "", "", "9H"))
    with refused(game, "not_playable"):
        game.apply(MoveCard(0, c("5C").id, B, 1))
    game.apply(MoveCard(0, c("KS").id, B, 1))
    game.apply(MoveCard(0, c("QD").id, B, 2))
    assert [len(p) for p in game.layouts[0].building] == [1, 1, 1, 1]


def test_a_building_top_moves_onto_another_building_pile_or_a_foundation() -> None:
    game = playing()
    rig(game, 0, peanuts="KS", building=("AC", "8H", "9C", ""))
    game.apply(MoveCard(0, c("AC").id, F))
    game.apply(MoveCard(0, c("8H").id, B, 2))
    assert [len(p) for p in game.layouts[0].building] == [0, 0, 2, 0]
    with refused(game, "not_playable"):
        game.apply(MoveCard(0, c("8H").id, B, 2))  # onto its own pile


def test_a_building_move_with_no_pile_named_goes_to_the_first_pile_that_takes_it() -> None:
    game = playing()
    rig(game, 0, peanuts="8H", waste="2D", building=("4C", "", "9S", ""))
    game.apply(MoveCard(0, c("8H").id, B))
    assert ids(game.layouts[0].building[2]) == ids(cards("9S 8H"))
    game.apply(MoveCard(0, c("2D").id, B))
    assert ids(game.layouts[0].building[1]) == [c("2D").id]


def test_the_next_peanuts_card_turns_face_up_by_itself() -> None:
    game = playing()
    rig(game, 0, peanuts="5C AS")
    (moved,) = game.apply(MoveCard(0, c("AS").id, F))
    assert game.layouts[0].peanuts[-1] == c("5C")
    assert moved.data["reveal"] == c("5C").to_dict()


# ---------------------------------------------------------------------------- stock and waste


def test_a_flip_turns_three_cards_one_by_one_so_the_third_is_on_top() -> None:
    game = playing()
    rig(game, 0, stock="2C 3C 4C 5C 6C")  # 6C is the stock's top
    game.apply(Flip(0))
    assert ids(game.layouts[0].waste) == ids(cards("6C 5C 4C"))
    assert ids(game.layouts[0].stock) == ids(cards("2C 3C"))


def test_a_flip_turns_fewer_cards_when_the_stock_holds_fewer() -> None:
    game = playing()
    rig(game, 0, stock="2C 3C", waste="9D")
    game.apply(Flip(0))
    assert ids(game.layouts[0].waste) == ids(cards("9D 3C 2C"))
    assert game.layouts[0].stock == []


def test_a_flip_on_an_empty_stock_turns_the_waste_back_over_as_the_new_stock() -> None:
    game = playing()
    rig(game, 0, waste="6C 5C 4C 3C")
    game.apply(Flip(0))
    assert game.layouts[0].waste == []
    game.apply(Flip(0))
    assert ids(game.layouts[0].waste) == ids(cards("6C 5C 4C"))  # the same order again


def test_a_flip_with_an_empty_stock_and_waste_is_refused() -> None:
    game = playing()
    rig(game, 0, peanuts="5S")
    with refused(game, "not_playable"):
        game.apply(Flip(0))


def test_the_waste_top_is_playable_after_a_flip() -> None:
    game = playing()
    rig(game, 0, stock="AS 2C 3C")
    game.apply(Flip(0))
    game.apply(MoveCard(0, c("AS").id, F))
    assert game.layouts[0].waste[-1] == c("2C")


# ---------------------------------------------------------------------------- races


def test_the_first_card_to_reach_a_foundation_wins_and_the_second_gets_pile_changed() -> None:
    game = playing()
    found(game, "AH 2H 3H", deck=0)
    rig(game, 0, peanuts="4H")
    rig(game, 1, waste="4H")
    game.apply(MoveCard(0, c("4H", 0).id, F, 0))
    with refused(game, "pile_changed"):
        game.apply(MoveCard(1, c("4H", 1).id, F, 0))
    assert game.layouts[1].waste == [c("4H", 1)]  # the loser's card never left its place


def test_a_race_lost_with_no_pile_named_is_pile_changed_too() -> None:
    game = playing()
    found(game, "AH 2H 3H", deck=0)
    rig(game, 0, peanuts="4H")
    rig(game, 1, peanuts="4H")
    game.apply(MoveCard(0, c("4H", 0).id, F))
    with refused(game, "pile_changed"):
        game.apply(MoveCard(1, c("4H", 1).id, F))


def test_a_race_for_the_king_lost_is_pile_changed() -> None:
    game = playing()
    found(game, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH", deck=0)
    rig(game, 0, peanuts="KH")
    rig(game, 1, peanuts="KH")
    game.apply(MoveCard(0, c("KH", 0).id, F, 0))
    with refused(game, "pile_changed"):
        game.apply(MoveCard(1, c("KH", 1).id, F, 0))


def test_teammates_racing_for_one_building_pile_the_second_gets_pile_changed() -> None:
    game = playing(4, teams=True)
    rig(game, 0, peanuts="7S", waste="7C", building=("8H", "", "", ""))
    game.apply(MoveCard(0, c("7S").id, B, 0))
    with refused(game, "pile_changed"):
        game.apply(MoveCard(1, c("7C").id, B, 0))


def test_the_same_card_moved_twice_is_refused_the_second_time() -> None:
    game = playing()
    rig(game, 0, peanuts="5D AS")
    game.apply(MoveCard(0, c("AS").id, F))
    with refused(game, "not_on_top"):
        game.apply(MoveCard(0, c("AS").id, F))


# ---------------------------------------------------------------------------- stuck and stalls


def test_a_player_may_declare_stuck_and_take_it_back() -> None:
    game = playing()
    game.apply(DeclareStuck(0, True))
    assert game.layouts[0].stuck
    game.apply(DeclareStuck(0, False))
    assert not game.layouts[0].stuck


def test_when_every_deck_is_declared_stuck_every_deck_is_rotated() -> None:
    game = playing()
    rig(game, 0, stock="2C 3C 4C", waste="5C 6C 7C")
    rig(game, 1, stock="2D", waste="")
    game.apply(DeclareStuck(0, True))
    assert game.rotations == 0
    game.apply(DeclareStuck(1, True))
    assert game.rotations == 1
    # the waste went back under the stock, turned over, and the stock's top went to its bottom
    assert ids(game.layouts[0].stock) == ids(cards("4C 7C 6C 5C 2C 3C"))
    assert game.layouts[0].waste == []
    assert not game.layouts[0].stuck and not game.layouts[1].stuck


def test_the_stall_clock_rotates_every_deck() -> None:
    game = playing()
    rig(game, 0, stock="2C 3C", waste="4C")
    game.apply(Stall())
    assert game.rotations == 1
    assert ids(game.layouts[0].stock) == ids(cards("3C 4C 2C"))


def test_a_move_onto_a_foundation_or_building_pile_clears_every_stuck_declaration() -> None:
    game = playing(3)
    rig(game, 0, peanuts="AS", stock="2C 3C 4C")
    game.apply(DeclareStuck(1, True))
    game.apply(DeclareStuck(2, True))
    game.apply(Flip(0))  # a flip does not
    assert game.layouts[1].stuck and game.layouts[2].stuck
    game.apply(Stall())
    game.apply(DeclareStuck(1, True))
    game.apply(MoveCard(0, c("AS").id, F))
    assert not any(layout.stuck for layout in game.layouts.values())
    assert game.rotations == 0  # and the count of rotations in a row starts over


def test_after_five_rotations_in_a_row_the_round_ends_as_if_nobody_called() -> None:
    game = playing(target_score=500)
    for _ in range(MAX_ROTATIONS):
        game.apply(Stall())
    assert game.phase is Phase.PLAYING and game.rotations == MAX_ROTATIONS
    events = game.apply(Stall())
    assert game.phase is Phase.ROUND_OVER
    assert events[0].kind == "round_over"
    assert events[0].data["reason"] == "stalled" and events[0].data["caller"] is None


def test_a_stuck_declaration_in_a_team_is_the_decks() -> None:
    game = playing(4, teams=True)
    game.apply(DeclareStuck(1, True))
    assert game.layouts[0].stuck
    game.apply(DeclareStuck(0, False))
    assert not game.layouts[0].stuck


# ---------------------------------------------------------------------------- Peanuts!


def test_peanuts_may_be_called_only_with_an_empty_peanuts_pile() -> None:
    game = playing()
    with refused(game, "peanuts_left"):
        game.apply(CallPeanuts(0))


def test_a_player_with_an_empty_peanuts_pile_may_keep_playing_before_calling() -> None:
    game = playing()
    rig(game, 0, peanuts="", waste="AD", building=("AS", "", "", ""))
    game.apply(MoveCard(0, c("AD").id, F))
    game.apply(MoveCard(0, c("AS").id, F))
    assert game.phase is Phase.PLAYING


def test_calling_peanuts_ends_the_round_at_once_and_later_moves_are_refused() -> None:
    game = playing(target_score=500)
    rig(game, 0, peanuts="")
    rig(game, 1, peanuts="AS")
    events = game.apply(CallPeanuts(0))
    assert game.phase is Phase.ROUND_OVER
    assert events[0].data["reason"] == "peanuts" and events[0].data["caller"] == 0
    with refused(game, "round_over"):
        game.apply(MoveCard(1, c("AS", 1).id, F))
    with refused(game, "round_over"):
        game.apply(CallPeanuts(0))


# ---------------------------------------------------------------------------- scoring and the game


def test_a_round_scores_plus_one_per_foundation_card_and_minus_two_per_peanut_left() -> None:
    game = playing(target_score=500)
    found(game, "AS 2S 3S", deck=0)
    found(game, "AH", deck=1)
    game.foundations[1].cards.append(c("2H", 0))
    game.foundations[1].by_deck[0] = 1
    game.played[0] += 1
    rig(game, 0, peanuts="")
    rig(game, 1, peanuts="5D 6D 7D")
    game.apply(CallPeanuts(0))
    assert game.round_scores is not None
    by_deck = {s.deck: (s.played, s.peanuts_left, s.points) for s in game.round_scores}
    assert by_deck == {0: (4, 0, 4), 1: (1, 3, -5)}
    assert game.totals == {0: 4, 1: -5}


def test_teams_score_as_one() -> None:
    game = playing(4, teams=True, target_score=500)
    found(game, "AS 2S", deck=2)
    rig(game, 2, peanuts="")
    rig(game, 0, peanuts="5D")
    game.apply(CallPeanuts(3))
    assert game.totals == {0: -2, 2: 2}
    assert game.round_scores is not None
    assert [s.seats for s in game.round_scores] == [(0, 1), (2, 3)]


def test_the_game_ends_after_the_round_in_which_a_total_reaches_the_target() -> None:
    game = playing(target_score=25)
    game.totals = {0: 20, 1: 24}
    found(game, "AS 2S 3S 4S 5S", deck=0)
    rig(game, 0, peanuts="")
    rig(game, 1, peanuts="")
    events = game.apply(CallPeanuts(1))
    assert game.phase is Phase.OVER and game.over
    assert game.winners == [0]  # the highest total wins, not the first to reach the target
    assert events[-1].kind == "game_over"
    with refused(game, "wrong_phase"):
        game.apply(NextRound(None))


def test_equal_highest_totals_share_the_victory() -> None:
    game = playing(target_score=25)
    game.totals = {0: 30, 1: 30}
    rig(game, 0, peanuts="")
    rig(game, 1, peanuts="")
    game.apply(CallPeanuts(0))
    assert game.winners == [0, 1]


def test_the_next_round_is_dealt_when_the_host_or_the_clock_says_so() -> None:
    game = playing(target_score=500)
    with refused(game, "wrong_phase"):
        game.apply(NextRound(0))
    rig(game, 0, peanuts="")
    game.apply(CallPeanuts(0))
    game.apply(NextRound(0))
    assert (game.round, game.phase) == (2, Phase.COUNTDOWN)
    assert game.foundations == [] and all(len(lay.peanuts) == 13 for lay in game.layouts.values())
    game.apply(StartPlay())
    game.apply(Stall())
    for _ in range(MAX_ROTATIONS):
        game.apply(Stall())
    game.apply(NextRound(None, by_clock=True))
    assert (game.round, game.phase) == (3, Phase.COUNTDOWN)


def test_a_refused_action_leaves_the_game_as_it_was() -> None:
    game = playing()
    rig(game, 0, peanuts="5S 9D", building=("", "", "", ""))
    with refused(game, "not_playable"):
        game.apply(MoveCard(0, c("9D").id, F))
    with refused(game, "not_seated"):
        game.apply(Flip(5))
