"""The bots: every level finishes games, reads nothing but its own view, and levels are ordered."""

from __future__ import annotations

import ast
import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

import peanutclub.games.peanut_club.bots
from peanutclub.games.peanut_club.bots import LEVELS, BaseBot, make_bot
from peanutclub.games.peanut_club.engine import (
    Action,
    CallGoing,
    Currency,
    Engine,
    GoingStep,
    Phase,
    PlaceBid,
    RuleError,
    view,
)
from peanutclub.simulate import play_game, run

BOT_DIR = Path(peanutclub.games.peanut_club.bots.__file__).parent


def test_the_three_levels_are_registered() -> None:
    assert set(LEVELS) >= {"easy", "normal", "hard"}
    for level in LEVELS:
        bot = make_bot(level, 2, 7)
        assert bot.level == level and bot.seat == 2
    with pytest.raises(KeyError):
        make_bot("grandmaster", 0)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_each_level_plays_whole_games_without_refusals(level: str, players: int) -> None:
    for seed in range(3):
        result = play_game(players, seed, level)
        assert result.lots > 0 and result.payments > 0
        assert sum(result.objects) <= 30
        # every refused action wastes a step; the bots check legality from their view first
        assert sum(result.played.bot_errors.values()) == 0, result.played.bot_errors
        assert result.played.actions > 0


@pytest.mark.parametrize("players", [3, 6])
def test_mixed_tables_play_to_the_end(players: int) -> None:
    for seed in range(4):
        result = play_game(players, seed, ["hard", "easy", "normal"])
        assert result.played.levels[:3] == ("hard", "easy", "normal")
        assert len(result.scores) == players
        assert sum(result.played.bot_errors.values()) == 0


def _live_decisions(level: str, seed: int, limit: int = 400) -> list[tuple[dict[str, Any], int]]:
    """Views that a bot of `level` was asked about during a real game, with the seat asked."""
    game = Engine(4, seed)
    bots = [make_bot(level, s, seed) for s in range(4)]
    rng = random.Random(seed)
    seen: list[tuple[dict[str, Any], int]] = []
    while game.phase is not Phase.OVER and len(seen) < limit:
        seat = rng.randrange(4)
        v = view(game, seat)
        seen.append((copy.deepcopy(v), seat))
        action = bots[seat].decide(v)
        try:
            if action is not None:
                game.apply(action)
                continue
        except RuleError:
            pass
        game.apply(game.auctioneer_action())
    return seen


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_decides_from_a_plain_copy_of_its_view_alone(level: str) -> None:
    """Structural: the same decisions from JSON copies of the views, with no game anywhere.

    A bot replayed on plain data (what a client would receive over the wire) must decide exactly
    as the one that played the live game; and deciding must never change the view it was given.
    """
    views = _live_decisions(level, seed=11)
    live = [make_bot(level, s, 11) for s in range(4)]
    wire = [make_bot(level, s, 11) for s in range(4)]
    actions = 0
    for v, seat in views:
        plain = json.loads(json.dumps(v))
        before = copy.deepcopy(plain)
        a = live[seat].decide(copy.deepcopy(v))
        b = wire[seat].decide(plain)
        assert a == b
        assert plain == before, "a bot changed the view it was given"
        actions += a is not None
    assert actions > 10


@pytest.mark.parametrize("module", sorted(p.name for p in BOT_DIR.glob("*.py")))
def test_bot_modules_never_touch_a_game(module: str) -> None:
    """The bots import actions and constants from the engine, never the Game or its views."""
    tree = ast.parse((BOT_DIR / module).read_text("utf-8"))
    forbidden = {
        "Game",
        "view",
        "public_view",
        "private_view",
        "peanutclub.games.peanut_club.engine.game",
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            names = {a.name for a in node.names}
            assert node.module != "peanutclub.games.peanut_club.engine.game", module
            assert not names & forbidden, (module, names & forbidden)
        elif isinstance(node, ast.Import):
            assert not {a.name for a in node.names} & forbidden, module


def test_bots_wait_when_they_hold_the_high_bid() -> None:
    game = Engine(4, 5)
    column = game.column
    game.apply(PlaceBid(1, 1, column[-1]))
    for level in LEVELS:
        assert make_bot(level, 1, 5).decide(view(game, 1)) is None


def test_bots_pay_what_the_suggestion_says() -> None:
    game = Engine(4, 5)
    game.apply(PlaceBid(2, 1, next(c.currency for c in game.hands[2])))
    game.apply(CallGoing(None))
    game.apply(GoingStep())
    game.apply(GoingStep())
    assert game.phase is Phase.PAYING
    suggestion = view(game, 2)["you"]["pay_suggestion"]
    for level in LEVELS:
        action = make_bot(level, 2, 5).decide(view(game, 2))
        assert action is not None and action.to_dict()["cards"] == suggestion["cards"]
        assert make_bot(level, 0, 5).decide(view(game, 0)) is None


class _Stubborn(BaseBot):
    """Always tries a bid of 1 in the first currency, legal or not."""

    level = "stubborn"

    def decide(self, view: dict[str, Any]) -> Action | None:
        return PlaceBid(self.seat, 1, Currency.DOLLARS) if view["phase"] == "bidding" else None


def test_refused_bot_actions_are_counted_and_the_game_still_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(LEVELS, "stubborn", _Stubborn)
    result = play_game(4, 3, "stubborn")
    assert result.played.bot_errors, "stubborn bots must be refused (own high bid, bid too low...)"
    assert set(result.played.bot_errors) <= {
        "bid_too_low",
        "own_high_bid",
        "currency_blocked",
        "cannot_honour",
    }
    assert result.lots > 0


def _share(level: str, against: str, games: int, seed: int) -> float:
    summary = run(games, 4, seed, [level, against])
    return summary.game.wins_by_level[level] / summary.games


def test_normal_beats_easy_more_than_its_share() -> None:
    # two seats each, turned around the table: the fair share is one half
    assert _share("normal", "easy", games=60, seed=500) > 0.7


def test_hard_beats_normal_more_than_its_share() -> None:
    assert _share("hard", "normal", games=160, seed=900) > 0.5


def test_a_bot_kept_for_a_rematch_forgets_the_last_game() -> None:
    bot = make_bot("normal", 0, 1)
    for seed in (1, 2):
        game = Engine(4, seed)
        while game.phase is not Phase.OVER:
            action = bot.decide(view(game, 0))
            try:
                if action is None:
                    raise RuleError("waits")
                game.apply(action)
            except RuleError:
                game.apply(game.auctioneer_action())
            if seed == 2 and game.round == 1:
                visible = {o["id"] for o in view(game, 0)["lot"]}
                assert getattr(bot, "seen", set()) <= visible


class _Impostor(BaseBot):
    """Bids in the name of the next seat."""

    level = "impostor"

    def decide(self, view: dict[str, Any]) -> Action | None:
        if view["phase"] != "bidding":
            return None
        return PlaceBid((self.seat + 1) % len(view["players"]), 1, Currency.DOLLARS)


def test_an_action_for_another_seat_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "impostor", _Impostor)
    result = play_game(3, 4, "impostor")
    assert result.played.bot_errors.get("not_seated", 0) > 0
    assert result.played.actions == 0  # nothing but the auctioneer ever moved the game on


@pytest.mark.parametrize(("level", "players"), [("normal", 4), ("hard", 3), ("hard", 6)])
def test_a_bot_that_waits_again_answers_as_a_fresh_judgment_would(level: str, players: int) -> None:
    """The normal and hard bots skip their judgment when nothing they weigh changed since they
    last chose to wait (a going call): at every look of whole games, each answer is the one a
    copy of the bot that forgot its last wait gives (a key without the high bid fails it)."""
    skipped = 0
    for seed in range(1, 4):
        game = Engine(players, seed)
        bots = [make_bot(level, s, seed) for s in range(players)]
        rng = random.Random(seed)
        while game.phase is not Phase.OVER:
            applied = False
            for seat in rng.sample(range(players), players):
                seen = view(game, seat)
                fresh = copy.deepcopy(bots[seat])
                fresh.__dict__["_waited_on"] = None
                waited_on = bots[seat].__dict__["_waited_on"]
                action = bots[seat].decide(seen)
                assert action == fresh.decide(seen)
                # the bot waited again without judging: the table it last waited on is this one
                skipped += waited_on is not None and waited_on == fresh.__dict__["_waited_on"]
                if action is None:
                    continue
                try:
                    game.apply(action)
                except RuleError:
                    continue
                applied = True
                break
            if not applied:
                game.apply(game.auctioneer_action())
    assert skipped > 50
