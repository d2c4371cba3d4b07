// The hint: after `hint_seconds` (a setting; 0 at a competitive table) without a change to this
// phone's deck, the phone asks the room for a playable card (`hint`, answered to it alone) and
// lights the card named: the engine says what is playable, never the page.
import { app, session, render } from "./page.js";
import { mine } from "./my-deck.js";

/** What changes whenever this phone's deck plays, turns its stock or is rotated. */
export function deckKey(state) {
  const me = state && state.you ? mine(state) : null;
  if (!me || state.phase !== "playing") return null;
  return [state.round, state.rotations, me.peanuts.left, me.waste_count, me.stock_count, ...me.building.map((p) => p.length)].join(":");
}

export function watchIdle(state) {
  const key = deckKey(state);
  if (key !== app.idle.key) {
    app.idle = { key, since: Date.now(), asked: false };
    app.hint = null;
  }
}

/** Ask for a hint once the deck has been still for the table's `hint_seconds`. */
export function startHints() {
  setInterval(() => {
    const state = session.state;
    const wait = state && state.settings ? Number(state.settings.hint_seconds) : 0;
    if (!wait || !app.idle.key || app.idle.asked || deckKey(state) !== app.idle.key) return;
    if (Date.now() - app.idle.since < wait * 1000) return;
    app.idle.asked = true;
    app.idle.ref = session.ask({ type: "hint" });
  }, 500);
}

export function onAnswer(msg) {
  if (msg.type !== "hint" || !app.idle.asked) return;
  app.hint = msg.card === null ? "stock" : msg.card;
  render();
}
