"""The bots play as people would: from their own view alone, at their level's pace, declaring
stuck once a pass through their stock finds nothing; and the levels are ordered."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import orjson
import pytest

from peanutclub.games import GAMES
from peanutclub.games.peanuts import Peanuts
from peanutclub.games.peanuts.bots import JITTER, LEVELS, make_bot
from peanutclub.games.peanuts.engine import (
    CallPeanuts,
    DeclareStuck,
    Flip,
    MoveCard,
    Target,
    view,
)

from .conftest import c, found, playing, rig


@pytest.fixture
def hosted() -> Iterator[None]:
    """Peanuts! as the server hosts it: registered, so the generic tools find it by id."""
    assert GAMES[Peanuts.id] is Peanuts
    yield


def seen(game: Any, seat: int) -> dict[str, Any]:
    """The view a bot gets, through JSON: it can use nothing the wire does not carry."""
    result: dict[str, Any] = orjson.loads(orjson.dumps(view(game, seat)))
    return result


def test_bots_react_at_their_levels_pace_with_jitter() -> None:
    means = {}
    for level, cls in LEVELS.items():
        bot = make_bot(level, 0, 1)
        delays = [bot.delay() for _ in range(100)] + [bot.pause(None) for _ in range(100)]
        low, high = cls.reaction_seconds * (1 - JITTER), cls.reaction_seconds * (1 + JITTER)
        assert all(low <= d <= high for d in delays)
        assert len(set(delays)) > 100
        means[level] = sum(delays) / len(delays)
    assert means["easy"] > means["normal"] > means["hard"]
    assert (LEVELS["easy"].reaction_seconds, LEVELS["hard"].reaction_seconds) == (1.5, 0.55)


def test_a_bot_waits_outside_play() -> None:
    game = Peanuts(2, 1, Peanuts.Settings())
    for level in LEVELS:
        assert make_bot(level, 0).decide(seen(game.engine, 0)) is None


def test_a_bot_plays_an_ace_and_the_next_rank_onto_the_foundations() -> None:
    game = playing()
    found(game, "AH", deck=1)
    rig(game, 0, peanuts="9C 2H", building=("AS", "", "", ""))
    bot = make_bot("hard", 0)
    action = bot.decide(seen(game, 0))
    assert action == MoveCard(0, c("2H").id, Target.FOUNDATION, 0)
    game.apply(action)
    assert bot.decide(seen(game, 0)) == MoveCard(0, c("AS").id, Target.FOUNDATION, None)


def test_a_bot_fills_an_empty_building_pile_from_its_peanuts_pile() -> None:
    game = playing()
    rig(game, 0, peanuts="9C 8D", building=("5S", "", "KH", "QS"), stock="2C")
    assert make_bot("hard", 0).decide(seen(game, 0)) == MoveCard(0, c("8D").id, Target.BUILDING, 1)


def test_a_bot_calls_peanuts_once_its_pile_is_empty() -> None:
    game = playing()
    rig(game, 0, peanuts="", building=("5S", "", "", ""))
    for level in LEVELS:
        assert make_bot(level, 0).decide(seen(game, 0)) == CallPeanuts(0)


def test_a_bot_declares_stuck_after_going_through_its_stock_without_a_play() -> None:
    game = playing()
    rig(game, 0, peanuts="9C 8C", building=("5S", "4S", "3S", "2S"), stock="KD QD JD 10D 9D")
    rig(game, 1, peanuts="9C 8C", building=("5S", "4S", "3S", "2S"), stock="KD")
    bot = make_bot("hard", 0)
    actions = []
    for _ in range(10):
        action = bot.decide(seen(game, 0))
        if action is None:
            break
        game.apply(action)
        actions.append(action)
    assert actions[-1] == DeclareStuck(0, True)
    assert all(a == Flip(0) for a in actions[:-1])
    assert len(actions[:-1]) >= 3  # a whole pass: two flips and the turn back over, at least
    assert bot.decide(seen(game, 0)) is None  # it waits for the table to change


def test_bots_need_nothing_but_their_view() -> None:
    """A bot's decisions over a game are the same from the view as sent on the wire."""
    game = playing(3, seed=4)
    wire = [make_bot("normal", s, 4) for s in range(3)]
    # their twins, same seeds, read the engine's own view: any difference is something the
    # wire loses (a tuple, an enum, a shared object) that a bot relied on
    twins = [make_bot("normal", s, 4) for s in range(3)]
    applied = 0
    for _ in range(300):
        for seat in range(3):
            action = wire[seat].decide(seen(game, seat))
            assert action == twins[seat].decide(view(game, seat))
            if action is not None:
                game.apply(action)
                applied += 1
                break
        else:
            break
    assert applied > 50  # the bots played, not only waited


def test_the_levels_are_ordered_in_points(hosted: None) -> None:
    from peanutclub.simulate import run

    summary = run(12, 3, 1, ["easy", "normal", "hard"], game_id=Peanuts.id)
    per_seat = {
        level: summary.game.points[level] / n for level, n in summary.game.seats_played.items()
    }
    assert per_seat["easy"] < per_seat["normal"] < per_seat["hard"], per_seat
    assert summary.bot_errors == {} or sum(summary.bot_errors.values()) < summary.actions / 100


def test_peanutclub_simulate_counts_rounds_cards_points_per_level_and_stalls(hosted: None) -> None:
    from peanutclub.simulate import play_game, run

    result = play_game(3, 5, "normal", Peanuts.id)
    assert result.rounds >= 1 and result.called + result.stalled == result.rounds
    assert result.moves >= result.to_foundations > 0
    summary = run(3, 3, 7, ["easy", "hard"], game_id=Peanuts.id)
    text = summary.report()
    for words in ("rounds per game", "stalled", "cards played per round", "easy", "hard"):
        assert words in text
    data = summary.data()
    assert data["games"] == 3 and data["rounds"] >= 3
    assert run(3, 3, 7, ["easy", "hard"], game_id=Peanuts.id).data() == data  # seeded
