// The latest view, whatever the game: what every client does with a patch, and a few reads.

/** Fields of a patch frame that are the envelope, not the view's: its place in the room's
 * changes, its events, and whose action it acknowledges (`by` the seat, `ref` the one it sent). */
const ENVELOPE = new Set(["type", "seq", "events", "by", "ref"]);

/**
 * A new state: the last one with each field a patch carries replaced (the old object is left
 * untouched). A game whose patch also changes what a seat reads from `you` passes `also`, its
 * own step after this one (peanutclub.core.frames.replace_fields is the same rule on the server).
 */
export function applyPatch(state, patch, also = null) {
  const next = { ...state };
  for (const [key, value] of Object.entries(patch)) {
    if (!ENVELOPE.has(key)) next[key] = value;
  }
  return also ? also(next, state, patch) : next;
}

/** Is this view still in the lobby (no game yet)? */
export const inLobby = (state) => !state || state.phase === "lobby";

/** The name of a seat, or "#n" when unknown. */
export function seatName(state, seat) {
  const p = state && state.players && state.players.find((x) => x.seat === seat);
  return (p && p.name) || `#${seat + 1}`;
}
