"""One test per rule of rules/nur-peanuts.md, named after it, each from a small arranged table.

Field values on our board, for reading the scenarios (index: hundreds): 0:24 1:8 2:3 3:23 4:9
5:16 6:10 7:20 8:6 9:21 10:2 11:18 12:11 13:19 14:5 15:13 16:4 17:17 18:22 19:15 20:1 21:14
22:7 23:12.
"""

from __future__ import annotations

import pytest

from peanutclub.games.nur_peanuts.engine import (
    BANK,
    FIELDS,
    STANDARD,
    START_CASH,
    Buy,
    Dice,
    EndReason,
    Engine,
    NextRound,
    Owner,
    Park,
    Pass,
    Phase,
    Place,
    RuleError,
    StoneStep,
    ThrowDice,
)
from peanutclub.games.nur_peanuts.engine.rules import purchase_order, stones_for

from .conftest import (
    arrange,
    kinds,
    load,
    move_and_park,
    park,
    piece,
    preliminary,
    stones_until,
    throw,
)


def refused(code: str, game: Engine, action: object) -> None:
    with pytest.raises(RuleError) as error:
        game.apply(action)  # type: ignore[arg-type]
    assert error.value.code == code


# ----------------------------------------------------------------------------- components


def test_our_board_has_24_fields_one_of_each_hundred_from_100_to_2400() -> None:
    assert len(STANDARD) == FIELDS == 24
    assert sorted(STANDARD) == [h * 100 for h in range(1, 25)]
    assert STANDARD[:4] == (2400, 800, 300, 2300) and STANDARD[-1] == 1200


def test_our_board_neighbours_differ_by_at_least_500() -> None:
    assert all(abs(STANDARD[f] - STANDARD[(f + 1) % FIELDS]) >= 500 for f in range(FIELDS))


def test_a_random_board_is_a_seeded_shuffle_told_before_the_first_purchase() -> None:
    a, b = Engine(4, 7, "random"), Engine(4, 7, "random")
    assert a.values == b.values and sorted(a.values) == sorted(STANDARD)
    assert a.values != STANDARD or Engine(4, 8, "random").values != STANDARD
    assert a.start_events[0].data["values"] == list(a.values)
    assert Engine(4, 7).values == STANDARD


def test_every_player_starts_with_9700_peanuts() -> None:
    assert START_CASH == 9700
    assert Engine(3, 1).cash == [9700, 9700, 9700]


def test_neutral_stones_by_player_count() -> None:
    assert [stones_for(n) for n in range(2, 7)] == [2, 3, 2, 1, 0]
    for players in range(2, 7):
        game = Engine(players, 3)
        preliminary(game)
        assert len(game.stones) == stones_for(players)


def test_two_to_six_players() -> None:
    for players in (1, 7):
        with pytest.raises(ValueError):
            Engine(players, 0)


# ----------------------------------------------------------------------------- preliminary round


def test_the_preliminary_start_player_is_drawn_at_random() -> None:
    starts = {Engine(4, seed).start_player for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    assert Engine(4, 5).start_player == Engine(4, 5).start_player


def test_preliminary_round_2_to_4_players_clockwise_then_back_from_the_right_neighbour() -> None:
    assert purchase_order(4, 0) == (0, 1, 2, 3, 3, 2, 1, 0)
    assert purchase_order(4, 2) == (2, 3, 0, 1, 1, 0, 3, 2)
    assert purchase_order(3, 1) == (1, 2, 0, 0, 2, 1)
    assert purchase_order(2, 1) == (1, 0, 0, 1)


def test_preliminary_round_the_start_player_buys_last_in_the_second_round() -> None:
    game = Engine(4, 11)
    start = game.start_player
    bought = []
    while game.phase is Phase.BUYING:
        seat = game.buyer
        assert seat is not None
        bought.append(seat)
        game.apply(Buy(seat, game.for_sale()[0]))
    assert bought[0] == start and bought[-1] == start
    assert bought[4] == (start - 1) % 4


def test_preliminary_purchase_pays_the_field_value_to_the_bank() -> None:
    game = Engine(3, 2)
    seat = game.start_player
    events = game.apply(Buy(seat, 0))
    assert game.cash[seat] == 9700 - 2400 and game.bank_takings == 2400
    assert game.owners[0] == seat and kinds(events) == ["bought"]


def test_preliminary_second_purchase_puts_the_pawn_on_its_start_place() -> None:
    game = Engine(2, 0)
    first, second = game.order[0], game.order[1]
    game.apply(Buy(first, 5))
    assert first not in game.pawns  # the first purchase places no pawn
    game.apply(Buy(second, 7))
    game.apply(Buy(game.order[2], 9))
    assert game.pawns[game.order[2]].field == 9
    assert game.pawns[game.order[2]].place is Place.START


def test_preliminary_round_5_and_6_players_buy_once_and_place_the_pawn() -> None:
    for players in (5, 6):
        game = Engine(players, 4)
        start = game.start_player
        assert game.order == tuple((start + i) % players for i in range(players))
        events = preliminary(game)
        assert kinds(events).count("bought") == players
        assert all(len(game.fields_of(s)) == 1 for s in range(players))
        assert all(game.pawns[s].field == game.fields_of(s)[0] for s in range(players))
        assert game.phase is Phase.TURNS and game.round == 1


def test_preliminary_round_2_to_4_players_buy_twice_the_pawn_on_the_second() -> None:
    game = Engine(3, 4)
    second_fields = {}
    while game.phase is Phase.BUYING:
        seat = game.buyer
        assert seat is not None
        field = max(game.for_sale(), key=lambda f: game.values[f])
        if game.purchases >= 3:
            second_fields[seat] = field
        game.apply(Buy(seat, field))
    assert all(len(game.fields_of(s)) == 2 for s in range(3))
    assert {s: game.pawns[s].field for s in range(3)} == second_fields


def test_stones_start_on_the_cheapest_unsold_fields() -> None:
    game = Engine(3, 9)
    # everyone buys the cheapest: 100 .. 600 are sold; the stones go on 700, 800, 900
    preliminary(game, lambda g, seat: min(g.for_sale(), key=lambda f: g.values[f]))
    assert sorted(game.values[s.field] for s in game.stones) == [700, 800, 900]
    assert all(s.place is Place.START for s in game.stones)


def test_preliminary_round_has_no_pass_and_only_the_buyer_buys() -> None:
    game = Engine(4, 1)
    seat = game.start_player
    refused("wrong_phase", game, Pass(seat))
    refused("not_your_turn", game, Buy((seat + 1) % 4, 3))
    refused("bad_field", game, Buy(seat, 24))
    refused("bad_field", game, Buy(seat, -1))
    game.apply(Buy(seat, 3))
    refused("field_sold", game, Buy((seat + 1) % 4, 3))


def test_a_field_costs_more_than_the_cash_is_cannot_afford() -> None:
    game = Engine(2, 1)
    game.cash[game.start_player] = 500
    refused("cannot_afford", game, Buy(game.start_player, 0))


# ----------------------------------------------------------------------------- a round


def test_the_start_player_stands_on_the_most_valuable_start_place() -> None:
    game = arrange(3, {0: 1, 1: 3, 2: 5})  # 800, 2300, 1600
    assert game.start_player == 1 and game.turn is not None and game.turn.seat == 1


def test_a_turn_begins_with_the_pawn_stepping_onto_the_track() -> None:
    game = arrange(2, {0: 1, 1: 3})
    assert piece(game, "pawn-1").place is Place.TRACK
    assert piece(game, "pawn-0").place is Place.START


def test_a_pawn_cannot_park_before_it_throws() -> None:
    game = arrange(2, {0: 1, 1: 3})
    refused("must_throw", game, Park(1))


def test_only_the_player_to_move_throws_or_parks() -> None:
    game = arrange(2, {0: 1, 1: 3})
    refused("not_your_turn", game, ThrowDice(0, Dice.BLACK))
    refused("not_your_turn", game, Park(0))
    refused("wrong_phase", game, StoneStep())
    refused("wrong_phase", game, NextRound())


def test_a_throw_moves_the_pawn_clockwise_by_what_it_shows() -> None:
    game = arrange(2, {0: 1, 1: 23})  # seat 1 on 1200 starts
    throw(game, Dice.TWO_WHITE, 3, 4)
    assert piece(game, "pawn-1").field == 6  # 23 + 7, round the ring
    game = arrange(2, {0: 1, 1: 23})
    throw(game, Dice.BLACK, 3)
    assert piece(game, "pawn-1").field == 2
    game = arrange(2, {0: 1, 1: 23})
    throw(game, Dice.WHITE, 5)
    assert piece(game, "pawn-1").field == 4


def test_a_throw_of_0_moves_nowhere() -> None:
    game = arrange(2, {0: 1, 1: 23})
    throw(game, Dice.WHITE, 0)
    assert piece(game, "pawn-1").field == 23


def test_rolling_again_is_free_after_a_0_on_a_white_die() -> None:
    game = arrange(2, {0: 1, 1: 23})
    throw(game, Dice.TWO_WHITE, 0, 2)  # to field 1 (800), unsold
    assert game.turn is not None and game.turn.free and game.reroll() is None
    throw(game, Dice.BLACK, 1)
    assert game.cash[1] == 5000 and game.bank_takings == 0


def test_the_black_die_never_gives_a_free_roll() -> None:
    game = arrange(2, {0: 1, 1: 23})
    throw(game, Dice.BLACK, 1)
    assert game.turn is not None and not game.turn.free
    assert game.reroll() == (2400, BANK)


def test_rolling_again_costs_the_field_value_paid_to_the_bank_when_unsold() -> None:
    game = arrange(2, {0: 1, 1: 23})
    throw(game, Dice.TWO_WHITE, 1, 1)  # field 1: 800, unsold
    events = throw(game, Dice.WHITE, 1)
    assert game.cash[1] == 4200 and game.bank_takings == 800
    assert "reroll_paid" in kinds(events)


def test_rolling_again_on_a_field_of_the_bank_pays_the_bank() -> None:
    game = arrange(2, {0: 1, 1: 23}, owners={1: BANK})
    throw(game, Dice.TWO_WHITE, 1, 1)
    throw(game, Dice.WHITE, 1)
    assert game.cash[1] == 4200 and game.bank_takings == 800


def test_rolling_again_pays_the_owner_of_the_field() -> None:
    game = arrange(2, {0: 1, 1: 23}, owners={1: 0})
    throw(game, Dice.TWO_WHITE, 1, 1)
    throw(game, Dice.WHITE, 1)
    assert game.cash == [5800, 4200] and game.bank_takings == 0


def test_rolling_again_on_ones_own_field_costs_nothing() -> None:
    game = arrange(2, {0: 1, 1: 23}, owners={1: 1})
    throw(game, Dice.TWO_WHITE, 1, 1)
    throw(game, Dice.WHITE, 1)
    assert game.cash == [5000, 5000]


def test_a_player_who_cannot_pay_cannot_roll_again_and_must_park() -> None:
    game = arrange(2, {0: 1, 1: 23}, cash={1: 700})
    throw(game, Dice.TWO_WHITE, 1, 1)  # 800 to roll again, 700 in hand
    refused("cannot_reroll", game, ThrowDice(1, Dice.WHITE))
    park(game)
    assert piece(game, "pawn-1").place is Place.PARKING


def test_parking_ends_the_turn_and_the_next_player_clockwise_moves() -> None:
    game = arrange(3, {0: 1, 1: 23, 2: 5})  # 800, 1200, 1600: seat 2 starts
    move_and_park(game, (1, 1))
    assert game.turn is not None and game.turn.seat == 0


def test_bumping_sends_the_parked_piece_to_its_start_place() -> None:
    game = arrange(3, {0: 14, 1: 16, 2: 20})  # 500, 400, 100: seat 0 starts
    move_and_park(game, (2, 2))  # seat 0 parks on 18
    events = move_and_park(game, (1, 1))  # seat 1 lands on 18 and bumps
    assert "bumped" in kinds(events) and game.bumped == [True, False, False]
    bumped = piece(game, "pawn-0")
    assert (bumped.field, bumped.place) == (18, Place.START)
    assert piece(game, "pawn-1").place is Place.PARKING


def test_a_bumped_pawn_moves_again_on_its_owners_next_turn() -> None:
    game = arrange(2, {0: 14, 1: 16})
    move_and_park(game, (2, 2))
    move_and_park(game, (1, 1))
    assert game.bumped[0] is False  # its turn has begun: the flag is spent
    assert game.turn is not None and game.turn.seat == 0
    assert piece(game, "pawn-0").place is Place.TRACK


def test_a_player_whose_pawn_is_parked_is_skipped() -> None:
    game = arrange(3, {0: 14, 1: 16, 2: 20})  # 500, 400, 100: seat 0 starts
    move_and_park(game, (2, 2))  # seat 0 on 18
    move_and_park(game, (1, 1))  # seat 1 bumps seat 0 on 18
    move_and_park(game, (1, 1))  # seat 2 on 22
    assert game.turn is not None and game.turn.seat == 0
    move_and_park(game, (1, 1))  # seat 0 on 20
    assert game.phase is Phase.ROUND_OVER  # seats 1 and 2 parked: nobody else moves


def test_the_stones_move_once_every_pawn_is_parked_most_valuable_start_first() -> None:
    game = arrange(2, {0: 12, 1: 20}, stones=[16, 14])  # stones on 400 and 500
    move_and_park(game, (1, 1))  # seat 0 on 14 (a stone waits on its start place)
    assert game.phase is Phase.TURNS
    move_and_park(game, (1, 1))  # seat 1 on 22
    assert game.phase is Phase.STONES
    load(game, 1, 2)
    game.apply(StoneStep())
    assert piece(game, "stone-1").field == 17  # the stone on 500 (field 14) went first
    assert piece(game, "stone-0").place is Place.START


def test_a_stone_throws_again_after_a_0_and_parks_when_none_shows() -> None:
    game = arrange(2, {0: 12, 1: 20}, stones=[14])
    move_and_park(game, (5, 5))  # seat 0 on 22
    move_and_park(game, (1, 2))  # seat 1 on 23
    load(game, 0, 3)
    game.apply(StoneStep())
    stone = piece(game, "stone-0")
    assert (stone.field, stone.place, game.phase) == (17, Place.TRACK, Phase.STONES)
    load(game, 1, 1)
    game.apply(StoneStep())
    assert (stone.field, stone.place, game.phase) == (19, Place.PARKING, Phase.ROUND_OVER)


def test_a_bumped_stone_moves_again_in_the_same_stones_phase() -> None:
    game = arrange(2, {0: 12, 1: 20}, stones=[14, 16])
    move_and_park(game, (5, 5))  # seat 0 on 22
    move_and_park(game, (1, 2))  # seat 1 on 23
    events = stones_until(game, Phase.ROUND_OVER, [2, 2, 1, 1, 1, 1])
    # the 500 stone parks on 18; the 400 stone bumps it there; it moves again to 20
    assert kinds(events).count("bumped") == 1
    assert (piece(game, "stone-0").field, piece(game, "stone-1").field) == (20, 18)


def test_a_pawn_bumped_by_a_stone_moves_again_start_player_first() -> None:
    game = arrange(2, {0: 12, 1: 20}, stones=[14])  # seat 0 starts (1100)
    move_and_park(game, (2, 2))  # seat 0 on 16
    move_and_park(game, (1, 1))  # seat 1 on 22
    stones_until(game, Phase.TURNS, [1, 1])  # the stone lands on 16: seat 0 bumped
    assert game.turn is not None and game.turn.seat == 0
    move_and_park(game, (1, 1))
    assert game.phase is Phase.ROUND_OVER
    assert game.round_result is not None and game.round_result.winner == 0  # 2200 on 18


def test_pawns_bumped_by_stones_move_from_the_closest_to_the_start_player_clockwise() -> None:
    game = arrange(3, {0: 0, 1: 20, 2: 10}, stones=[14, 16])  # seat 0 starts (2400)
    move_and_park(game, (1, 1))  # seat 0 on 2
    move_and_park(game, (1, 1))  # seat 1 on 22
    move_and_park(game, (5, 5))  # seat 2 on 20
    # the 500 stone bumps seat 1 on 22, the 400 stone bumps seat 2 on 20
    stones_until(game, Phase.TURNS, [4, 4, 2, 2])
    assert game.bumped == [False, False, True]  # seat 1's turn has begun
    assert game.turn is not None and game.turn.seat == 1
    move_and_park(game, (1, 1))
    assert game.turn is not None and game.turn.seat == 2


# ----------------------------------------------------------------------------- end of a round


def three_finish(owners: dict[int, Owner] | None = None) -> Engine:
    """Seat 0 parks on 2400, seat 1 on 700, seat 2 on 400; no stones."""
    game = arrange(3, {0: 22, 1: 20, 2: 14}, owners=owners)
    move_and_park(game, (1, 1))  # seat 0: 22 -> 0 (2400)
    move_and_park(game, (1, 1))  # seat 1: 20 -> 22 (700)
    move_and_park(game, (1, 1))  # seat 2: 14 -> 16 (400)
    return game


def test_the_round_winner_is_the_piece_on_the_most_valuable_parking_place() -> None:
    game = three_finish()
    assert game.phase is Phase.ROUND_OVER
    assert game.round_result is not None and game.round_result.winner == 0
    assert all(p.place is Place.PARKING for p in game.pieces())


def test_the_others_pay_the_winner_the_difference() -> None:
    game = three_finish()
    assert game.cash == [5000 + 1700 + 2000, 3300, 3000]


def test_a_player_on_a_field_of_their_own_pays_nothing() -> None:
    game = three_finish({22: 1})
    assert game.cash == [5000 + 2000, 5000, 3000]


def test_the_others_pay_twice_when_the_winner_owns_the_field() -> None:
    game = three_finish({0: 0})
    assert game.cash == [5000 + 3400 + 4000, 1600, 1000]


def test_when_a_stone_wins_the_bank_wins_and_everyone_pays_the_simple_difference() -> None:
    game = arrange(2, {0: 20, 1: 14}, stones=[16], owners={22: 0, 18: 1})
    move_and_park(game, (1, 1))  # seat 1 (500 starts): 14 -> 16 (400)
    move_and_park(game, (1, 1))  # seat 0: 20 -> 22 (700), its own field
    stones_until(game, Phase.ROUND_OVER, [1, 1])  # the stone parks on 18 (2200)
    assert game.round_result is not None and game.round_result.winner == BANK
    assert game.cash == [5000 - 1500, 5000 - 1800] and game.bank_takings == 3300


def test_the_bank_never_pays() -> None:
    game = arrange(2, {0: 20, 1: 14}, stones=[16])
    move_and_park(game, (1, 1))
    move_and_park(game, (1, 1))
    stones_until(game, Phase.ROUND_OVER, [1, 1])
    assert game.round_result is not None
    assert all(p.to == BANK and p.payer in (0, 1) for p in game.round_result.payments)


def test_when_the_bank_wins_on_an_unsold_field_its_chip_goes_to_the_bank() -> None:
    game = arrange(2, {0: 20, 1: 14}, stones=[16])
    move_and_park(game, (1, 1))
    move_and_park(game, (1, 1))
    stones_until(game, Phase.ROUND_OVER, [1, 1])
    assert game.owners[18] == BANK and game.buyer is None
    game.apply(NextRound())
    assert game.owners[18] == BANK and 18 not in game.for_sale()


def test_when_the_bank_wins_on_a_sold_field_nothing_is_taken() -> None:
    game = arrange(2, {0: 20, 1: 14}, stones=[16], owners={18: 1})
    move_and_park(game, (1, 1))
    move_and_park(game, (1, 1))
    stones_until(game, Phase.ROUND_OVER, [1, 1])
    assert game.owners[18] == 1 and game.round_result is not None
    assert game.round_result.chip_to_bank is None


def test_the_winner_may_buy_any_unsold_field_at_its_value() -> None:
    game = three_finish()
    assert game.buyer == 0
    refused("not_your_turn", game, Buy(1, 5))
    refused("wrong_phase", game, NextRound())
    game.apply(Buy(0, 5))
    assert game.owners[5] == 0 and game.cash[0] == 8700 - 1600
    assert game.buyer is None and game.phase is Phase.ROUND_OVER


def test_the_winner_may_pass() -> None:
    game = three_finish()
    game.apply(Pass(0))
    assert game.buyer is None and game.cash[0] == 8700
    refused("wrong_phase", game, Pass(0))


def test_the_winner_cannot_buy_a_bank_chip_or_a_sold_field() -> None:
    game = three_finish({5: BANK, 7: 1})
    refused("field_sold", game, Buy(0, 5))
    refused("field_sold", game, Buy(0, 7))


def test_every_piece_returns_to_its_start_place_and_a_new_round_begins() -> None:
    game = arrange(2, {0: 20, 1: 14}, stones=[16])
    move_and_park(game, (1, 1))
    move_and_park(game, (1, 1))
    stones_until(game, Phase.ROUND_OVER, [1, 1])
    events = game.apply(NextRound())
    assert game.round == 3 and game.phase is Phase.TURNS and "round" in kinds(events)
    places = {p.id: (p.field, p.place) for p in game.pieces()}
    # seat 0 (700 on 22) now stands on the most valuable start place of the two pawns
    assert places == {
        "pawn-0": (22, Place.TRACK),
        "pawn-1": (16, Place.START),
        "stone-0": (18, Place.START),
    }
    assert game.start_player == 0


# ----------------------------------------------------------------------------- end of the game


def test_the_game_ends_when_a_player_owns_six_fields_2_to_4_players() -> None:
    game = three_finish({1: 0, 2: 0, 4: 0, 8: 0, 10: 0})
    events = game.apply(Buy(0, 5))
    assert game.phase is Phase.OVER and "game_over" in kinds(events)
    assert game.result is not None
    assert (game.result.reason, game.result.winners) == (EndReason.SIX_FIELDS, (0,))


def test_cash_counts_for_nothing_when_a_player_owns_enough_fields() -> None:
    game = three_finish({1: 0, 2: 0, 4: 0, 8: 0, 10: 0})
    game.cash[1] = 99_999
    game.apply(Buy(0, 5))
    assert game.result is not None and game.result.winners == (0,)


def test_the_game_ends_when_a_player_owns_five_fields_5_and_6_players() -> None:
    pawns = {0: 22, 1: 20, 2: 14, 3: 16, 4: 10}  # seat 0 starts (700)
    game = arrange(5, pawns, owners={1: 0, 2: 0, 4: 0, 8: 0})
    move_and_park(game, (1, 1))  # seat 0 -> 0 (2400)
    for _ in range(4):
        move_and_park(game, (1, 2))  # the others to 23, 17, 19, 13
    assert game.buyer == 0
    game.apply(Buy(0, 5))
    assert game.result is not None
    assert (game.result.reason, game.result.winners) == (EndReason.FIVE_FIELDS, (0,))


def test_the_game_ends_when_the_bank_holds_six_chips_most_cash_wins() -> None:
    chips: dict[int, Owner] = {f: BANK for f in (1, 2, 4, 8, 10)}
    game = arrange(2, {0: 20, 1: 14}, stones=[16], owners=chips, cash={0: 6000})
    move_and_park(game, (1, 1))
    move_and_park(game, (1, 1))
    stones_until(game, Phase.OVER, [1, 1])  # the stone wins on 18: the bank's sixth chip
    assert game.result is not None
    assert (game.result.reason, game.result.winners) == (EndReason.BANK_CHIPS, (0,))


def large_bank_round(owners: dict[int, Owner]) -> Engine:
    """Five players park on 700, 400, 1100, 200 and 500; the stone wins on 18 (2200)."""
    game = arrange(5, {0: 20, 1: 14, 2: 10, 3: 8, 4: 12}, stones=[16], owners=owners)
    for _ in range(5):
        move_and_park(game, (1, 1))
    stones_until(game, Phase.OVER, [1, 1])
    assert game.cash == [3500, 3200, 3900, 3000, 3300]
    return game


def test_the_game_ends_when_the_bank_holds_five_chips_5_and_6_players() -> None:
    game = large_bank_round({f: BANK for f in (1, 2, 4, 8)})
    assert game.result is not None
    assert (game.result.reason, game.result.winners) == (EndReason.BANK_CHIPS, (2,))


def test_the_game_ends_when_no_field_is_left_to_buy_5_and_6_players() -> None:
    others = [f for f in range(FIELDS) if f not in (1, 2, 4, 18)]
    owners: dict[int, Owner] = {f: BANK for f in (1, 2, 4)}
    owners.update({f: i // 4 for i, f in enumerate(others)})
    game = large_bank_round(owners)  # the bank takes 18, the last field for sale
    assert game.result is not None
    assert (game.result.reason, game.result.winners) == (EndReason.ALL_SOLD, (2,))


def test_buying_the_last_field_ends_the_game_5_and_6_players() -> None:
    rest = [f for f in range(FIELDS) if f != 5]
    owners: dict[int, Owner] = {f: BANK for f in rest[:4]}
    owners.update({f: 0 for f in rest[4:7]})
    owners.update({f: 1 + i // 4 for i, f in enumerate(rest[7:])})
    game = arrange(5, {0: 22, 1: 20, 2: 14, 3: 16, 4: 10}, owners=owners)
    move_and_park(game, (1, 1))
    for _ in range(4):
        move_and_park(game, (1, 2))
    assert game.result is None and game.buyer == 0
    game.apply(Buy(0, 5))
    assert game.result is not None and game.result.reason is EndReason.ALL_SOLD


def test_2_to_4_players_play_on_when_no_field_is_left_to_buy() -> None:
    rest = [f for f in range(FIELDS) if f != 5]
    owners: dict[int, Owner] = {f: BANK for f in rest[:4]}
    owners.update({f: 0 for f in rest[4:8]})
    owners.update({f: 1 + i // 5 for i, f in enumerate(rest[8:])})
    game = arrange(4, {0: 22, 1: 20, 2: 14, 3: 16}, owners=owners)
    move_and_park(game, (1, 1))
    for _ in range(3):
        move_and_park(game, (1, 2))
    game.apply(Buy(game.buyer or 0, 5))
    assert game.result is None and game.for_sale() == []


def test_a_player_who_cannot_pay_pays_all_they_have_the_others_pay_and_the_game_ends() -> None:
    game = arrange(3, {0: 22, 1: 20, 2: 14}, cash={1: 1000, 2: 5000})
    move_and_park(game, (1, 1))
    move_and_park(game, (1, 1))
    events = move_and_park(game, (1, 1))
    assert game.cash == [5000 + 1000 + 2000, 0, 3000]
    assert game.phase is Phase.OVER and game.buyer is None
    assert game.result is not None
    assert (game.result.reason, game.result.winners) == (EndReason.BANKRUPT, (0,))
    assert kinds(events)[-2:] == ["round_over", "game_over"]


def test_paying_exactly_all_ones_cash_is_not_bankruptcy() -> None:
    game = arrange(3, {0: 22, 1: 20, 2: 14}, cash={1: 1700})
    move_and_park(game, (1, 1))
    move_and_park(game, (1, 1))
    move_and_park(game, (1, 1))
    assert game.cash[1] == 0 and game.phase is Phase.ROUND_OVER


def test_equal_most_cash_is_a_shared_victory() -> None:
    game = arrange(3, {0: 22, 1: 20, 2: 14}, cash={0: 1000, 1: 1000, 2: 2000})
    move_and_park(game, (1, 1))  # seat 0 wins 2400: seat 1 owes 1700 and has 1000
    move_and_park(game, (1, 1))
    move_and_park(game, (1, 1))  # seat 2 owes 2000 and pays it all: 0 left
    assert game.cash == [4000, 0, 0]
    assert game.result is not None and game.result.winners == (0,)
    game = arrange(3, {0: 22, 1: 20, 2: 14}, cash={0: 0, 1: 1000, 2: 5700})
    move_and_park(game, (1, 1))
    move_and_park(game, (1, 1))
    move_and_park(game, (1, 1))
    assert game.cash == [3000, 0, 3700]
    game = arrange(3, {0: 22, 1: 20, 2: 14}, cash={0: 0, 1: 1000, 2: 5000})
    move_and_park(game, (1, 1))
    move_and_park(game, (1, 1))
    move_and_park(game, (1, 1))
    assert game.cash == [3000, 0, 3000]
    assert game.result is not None and game.result.winners == (0, 2)


def test_nothing_is_accepted_once_the_game_is_over() -> None:
    game = three_finish({1: 0, 2: 0, 4: 0, 8: 0, 10: 0})
    game.apply(Buy(0, 5))
    refused("wrong_phase", game, NextRound())


# ----------------------------------------------------------------------------- the clock


def test_the_clock_throws_black_before_the_first_throw_then_parks() -> None:
    game = arrange(2, {0: 1, 1: 3})
    assert game.clock_action() == ThrowDice(1, Dice.BLACK)
    throw(game, Dice.WHITE, 2)
    assert game.clock_action() == Park(1)


def test_the_clock_passes_on_buying_and_buys_the_cheapest_field_in_the_preliminary_round() -> None:
    game = Engine(3, 1)
    assert game.clock_action() == Buy(game.start_player, 20)  # 100 is field 20
    assert three_finish().clock_action() == Pass(0)


def test_the_clock_steps_the_stones_and_starts_the_next_round() -> None:
    game = arrange(2, {0: 20, 1: 14}, stones=[16])
    move_and_park(game, (1, 1))
    move_and_park(game, (1, 1))
    assert game.clock_action() == StoneStep()
    stones_until(game, Phase.ROUND_OVER, [1, 1])
    assert game.clock_action() == NextRound()
