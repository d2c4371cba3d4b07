// The guided first game of Peanuts!: which line the TV and a phone show for a view
// (static/js/ui/guide.js draws them). Read from the view's fields only: the phase, each deck's
// peanuts left and stuck declaration, the rotations so far; never a rule worked out here (the
// page never says which card fits where: that is the player's race).

/** This seat's entry in the view's players. */
const mine = (state) => (state.players || []).find((p) => p.seat === state.you.seat) || {};

/** The TV's line: what is happening at the table and why. */
export function tvKey(state) {
  const players = state.players || [];
  switch (state.phase) {
    case "lobby":
      return "lobby";
    case "countdown":
      return "countdown";
    case "round_over":
      return "round_over";
    case "over":
      return "over";
    default:
      break;
  }
  if (players.some((p) => p.peanuts && p.peanuts.left === 0)) return "peanuts_out";
  if (state.rotations > 0) return "rotated";
  if (players.some((p) => p.stuck)) return "stuck";
  return "playing";
}

/** A seated phone's line: what this player can do now. */
export function phoneKey(state) {
  switch (state.phase) {
    case "lobby":
      return state.host_seat === state.you.seat ? "lobby_host" : "lobby";
    case "countdown":
      return "countdown";
    case "round_over":
      return "round_over";
    case "over":
      return "over";
    default:
      break;
  }
  const me = mine(state);
  if (me.peanuts && me.peanuts.left === 0) return "call_peanuts";
  if (me.stuck) return "stuck";
  return "play";
}

/** Every key either function may return, for the catalogue's check. */
export const KEYS = {
  tv: ["lobby", "countdown", "playing", "stuck", "rotated", "peanuts_out", "round_over", "over"],
  phone: ["lobby", "lobby_host", "countdown", "play", "stuck", "call_peanuts", "round_over", "over"],
};
