"""Peanuts!' handicap (docs/rules.md): the host gives a seat a peanuts pile of 10 or 16 cards
instead of the rule's 13. Only where the pile stops in the same shuffled deck moves: every other
deck, and everything else of the deal, is as it would have been."""

from __future__ import annotations

from peanutclub.games.peanuts.engine import Engine, Layout
from peanutclub.games.peanuts.game import Peanuts, Settings


def laid_out(layout: Layout) -> list[str]:
    """A deck's cards in the order the deal laid them: the pile, the building piles, the stock."""
    cards = [*layout.peanuts, *(p[0] for p in layout.building), *layout.stock]
    return [card.id for card in cards]


def test_a_seat_given_16_has_a_peanuts_pile_of_16_and_nothing_else_changes() -> None:
    rule = Engine(4, 11)
    handicapped = Engine(4, 11, piles=[13, 16, 13, 13])
    assert [len(handicapped.layouts[d].peanuts) for d in range(4)] == [13, 16, 13, 13]
    assert len(handicapped.layouts[1].stock) == len(rule.layouts[1].stock) - 3
    for deck in range(4):
        assert laid_out(handicapped.layouts[deck]) == laid_out(rule.layouts[deck])
        if deck != 1:
            assert handicapped.layouts[deck] == rule.layouts[deck]


def test_a_seat_given_10_has_a_peanuts_pile_of_10_at_every_deal() -> None:
    game = Peanuts(3, 5, Settings(pile={"2": 10}))
    assert game.engine.pile_sizes == {0: 13, 1: 13, 2: 10}
    assert [p["peanuts"]["left"] for p in game.public_view()["players"]] == [13, 13, 10]
    # what the race starts from, so that a page's race bar knows it without the rule
    assert [p["pile_size"] for p in game.public_view()["players"]] == [13, 13, 10]


def test_a_team_deck_takes_both_its_seats_changes_from_13() -> None:
    assert Engine(4, 3, teams=True, piles=[10, 16, 13, 13]).pile_sizes == {0: 13, 2: 13}
    assert Engine(4, 3, teams=True, piles=[10, 10, 16, 13]).pile_sizes == {0: 7, 2: 16}
    assert Engine(4, 3, teams=True, piles=[16, 16, 13, 13]).pile_sizes == {0: 19, 2: 13}


def test_the_lobby_shows_the_piles_the_deal_will_make() -> None:
    settings = Settings(teams=True, pile={"0": 10, "1": 10, "3": 16})
    lobby = Peanuts.lobby(4, settings)
    dealt = Peanuts(4, 2, settings).public_view()
    assert [p["pile_size"] for p in lobby["players"]] == [7, 7, 16, 16]
    assert [p["pile_size"] for p in dealt["players"]] == [7, 7, 16, 16]
    assert [p["peanuts"]["left"] for p in dealt["players"]] == [7, 7, 16, 16]


def test_a_handicap_is_kept_when_the_host_changes_the_pace_mid_game() -> None:
    game = Peanuts(2, 1, Settings(pile={"0": 16}))
    game.settings = Settings(stall_seconds=90)
    assert game.settings.pile == {"0": 16}  # type: ignore[attr-defined]
