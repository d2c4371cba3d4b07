// The player's page of the card race: join, lobby, then your own piles and the foundations on one
// screen (no scrolling during a round), the round's score, the end. One render() from the latest
// state plus the moves sent and not yet answered (shown at once, taken back if refused). Its
// parts are in ui/: page.js (what they share), my-deck.js, in-flight.js (moves in flight),
// moves.js, hint.js, piles.js, race-status.js, results.js, drag.js and keys.js.
import { h, mount, byId } from "/static/js/dom.js";
import { t, langButton } from "/static/js/i18n.js";
import { inLobby, seatName } from "/static/js/state.js";
import { announce, rttBadge } from "/static/js/ui/feedback.js";
import { tick } from "/static/js/ui/ticker.js";
import { lobbyView } from "/static/js/ui/lobby.js";
import { shareView } from "/static/js/ui/share.js";
import { phoneSession, cue, touchSwitches } from "/static/js/phone.js";
import { step } from "./patch.js";
import { applyCss } from "./ui/cards.js";
import { describe } from "./ui/events.js";
import { app, code, connect, session, send } from "./ui/page.js";
import { mine } from "./ui/my-deck.js";
import { shown } from "./ui/in-flight.js";
import { refused, settle, takeBackAll } from "./ui/moves.js";
import { watchIdle, startHints, onAnswer } from "./ui/hint.js";
import { foundationsView, buildingView, reserveView } from "./ui/piles.js";
import { statusView, actionsView } from "./ui/race-status.js";
import { roundOverView, endView, spectatorView } from "./ui/results.js";
import { startDrag } from "./ui/drag.js";
import { startKeys } from "./ui/keys.js";
import { keepFocus, focusBefore } from "/static/js/ui/focus.js";
import { keysHelp } from "/static/js/ui/keyhelp.js";

/** The game's own keys, as the "Keys" help lists them. */
const KEY_LINES = ["play.keys", "keys.pz.tab"];
/** Where the focus goes when the card it was on left (played, or the round ended): the
 * peanuts pile's top, the waste's, a building pile's, Turn 3, the next round's controls. */
const NEXT_FOCUS = ["[data-key=peanuts]", "[data-key=waste]", "button.card-face.top", "[data-key=flip]", "[data-key=call]", ".round-over button, .over button"];

connect(
  phoneSession({
    code,
    ui: app.ui,
    render,
    onState,
    onError,
    onAnswer: (msg) => onAnswer(msg),
    onWelcome: () => {
      app.pending = [];
    },
    patch: step,
  }),
  render,
);
startHints();

// ------------------------------------------------------------------ the session's views

function onState(state, events, why, prev, ack) {
  settle(state, ack);
  watchIdle(state);
  const seated = !session.watching && typeof session.seat === "number";
  for (const ev of events) {
    const text = describe(ev, state, session.seat);
    // "Go!" is everyone's turn at once: a seated player hears it at once.
    if (text) announce(text, () => describe(ev, state, session.seat), seated && ev.type === "round_started");
  }
  if (prev && prev.phase !== "playing" && state.phase === "playing") app.ui.focus = "peanuts";
  if (why === "welcome") app.picked = null;
  else touch(events);
}

/**
 * This phone's moments, felt once each through its own switches, from the frame's events: a
 * round starts (everyone's turn at once); this seat won a race by a hair, called "Peanuts!" to
 * end a round, or won the game.
 */
function touch(events) {
  const me = session.watching ? null : session.seat;
  if (typeof me !== "number") return;
  const kinds = [];
  if (events.some((e) => e.type === "round_started")) kinds.push("turn");
  const won = (e) =>
    (e.type === "photo_finish" && e.winner === me) ||
    (e.type === "round_over" && e.caller === me) ||
    (e.type === "game_over" && (e.winners || []).includes(me));
  if (events.some(won)) kinds.push("win");
  cue(...kinds);
}

function onError(msg) {
  // A hint asked as the round ended: nothing to say.
  if (app.idle.ref !== undefined && app.idle.ref !== null && msg.ref === app.idle.ref) return true;
  const i = msg.ref === undefined || msg.ref === null ? -1 : app.pending.findIndex((m) => m.ref === msg.ref);
  if (i >= 0) {
    const [move] = app.pending.splice(i, 1);
    refused(move, msg);
    return true;
  }
  return msg.code === "rate_limited" && (msg.ref === undefined || msg.ref === null) && takeBackAll(msg);
}

function tableView(state) {
  const view = shown(state);
  const me = mine(view.state);
  return [
    statusView(view.state, me),
    foundationsView(view.state),
    buildingView(me, view.flying),
    reserveView(me, view.flying),
    actionsView(view.state, me),
    h("p.sr", { "data-key": "keys", text: t("play.keys") }),
  ];
}

function render() {
  const state = session.state;
  const me = session.seat;
  const who = state && me !== null && me !== undefined ? seatName(state, me) : "";
  const focused = focusBefore();
  mount(byId("bar"), h("h1.room", { text: t("common.room", { code }) }), keysHelp(h, render, KEY_LINES), who ? h("span.me", { text: who }) : null, session.replaced || session.gone ? null : rttBadge(h), touchSwitches(h, render), langButton(h));
  const ctx = { state, me, host: session.host, ui: app.ui, send, rerender: render, game: session.game };
  let content = session.screen();
  const inRound = !content && state.you && (state.phase === "playing" || state.phase === "countdown");
  if (content) {
    /* the join form, or "play on this screen" */
  } else if (session.watching) content = spectatorView(state);
  else if (inLobby(state)) content = [lobbyView(ctx), shareView({ code, ui: app.ui, rerender: render })];
  else if (state.phase === "over") content = endView(state);
  else if (state.phase === "round_over") content = roundOverView(state);
  else content = tableView(state);
  document.body.classList.toggle("in-round", !!inRound);
  document.body.classList.toggle("choosing", !!app.picked || app.choose);
  mount(byId("app"), content);
  applyCss(byId("app"));
  if (app.ui.focus) {
    const el = document.querySelector(`[data-key="${app.ui.focus}"]`);
    if (el && !el.disabled) el.focus({ preventScroll: true });
    else keepFocus(focused, NEXT_FOCUS);
    app.ui.focus = null;
  } else keepFocus(focused, NEXT_FOCUS);
  tick();
}

startDrag();
startKeys();
await session.start();
