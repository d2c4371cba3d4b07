"""What a Peanut Club client does with a `patch`: the one rule, which every client follows.

A patch carries the bid race's public fields (`high_bid`, `going`, `min_bids`, and the room's
clock). Every client replaces those in its last view (`core.frames.replace_fields`); a seated one
also brings its `you.bid_options` up to date from them, as the engine would have built them:
each currency's `min` becomes the patch's, and its `reason` is worked out again where a bid can
change it. The pages (static/js/state.js) do the same, and a test plays games to show that a
patched view equals the whole view the server would have sent.
"""

from __future__ import annotations

from typing import Any

from peanutclub.core.frames import replace_fields

#: The reasons a bid can change; the others (a Niet, the phase) stand until the next state.
BID_REASONS = frozenset({"own_high_bid", "bid_too_low", "cannot_honour"})


def bid_reason(option: dict[str, Any], high_bid: dict[str, Any] | None, seat: int) -> str | None:
    """Why `seat` may not bid in one currency, from the option's `min`/`max` and the high bid."""
    kept = option.get("reason")
    if kept is not None and kept not in BID_REASONS:
        return str(kept)
    if high_bid is not None and high_bid["seat"] == seat:
        return "own_high_bid"
    if option["min"] is None:
        return "bid_too_low"
    if option["max"] < option["min"]:
        return "cannot_honour"
    return None


def apply_patch(view: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """The view after `patch`; `view` is left as it was."""
    updated = replace_fields(view, patch)
    you = view.get("you")
    lows = patch.get("min_bids")
    if you and you.get("bid_options") and lows is not None:
        options = {}
        for currency, option in you["bid_options"].items():
            changed = {**option, "min": lows.get(currency, option["min"])}
            changed["reason"] = bid_reason(changed, patch.get("high_bid"), you["seat"])
            options[currency] = changed
        updated["you"] = {**you, "bid_options": options}
    return updated
