// Optimistic moves: the view as this phone shows it, the server's with the moves sent and not
// yet answered drawn at once (taken back if refused, by moves.js).
import { app } from "./page.js";
import { mine } from "./my-deck.js";

/** The view as this phone shows it: the server's, with the moves still in flight drawn where
 * they were sent (a chosen place) or lifted off their pile (the server picks the place). */
export function shown(state) {
  const me = mine(state);
  if (!me || !app.pending.length) return { state, flying: new Set(), landed: new Set() };
  const flying = new Set();
  const landed = new Set();
  const p = { ...me, building: me.building.map((pile) => [...pile]), waste: [...me.waste], peanuts: { ...me.peanuts } };
  let foundations = state.foundations;
  for (const move of app.pending) {
    if (move.pile === null || move.pile === undefined) {
      flying.add(move.card.id);
      continue;
    }
    const [source, index] = move.from;
    if (source === "peanuts") p.peanuts = { top: null, left: p.peanuts.left - 1, hidden: true };
    else if (source === "waste") {
      p.waste = p.waste.slice(0, -1);
      p.waste_count -= 1;
    } else p.building[index] = p.building[index].slice(0, -1);
    landed.add(move.card.id);
    if (move.to === "building") p.building[move.pile] = [...p.building[move.pile], move.card];
    else {
      foundations = [...foundations];
      const at = Math.min(move.pile, foundations.length);
      const old = foundations[at];
      foundations[at] = old ? { ...old, top: move.card } : { index: at, suit: move.card.suit, top: move.card, count: 1, by_deck: {}, complete: false };
    }
  }
  const players = state.players.map((x) => (x.deck === me.deck ? { ...p, seat: x.seat, name: x.name } : x));
  return { state: { ...state, players, foundations }, flying, landed };
}
