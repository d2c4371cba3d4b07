"""What everyone sees. Nothing in this game is secret, so there is one view for all, built once
per change of the game and shared (never change it in place).

The view, beyond the room's own fields:

- `phase` (`buying`, `turns`, `stones`, `round_over`, `over`), `round` (0 while buying),
  `start_player`, `fields_to_end` (6, or 5 at 5–6 players);
- `board`: `[{index, value, owner}]`, owner a seat, `"bank"` or null;
- `pieces`: `[{kind: "pawn"|"stone", id, seat|null, field, place: start|track|parking}]`;
- `players`: `[{seat, cash, fields, bumped}]`; `bank`: `{chips, takings}`;
- `purchase`: `{seat, fields (those they can afford), may_pass}` or null;
- `turn`: `{seat, thrown, free_reroll, reroll_cost (null before the first throw or when free),
  reroll_to, can_reroll, odds, park}` or null; `park` (once thrown, else null) says what parking
  where the pawn stands would mean: `{field, value, owner, bumps, leads, outcome}` as below;
  `odds` holds, for `black`, `white` and `two_white`,
  one entry per field the throw may reach: `{field, moved, ways (of 36), chance, zero_ways
  (of 36: a white 0 showed, so rolling on from there is free), value, owner, bumps (the piece
  parked there, which parking would bump), leads, reroll_cost, reroll_to, can_reroll,
  outcome (what the round would pay (+) or cost (-) this player if it ended with the pawn
  parked there and nothing else moved, the price of the throw paid first)}`; each list is
  empty when the player cannot pay to roll again (the engine would refuse any throw);
- `last_throw`: `{dice, faces, moved, by (piece id), seat, from, to, zero, paid}` or null;
- `round_result`: `{winner: seat|"bank", piece, field, payments: [{from, to, amount, owed,
  reason, winner_value, payer_value}], bankrupt, chip_to_bank}` from a round's end until the
  next round begins (one payment per player but the winner, its reason one of `PayReason`);
- `result`: `{reason, winners}` once the game is over.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from peanutclub.games.nur_peanuts.engine.board import FIELDS
from peanutclub.games.nur_peanuts.engine.game import Engine, Holdings, Phase
from peanutclub.games.nur_peanuts.engine.odds import park_here, throw_odds
from peanutclub.games.nur_peanuts.engine.rules import BANK, fields_to_end

#: The view's fields that a throw, a park or a stone's step may change without touching any
#: player's cash, fields or bumped flag: what such an action sends as a patch.
PATCH_FIELDS = ("phase", "pieces", "turn", "last_throw")


def turn_view(game: Engine) -> dict[str, Any] | None:
    """The view's `turn`, built once per version: a throw's patch and the whole view that may
    follow at the same version share it (its odds settle a round for every field in reach)."""
    cached = game.turn_cache
    if cached is not None and cached[0] == game.version:
        return cached[1]
    turn = _turn_view(game)
    game.turn_cache = (game.version, turn)
    return turn


def _turn_facts(game: Engine) -> dict[str, Any] | None:
    """The turn's fields but its odds and park facts (`_WORKED_OUT`), or None outside a turn."""
    turn = game.turn
    if turn is None or game.phase is not Phase.TURNS:
        return None
    price = game.reroll()
    cost = None if price is None else price[0]
    return {
        "seat": turn.seat,
        "thrown": turn.thrown,
        "free_reroll": turn.thrown and turn.free,
        "reroll_cost": cost,
        "reroll_to": None if price is None or not cost else price[1],
        "can_reroll": cost is None or cost <= game.cash[turn.seat],
    }


#: The turn's fields that are worked out from the whole board, last in the turn's view.
_WORKED_OUT: dict[str, Callable[[Engine], Any]] = {"odds": throw_odds, "park": park_here}
_TURN_FIELDS = ("seat", "thrown", "free_reroll", "reroll_cost", "reroll_to", "can_reroll")


def _turn_view(game: Engine) -> dict[str, Any] | None:
    """The turn with its odds and park facts worked out, as every page is sent it."""
    turn = _turn_facts(game)
    if turn is not None:
        for name, work_out in _WORKED_OUT.items():
            turn[name] = work_out(game)
    return turn


class TurnView(Mapping[str, Any]):
    """`turn_view(game)` for a bot in the simulator, its odds and park facts worked out when
    first read: the bots weigh the throws themselves and never read them, yet the odds were
    half of a simulated game. The same fields and values, from the same functions."""

    __slots__ = ("_fields", "_game")

    def __init__(self, game: Engine, facts: dict[str, Any]) -> None:
        self._game = game
        self._fields = facts

    def __getitem__(self, name: str) -> Any:
        fields = self._fields
        if name in fields:
            return fields[name]
        value = fields[name] = _WORKED_OUT[name](self._game)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter((*_TURN_FIELDS, *_WORKED_OUT))

    def __len__(self) -> int:
        return len(_TURN_FIELDS) + len(_WORKED_OUT)


def purchase_view(game: Engine) -> dict[str, Any] | None:
    """Who may buy now and which fields they can afford (the page offers exactly these)."""
    buyer = game.buyer
    if buyer is None:
        return None
    return {
        "seat": buyer,
        "fields": game.affordable(buyer),
        "may_pass": game.phase is Phase.ROUND_OVER,
    }


def patch_view(game: Engine) -> dict[str, Any]:
    """The view's `PATCH_FIELDS` alone, the same values as `public_view` gives them: what a
    throw, a park or a stone's step sends. Most changes of a turn are such patches, and the
    rest of the view (the board, everyone's money and fields, the bank) would be built for
    nothing."""
    return {
        "phase": game.phase.value,
        "pieces": [p.to_dict() for p in game.pieces()],
        "turn": turn_view(game),
        "last_throw": None if game.last_throw is None else game.last_throw.to_dict(),
    }


def public_view(game: Engine) -> dict[str, Any]:
    """The whole table: board, pieces, money, the turn and its odds, the last throw, results."""
    cached = game.view_cache
    if cached is not None and cached[0] == game.version:
        return cached[1]
    view = _table(game, turn_view(game))
    game.view_cache = (game.version, view)
    return view


def bot_view(game: Engine) -> dict[str, Any]:
    """`public_view(game)` for the simulator's bots: the turn is a `TurnView`, its odds worked
    out only if a bot reads them. Built once per change of the game, like the public view."""
    cached = game.bot_view_cache
    if cached is not None and cached[0] == game.version:
        return cached[1]
    facts = _turn_facts(game)
    view = _table(game, None if facts is None else TurnView(game, facts))
    game.bot_view_cache = (game.version, view)
    return view


def _holdings(game: Engine) -> tuple[list[dict[str, Any]], Holdings]:
    """The board's entries and each owner's fields, made again only when a field changes hands
    (a purchase, a chip to the bank): the other whole views (a bump, a payment, a round's end)
    share them. Shared by every view made from them: never change them in place."""
    owners = tuple(game.owners)
    cached = game.board_cache
    if cached is not None and cached[0] == owners:
        return cached[1], cached[2]
    values = game.values
    board = [{"index": f, "value": values[f], "owner": owners[f]} for f in range(FIELDS)]
    holdings: Holdings = {seat: [] for seat in range(game.players)}
    holdings[BANK] = []
    for field, owner in enumerate(owners):
        if owner is not None:
            holdings[owner].append(field)
    game.board_cache = (owners, board, holdings)
    return board, holdings


def _table(game: Engine, turn: Mapping[str, Any] | None) -> dict[str, Any]:
    board, holdings = _holdings(game)
    cash, bumped = game.cash, game.bumped
    return {
        "phase": game.phase.value,
        "round": game.round,
        "board": board,
        "pieces": [p.to_dict() for p in game.pieces()],
        "players": [
            {"seat": s, "cash": cash[s], "fields": holdings[s], "bumped": bumped[s]}
            for s in range(game.players)
        ],
        "bank": {"chips": holdings[BANK], "takings": game.bank_takings},
        "fields_to_end": fields_to_end(game.players),
        "start_player": game.start_player,
        "purchase": purchase_view(game),
        "turn": turn,
        "last_throw": None if game.last_throw is None else game.last_throw.to_dict(),
        "round_result": None if game.round_result is None else game.round_result.to_dict(),
        "result": None if game.result is None else game.result.to_dict(),
    }


def private_view(game: Engine, seat: int) -> dict[str, Any]:
    """Nothing is secret: a seat's own view only says which seat it is."""
    return {"seat": seat}
