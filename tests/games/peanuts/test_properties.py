"""Properties over random legal play: whatever the players do, the cards are all there, the
foundations are runs, the scores are right, and the log replays the game."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from peanutclub.core import RuleError
from peanutclub.games.peanuts.engine import (
    ACE,
    CARDS_PER_DECK,
    Action,
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
)

from .conftest import snapshot

#: How likely random play picks each kind of action when it may (moves most, stalls rarely).
WEIGHTS = {"move": 20.0, "flip": 4.0, "stuck": 0.5, "peanuts": 1.0}
STALL_CHANCE = 0.01
#: deck -> its 52 ids, in order
DECK_IDS = {d: [c.id for c in new_deck(d)] for d in range(6)}


def check_cards(game: Engine) -> None:
    """Each deck's 52 cards lie exactly once across its piles and the foundations."""
    where: dict[int, list[int]] = {d: [] for d in game.decks}
    for deck, layout in game.layouts.items():
        where[deck] += [c.id for c in layout.all_cards()]
    for foundation in game.foundations:
        for card in foundation.cards:
            where[card.deck].append(card.id)
    for deck in game.decks:
        assert sorted(where[deck]) == DECK_IDS[deck], deck
    assert all(len(layout.peanuts) <= 13 for layout in game.layouts.values())


def check_foundations(game: Engine) -> None:
    """Every foundation is a run of one suit from its Ace upwards."""
    for index, foundation in enumerate(game.foundations):
        assert foundation.index == index
        assert [c.rank for c in foundation.cards] == list(range(ACE, len(foundation.cards) + 1))
        assert {c.suit for c in foundation.cards} == {foundation.suit}
        assert dict(Counter(c.deck for c in foundation.cards)) == {
            d: n for d, n in foundation.by_deck.items() if n
        }


def independent_points(game: Engine) -> dict[int, int]:
    """A round's points counted from the table alone, without the engine's bookkeeping."""
    on_foundations = Counter(c.deck for f in game.foundations for c in f.cards)
    return {deck: on_foundations[deck] - 2 * len(game.layouts[deck].peanuts) for deck in game.decks}


def random_action(game: Engine, rng: random.Random) -> Action:
    """A legal action chosen at random (the clock's, between rounds and now and then in play)."""
    if game.phase is Phase.COUNTDOWN:
        return StartPlay()
    if game.phase is Phase.ROUND_OVER:
        return NextRound(rng.choice([None, 0]), by_clock=rng.random() < 0.5)
    if rng.random() < STALL_CHANCE:
        return Stall()
    options = [a for seat in range(game.players) for a in game.legal_actions(seat)]
    weights = [WEIGHTS[a.kind] for a in options]
    return rng.choices(options, weights)[0]


def random_refusal(game: Engine, rng: random.Random) -> Action:
    """An action that is often illegal: any card of the room, any target."""
    seat = rng.randrange(game.players)
    kind = rng.random()
    if kind < 0.8:
        card = rng.randrange(CARDS_PER_DECK * game.players + 3)
        target = rng.choice(list(Target))
        return MoveCard(seat, card, target, rng.choice([None, 0, 1, 2, 3, 7]))
    if kind < 0.9:
        return Flip(seat)
    return DeclareStuck(seat, rng.random() < 0.5)


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    teams=st.booleans(),
    play=st.integers(0, 2**32),
)
def test_random_legal_play_keeps_every_card_once_runs_scores_and_replay(
    seed: int, players: int, teams: bool, play: int
) -> None:
    game = Engine(players, seed, teams=teams, target_score=40)
    rng = random.Random(play)
    expected_totals = dict.fromkeys(game.decks, 0)

    def step(action: Action) -> None:
        points = independent_points(game)
        events = game.apply(action)
        if any(e.kind == "round_over" for e in events):
            for deck in game.decks:
                expected_totals[deck] += points[deck]

    for _ in range(700):
        if game.over:
            break
        if rng.random() < 0.2:  # a refusal, when it is one, changes nothing
            before = snapshot(game)
            try:
                step(random_refusal(game, rng))
            except RuleError:
                assert snapshot(game) == before
            if game.over:
                break
        step(random_action(game, rng))
        check_cards(game)
        check_foundations(game)
        if game.phase is Phase.PLAYING:
            for deck in game.decks:
                assert game.round_points(deck) == independent_points(game)[deck]
        assert game.totals == expected_totals
    twin = Engine(players, seed, teams=teams, target_score=40)
    for action in game.log:
        twin.apply(action)
    assert twin.reveal() == game.reveal()
    assert twin.winners == game.winners


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6))
def test_the_views_never_depend_on_the_order_of_face_down_cards(seed: int, players: int) -> None:
    """Two tables that differ only under the peanuts tops and in the stocks look the same."""
    from peanutclub.games.peanuts.engine import public_view

    game, twin = Engine(players, seed), Engine(players, seed)
    for layout in twin.layouts.values():
        hidden, top = layout.peanuts[:-1], layout.peanuts[-1]
        random.Random(seed).shuffle(hidden)
        layout.peanuts = [*hidden, top]
        random.Random(seed + 1).shuffle(layout.stock)
        layout.changes += 1
    seen: Any = public_view(game)
    assert public_view(twin) == seen
