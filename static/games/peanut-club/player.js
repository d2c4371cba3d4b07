// The player's page: join, lobby, auction, paying, podium, and a read-only table for someone
// watching from a phone. One render() from the latest state; mount() updates the page in place.
import { h, mount, byId } from "/static/js/dom.js";
import { init, t, errorText, langButton, onChange } from "/static/js/i18n.js";
import { connect } from "/static/js/net.js";
import { inLobby, seatName } from "/static/js/state.js";
import { bidOptions } from "./patch.js";
import { seatToken, hostToken, lastName } from "/static/js/store.js";
import { toast, announce, reannounce, showStatus, rttBadge, showRtt } from "/static/js/ui/feedback.js";
import { startTicker, tick } from "/static/js/ui/ticker.js";
import { describe } from "./ui/events.js";
import { joinView } from "/static/js/ui/join.js";
import { lobbyView, settingsRefusal } from "/static/js/ui/lobby.js";
import { game } from "/static/js/games.js";
import { lotStrip } from "./ui/lot.js";
import { highBidView, callView, curName } from "./ui/auction.js";
import { bidPanel } from "./ui/bidpanel.js";
import { powersView, powerSheet } from "./ui/powers.js";
import { columnView } from "./ui/column.js";
import { shareView } from "/static/js/ui/share.js";
import { handView } from "./ui/hand.js";
import { payView, payingOther, payAnswer } from "./ui/pay.js";
import { playersView, botHandover } from "./ui/players.js";
import { podiumView } from "./ui/podium.js";

const code = document.body.dataset.code;
const app = {
  state: null,
  seat: null,
  host: false,
  joinName: null,
  joinError: null,
  started: false,
  gone: false,
  watching: false,
  ui: { amount: {}, power: null, pay: null, focus: null },
  note: null,
  replaced: false,
};

/** A short line in the status box (who played which power, being outbid) for a few seconds. */
function note(text, kind = "info") {
  const until = Date.now() + 4000;
  app.note = { text, kind, until };
  setTimeout(() => {
    if (app.note && app.note.until === until) {
      app.note = null;
      render();
    }
  }, 4100);
}
let conn = null;

function send(msg) {
  const ref = conn ? conn.send(msg) : null;
  if (ref === null) toast(t("conn.reconnecting"), "error");
  return ref;
}

/** A question asked in the background (the payment's dry run): no toast when offline or
 * refused, the page simply waits for the next answer. */
function ask(msg) {
  return conn ? conn.send(msg) : null;
}

function onAnswer(msg) {
  if (payAnswer(app.ui, msg)) render();
}

function hello() {
  if (app.watching) return { type: "watch" };
  const token = seatToken.get(code);
  if (token) return { type: "resume", token };
  if (app.joinName) {
    const msg = { type: "join", name: app.joinName };
    const host = hostToken.get(code);
    if (host) msg.host_token = host;
    return msg;
  }
  return null;
}

function onJoin(name) {
  if (app.watching) {
    // Someone watching takes a seat once the room is back in its lobby: a fresh join.
    app.watching = false;
    app.state = null;
  }
  app.joinName = name;
  app.joinError = null;
  lastName.set(name);
  if (conn) conn.restart();
  else start();
}

function onWelcome(msg) {
  app.seat = msg.seat;
  app.host = !!msg.host;
  if (msg.token) seatToken.set(code, msg.token);
  app.joinError = null;
}

/** An event as the live region says it: the player's own bid as theirs. */
function sentence(ev, state) {
  if (ev.type === "bid" && ev.seat === app.seat) {
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
    ? sold.seat === app.seat
      ? t("powers.lost_yours")
      : t("powers.lost_sold", { name: seatName(state, sold.seat) })
    : events.some((e) => e.type === "discarded")
      ? t("powers.lost_discarded")
      : t("powers.lost_closed");
  ui.powerLost = { power: ui.power, cur: ui.powerCur, pos: ui.powerPos, amount: ui.alcAmount || 1, text };
  ui.power = null;
  ui.focus = "sheet-close";
}

function onState(state, events, why) {
  if (app.watching) {
    app.state = state;
    for (const ev of events) {
      const text = describe(ev, state);
      if (text) announce(text, () => describe(ev, state));
    }
    render();
    return;
  }
  if (!state.you) {
    // This seat is gone (removed by the host): back to the join form.
    seatToken.clear(code);
    conn.close();
    conn = null;
    app.state = null;
    app.seat = null;
    toast(errorText("unknown_token"), "error");
    showStatus("online");
    render();
    return;
  }
  const prev = app.state;
  // The host may move a player (a swap, a kick above): the view names the seat.
  if (typeof state.you.seat === "number") app.seat = state.you.seat;
  const me = app.seat;
  app.state = state;
  const ui = app.ui;
  powerCutShort(ui, prev, state, events);
  if (!prev || prev.round !== state.round || inLobby(state)) {
    ui.amount = {};
    ui.power = null;
    ui.confirmDiscard = false;
  }
  if (inLobby(state)) ui.powerLost = null;
  if (events.some((e) => e.type === "settings_changed")) ui.settingsRefused = null;
  if (state.phase !== "paying") ui.pay = null;
  else if (state.payer === me && (!prev || prev.phase !== "paying")) {
    // Just won: bring the payment into view and move the focus there.
    ui.focus = "pay-title";
    window.scrollTo(0, 0);
  }
  for (const ev of events) {
    const text = sentence(ev, state);
    if (!text) continue;
    announce(text, () => sentence(ev, state));
    if ((ev.type === "power" && ev.seat !== me) || ev.type === "refresh") note(text);
  }
  const wasMine = prev && prev.high_bid && prev.high_bid.seat === me;
  const hb = state.high_bid;
  if (why !== "welcome" && wasMine && hb && hb.seat !== me) {
    if (navigator.vibrate) navigator.vibrate([120, 60, 120]);
    note(t("ev.outbid"), "warn");
  }
  render();
}

function onError(msg) {
  if (payAnswer(app.ui, msg)) return render(); // the dry run of a payment the page asked for
  if (settingsRefusal(app.ui, msg)) {
    toast(errorText(msg.code), "error");
    return render();
  }
  if (!app.state) {
    // Refused at the handshake: stop trying and say why.
    conn.close();
    conn = null;
    if (msg.code === "unknown_token") {
      seatToken.clear(code);
      toast(errorText(msg.code), "error");
    } else if (msg.code === "unknown_room") app.gone = true;
    else if (msg.code === "wrong_phase") {
      app.started = true;
      app.joinName = null;
      showStatus("online");
      watch();
      return;
    }
    else app.joinError = msg.code;
    app.joinName = null;
    showStatus("online");
    render();
    return;
  }
  toast(errorText(msg.code), "error");
}

/** The server closed for good: seat opened elsewhere (4000), removed by the host (4001), or the
 * room is gone (4404). */
function onEnd(closeCode) {
  if (closeCode === 4000) {
    app.replaced = true;
    render();
    return;
  }
  conn = null;
  app.state = null;
  app.seat = null;
  if (closeCode === 4001) {
    seatToken.clear(code);
    toast(t("join.removed"), "error");
  } else app.gone = true;
  render();
}

/** No seat and the game has started: watch the table from this phone. */
function watch() {
  app.watching = true;
  if (conn) conn.restart();
  else start();
}

function start() {
  conn = connect({
    code,
    hello,
    onState,
    onError,
    onWelcome,
    onEnd,
    onAnswer,
    onStatus: showStatus,
    onRtt: showRtt,
    patch: bidOptions,
  });
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
      app.note ? h("p.note", { class: `note-${app.note.kind}`, text: app.note.text }) : null,
    ),
  );
}

function gameView(state, ctx) {
  const me = app.seat;
  const paying = state.phase === "paying";
  const players = playersView(state, { me, hostAction: app.host ? botHandover(send) : null });
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
  if (state.phase === "over") return [podiumView(state, { me: null, host: false })];
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
 * just placed, a power just played) hands it to "Going once", else to the page. */
function keepFocus(before) {
  const main = byId("app");
  if (!before || (before.isConnected && !main.contains(before))) return; // the focus was elsewhere
  const now = document.activeElement;
  if (before.isConnected && !before.disabled && now === before) return;
  if (now && main.contains(now) && !now.disabled) return;
  const next = main.querySelector("[data-key=going]:not(:disabled)") || main;
  next.focus({ preventScroll: true });
}

function render() {
  const state = app.state;
  const me = app.seat;
  const who = state && me !== null && me !== undefined ? seatName(state, me) : "";
  const focused = document.activeElement;
  mount(
    byId("bar"),
    h("h1.room", { text: t("common.room", { code }) }),
    who ? h("span.me", { text: who }) : null,
    rttBadge(h),
    langButton(h),
  );
  const ctx = { state, me, host: app.host, ui: app.ui, send, ask, rerender: render, game: about };
  let content;
  if (app.watching && state && !inLobby(state)) content = spectatorView(state);
  else if (app.watching && state) content = joinView({ code, joinError: app.joinError, onJoin });
  else if (!state) content = joinView({ code, joinError: app.joinError, started: app.started, gone: app.gone, onJoin, onWatch: watch });
  else if (inLobby(state)) content = [lobbyView(ctx), shareView({ code, ui: app.ui, rerender: render })];
  else if (state.phase === "over") {
    content = podiumView(state, { me, host: app.host, onRematch: () => send({ type: "rematch" }) });
  } else content = gameView(state, ctx);
  if (app.replaced) {
    content = h(
      "section.join",
      { role: "alert" },
      h("p", { text: t("join.replaced") }),
      h("button.primary.big", {
        type: "button",
        "data-key": "take-back",
        onclick: () => {
          app.replaced = false;
          conn.restart();
        },
        text: t("join.take_back"),
      }),
    );
  }
  mount(byId("app"), content);
  document.body.classList.toggle("watching", app.watching);
  if (app.ui.focus) {
    const el = document.querySelector(`[data-key="${app.ui.focus}"]`);
    if (el && !el.disabled) el.focus({ preventScroll: true });
    else keepFocus(focused);
    app.ui.focus = null;
  } else keepFocus(focused);
  tick();
}

/** Without a seat yet: is the room there, and still in its lobby? */
async function checkRoom() {
  try {
    const res = await fetch(`/api/rooms/${encodeURIComponent(code)}`);
    if (res.status === 404) app.gone = true;
    else if (res.ok && (await res.json()).phase !== "lobby") app.started = true;
  } catch {
    /* the join attempt will tell */
  }
  if (app.started && !app.state) watch();
  if (!app.state) render();
}

const [about] = await Promise.all([game(), init()]);
onChange(() => {
  reannounce();
  render();
});
startTicker();
if (seatToken.get(code)) start();
else {
  showStatus("online");
  checkRoom();
}
render();
