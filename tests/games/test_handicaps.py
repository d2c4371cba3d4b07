"""Every game's handicap (a per-seat setting, docs/rules.md "Handicaps"): declared with the
game's settings, refused out of its steps, carried by exports, and replayed: same seed, same
handicaps and same actions make the same game; an export from before handicaps reads as a game
without any."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from peanutclub.core import Game, GameSettings, RuleError, export_game, replay_export
from peanutclub.core.settings import SettingKind, SettingsError
from peanutclub.games import GAMES, find_game
from peanutclub.simulate import simulation

#: Each game's handicap: its setting and a step that is not the rule's.
GIVEN = {
    "peanuts": ("pile", 16),
    "nur-peanuts": ("start_cash", 7700),
    "peanut-club": ("setup_money", -5),
}


def play_to_the_end(cls: type[Game], players: int, seed: int, settings: GameSettings) -> Game:
    """Easy bots at every seat, the clock and the party host acting when no bot does."""
    game = cls(players, seed, settings)
    bots = [cls.bots["easy"](seat, seed) for seat in range(players)]
    host = simulation(cls.id).host_action
    rng = random.Random(seed)
    for _ in range(20_000):
        if game.over:
            return game
        public = game.public_view()
        for seat in rng.sample(range(players), players):
            action = bots[seat].decide({**public, "you": game.private_view(seat)})
            if action is None or getattr(action, "seat", seat) != seat:
                continue
            try:
                game.apply(action)
            except RuleError:
                continue
            break
        else:
            timer = game.timer()
            if timer is not None:
                game.apply(timer.action)
            else:
                assert host is not None
                game.apply(host(game))
    raise AssertionError(f"{cls.id} did not end")


def test_every_game_declares_one_handicap_seat_by_seat() -> None:
    for game_id, (name, step) in GIVEN.items():
        described = find_game(game_id).Settings.describe()[name]
        assert described["kind"] == SettingKind.PER_SEAT.value
        assert described["default"] == {}
        assert step in described["choices"] and described["normal"] in described["choices"]
        assert set(described["labels"]) == {str(c) for c in described["choices"]}
        assert all(set(words) == {"en", "fr"} for words in described["labels"].values())


@pytest.mark.parametrize("game_id", sorted(GIVEN))
def test_a_step_the_game_does_not_offer_is_refused_naming_the_seat(game_id: str) -> None:
    cls = find_game(game_id)
    name, step = GIVEN[game_id]
    settings = cls.Settings()
    for bad in ({"1": step + 1}, {"1": True}, {"x": step}, {"99": step}, [step], step):
        with pytest.raises(SettingsError) as refused:
            settings.merged({name: bad}, dev=True)  # development mode widens no step
        assert refused.value.problem.setting == name
    with pytest.raises(SettingsError, match=f"{name} for seat 2 must be one of"):
        settings.merged({name: {"1": step + 1}}, dev=False)


@pytest.mark.parametrize("game_id", sorted(GIVEN))
def test_a_host_change_names_only_the_seats_it_changes(game_id: str) -> None:
    cls = find_game(game_id)
    name, step = GIVEN[game_id]
    normal = cls.Settings.describe()[name]["normal"]
    settings = cls.Settings().merged({name: {"0": step}}, dev=False)
    settings = settings.merged({name: {"2": step}}, dev=False)
    assert getattr(settings, name) == {"0": step, "2": step}
    settings = settings.merged({name: {"0": normal}}, dev=False)  # the rule again: no handicap
    assert getattr(settings, name) == {"2": step}
    assert settings.seat_values(2) == {name: step} and settings.seat_values(0) == {}


@pytest.mark.parametrize("game_id", sorted(GIVEN))
def test_an_export_with_a_handicap_replays_the_same_game(game_id: str) -> None:
    cls = find_game(game_id)
    name, step = GIVEN[game_id]
    settings = cls.Settings().merged({name: {"1": step}}, dev=False)
    game = play_to_the_end(cls, 3, 5, settings)
    export = json.loads(json.dumps(export_game(game, ["Ana", "Mamie", "Léo"])))
    assert export["settings"][name] == {"1": step}
    assert [(h["seat"], h["name"], h["setting"], h["value"]) for h in export["handicaps"]] == [
        (1, "Mamie", name, step)
    ]
    again = replay_export(cls, export)
    assert again.result() == game.result()
    assert again.public_view() == game.public_view()
    assert export_game(again, export["names"]) == export
    # the same seed and actions without the handicap: not the same game
    assert cls(3, 5, cls.Settings()).public_view() != cls(3, 5, settings).public_view()


@pytest.mark.parametrize("game_id", sorted(GIVEN))
def test_an_export_without_handicaps_reads_as_none(game_id: str) -> None:
    cls = find_game(game_id)
    name, _ = GIVEN[game_id]
    export: dict[str, Any] = export_game(play_to_the_end(cls, 3, 8, cls.Settings()))
    assert name not in export["settings"] and "handicaps" not in export
    again = replay_export(cls, json.loads(json.dumps(export)))
    assert all(again.settings.seat_values(s) == {} for s in range(3))


def test_every_registered_game_has_a_handicap() -> None:
    assert set(GIVEN) == set(GAMES)
