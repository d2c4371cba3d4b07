// Peanut Club's step after the generic patch: a seat's bid options follow the bid race.
// The same rule as peanutclub/games/peanut_club/patch.py; a browser test plays games to show
// that both give what the server would have sent whole.

/** The reasons a bid can change; the others (a Niet, the phase) stand until the next state. */
const BID_REASONS = new Set(["own_high_bid", "bid_too_low", "cannot_honour"]);

/** Why `seat` may not bid in one currency, from the option's min/max and the high bid. */
export function bidReason(option, highBid, seat) {
  const kept = option.reason;
  if (kept !== null && kept !== undefined && !BID_REASONS.has(kept)) return kept;
  if (highBid && highBid.seat === seat) return "own_high_bid";
  if (option.min === null || option.min === undefined) return "bid_too_low";
  if (option.max < option.min) return "cannot_honour";
  return null;
}

/** `next` (the view with the patch's fields) with `you.bid_options` brought up to date. */
export function bidOptions(next, state, patch) {
  const you = state.you;
  const lows = patch.min_bids;
  if (!you || !you.bid_options || lows === undefined || lows === null) return next;
  const options = {};
  for (const [currency, option] of Object.entries(you.bid_options)) {
    const changed = { ...option, min: currency in lows ? lows[currency] : option.min };
    changed.reason = bidReason(changed, patch.high_bid ?? null, you.seat);
    options[currency] = changed;
  }
  return { ...next, you: { ...you, bid_options: options } };
}
