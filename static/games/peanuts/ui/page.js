// What every part of the Peanuts! player page shares: the room's code, the page's own state
// (`app`: moves sent and not answered, a picked card, the hint), and the phone's session, its
// sender and render(), which player.js hands over once at start (`connect`). ES modules' live
// bindings let each part read them without passing them through every call.
export const code = document.body.dataset.code;

export const app = {
  ui: {},
  /** Moves sent and not answered yet: {ref, card, from, to, pile, quick}. */
  pending: [],
  /** The card picked for a chosen place: {card, from} or null. */
  picked: null,
  choose: false,
  /** This phone's deck as it last changed, and whether a hint was asked since. */
  idle: { key: null, since: 0, asked: false },
  /** The card the room named as playable after a while (a card id, "stock"), or null. */
  hint: null,
};

/** The phone's session (phone.js), as player.js made it. */
export let session = null;
/** Send a message to the room; returns its ref, or null if it could not go. */
export let send = null;
/** Draw the page again from the latest view. */
export let render = () => {};

/** Hand the parts the session and the page's render(), once, before the session begins. */
export function connect(phone, draw) {
  session = phone;
  send = phone.send;
  render = draw;
}

/** A short line under the status for a few seconds (a lost race, a refusal). */
export const note = (text, kind = "info") => session.say(text, kind, 3000);

/** Whether this phone holds a seat in a round being played (cards may move). */
export const playing = () => session.state && session.state.phase === "playing" && session.state.you;
