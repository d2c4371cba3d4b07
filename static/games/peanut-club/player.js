// The player's page: join, lobby, auction, paying, podium, and a read-only table for someone
// watching from a phone. One render() from the latest state; mount() updates the page in place.
import { h, mount, byId } from "/static/js/dom.js";
import { t, langButton } from "/static/js/i18n.js";
import { inLobby, seatName } from "/static/js/state.js";
import { bidOptions } from "./patch.js";
import { announce, rttBadge } from "/static/js/ui/feedback.js";
import { tick } from "/static/js/ui/ticker.js";
import { describe } from "./ui/events.js";
import { joinView } from "/static/js/ui/join.js";
import { lobbyView } from "/static/js/ui/lobby.js";
import { phoneSession, cue, touchSwitches } from "/static/js/phone.js";
import { botHandover } from "/static/js/table.js";
import { lotStrip } from "./ui/lot.js";
import { highBidView, callView, curName } from "./ui/auction.js";
import { bidPanel, goingAfterBid } from "./ui/bidpanel.js";
import { powersView, powerSheet } from "./ui/powers.js";
import { columnView } from "./ui/column.js";
import { shareView } from "/static/js/ui/share.js";
import { handView } from "./ui/hand.js";
import { payView, payingOther, payAnswer } from "./ui/pay.js";
import { playersView } from "./ui/players.js";
import { podiumView } from "./ui/podium.js";
import { awardsView } from "./ui/awards.js";
import { endCard } from "/static/js/ui/endcard.js";
import { keepFocus } from "/static/js/ui/focus.js";
import { keysHelp } from "/static/js/ui/keyhelp.js";

const code = document.body.dataset.code;
const app = {
  ui: { amount: {}, power: null, pay: null, focus: null },
};
const session = phoneSession({ code, ui: app.ui, render, onState, onError, onAnswer, patch: bidOptions });
const send = session.send;

/** A short line in the status box (who played which power, being outbid) for a few seconds. */
const note = (text, kind = "info") => session.say(text, kind, 4000);

/** The answer to the payment's dry run, asked in the background (ctx.ask: session.ask). */
function onAnswer(msg) {
  if (payAnswer(app.ui, msg)) render();
}

/** An event as the live region says it: the player's own bid as theirs. */
function sentence(ev, state) {
  if (ev.type === "bid" && ev.seat === session.seat) {
    return t(ev.a_la_carte ? "ev.bid_you_alc" : "ev.bid_you", {
      amount: ev.amount,
      currency: curName(ev.currency, ev.amount),
    });
  }
  return describe(ev, state);
}

/** A power being chosen when its lot closed: the sheet stays, says so, and keeps the choice. */
function powerCutShort(ui, prev, state, events) {
  if (!ui.power || !prev || prev.phase !== "bidding") return;
  if (state.phase === "bidding" && state.round === prev.round) return;
  const sold = events.find((e) => e.type === "sold");
  const text = sold
    ? sold.seat === session.seat
      ? t("powers.lost_yours")
      : t("powers.lost_sold", { name: seatName(state, sold.seat) })
    : events.some((e) => e.type === "discarded")
      ? t("powers.lost_discarded")
      : t("powers.lost_closed");
  ui.powerLost = { power: ui.power, cur: ui.powerCur, pos: ui.powerPos, amount: ui.alcAmount || 1, text };
  ui.power = null;
  ui.focus = "sheet-close";
}

function onState(state, events, why, prev, ack) {
  if (session.watching) {
    for (const ev of events) {
      const text = describe(ev, state);
      if (text) announce(text, () => describe(ev, state));
    }
    return;
  }
  const me = session.seat;
  const ui = app.ui;
  powerCutShort(ui, prev, state, events);
  if (!prev || prev.round !== state.round || inLobby(state)) {
    ui.amount = {};
    ui.power = null;
    ui.confirmDiscard = false;
  }
  goingAfterBid(ui, state, send, { ack, welcome: why === "welcome" });
  if (inLobby(state)) ui.powerLost = null;
  if (state.phase !== "paying") ui.pay = null;
  else if (state.payer === me && (!prev || prev.phase !== "paying")) {
    // Just won: bring the payment into view and move the focus there.
    ui.focus = "pay-title";
    window.scrollTo(0, 0);
  }
  for (const ev of events) {
    if (ev.type === "sold" && ev.seat === me) {
      // This player owes the lot's price now: said at once, besides the table's sentence.
      const owe = () => t("ev.sold_you", { amount: ev.amount, currency: curName(ev.currency, ev.amount) });
      announce(owe(), owe, true);
    }
    const text = sentence(ev, state);
    if (!text) continue;
    announce(text, () => sentence(ev, state));
    if ((ev.type === "power" && ev.seat !== me) || ev.type === "refresh") note(text);
  }
  const wasMine = prev && prev.high_bid && prev.high_bid.seat === me;
  const hb = state.high_bid;
  const outbid = why !== "welcome" && wasMine && hb && hb.seat !== me;
  touch(state, events, prev, me, outbid);
  if (outbid) {
    note(t("ev.outbid_short"), "outbid");
    // Said at once: this player may want to bid again before the call runs out.
    const beaten = () => t("ev.outbid_by", { name: seatName(state, hb.seat), amount: hb.amount, currency: curName(hb.currency, hb.amount) });
    announce(beaten(), beaten, true);
  } else if (session.note && session.note.kind === "outbid" && (!hb || hb.seat === me)) {
    // Bid again (or the lot moved on): "outbid" is no longer true, so it goes at once, never
    // beside "your bid".
    session.note = null;
  }
}

/**
 * This phone's moments, felt once each (sound and vibration through its own switches): the lot
 * sold to it (the event), the payment it now owes (the view enters paying with this seat as
 * payer), its bid beaten. Only changes the frame brought: a handshake's view (prev null) and a
 * redraw cue nothing.
 */
function touch(state, events, prev, me, outbid) {
  if (!prev || typeof me !== "number") return;
  const kinds = [];
  if (outbid) kinds.push("lost");
  if (events.some((e) => e.type === "sold" && e.seat === me)) kinds.push("win");
  const owes = (v) => v.phase === "paying" && v.payer === me;
  if (owes(state) && !owes(prev)) kinds.push("pay");
  cue(...kinds);
}

function onError(msg) {
  goingAfterBid(app.ui, session.state, send, { refused: msg.ref ?? null });
  return payAnswer(app.ui, msg); // the dry run of a payment the page asked for
}

function statusView(state, me) {
  return h(
    "section.status",
    { "aria-label": t("bid.high"), "data-key": "status" },
    highBidView(state, me),
    h(
      "div.status-sub",
      null,
      callView(state, false),
      session.note ? h("p.note", { class: `note-${session.note.kind}`, text: session.note.text }) : null,
    ),
  );
}

function gameView(state, ctx) {
  const me = session.seat;
  const paying = state.phase === "paying";
  const players = playersView(state, { me, hostAction: session.host ? botHandover(send) : null });
  const sheet = powerSheet(ctx);
  if (paying && state.high_bid && state.high_bid.seat === me) {
    // The winner: the payment first, then what is being bought.
    return [payView(ctx), lotStrip(state), players, sheet];
  }
  const bidding = state.phase === "bidding" && state.you;
  return [
    statusView(state, me),
    paying ? payingOther(state) : null,
    lotStrip(state),
    bidding ? bidPanel(ctx) : null,
    bidding ? powersView(ctx) : null,
    state.you ? handView(state) : null,
    players,
    sheet,
  ];
}

/** Someone watching from a phone: the table, read-only, in one column. */
function spectatorView(state) {
  if (state.phase === "over") return [podiumView(state, { me: null, host: false, extra: awardsView(state) })];
  return [
    h(
      "section.join.watching",
      { "data-key": "watching" },
      h("h2", { text: t("watch.title") }),
      h("p.muted", { text: t("join.started") }),
      h("a.watch-tv", { href: `/r/${encodeURIComponent(code)}/tv`, "data-key": "watch-tv", text: t("join.watch_tv") }),
    ),
    statusView(state, null),
    state.phase === "paying" && state.high_bid ? payingOther(state) : null,
    lotStrip(state),
    h("section.table-column", { "data-key": "column" }, columnView(state)),
    playersView(state, { rich: true }),
  ];
}

/** After a render the focus must still be on a control: a pressed button that is now off (a bid
 * just placed, a power just played) hands it to "Going once", else to the first bid, else to the
 * page. */
const NEXT_FOCUS = ["[data-key=going]:not(:disabled)", "button.bid:not(:disabled)", "[data-key=pay-title]"];

/** The game's own keys, as the "Keys" help lists them. */
const KEY_LINES = ["keys.pc.bid", "keys.pc.powers", "keys.pc.pay"];

function render() {
  const state = session.state;
  const me = session.seat;
  const who = state && me !== null && me !== undefined ? seatName(state, me) : "";
  const focused = document.activeElement;
  mount(
    byId("bar"),
    h("h1.room", { text: t("common.room", { code }) }),
    keysHelp(h, render, KEY_LINES),
    who ? h("span.me", { text: who }) : null,
    rttBadge(h),
    touchSwitches(h, render),
    langButton(h),
  );
  const ctx = { state, me, host: session.host, ui: app.ui, send, ask: session.ask, rerender: render, game: session.game };
  let content = session.screen();
  if (content) {
    /* the join form, or "play on this screen" */
  } else if (session.watching && !inLobby(state)) content = spectatorView(state);
  else if (session.watching) content = joinView({ code, joinError: session.joinError, onJoin: session.join });
  else if (inLobby(state)) content = [lobbyView(ctx), shareView({ code, ui: app.ui, rerender: render })];
  else if (state.phase === "over") {
    // The phone's own end card (place, awards, the night so far; the host's choices on top),
    // then the game's scores.
    content = endCard({
      state,
      me,
      host: session.host,
      send,
      rerender: render,
      awards: awardsView(state),
      details: podiumView(state, { me, foot: false }),
      history: t("over.history"),
    });
  } else content = gameView(state, ctx);
  mount(byId("app"), content);
  document.body.classList.toggle("watching", session.watching);
  if (app.ui.focus) {
    const el = document.querySelector(`[data-key="${app.ui.focus}"]`);
    if (el && !el.disabled) el.focus({ preventScroll: true });
    else keepFocus(focused, NEXT_FOCUS);
    app.ui.focus = null;
  } else keepFocus(focused, NEXT_FOCUS);
  tick();
}

await session.start();
