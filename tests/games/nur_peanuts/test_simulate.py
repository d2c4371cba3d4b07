"""What the simulator counts in Nur Peanuts! games, and a summary that adds up."""

from __future__ import annotations

import math

from peanutclub.games import GAMES
from peanutclub.games.nur_peanuts.engine import START_CASH
from peanutclub.games.nur_peanuts.figures import play
from peanutclub.games.nur_peanuts.simulate import FLOWS, LONG_GAME, Summary


def test_a_game_is_the_same_for_the_same_seed() -> None:
    assert play(3, 42, ["easy", "hard"]) == play(3, 42, ["easy", "hard"])
    assert play(4, 1) != play(4, 2)


def test_playing_leaves_the_servers_games_as_they_were() -> None:
    before = dict(GAMES)
    play(2, 1)
    assert before == GAMES


def test_the_summary_adds_up() -> None:
    summary = Summary()
    games = 0
    for players in (2, 3, 5):
        for seed in range(4):
            summary.add(play(players, seed, ["easy", "normal", "hard"]))
            games += 1
    assert summary.games == games == len(summary.rounds)
    assert sum(summary.reasons.values()) == games
    assert math.isclose(sum(summary.wins_by_level.values()), games)
    assert math.isclose(sum(summary.wins_by_seat.values()), games)
    assert sum(summary.seats_played.values()) == 4 * (2 + 3 + 5)
    assert summary.long_games == sum(r > LONG_GAME for r in summary.rounds)
    spread = summary.spread()
    assert spread["min"] <= spread["median"] <= spread["max"]
    text = "\n".join(summary.report())
    for heading in ("rounds per game", "ended by", "win rate", "200 rounds", "per round", "money"):
        assert heading in text


def test_every_peanut_a_player_ends_with_is_accounted_for_in_the_flows() -> None:
    """Purchases, rerolls and round payments are all the ways money moves, so a seat's flows
    lead from the starting cash to its cash at the end, in every game."""
    for players in (2, 4, 6):
        for seed in range(3):
            result = play(players, seed, ["easy", "normal", "hard"])
            assert len(result.flows) == players
            for seat, flows in enumerate(result.flows):
                got = dict(zip(FLOWS, flows, strict=True))
                cash = (
                    START_CASH
                    - got["first purchases"]
                    - got["later purchases"]
                    - got["rerolls paid"]
                    + got["rerolls received"]
                    - got["rounds paid"]
                    + got["rounds received"]
                )
                assert cash == result.cash[seat], (players, seed, seat, got)
            assert sum(f[FLOWS.index("first purchases")] for f in result.flows) > 0


def test_the_bots_view_is_the_public_view_with_the_odds_worked_out_as_read() -> None:
    """The simulator's bots read `bot_view`: at every step of seeded games, each field (the
    turn's odds and park facts too, read alone or all at once) is the public view's."""
    from peanutclub.games.nur_peanuts.bots import make_bot
    from peanutclub.games.nur_peanuts.engine import Engine, TurnView, bot_view, public_view

    turns = 0
    for players, seed in ((2, 5), (4, 6)):
        game = Engine(players, seed)
        bots = [make_bot("hard", s, seed) for s in range(players)]
        while game.result is None:
            whole = public_view(game)
            lazy = bot_view(game)
            assert list(lazy) == list(whole)
            assert {k: v for k, v in lazy.items() if k != "turn"} == {
                k: v for k, v in whole.items() if k != "turn"
            }
            if whole["turn"] is None:
                assert lazy["turn"] is None
            else:
                turns += 1
                assert isinstance(lazy["turn"], TurnView)
                name = ("odds", "park", "seat")[turns % 3]
                assert lazy["turn"][name] == whole["turn"][name]
                assert list(lazy["turn"]) == list(whole["turn"])
                assert dict(lazy["turn"]) == whole["turn"]
            action = next(
                (a for s in range(players) if (a := bots[s].decide({**whole, "you": {"seat": s}}))),
                None,
            )
            game.apply(action if action is not None else game.clock_action())
    assert turns > 20
