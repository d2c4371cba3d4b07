// The guided first game of Peanut Club: which line the TV and a phone show for a view
// (static/js/ui/guide.js draws them). Read from the view's fields only: the phase, the high bid
// and its bidder, the call, the powers in play, and what this seat may bid or use now
// (`you.bid_options`, `you.powers`), never a rule worked out here.

/** Can this seat place some bid now? The view says per currency (`reason` null, a `min`). */
function mayBid(you) {
  return Object.values(you.bid_options || {}).some((o) => o && o.reason === null && o.min !== null && o.min !== undefined);
}

/** Does this seat hold a power it could use now (`you.powers[name].usable`)? */
function mayUsePower(you) {
  return Object.values(you.powers || {}).some((p) => p && p.usable);
}

/** The TV's line: what is happening at the table and why. */
export function tvKey(state) {
  switch (state.phase) {
    case "lobby":
      return "lobby";
    case "over":
      return "over";
    case "paying":
      return "paying";
    default:
      break;
  }
  if (state.going > 0) return "going";
  if (state.a_la_carte) return "a_la_carte";
  if ((state.niet || []).length) return "niet";
  return state.high_bid ? "leading" : "open";
}

/** A seated phone's line: what this player can do now. */
export function phoneKey(state) {
  const you = state.you;
  switch (state.phase) {
    case "lobby":
      return state.host_seat === you.seat ? "lobby_host" : "lobby";
    case "over":
      return "over";
    case "paying":
      return state.payer === you.seat ? "pay" : "wait_pay";
    default:
      break;
  }
  if (state.high_bid && state.high_bid.seat === you.seat) return "you_lead";
  if (!mayBid(you)) return mayUsePower(you) ? "power_only" : "cannot_bid";
  if (state.going > 0) return "going";
  if (state.a_la_carte) return "a_la_carte";
  return state.high_bid ? "outbid" : "open";
}

/** Every key either function may return, for the catalogue's check. */
export const KEYS = {
  tv: ["lobby", "open", "leading", "going", "a_la_carte", "niet", "paying", "over"],
  phone: ["lobby", "lobby_host", "open", "outbid", "you_lead", "going", "a_la_carte", "power_only", "cannot_bid", "pay", "wait_pay", "over"],
};
