"""What each person sees: the view of a seat, of the TV, and the pay suggestion."""

from __future__ import annotations

from peanutclub.games.peanut_club.engine import Pay, PlaceBid, view

from .conftest import C, D, obj, sell, table


def test_a_seat_sees_its_own_hand_and_collector_and_the_tv_sees_neither() -> None:
    game = table(hands=["d5 c1", "d4", "p2"], collectors=["art", "modern", "exotic"])
    mine = view(game, 0)
    assert mine["you"]["hand"] == [c.to_dict() for c in game.hands[0]]
    assert mine["you"]["collector"] == "art"
    assert view(game, None)["you"] is None
    for p in mine["players"]:
        assert "hand" not in p and "collector" not in p
    assert [p["hand_count"] for p in mine["players"]] == [2, 1, 1]


def test_everyone_sees_the_public_state() -> None:
    nxt = obj("modern", back=3)
    game = table(hands=["d5 c1", "d4", "p2"], column_spec="cdp", pile=[nxt, obj("art")], niet="p")
    game.apply(PlaceBid(1, 2, D))
    tv = view(game, None)
    assert tv["phase"] == "bidding"
    assert tv["column"] == ["camels", "dollars", "peanuts"]
    assert tv["niet"] == ["peanuts"]
    assert tv["a_la_carte"] is False
    assert tv["high_bid"] == {"seat": 1, "amount": 2, "currency": "dollars"}
    assert tv["going"] == 0
    assert tv["next_lot_size"] == 3 and tv["refresh_next"] is False
    assert tv["objects_left"] == 2
    assert tv["lot"] == [o.to_dict() for o in game.lot]
    assert tv["players"][1]["tokens"] == {
        "a_la_carte": False,
        "crash": False,
        "niet": False,
        "convert": False,
        "abracadabra": False,
    }


def test_the_refresh_card_on_top_shows_as_no_lot_size() -> None:
    game = table(hands=["d5", "d4", "p2"], pile=[obj(refresh=True), obj("art", back=2)])
    tv = view(game, None)
    assert tv["next_lot_size"] is None and tv["refresh_next"] is True
    assert tv["objects_left"] == 1


def test_only_the_winner_gets_a_pay_suggestion_and_paid_cards_become_public() -> None:
    game = table(hands=["d5 d3 c1", "d4", "p2"], column_spec="dcp")
    game.apply(PlaceBid(0, 3, D))
    sell(game)
    suggestion = view(game, 0)["you"]["pay_suggestion"]
    d3 = next(c.id for c in game.hands[0] if c.value == 3)
    assert suggestion == {"cards": [d3], "convert": False, "abracadabra": None}
    assert view(game, 1)["you"]["pay_suggestion"] is None
    assert view(game, None)["payer"] == 0
    game.apply(Pay(0, (d3,)))
    assert view(game, 2)["paid"] == [{"seat": 0, "id": d3, "currency": "dollars", "value": 3}]
    assert view(game, 0)["you"]["pay_suggestion"] is None


def test_a_seat_sees_its_bid_options() -> None:
    game = table(hands=["d5 d3 c1", "d4", "p2"], column_spec="dcp", used={0: "convert"})
    game.apply(PlaceBid(1, 2, C))
    options = view(game, 0)["you"]["bid_options"]
    assert options["dollars"] == {
        "min": 1,
        "max": 13,
        "reason": None,
        "needs": ["abracadabra"],
        "plain": 8,
    }
    assert options["camels"] == {
        "min": 3,
        "max": 2,
        "reason": "cannot_honour",
        "needs": ["abracadabra"],
        "plain": 1,
    }
    assert options["peanuts"] == {
        "min": None,
        "max": 0,
        "reason": "bid_too_low",
        "needs": [],
        "plain": 0,
    }
