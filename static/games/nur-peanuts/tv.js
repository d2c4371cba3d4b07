// Nur Peanuts! on a TV: the lobby with the code and the QR, then the ring of 24 fields large on
// the left (owners, places, every piece, the dice in the middle, a thrown piece walking field by
// field, a bumped piece flashing on its start place) and on the right the round and its phase,
// the turn clock, each player's cash and fields, the round's payments as arrows, the end and
// its winners, the latest moves. Everything fits the screen (1920×1080 down to 1280×720).
import { h, mount, byId } from "/static/js/dom.js";
import { tvSoundButton } from "/static/js/sound.js";
import { playEvents } from "./sound.js";
import { init, t, langButton, onChange } from "/static/js/i18n.js";
import { seatName } from "/static/js/state.js";
import { watchRoom, sender, screen } from "/static/js/table.js";
import { nextGameControl } from "/static/js/ui/nextgame.js";
import { reachOf, loadReach, footLink } from "/static/js/ui/reach.js";
import { announce, reannounce } from "/static/js/ui/feedback.js";
import { startTicker, tick } from "/static/js/ui/ticker.js";
import { game } from "/static/js/games.js";
import { boardView, placePieces, pathOf, fitted } from "./ui/board.js";
import { diceView } from "./ui/dice.js";
import { paymentsView } from "./ui/payments.js";
import { playersView } from "./ui/players.js";
import { fieldName, endText, money, payee, roundLine, withBumpers } from "./ui/format.js";
import { describe, phaseText, names } from "./ui/words.js";

const code = document.body.dataset.code;
const reach = reachOf(code);
const still = window.matchMedia("(prefers-reduced-motion: reduce)");
const FLASH_MS = 1800;
/** How long each banner (a bump, a round's winner) holds the middle of the table. */
const BANNER_MS = 1800;
const RECENT = 7;
// Worth a word to a screen reader as it happens: throws, bumps, payments, purchases, the end.
const SAID = new Set(["thrown", "bumped", "round_over", "bought", "round", "game_over"]);

const app = { state: null, host: false, ui: {}, motion: null, flash: new Map(), recent: [], throws: 0, banners: [], banner: null };
let conn = null;
const send = sender(() => conn);

/** A throw's piece walks the track one field at a time (none when motion is reduced). */
function walk(ev) {
  clearTimeout(app.motion && app.motion.timer);
  app.motion = null;
  const path = pathOf(ev.from, ev.moved);
  if (still.matches || !path.length) return;
  const stepMs = Math.max(90, Math.min(170, 1000 / path.length));
  const motion = { id: ev.by, path, i: 0, timer: null };
  const next = () => {
    if (app.motion !== motion) return;
    if (motion.i >= path.length - 1) {
      app.motion = null;
    } else {
      motion.i += 1;
      motion.timer = setTimeout(next, stepMs);
    }
    render();
  };
  app.motion = motion;
  motion.timer = setTimeout(next, stepMs);
}

/** A moment on the table for everyone to see, one after the other: who was bumped, who won. */
function banner(kind, text) {
  app.banners.push({ kind, text });
  if (!app.banner) nextBanner();
}

function nextBanner() {
  app.banner = app.banners.shift() || null;
  if (app.banner) app.banner.timer = setTimeout(() => { nextBanner(); render(); }, BANNER_MS);
}

function bannerView() {
  const b = app.banner;
  if (!b) return null;
  return h("div.tv-banner", { "data-key": "banner", class: `banner-${b.kind}`, "aria-hidden": "true", text: b.text });
}

/** The banner of a bump: who bumped whom ("Bruno bumps Ana!"), a stone named as one. */
function bumpBanner(ev, state) {
  const stone = ev.seat === null || ev.seat === undefined;
  if (ev.by_piece === undefined) return t("table.banner_bumped", { name: stone ? t("table.a_stone") : seatName(state, ev.seat) });
  const name = stone ? t("table.banner_stone") : seatName(state, ev.seat);
  const by = ev.by === null ? t("table.banner_stone_by") : seatName(state, ev.by);
  return t("table.banner_bumped_by", { name, by });
}

/** The game is over: the moments still queued are old news beside its result (at a quick pace
 * they lag the table), so only what the last frame brings is shown. */
function dropBanners() {
  if (app.banner) clearTimeout(app.banner.timer);
  app.banner = null;
  app.banners = [];
}

function onState(state, frameEvents) {
  const events = withBumpers(frameEvents);
  if (state.phase === "over" && (!app.state || app.state.phase !== "over")) dropBanners();
  const round = app.state && app.state.round;
  app.state = state;
  if (round !== undefined && round !== state.round) app.recent = [];
  playEvents(events);
  for (const ev of events) {
    if (ev.type === "thrown") {
      app.throws += 1;
      walk(ev);
    }
    if (ev.type === "bumped") {
      app.flash.set(ev.piece, Date.now() + FLASH_MS);
      banner("bumped", bumpBanner(ev, state));
    }
    if (ev.type === "round_over") {
      const name = ev.winner === "bank" ? t("table.bank") : seatName(state, ev.winner);
      banner("won", t("table.banner_won", { name }));
    }
    if (ev.type !== "turn") app.recent.unshift(ev);
  }
  app.recent = app.recent.slice(0, RECENT);
  const said = events.filter((ev) => SAID.has(ev.type));
  if (said.length) {
    const words = () => said.map((ev) => describe(ev, app.state)).filter(Boolean).join(" ");
    announce(words(), words);
  }
  render();
}

/** Whose decision the clock is counting down, if anyone's. */
function decider(state) {
  if (state.turn) return state.turn.seat;
  if (state.purchase) return state.purchase.seat;
  return null;
}

/** The middle of the ring: the last throw's dice and what they did, or who won. */
function centre(state) {
  const lt = state.last_throw;
  const parts = [];
  if (lt) {
    parts.push(diceView(lt, -70, 100, `dice-${app.throws}`));
    const who = lt.seat === null || lt.seat === undefined ? t("table.a_stone") : seatName(state, lt.seat);
    const line = t(lt.faces.length > 1 ? "table.throw_line" : "table.throw_line_one", { name: who, faces: lt.faces.join(" + "), n: lt.moved });
    parts.push(fitted(line, 320, 30, { class: "centre-line", y: 36, "data-key": "throw-line" }));
  }
  const rr = state.round_result;
  let head = null;
  let name = null;
  if (state.phase === "over" && state.result) {
    head = t("table.game_over");
    name = names(state, state.result.winners);
  } else if (rr) {
    head = t("table.round_won_by");
    name = rr.winner === "bank" ? t("table.bank") : seatName(state, rr.winner);
  } else if (!lt) {
    parts.push(fitted(phaseText(state), 330, 28, { class: "centre-big", dy: "0.36em", "data-key": "centre-phase" }));
  }
  if (head) {
    const y = lt ? 86 : -10;
    parts.push(fitted(head, 300, 24, { class: "centre-line", y, "data-key": "centre-head" }));
    parts.push(fitted(name, 250, 34, { class: "centre-big", y: y + 40, "data-key": "centre-name" }));
  }
  return parts;
}

function boardPanel(state) {
  const motion = app.motion;
  const now = Date.now();
  const flash = new Set([...app.flash].filter(([, until]) => until > now).map(([id]) => id));
  const lit = new Set();
  if (motion) motion.path.slice(0, motion.i + 1).forEach((f) => lit.add(f));
  if (state.round_result) lit.add(state.round_result.field);
  return h(
    "section.tv-board",
    { "data-key": "board-panel" },
    boardView(state, {
      moving: motion ? { id: motion.id, field: motion.path[motion.i] } : null,
      flash,
      highlight: lit,
      turnSeat: decider(state),
      centre: centre(state),
    }),
    bannerView(),
  );
}

function statusView(state) {
  const title = state.round ? t("table.round", { n: state.round }) : t("table.preliminary");
  const clock = state.deadline && state.deadline_kind === "turn" && decider(state) !== null;
  const next = state.deadline && state.deadline_kind === "next_round";
  return h(
    "header.tv-status",
    { "data-key": "status" },
    h("h1.tv-round", { text: title }),
    h("p.tv-phase", { "data-phase": state.phase, text: phaseText(state) }),
    clock
      ? h(
          "p.tv-clock",
          { "data-key": "clock" },
          h("span", { text: t("table.deciding", { name: seatName(state, decider(state)) }) }),
          h("strong", { "data-deadline": String(state.deadline), "data-fmt": "table.clock", text: "" }),
        )
      : null,
    next ? h("p.tv-clock", { "data-key": "next" }, h("strong", { "data-deadline": String(state.deadline), "data-fmt": "table.next_round_in", text: "" })) : null,
  );
}

/** What is happening now, in a sentence or two, under the players. */
function nowView(state) {
  const rr = state.round_result;
  if (state.phase === "over" && state.result) {
    return h(
      "section.tv-now.over",
      { "data-key": "now-over", "aria-labelledby": "over-title" },
      h("h2", { id: "over-title", text: t("table.game_over") }),
      h("p.winners", { text: endText(state.result, state, null) }),
      rr ? paymentsView(state, rr) : null,
    );
  }
  if (rr) {
    const who = rr.winner === "bank" ? t("table.bank") : seatName(state, rr.winner);
    return h(
      "section.tv-now.result",
      { "data-key": "now-result", "aria-labelledby": "result-title" },
      h("h2", { id: "result-title", text: t("table.round_result", { n: state.round }) }),
      h("p.won", { text: t("table.won_on", { name: who, field: fieldName(state, rr.field) }) }),
      paymentsView(state, rr),
      rr.chip_to_bank !== null && rr.chip_to_bank !== undefined ? h("p.chip", { text: t("np.chip_to_bank", { field: fieldName(state, rr.chip_to_bank) }) }) : null,
      state.purchase ? h("p.buying", { text: t("table.may_buy", { name: seatName(state, state.purchase.seat) }) }) : null,
    );
  }
  return turnView(state);
}

/** Before the round's end: who is buying, choosing a throw, or standing on a field with the
 * choice to park or roll again (and what rolling again would cost); or the stones moving. */
function turnView(state) {
  const lines = [];
  const turn = state.turn;
  if (state.purchase) lines.push(t("np.buys", { name: seatName(state, state.purchase.seat) }));
  else if (state.phase === "stones") lines.push(t("np.stones_move"));
  else if (turn && !turn.thrown) lines.push(t("np.other_choosing", { name: seatName(state, turn.seat) }));
  else if (turn) {
    const name = seatName(state, turn.seat);
    const pawn = state.pieces.find((p) => p.kind === "pawn" && p.seat === turn.seat);
    lines.push(t("np.other_thrown", { name, v: fieldName(state, pawn.field) }));
    const cost = turn.reroll_cost;
    if (!cost) lines.push(t("table.reroll_free"));
    else if (!turn.can_reroll) lines.push(t("table.reroll_cannot", { n: money(cost), name }));
    else lines.push(t("table.reroll_costs", { n: money(cost), to: payee(state, turn.reroll_to) }));
  }
  if (!lines.length) return null;
  return h(
    "section.tv-now.turn",
    { "data-key": "now-turn" },
    lines.map((text, i) => h(i ? "p" : "p.lead", { "data-key": `t${i}`, text })),
  );
}

/** A latest move as a line: a round's end by its winner alone (its payments are shown above). */
function recentLine(ev, state) {
  if (ev.type === "round_over") return roundLine({ ...ev, payments: [] }, state, null);
  return describe(ev, state);
}

function recentView(state) {
  const lines = app.recent.map((ev) => recentLine(ev, state)).filter(Boolean);
  return h(
    "section.tv-recent",
    { "data-key": "recent", "aria-labelledby": "recent-title" },
    h("h2", { id: "recent-title", text: t("table.latest") }),
    h("ol.recent-list", null, lines.map((text, i) => h("li", { "data-key": `e${app.recent.length - i}`, text }))),
  );
}

/** The latest moves show whole lines only: those that do not fit in full under the panels
 * above are left out, newest first kept. */
function fitRecent() {
  const panel = document.querySelector(".tv-recent");
  if (!panel) return;
  const items = [...panel.querySelectorAll("li")];
  for (const li of items) li.hidden = false;
  const bottom = panel.getBoundingClientRect().bottom - parseFloat(getComputedStyle(panel).paddingBottom);
  let full = false;
  for (const li of items) {
    full = full || li.getBoundingClientRect().bottom > bottom + 0.5;
    li.hidden = full;
  }
}

function table(state) {
  return h(
    "div.tv-table",
    { "data-phase": state.phase, class: state.players.length > 4 ? "many" : "" },
    boardPanel(state),
    // An away player's "let a bot play" is the away strip's, under the table (ui/away.js): the
    // players' list keeps its room for the round's payments.
    h("div.tv-side", null, statusView(state), playersView(state, decider(state), null), nowView(state), recentView(state)),
  );
}

function footer(state) {
  const controls = [];
  if (app.host && state && state.phase === "over") {
    controls.push(h("button.primary", { type: "button", "data-key": "tv-rematch", onclick: () => send({ type: "rematch" }), text: t("table.rematch") }));
  }
  if (state && state.phase === "over") {
    controls.push(h("a.button", { href: `/r/${encodeURIComponent(code)}/history`, "data-key": "tv-history", text: t("table.history") }));
  }
  // The evening goes on: once this game is over, the host picks the next one for the table.
  if (app.host && state && state.phase === "over") controls.push(nextGameControl({ state, host: true, send, rerender: render }));
  return [h("span.foot-code", { text: t("common.room", { code }) }), footLink(reach), h("span.foot-spacer"), controls, tvSoundButton(h, t, render), langButton(h)];
}

function render() {
  const state = app.state;
  const ctx = { state, me: null, host: app.host, ui: app.ui, send, rerender: render, game: about };
  mount(byId("app"), screen(ctx, reach, code, table));
  placePieces(byId("app"));
  mount(byId("foot"), ...footer(state));
  tick();
  fitRecent(); // once the clocks have their words: they may take a line
}

const [about] = await Promise.all([game(), init()]);
loadReach(reach, code, render);
onChange(() => {
  reannounce();
  render();
});
startTicker();
render();
addEventListener("resize", fitRecent);
// A bumped piece stops flashing without waiting for the next message.
setInterval(() => {
  if (!app.flash.size) return;
  const now = Date.now();
  const before = app.flash.size;
  for (const [id, until] of app.flash) if (until <= now) app.flash.delete(id);
  if (app.flash.size !== before) render();
}, 300);
conn = watchRoom({
  code,
  onState,
  onHost: (host) => {
    app.host = host;
  },
  ui: app.ui,
  render,
});
