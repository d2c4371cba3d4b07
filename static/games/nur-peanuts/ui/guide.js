// The guided first game of Nur Peanuts!: which line the TV and a phone show for a view
// (static/js/ui/guide.js draws them). Read from the view's fields only: the phase and round,
// who may buy (`purchase`), whose turn it is and what it allows (`turn`: thrown, free_reroll,
// can_reroll), who was bumped; never a rule worked out here.

/** This seat's entry in the view's players. */
const mine = (state) => (state.players || []).find((p) => p.seat === state.you.seat) || {};

/** The TV's line: what is happening at the table and why. */
export function tvKey(state) {
  switch (state.phase) {
    case "lobby":
      return "lobby";
    case "buying":
      return state.round === 0 ? "preliminary" : "buying";
    case "stones":
      return "stones";
    case "round_over":
      return "round_over";
    case "over":
      return "over";
    default:
      break;
  }
  const turn = state.turn;
  if (turn && turn.thrown) return "thrown";
  if ((state.players || []).some((p) => p.bumped)) return "bumped";
  return "turn";
}

/** A seated phone's line: what this player can do now. */
export function phoneKey(state) {
  const seat = state.you.seat;
  switch (state.phase) {
    case "lobby":
      return state.host_seat === seat ? "lobby_host" : "lobby";
    case "buying": {
      const buying = state.purchase && state.purchase.seat === seat;
      if (!buying) return "wait_buy";
      return state.round === 0 ? "buy_first" : "buy";
    }
    case "stones":
      return "stones";
    case "round_over":
      return "round_over";
    case "over":
      return "over";
    default:
      break;
  }
  const turn = state.turn;
  if (!turn || turn.seat !== seat) return mine(state).bumped ? "bumped" : "wait_turn";
  if (!turn.thrown) return "throw";
  if (turn.free_reroll) return "free_reroll";
  return turn.can_reroll ? "reroll" : "park";
}

/** Every key either function may return, for the catalogue's check. */
export const KEYS = {
  tv: ["lobby", "preliminary", "buying", "turn", "thrown", "bumped", "stones", "round_over", "over"],
  phone: ["lobby", "lobby_host", "buy_first", "buy", "wait_buy", "throw", "free_reroll", "reroll", "park", "bumped", "wait_turn", "stones", "round_over", "over"],
};
