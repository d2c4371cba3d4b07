"""Same seeds, same games: the simulator's speed work must not change a single choice.

The simulator was made faster (bots that read a view built for them, cheaper searches). A faster
bot that judged one step differently would change every figure docs/bots.md and
docs/simulation.md give, silently. So this test plays seeded games of every game, every bot
level and a few table sizes through `play_game`, records every action offered to the game (the
bots' accepted and refused ones, with the refusal's code, and the clock's and the host's), and
compares a digest of them with the one recorded from the code before that work.

How the digests were made: this file's `digest()` run on branch main at commit af8eca8 (before
the speed work): for each key, `digest('peanuts', 4, 'normal')` printed from a
`python -c "from tests.cli.test_simulate_same_games import digest; ..."`.
A change that makes a bot choose otherwise must say so and record the new digest here.
"""

from __future__ import annotations

import hashlib
import json
import threading
from typing import Any

import pytest

from peanutclub.core import RuleError
from peanutclub.games.nur_peanuts.engine import game as nur_peanuts
from peanutclub.games.peanut_club.engine import game as peanut_club
from peanutclub.games.peanuts.engine import game as peanuts
from peanutclub.simulate import play_game

#: How many seeded games each digest covers (a Peanuts! game is some 3,000 steps, a Peanut Club
#: game some 400: about as much play each).
GAMES = {"peanut-club": 10, "peanuts": 2, "nur-peanuts": 6}

#: (game, players, levels) → sha256 of every action of its GAMES seeded games, recorded on main
#: at af8eca8. Levels separated by commas are laid round the table as `--bots` lays them.
RECORDED: dict[tuple[str, int, str], str] = {
    ("peanut-club", 3, "easy"): "6d28296f2c7053da350f7b41263d310b9219dc683fec92918b1c7f86f83dfa81",
    ("peanut-club", 4, "easy"): "cbcf314e3e9745a653c912021606a5eefa8c674b64deca5345b73374dd65071d",
    ("peanut-club", 6, "easy"): "256de8248c186faab29317039d3af6d39a3aca8a053c2968afcb5085ebccdf56",
    (
        "peanut-club",
        3,
        "normal",
    ): "1c4687ccd62dcf9f6d192772c2ff38bbfd522fc2660aa42169f678ad1b6aa5c7",
    (
        "peanut-club",
        4,
        "normal",
    ): "2d02e2467a8a099aee8bfb7853a5afbdf364ee2c04c81d2c37e6e120d5e9bf97",
    (
        "peanut-club",
        6,
        "normal",
    ): "0f2a6fee4cb48e732bec4a68cfa808ca4c1aa4b61241145cdb11d98a0e28f5f8",
    ("peanut-club", 3, "hard"): "b706da7a98b288568153ac53bca6d032a36eb3602c74e7dbca7f5af10fd7c365",
    ("peanut-club", 4, "hard"): "087217eab4b8732fd70d0e98493398b71cec5317eb4af86b4f200f27ba9d218b",
    ("peanut-club", 6, "hard"): "b4c2ab6374978583f3f281378a1d67d5b24c5da6b03c6d3980b859ca0d7e3cbd",
    (
        "peanut-club",
        4,
        "easy,normal,hard",
    ): "80d9844fedb3e4a5e2d1c40f9f758f7d6538d6a834e3e3754fc81fc89e953a3e",
    (
        "peanut-club",
        5,
        "normal,hard",
    ): "a0ab7ed4e3d18b8efb0dbcb312bcd618df0f2e89b9d6e5180bb26552a18cff16",
    ("peanuts", 2, "easy"): "dbe9032d99b8a580d997fae64ec37a080b640a55b89cab099d6bdc77afe1f695",
    ("peanuts", 4, "easy"): "b871b61bdaa754fccc5ce557d6d3e99c122b4e200e8a19e25e1cdaacf37a146b",
    ("peanuts", 6, "easy"): "f0e6edd440ac996f3fd77f2a9447efd627969bc5832caf1b189d94608219afc4",
    ("peanuts", 2, "normal"): "56e0b6845708f6c471e8a9a9b74ce5566c501e542a033599034d1bb9708830ee",
    ("peanuts", 4, "normal"): "ade473991a436578a9c2a9c462ff4e12ea30c0013ed66acaed7fff8ad0c44ecc",
    ("peanuts", 6, "normal"): "c6e96e49b299a39adf4227527d2289a6d055d7678a62ccace3f5379136fb470d",
    ("peanuts", 2, "hard"): "31a341191f7790f8ebb5ec78e77e8eadd40385eaf462bc7713dd9cea11c89cab",
    ("peanuts", 4, "hard"): "0f8dfb88fda5bde2154fc760de4947c6766d784ebf45ddfc69f5f536b1768ee0",
    ("peanuts", 6, "hard"): "d99d06aef857f2d25ae5a979c95b1c98d063246ddd50b20918834583c6f1db9d",
    (
        "peanuts",
        4,
        "easy,normal,hard",
    ): "77dd814c79cc3c6e82a35ed551ee3d638c2c5f616adca4eda5248f8c76e0a7af",
    (
        "peanuts",
        3,
        "normal,hard",
    ): "1c758aaf7eab95617cd097a5b3f662daf48bcf53630918656a236772789fd1dc",
    ("nur-peanuts", 2, "easy"): "5f7a7c0ca8314fa1ef4b6bddbbac6fb47de12f295be0c42db3658838cf0f544c",
    ("nur-peanuts", 4, "easy"): "d7ffbd8bf6b007b9e280eeace2115afc84782675cb1873a446592b5852788461",
    ("nur-peanuts", 6, "easy"): "977dce2bdcaa1a871e928ace52ed4ef55fbe3f631a1ad8707b9ddce0ee839fdc",
    (
        "nur-peanuts",
        2,
        "normal",
    ): "9f0bc150b14191bbe3428c1a72fc1f2fcf63d216f64ee08ef18c9bfd1704ec95",
    (
        "nur-peanuts",
        4,
        "normal",
    ): "01a7716f86cb1b27407834bc522b06d234bf34a1ed8966630b709bc790f799b8",
    (
        "nur-peanuts",
        6,
        "normal",
    ): "0c5d66e3f6d422a2bca49a736a7571f830bd91457b316ffbcf87908936096da5",
    ("nur-peanuts", 2, "hard"): "a7da57d4aa555049f37e43c99cff6ed699334e8efd4446a14b95a8a7b23a52b1",
    ("nur-peanuts", 4, "hard"): "16636dd0e033383466063f0aab1889d3fa9cefeff0c755fd03aab5e3624bdb26",
    ("nur-peanuts", 6, "hard"): "a495a8b2200b42598686c4462c3f6efcdc6eb3b65fc498e8a12b3d7b3ab9f912",
    (
        "nur-peanuts",
        4,
        "easy,normal,hard",
    ): "43121e7e1971c0234a8d3ad9384905a50a6a047c52f542fc1f0e255f50ab624d",
    (
        "nur-peanuts",
        5,
        "normal,hard",
    ): "4399e39f4973462deae01802059a694152ef33db4caa6273e5732e6302f38a1f",
}


#: Each game's engine: every action, whoever applies it (the plug-in or the simulator straight),
#: reaches its `apply`.
ENGINES: dict[str, type[Any]] = {
    "peanut-club": peanut_club.Engine,
    "peanuts": peanuts.Engine,
    "nur-peanuts": nur_peanuts.Engine,
}


def digest(game_id: str, players: int, levels: str) -> str:
    """The sha256 of every action the game's engine is given in its GAMES games of `play_game`
    (seeds 1, 2, ...): each action's log form, and the rule code of a refusal."""
    engine = ENGINES[game_id]
    original = engine.apply
    seen = hashlib.sha256()
    here = threading.get_ident()

    def apply(self: Any, action: Any) -> Any:
        if threading.get_ident() != here:  # a room of a server an earlier test left running
            return original(self, action)
        try:
            events = original(self, action)
        except RuleError as error:
            seen.update(json.dumps([action.to_dict(), error.code], sort_keys=True).encode())
            raise
        seen.update(json.dumps(action.to_dict(), sort_keys=True).encode())
        return events

    engine.apply = apply  # type: ignore[method-assign]
    try:
        for seed in range(1, GAMES[game_id] + 1):
            seen.update(f"game {seed}".encode())
            play_game(players, seed, levels.split(","), game_id)
    finally:
        engine.apply = original  # type: ignore[method-assign]
    return seen.hexdigest()


@pytest.mark.parametrize(("game_id", "players", "levels"), sorted(RECORDED))
def test_seeded_games_are_the_games_main_played(game_id: str, players: int, levels: str) -> None:
    assert digest(game_id, players, levels) == RECORDED[(game_id, players, levels)]
