"""Write `action_logs.json`: every game's log as the hand-written `to_dict` methods wrote it.

Run once, before the actions' registry replaced those methods (`python
tests/core/data/make_action_logs.py`); `tests/core/test_actions.py` checks that today's code
decodes these dicts to the same actions and writes them back the same, byte for byte. Each game
has one seeded bot game (what a room's log holds) and one action of every kind built by hand,
with the optional fields both set and not (what no bot game reaches: photo finishes, skipped
rounds, an À la carte bid, a host's calls).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from peanutclub.core import export_game
from peanutclub.games import find_game
from peanutclub.simulate import simulation

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent.parent.parent))

from tests.core.action_samples import SAMPLES  # noqa: E402
from tests.games.bot_table import first_accepted, seat_views  # noqa: E402

SEEDS = {"peanut-club": (4, 27), "peanuts": (2, 27), "nur-peanuts": (3, 27)}


def bot_game(game_id: str, players: int, seed: int) -> dict[str, Any]:
    """One game of normal bots, the first bot in seat order that acts each step."""
    cls = find_game(game_id)
    host = getattr(simulation(game_id), "host_action", None)
    game = cls(players, seed, cls.Settings())
    bots = [cls.bots["normal"](seat, seed) for seat in range(players)]
    while not game.over:
        if first_accepted(game, bots, range(players), seat_views(game)) is None:
            timer = game.timer()
            game.apply(timer.action if timer is not None else host(game))  # type: ignore[misc]
    return export_game(game)


def main() -> None:
    out = {
        game_id: {
            "export": bot_game(game_id, *SEEDS[game_id]),
            "samples": [a.to_dict() for a in SAMPLES[game_id]],
        }
        for game_id in SEEDS
    }
    (HERE / "action_logs.json").write_text(json.dumps(out, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
