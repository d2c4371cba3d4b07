"""`view(game, seat)`: the only way game state leaves the engine for a client.

The public part is built once per change of the game and shared by every viewer (the server sends
it to many connections); only `you` is built per seat. Before the end, no hand and no collector but
the viewer's own is ever included.

Views are rebuilt after every accepted action, for every viewer (and for every bot decision in a
simulation), so they are made from parts memoised per game: each card's and each object's dict is
built once (they are immutable values), and the list of paid cards only grows. Treat a view and
everything in it as read-only: parts are shared between viewers and between versions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from peanutclub.games.peanut_club.engine.components import Currency, CurrencyCard, ObjectCard, Power
from peanutclub.games.peanut_club.engine.game import Engine, Phase

_PUBLIC_CACHE_ATTR = "_public_view_cache"
_MEMO_ATTR = "_view_memo"

#: (power, its name) pairs: reading an enum's `.value` is slow enough to matter in this hot path.
_POWERS: tuple[tuple[Power, str], ...] = tuple((p, p.value) for p in Power)
_NAMES: dict[Currency | Phase, str] = {e: e.value for e in (*Currency, *Phase)}


class _Memo:
    """Per-game memo of the immutable parts of views: card and object dicts, the paid list.

    Dicts are keyed by the identity of the (frozen) card they render, and hold that card, so an id
    is never reused while its entry lives; a test that swaps cards in gets fresh dicts.
    """

    __slots__ = (
        "bid",
        "cards",
        "column",
        "hands",
        "left",
        "lot",
        "min_bids",
        "niet",
        "objects",
        "paid",
        "paid_copy",
        "paid_from",
        "players",
        "players_all",
    )

    def __init__(self) -> None:
        self.cards: dict[int, tuple[CurrencyCard, dict[str, Any]]] = {}
        self.objects: dict[int, tuple[ObjectCard, dict[str, Any]]] = {}
        self.paid: list[dict[str, Any]] = []
        self.paid_from: list[tuple[int, CurrencyCard]] = []
        # seat -> (key, entry): a player's public entry changes only when they pay, win or use a
        # token, not with each bid; the key holds the lists it was built from, so ids stay valid.
        self.players: dict[int, tuple[tuple[Any, ...], dict[str, Any]]] = {}
        # seat -> (hand list, its length, rendered hand): the engine replaces a hand when it pays
        self.hands: dict[int, tuple[list[CurrencyCard], int, list[dict[str, Any]]]] = {}
        # (pile, its length, objects in it, next lot size, refresh next): the pile only shrinks,
        # so its length is the key
        self.left: tuple[list[ObjectCard], int, int, int | None, bool] | None = None
        # (what each part was built from, the part): parts that change a few times per lot are
        # shared by the views of every version until they change (views are read-only)
        self.players_all: tuple[tuple[Any, ...], list[dict[str, Any]]] | None = None
        self.paid_copy: list[dict[str, Any]] | None = None
        self.column: tuple[tuple[Currency, ...], list[str]] | None = None
        self.niet: tuple[list[Currency], int, list[str]] | None = None
        self.lot: tuple[list[ObjectCard], int, list[dict[str, Any]]] | None = None
        self.bid: tuple[Any, dict[str, Any] | None] | None = None
        self.min_bids: tuple[tuple[Any, ...], dict[str, int | None]] | None = None

    def card(self, card: CurrencyCard) -> dict[str, Any]:
        found = self.cards.get(id(card))
        if found is None:
            found = self.cards[id(card)] = (card, card.to_dict())
        return found[1]

    def object(self, obj: ObjectCard) -> dict[str, Any]:
        found = self.objects.get(id(obj))
        if found is None:
            found = self.objects[id(obj)] = (obj, obj.to_dict())
        return found[1]

    def players_list(self, game: Engine) -> list[dict[str, Any]]:
        """Every seat's public entry during play (not at the end, which adds secrets).

        The same list as last time while no seat's hand, objects or tokens changed.
        """
        key: tuple[Any, ...] = ()
        for hand, won, tokens in zip(game.hands, game.won, game.tokens, strict=True):
            key += (hand, len(hand), won, len(won), *tokens.values())
        found_all = self.players_all
        if found_all is not None and found_all[0] == key:
            return found_all[1]
        result = self._players_list(game)
        self.players_all = (key, result)
        return result

    def _players_list(self, game: Engine) -> list[dict[str, Any]]:
        result = []
        cache = self.players
        for seat in range(game.players):
            hand, won, tokens = game.hands[seat], game.won[seat], game.tokens[seat]
            used = tuple(tokens.values())
            found = cache.get(seat)
            if found is not None:
                k = found[0]
                if (
                    k[0] is hand
                    and k[1] == len(hand)
                    and k[2] is won
                    and k[3] == len(won)
                    and k[4] == used
                ):
                    result.append(found[1])
                    continue
            obj = self.object
            entry: dict[str, Any] = {
                "seat": seat,
                "hand_count": len(hand),
                "objects": [obj(o) for o in won],
                "tokens": {name: tokens[p] for p, name in _POWERS},
            }
            cache[seat] = ((hand, len(hand), won, len(won), used), entry)
            result.append(entry)
        return result

    def hand(self, game: Engine, seat: int) -> list[dict[str, Any]]:
        """A seat's hand as dicts: a fresh list, rendered again only when the hand changed."""
        hand = game.hands[seat]
        found = self.hands.get(seat)
        if found is None or found[0] is not hand or found[1] != len(hand):
            card = self.card
            found = self.hands[seat] = (hand, len(hand), [card(c) for c in hand])
        return list(found[2])

    def pile(self, game: Engine) -> tuple[list[ObjectCard], int, int, int | None, bool]:
        """The pile's public facts: objects left, next lot size, refresh card next.

        `game.objects_left`, `game.next_lot_size` and `game.refresh_next`, read again only when
        the pile changed.
        """
        pile, left = game.pile, self.left
        if left is None or left[0] is not pile or left[1] != len(pile):
            left = self.left = (
                pile,
                len(pile),
                game.objects_left,
                game.next_lot_size,
                game.refresh_next,
            )
        return left

    def paid_list(self, paid: list[tuple[int, CurrencyCard]]) -> list[dict[str, Any]]:
        """The public list of paid cards; it only grows, so only new entries are rendered."""
        done = len(self.paid_from)
        if done > len(paid) or (done and paid[done - 1] is not self.paid_from[-1]):
            self.paid, self.paid_from, done = [], [], 0  # rewritten (tests do): start over
            self.paid_copy = None
        elif done == len(paid) and self.paid_copy is not None:
            return self.paid_copy  # nothing new: the list the last views got
        for entry in paid[done:]:
            s, c = entry
            self.paid.append({"seat": s, **self.card(c)})
            self.paid_from.append(entry)
        self.paid_copy = list(self.paid)
        return self.paid_copy

    def column_names(self, column: list[Currency]) -> list[str]:
        key = tuple(column)
        found = self.column
        if found is None or found[0] != key:
            found = self.column = (key, [_NAMES[c] for c in column])
        return found[1]

    def niet_names(self, niet: list[Currency]) -> list[str]:
        found = self.niet
        if found is None or found[0] is not niet or found[1] != len(niet):
            found = self.niet = (niet, len(niet), [_NAMES[c] for c in niet])
        return found[2]

    def lot_list(self, lot: list[ObjectCard]) -> list[dict[str, Any]]:
        found = self.lot
        if found is None or found[0] is not lot or found[1] != len(lot):
            obj = self.object
            found = self.lot = (lot, len(lot), [obj(o) for o in lot])
        return found[2]

    def high_bid(self, game: Engine) -> dict[str, Any] | None:
        bid = game.high_bid
        found = self.bid
        if found is None or found[0] is not bid:
            found = self.bid = (bid, _bid(game))
        return found[1]

    def min_bids_dict(self, game: Engine) -> dict[str, int | None]:
        niet, bid = game.niet, game.high_bid
        key = (bid, game.phase, niet, len(niet), tuple(game.column))
        found = self.min_bids
        # the high bid by identity first, as the engine's `_lows`: each bid is a new one
        if found is None or found[0][0] is not bid or found[0] != key:
            found = self.min_bids = (key, _min_bids(game))
        return found[1]


def _memo(game: Engine) -> _Memo:
    memo: _Memo | None = getattr(game, _MEMO_ATTR, None)
    if memo is None:
        memo = _Memo()
        setattr(game, _MEMO_ATTR, memo)
    return memo


def _bid(game: Engine) -> dict[str, Any] | None:
    """`game.high_bid.to_dict()`, without the enum's slow `.value`."""
    bid = game.high_bid
    if bid is None:
        return None
    return {"seat": bid.seat, "amount": bid.amount, "currency": _NAMES[bid.currency]}


def _min_bids(game: Engine) -> dict[str, int | None]:
    """`game.min_bid` for each currency of the column, in column order, in one pass."""
    column, niet, high = game.column, game.niet, game.high_bid
    if game.phase is not Phase.BIDDING:
        return {_NAMES[c]: None for c in column}
    if high is None:
        return {_NAMES[c]: None if c in niet else 1 for c in column}
    result: dict[str, int | None] = {}
    above = True  # still above the high bid's currency in the column
    for c in column:
        if c is high.currency:
            above = False
            result[_NAMES[c]] = None if c in niet else high.amount + 1
        else:
            result[_NAMES[c]] = 1 if above and c not in niet else None
    return result


def min_bids(game: Engine) -> dict[str, int | None]:
    """The view's `min_bids`, for a patch: the same dict (read-only) until the bid state moves."""
    return _memo(game).min_bids_dict(game)


def high_bid(game: Engine) -> dict[str, Any] | None:
    """The view's `high_bid`, for a patch: the same dict (read-only) until the next bid."""
    return _memo(game).high_bid(game)


def public_view(game: Engine) -> dict[str, Any]:
    """What everybody may see (the TV's view). Cached per game version: treat it as read-only."""
    cached: tuple[int, dict[str, Any]] | None = getattr(game, _PUBLIC_CACHE_ATTR, None)
    if cached is not None and cached[0] == game.version:
        return cached[1]
    memo = _memo(game)
    obj = memo.object
    over = game.phase is Phase.OVER
    if over:
        players = []
        for seat in range(game.players):
            tokens = game.tokens[seat]
            players.append(
                {
                    "seat": seat,
                    "hand_count": len(game.hands[seat]),
                    "objects": [obj(o) for o in game.won[seat]],
                    "tokens": {name: tokens[p] for p, name in _POWERS},
                    "collector": game.collectors[seat].value,
                    "hand": [c.to_dict() for c in game.hands[seat]],
                }
            )
    else:
        players = memo.players_list(game)
    _, _, objects_left, next_lot_size, refresh_next = memo.pile(game)
    result: dict[str, Any] = {
        "phase": _NAMES[game.phase],
        "round": game.round,
        "column": memo.column_names(game.column),
        "niet": memo.niet_names(game.niet),
        "a_la_carte": game.a_la_carte,
        "high_bid": memo.high_bid(game),
        "going": game.going,
        "payer": game.payer,
        "lot": memo.lot_list(game.lot),
        "next_lot_size": next_lot_size,
        "refresh_next": refresh_next,
        "objects_left": objects_left,
        "min_bids": memo.min_bids_dict(game),
        "players": players,
        "paid": memo.paid_list(game.paid),
        "scores": None,
        "awards": None,
    }
    if over and game.scores is not None:
        from peanutclub.games.peanut_club.engine.awards import awards
        from peanutclub.games.peanut_club.engine.scoring import ranking

        result["scores"] = [{"place": p, **s.to_dict()} for p, s in ranking(game.scores)]
        result["awards"] = awards(game)
    setattr(game, _PUBLIC_CACHE_ATTR, (game.version, result))
    return result


def kept_public_view(game: Engine) -> dict[str, Any] | None:
    """The public view already built (or kept) for the game's version, if any; read-only."""
    cached: tuple[int, dict[str, Any]] | None = getattr(game, _PUBLIC_CACHE_ATTR, None)
    return cached[1] if cached is not None and cached[0] == game.version else None


def keep_patched_public_view(game: Engine, before: dict[str, Any], patch: dict[str, Any]) -> None:
    """Keep `before` (the public view of the version before the game's last action) with the
    fields of that action's patch replaced as the public view of this version, as a client
    updates its view from a patch: most of a game's actions are plain bids, whose patch (the
    plug-in's `apply`) names all that changed, so the simulator need not build their views."""
    setattr(game, _PUBLIC_CACHE_ATTR, (game.version, {**before, **patch}))


def _seat(game: Engine, seat: int) -> int:
    return seat


def _hand(game: Engine, seat: int) -> list[dict[str, Any]]:
    return _memo(game).hand(game, seat)


def _collector(game: Engine, seat: int) -> str:
    return str(game.collectors[seat])


def _pay_suggestion(game: Engine, seat: int) -> dict[str, Any] | None:
    suggestion = game.pay_suggestion() if game.payer == seat else None
    return suggestion.to_dict() if suggestion else None


#: How each field of a seat's private view is built, in the view's order: the one home of each,
#: shared by the whole view (`private_view`) and the one built as read (`SeatView`).
_PRIVATE_FIELDS: dict[str, Callable[[Engine, int], Any]] = {
    "seat": _seat,
    "hand": _hand,
    "collector": _collector,
    "pay_suggestion": _pay_suggestion,
    "bid_options": Engine.bid_options,
    "a_la_carte": Engine.a_la_carte_options,
    "powers": Engine.power_options,
    "lot_fit": Engine.lot_fit,
}


def private_view(game: Engine, seat: int) -> dict[str, Any]:
    """What only `seat` may see: their hand, their collector, their options and suggestion.

    The options (`bid_options`, `a_la_carte`, `powers`) are the server's answers to "what could
    I play now", so a page offers exactly what would be accepted and re-implements no rule. A
    plain bid changes only the `min` and `reason` of `bid_options` (the patch rule), never
    `a_la_carte` or `powers`: an À la carte bid ignores the high bid.
    """
    # written out rather than looped over `_PRIVATE_FIELDS`: every frame to a seat builds it
    return {
        "seat": seat,
        "hand": _hand(game, seat),
        "collector": _collector(game, seat),
        "pay_suggestion": _pay_suggestion(game, seat),
        "bid_options": game.bid_options(seat),
        "a_la_carte": game.a_la_carte_options(seat),
        "powers": game.power_options(seat),
        "lot_fit": game.lot_fit(seat),
    }


class SeatView(Mapping[str, Any]):
    """`private_view(game, seat)` with each field built when first read, for a bot.

    A bot reads a few of the fields a page needs (its hand, its bid options, its suggested
    payment), and on most looks none (it holds the high bid, or another seat pays), while the
    simulator gives every bot a look at every step: building the whole view for each look was
    over a third of a simulated game. Fields come from the same functions as `private_view`, so
    a bot reads exactly what a page would; a read-only snapshot of one version of the game.
    """

    __slots__ = ("_built", "_game", "_seat")

    def __init__(self, game: Engine, seat: int) -> None:
        self._game = game
        self._seat = seat
        self._built: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        built = self._built
        if name in built:
            return built[name]
        value = built[name] = _PRIVATE_FIELDS[name](self._game, self._seat)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(_PRIVATE_FIELDS)

    def __len__(self) -> int:
        return len(_PRIVATE_FIELDS)


def view(game: Engine, seat: int | None) -> dict[str, Any]:
    """A viewer's whole view: the public part, plus `you` for a seated player (None = TV)."""
    result = dict(public_view(game))
    result["you"] = None if seat is None else private_view(game, seat)
    return result
