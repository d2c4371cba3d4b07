// The table on a TV: lobby with the code and QR, then the auction large enough to read across a
// room, then the podium. Host controls appear when this browser holds the room's host token.
import { h, mount, byId } from "/static/js/dom.js";
import { init, t, errorText, langButton, onChange } from "/static/js/i18n.js";
import { connect } from "/static/js/net.js";
import { inLobby } from "/static/js/state.js";
import { hostToken, joinLink } from "/static/js/store.js";
import { toast, announce, showStatus } from "/static/js/ui/feedback.js";
import { startTicker, tick } from "/static/js/ui/ticker.js";
import { describe } from "./ui/events.js";
import { lobbyView } from "/static/js/ui/lobby.js";
import { game } from "/static/js/games.js";
import { lotView } from "./ui/lot.js";
import { highBidView, callView } from "./ui/auction.js";
import { columnView } from "./ui/column.js";
import { playersView, botHandover } from "./ui/players.js";
import { podiumView } from "./ui/podium.js";
import { payingOther } from "./ui/pay.js";
import * as sound from "/static/js/sound.js";

const code = document.body.dataset.code;
// The link to show: the one the server handed out (it may name the LAN address when this screen
// uses localhost), else this page's own origin.
const joinUrl = joinLink.get(code) || `${location.origin}/r/${encodeURIComponent(code)}`;
const app = { state: null, host: false, ui: { feed: [], soldUntil: 0, bidKey: null, bump: false } };
let conn = null;

function send(msg) {
  if (!conn || conn.send(msg) === null) toast(t("conn.reconnecting"), "error");
}

function hello() {
  const msg = { type: "watch" };
  const token = hostToken.get(code);
  if (token) msg.host_token = token;
  return msg;
}

const SOUNDS = { bid: "bid", going: "going", sold: "sold", power: "power", discarded: "going" };

function onState(state, events) {
  app.state = state;
  const ui = app.ui;
  for (const ev of events) {
    const text = describe(ev, state);
    if (text) {
      ui.feed.unshift({ text, kind: ev.type, power: ev.power || null });
      ui.feed.length = Math.min(ui.feed.length, 6);
      announce(text);
    }
    if (SOUNDS[ev.type]) sound.play(SOUNDS[ev.type]);
    if (ev.type === "sold") {
      ui.soldUntil = Date.now() + 2000;
      setTimeout(render, 2100);
    }
  }
  const hb = state.high_bid;
  const key = hb ? `${hb.seat}-${hb.amount}-${hb.currency}` : null;
  ui.bump = key !== null && key !== ui.bidKey;
  ui.bidKey = key;
  render();
}

let qr = null;
/** The QR code: one element kept across renders (no reload, no flicker). */
function qrImage() {
  if (!qr) {
    qr = h("img.qr", { src: `/r/${encodeURIComponent(code)}/qr.svg`, width: "360", height: "360" });
  }
  qr.alt = t("lobby.scan");
  return qr;
}

function lobby(state, ctx) {
  return h(
    "div.tv-lobby",
    null,
    h(
      "section.tv-join",
      null,
      h("p.tv-label", { text: t("lobby.code") }),
      h("p.tv-code", { text: code }),
      h("p.tv-label", { text: t("lobby.share") }),
      h("p.tv-url", { text: joinUrl }),
      qrImage(),
      h("p.tv-label", { text: t("lobby.scan") }),
    ),
    lobbyView(ctx),
  );
}

function feedView() {
  const feed = app.ui.feed;
  return h(
    "section.feed",
    { "aria-label": t("tv.events") },
    h("h2", { text: t("tv.events") }),
    h(
      "ol.feed-list",
      null,
      feed.map((f, i) => h("li", { class: [`f-${f.kind}`, f.power ? `f-${f.power}` : "", i === 0 ? "latest" : ""].join(" "), text: f.text })),
    ),
  );
}

function table(state) {
  const ui = app.ui;
  const sold = Date.now() < ui.soldUntil;
  const bid = highBidView(state, null);
  if (ui.bump) bid.classList.add("bump");
  const showSold = sold && state.phase !== "over";
  return h(
    "div.tv-table",
    null,
    h("div.tv-lot", null, lotView(state)),
    h(
      "section.tv-status",
      { "aria-label": t("bid.high") },
      bid,
      callView(state, false),
      showSold ? h("div.sold-stamp", { "aria-hidden": "true", text: t("going.sold") }) : null,
      state.phase === "paying" && state.high_bid ? payingOther(state) : null,
    ),
    h("div.tv-column", null, columnView(state)),
    h("div.tv-players", null, playersView(state, { rich: true, hostAction: app.host ? botHandover(send) : null })),
    h("div.tv-feed", null, feedView()),
  );
}

function footer(state) {
  const controls = [];
  if (app.host && state && state.phase === "bidding") {
    controls.push(
      h("button.primary", {
        type: "button",
        "data-key": "tv-going",
        disabled: state.going > 0,
        onclick: () => send({ type: "going" }),
        text: t("bid.going"),
      }),
    );
  }
  return [
    h("span.foot-code", { text: t("common.room", { code }) }),
    h("span.foot-url", { text: joinUrl }),
    h("span.foot-spacer"),
    controls,
    h("button", {
      type: "button",
      "data-key": "sound",
      "aria-pressed": sound.enabled() ? "true" : "false",
      onclick: () => {
        sound.setEnabled(!sound.enabled());
        render();
      },
      text: t(sound.enabled() ? "tv.sound_on" : "tv.sound_off"),
    }),
    langButton(h),
  ];
}

function render() {
  const state = app.state;
  const ctx = { state, me: null, host: app.host, ui: app.ui, send, rerender: render, game: about };
  let content = null;
  if (!state) content = h("p.tv-wait", { text: t("conn.connecting") });
  else if (inLobby(state)) content = lobby(state, ctx);
  else if (state.phase === "over") {
    content = podiumView(state, { host: app.host, onRematch: () => send({ type: "rematch" }) });
  } else content = table(state);
  mount(byId("app"), content);
  mount(byId("foot"), ...footer(state));
  tick();
}

const [about] = await Promise.all([game(), init()]);
onChange(render);
startTicker();
render();
conn = connect({
  code,
  hello,
  onState,
  onError: (msg) => {
    if (msg.code === "unknown_room") showStatus("gone");
    else toast(errorText(msg.code), "error");
  },
  onWelcome: (msg) => {
    app.host = !!msg.host;
  },
  onStatus: showStatus,
});
