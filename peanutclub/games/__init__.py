"""The registry of the games this server hosts, found by id (as python-chess finds variants).

Only what is listed in `GAMES` is served; tests may register a game of their own for a server
they start (`register`), never a production one, or, for the servers and load processes a tool
starts as children, name it in `PEANUTCLUB_TEST_GAMES` (`package.module:Class`, comma-separated):
each process registers those when it loads this registry.
"""

from __future__ import annotations

import importlib
import os

from peanutclub.core import PLATFORM_CODES, Codes, Game, refuse
from peanutclub.core.evening import award_names
from peanutclub.games.nur_peanuts import NurPeanuts
from peanutclub.games.peanut_club import PeanutClub
from peanutclub.games.peanuts import Peanuts

#: Every game the server hosts, by id, in the order the landing page offers them.
GAMES: dict[str, type[Game]] = {
    PeanutClub.id: PeanutClub,
    Peanuts.id: Peanuts,
    NurPeanuts.id: NurPeanuts,
}

DEFAULT_GAME = PeanutClub.id


def find_game(game_id: str) -> type[Game]:
    """The game named `game_id`, or `unknown_game`."""
    game = GAMES.get(game_id)
    if game is None:
        raise refuse("unknown_game", f"There is no game {game_id!r} here.")
    return game


def describe(game: type[Game]) -> dict[str, object]:
    """A game as `GET /api/games` lists it: its id, names, player range, settings and bot
    levels: everything a page needs to build a lobby for it without restating the game, and
    the names of the awards its end gives (`awards`, empty for a game without: the evening's
    recap names a past game's awards from here, whatever game the room plays by then)."""
    return {
        "id": game.id,
        "name": dict(game.name),
        "players": {"min": game.players.start, "max": game.players.stop - 1},
        "settings": game.Settings.describe(),
        "bots": list(game.bots),
        "awards": award_names(game),
    }


def every_code() -> Codes:
    """Every code any room here may answer with (what the pages must translate)."""
    codes: dict[str, tuple[str, str]] = dict(PLATFORM_CODES)
    for game in GAMES.values():
        codes.update(game.codes)
    return codes


def register(game: type[Game]) -> None:
    """Host one more game (tests' toy game); its id must be new."""
    if game.id in GAMES:
        raise ValueError(f"a game {game.id!r} is already registered")
    GAMES[game.id] = game


#: The environment variable that names the tests' own games (never set in production).
TEST_GAMES = "PEANUTCLUB_TEST_GAMES"


def register_named(names: str) -> None:
    """Register each game `package.module:Class` of `names` (comma-separated) not yet hosted:
    how a test's game reaches a server or a load process a tool starts in a child process."""
    for name in filter(None, (n.strip() for n in names.split(","))):
        module, _, attribute = name.partition(":")
        game: type[Game] = vars(importlib.import_module(module))[attribute]
        if game.id not in GAMES:
            register(game)


def refusal_codes(game: type[Game]) -> frozenset[str]:
    """The codes that are the rules refusing a move a fair client sent (a race lost, a view
    gone stale): the game's own codes, and `wrong_phase`. Any other code is a fault."""
    return frozenset({*game.codes, "wrong_phase"})


register_named(os.environ.get(TEST_GAMES, ""))
