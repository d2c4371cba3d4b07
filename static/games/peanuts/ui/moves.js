// Playing a card: sending it (to where it can go, or to a chosen place), picking it, and what
// the page does when the room refuses it or a new view settles it.
import { t, errorText } from "/static/js/i18n.js";
import { seatName } from "/static/js/state.js";
import { announce } from "/static/js/ui/feedback.js";
import { cue } from "/static/js/phone.js";
import { app, session, send, render, note, playing } from "./page.js";
import { mine, whereIs } from "./my-deck.js";
import { cardName } from "./cards.js";
import { deckNames } from "./summary.js";

/** Send one card: to a chosen place, or (pile null) where it can go, a foundation first. */
export function play(card, to = "foundation", pile = null) {
  const me = mine(session.state);
  const from = whereIs(me, card.id);
  if (!from || app.pending.some((m) => m.card.id === card.id)) return;
  const quick = to === "foundation" && pile === null;
  const ref = send({ type: "move", card: card.id, to, pile });
  if (ref === null) return;
  app.pending.push({ ref, card, from, to, pile, quick, stage: to });
  awaitAnswer(ref);
  app.picked = null;
  render();
}

/** A tap on one of my top cards: play it where it can go, or pick it for a chosen place. */
export function tapCard(card) {
  if (!playing()) return;
  if (app.picked && app.picked.card.id === card.id) {
    cancelPick();
    return;
  }
  if (app.choose || app.picked) {
    app.picked = { card };
    app.ui.focus = "target-f";
    render();
    announce(t("play.picked", { card: cardName(card) }));
    return;
  }
  play(card);
}

/** A pick put down: choosing a place ends with it (a new choice starts from its button). */
export function cancelPick() {
  app.picked = null;
  app.choose = false;
  render();
}

export function dropOn(target) {
  const picked = app.picked;
  if (!picked) return;
  const [to, pile] = target;
  play(picked.card, to, pile);
}

/** Who won the race this phone's card just lost: the photo finish the room recorded (with its
 * margin), else whoever laid the card of that rank on the pile, a teammate on a building pile. */
export function lostRaceLine(move) {
  const state = session.state;
  if (!state) return t("play.lost_race");
  const card = move.card;
  // The photo finish names the pile and the seats, not the card: this phone's card lost it when
  // this seat is the loser and the pile's top is the card of its rank and suit.
  const photo = state.photo_finish;
  const raced = photo && state.foundations[photo.pile];
  if (photo && state.you && photo.loser === state.you.seat && raced && raced.top && raced.top.rank === card.rank && raced.top.suit === card.suit) {
    return t("play.lost_race_by", { name: seatName(state, photo.winner), ms: photo.margin_ms });
  }
  let seats = [];
  const beaten = state.foundations.find((f) => f.suit === card.suit && f.top.rank === card.rank);
  if (move.to !== "building" && beaten) {
    seats = state.players.filter((p) => p.deck === beaten.top.deck).map((p) => p.seat);
  } else if (state.you) {
    seats = state.you.teammates || [];
  }
  if (state.you) seats = seats.filter((s) => s !== state.you.seat);
  if (!seats.length) return t("play.lost_race");
  return t("play.lost_race_to", { name: deckNames(state, seats) });
}

/** The server refused a move this phone sent: back to its place, and why. */
export function refused(move, msg) {
  if (move.quick && move.stage === "foundation" && msg.code === "not_playable") {
    // Not for a foundation: a building pile, if one takes it (the server picks).
    const ref = send({ type: "move", card: move.card.id, to: "building", pile: null });
    if (ref !== null) {
      app.pending.push({ ...move, ref, stage: "building", to: "building" });
      awaitAnswer(ref);
      return;
    }
  }
  const name = cardName(move.card);
  if (!move.quick) app.choose = false; // a chosen place refused: the choice is over
  if (msg.code === "pile_changed") {
    cue("lost");
    const text = lostRaceLine(move);
    note(text, "lost");
    announce(text);
  } else if (msg.code === "rate_limited" || msg.code === "no_answer") {
    const text = t(msg.code === "rate_limited" ? "play.too_fast" : "play.no_answer");
    note(text, "warn");
    announce(text);
  } else if (move.quick && msg.code === "not_playable") {
    note(t("play.nowhere", { card: name }), "warn");
    announce(t("play.nowhere", { card: name }));
  } else {
    const text = t("play.back", { reason: errorText(msg.code) });
    note(text, "warn");
    announce(text);
  }
}

/** How long a move may wait for its answer before its card goes back (ms): the room answers in
 * far less, so only a lost or dropped message gets there, and the card must not stay lifted. */
const ANSWER_MS = 4000;

/** Take the move sent as `ref` back if it is still waiting after ANSWER_MS. */
function awaitAnswer(ref) {
  setTimeout(() => {
    const i = app.pending.findIndex((m) => m.ref === ref);
    if (i < 0) return;
    const [move] = app.pending.splice(i, 1);
    refused(move, { code: "no_answer" });
    render();
  }, ANSWER_MS);
}

/** A `rate_limited` refusal without `ref` (an older or flooded answer) may be about any move in
 * flight: every one goes back, said once, and the player taps again. True if any did. */
export function takeBackAll(msg) {
  if (!app.pending.length) return false;
  const moves = app.pending;
  app.pending = [];
  refused(moves[0], msg);
  if (moves.some((m) => !m.quick)) app.choose = false;
  return true;
}

/** A new view: the move it acknowledges (`ack`, the ref it was sent with) is no longer in
 * flight; every move is over once the round is. A picked card that left this deck's tops (a
 * teammate played it) is put down. */
export function settle(state, ack) {
  if (!state || state.phase !== "playing") {
    app.pending = [];
    app.picked = null;
    return;
  }
  if (ack !== null && ack !== undefined) app.pending = app.pending.filter((m) => m.ref !== ack);
  if (app.picked && !whereIs(mine(state), app.picked.card.id)) app.picked = null;
}
