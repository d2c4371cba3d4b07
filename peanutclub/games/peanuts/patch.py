"""What a Peanuts! client does with a `patch`: the one rule every client follows.

During a round, most actions change a few cards of one deck, and a whole view (every player's
building piles, every foundation) is several KB: so a move, a flip and a stuck declaration are
answered by a small patch, the same bytes for everyone, and each client brings its last view up
to date with it. Anything else (the count-down's end, a rotation, the end of a round) is answered
with whole states.

A patch is like every game's: each view field it carries replaces the view's (the room's clock:
`deadline`, `deadline_kind`, `now`; after a photo finish, `photo_finish`). What changed on the
table comes in its events, the change records, which a client applies in order:

- `moved` {"seat", "deck", "card": id, "to": "foundation"|"building", "pile", "reveal": card|null,
  "points"}. The card leaves the top of the deck's pile that holds it (its peanuts pile, its
  waste or one of its building piles: ids are unique, so the client finds it there); `reveal`
  is the card this turns up for everyone (the peanuts pile's new top, or the waste card that
  becomes the third shown); the card goes on building pile `pile`, or on foundation `pile` (a
  new one when `pile` is the number of foundations); `points` is the deck's new
  `round_points`. Every move clears every stuck declaration and the count of rotations.
- `flipped` {"seat", "deck", "count", "turned": [cards], "recycled"}. The turned cards go on the
  waste in order (the last on top); `recycled`: the waste was turned back over as the stock.
- `stuck` {"seat", "deck", "on"}: the deck's declaration.

A move's whole frame stays under 300 bytes. A test plays whole games to show that a patched
view equals the whole view the server would have sent. The pages (static/games/peanuts) do the
same.
"""

from __future__ import annotations

from typing import Any

from peanutclub.core.frames import replace_fields

#: The events that change the table and that a client applies to its view.
CHANGE_RECORDS = frozenset({"moved", "flipped", "stuck"})


def apply_patch(view: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """The view after `patch`; `view` is left as it was."""
    updated = replace_fields(view, patch)
    for change in patch.get("events", ()):
        kind = change["type"]
        if kind == "moved":
            _moved(updated, change)
        elif kind == "flipped":
            _flipped(updated, change)
        elif kind == "stuck":
            updated["players"] = [
                {**p, "stuck": change["on"]} if p["deck"] == change["deck"] else p
                for p in updated["players"]
            ]
    return updated


def _moved(view: dict[str, Any], moved: dict[str, Any]) -> None:
    deck = moved["deck"]
    players = [dict(p) for p in view["players"]]
    mine = next(p for p in players if p["deck"] == deck)
    card_id = moved["card"]
    source, from_pile = _where(mine, card_id)
    card: dict[str, Any]
    if source == "peanuts":
        card = mine["peanuts"]["top"]
        peanuts = {"top": moved["reveal"], "left": mine["peanuts"]["left"] - 1}
        for p in players:
            if p["deck"] == deck:
                p["peanuts"] = peanuts
    elif source == "waste":
        card = mine["waste"][-1]
        waste = mine["waste"][:-1]
        if moved["reveal"] is not None:
            waste = [moved["reveal"], *waste]
        for p in players:
            if p["deck"] == deck:
                p["waste"], p["waste_count"] = waste, p["waste_count"] - 1
    else:
        card = mine["building"][from_pile][-1]
        _set_building(players, deck, from_pile, mine["building"][from_pile][:-1])
    if moved["to"] == "building":
        pile = moved["pile"]
        _set_building(players, deck, pile, [*mine["building"][pile], card])
    else:
        view["foundations"] = _on_foundation(view["foundations"], moved["pile"], card)
    for p in players:
        p["stuck"] = False
        if p["deck"] == deck:
            p["round_points"] = moved["points"]
    view["players"] = players
    view["rotations"] = 0


def _where(mine: dict[str, Any], card_id: int) -> tuple[str, int]:
    """Which of a deck's tops is the card: "peanuts", "waste" or "building" (with its pile)."""
    top = mine["peanuts"]["top"]
    if top is not None and top["id"] == card_id:
        return "peanuts", -1
    if mine["waste"] and mine["waste"][-1]["id"] == card_id:
        return "waste", -1
    for index, pile in enumerate(mine["building"]):
        if pile and pile[-1]["id"] == card_id:
            return "building", index
    raise ValueError(f"card {card_id} is not on top of a pile of deck {mine['deck']}")


def _set_building(players: list[dict[str, Any]], deck: int, pile: int, cards: list[Any]) -> None:
    for p in players:
        if p["deck"] == deck:
            building = list(p["building"])
            building[pile] = cards
            p["building"] = building


def _on_foundation(
    foundations: list[dict[str, Any]], index: int, card: dict[str, Any]
) -> list[dict[str, Any]]:
    deck = str(card["deck"])
    foundations = list(foundations)
    if index == len(foundations):
        foundations.append(
            {
                "index": index,
                "suit": card["suit"],
                "top": card,
                "count": 1,
                "by_deck": {deck: 1},
                "complete": False,
            }
        )
        return foundations
    old = foundations[index]
    by_deck = dict(old["by_deck"])
    by_deck[deck] = by_deck.get(deck, 0) + 1
    foundations[index] = {
        **old,
        "top": card,
        "count": old["count"] + 1,
        "by_deck": by_deck,
        "complete": card["rank"] == 13,
    }
    return foundations


def _flipped(view: dict[str, Any], flipped: dict[str, Any]) -> None:
    deck = flipped["deck"]
    players = []
    for p in view["players"]:
        if p["deck"] == deck:
            p = dict(p)
            if flipped["recycled"]:
                p["stock_count"] += p["waste_count"]
                p["waste"], p["waste_count"] = [], 0
            else:
                turned = flipped["turned"]
                p["waste"] = [*p["waste"], *turned][-3:]
                p["waste_count"] += len(turned)
                p["stock_count"] -= len(turned)
        players.append(p)
    view["players"] = players
