// Applying server messages to the latest view. A patch only carries the bid race; the rest stays.

/**
 * Why `seat` may not bid in one currency, from the option's min/max and the high bid. Only the
 * reasons a patch can change are recomputed; the others (Niet, phase) come from the last state.
 */
export function bidReason(option, highBid, seat) {
  const kept = option.reason;
  if (kept && kept !== "own_high_bid" && kept !== "bid_too_low" && kept !== "cannot_honour") {
    return kept;
  }
  if (highBid && highBid.seat === seat) return "own_high_bid";
  if (option.min === null || option.min === undefined) return "bid_too_low";
  if (option.max < option.min) return "cannot_honour";
  return null;
}

/** A new state: the last one with a patch's fields applied (the old object is left untouched). */
export function applyPatch(state, patch) {
  const next = { ...state };
  next.high_bid = patch.high_bid;
  next.going = patch.going;
  next.deadline = patch.deadline;
  if ("deadline_kind" in patch) next.deadline_kind = patch.deadline_kind;
  next.now = patch.now;
  if (patch.min_bids) next.min_bids = { ...(state.min_bids || {}), ...patch.min_bids };
  const you = state.you;
  if (you && you.bid_options && patch.min_bids) {
    const options = {};
    for (const [currency, option] of Object.entries(you.bid_options)) {
      const min = currency in patch.min_bids ? patch.min_bids[currency] : option.min;
      const updated = { ...option, min };
      updated.reason = bidReason(updated, patch.high_bid, you.seat);
      options[currency] = updated;
    }
    next.you = { ...you, bid_options: options };
  }
  return next;
}

/** Is this view still in the lobby (no game yet)? */
export const inLobby = (state) => !state || state.phase === "lobby" || state.lobby === true;

/** The name of a seat, or "#n" when unknown. */
export function seatName(state, seat) {
  const p = state && state.players && state.players.find((x) => x.seat === seat);
  return (p && p.name) || `#${seat + 1}`;
}
