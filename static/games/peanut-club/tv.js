// The table on a TV: lobby with the code and QR, then the auction large enough to read across a
// room, then the podium. Host controls appear when this browser holds the room's host token.
// Everything fits the screen (1920×1080 down to 1280×720) without scrolling, six players too.
import { h, mount, byId } from "/static/js/dom.js";
import { init, t, langButton, onChange } from "/static/js/i18n.js";
import { seatName } from "/static/js/state.js";
import { seatMark } from "/static/js/ui/seatmark.js";
import { watchRoom, sender, screen } from "/static/js/table.js";
import { reachOf, loadReach, footLink } from "/static/js/ui/reach.js";
import { announce } from "/static/js/ui/feedback.js";
import { startTicker, tick } from "/static/js/ui/ticker.js";
import { describe, paidGroups } from "./ui/events.js";
import { game } from "/static/js/games.js";
import { lotView } from "./ui/lot.js";
import { highBidView, callView } from "./ui/auction.js";
import { columnView } from "./ui/column.js";
import { playersView } from "./ui/players.js";
import { podiumView } from "./ui/podium.js";
import { awardsView } from "./ui/awards.js";
import { payingOther } from "./ui/pay.js";
import { currencyIcon } from "./symbols.js";
import * as sound from "./sound.js";
import { tvSoundButton } from "/static/js/sound.js";
import { endGameControl } from "/static/js/ui/endgame.js";
import { nextGameControl } from "/static/js/ui/nextgame.js";

const code = document.body.dataset.code;
const reach = reachOf(code);
const app = {
  state: null,
  host: false,
  ui: { feed: [], bidKey: null, bump: false, goingBy: undefined, sale: null, refreshUntil: 0 },
};
let conn = null;

const send = sender(() => conn);

const SOUNDS = { bid: "bid", going: "going", sold: "sold", power: "power", discarded: "going" };

function onState(state, events) {
  app.state = state;
  const ui = app.ui;
  for (const ev of events) {
    const text = describe(ev, state);
    if (text) {
      // Kept as the event: told again in the page's language at each render.
      ui.feed.unshift({ ev, kind: ev.type, power: ev.power || null, n: (ui.feedCount = (ui.feedCount || 0) + 1) });
      ui.feed.length = Math.min(ui.feed.length, 6);
      announce(text);
    }
    if (SOUNDS[ev.type]) sound.play(SOUNDS[ev.type]);
    if (ev.type === "going" && ev.level === 1) ui.goingBy = ev.by;
    if (ev.type === "paid") ui.sale = ev;
    if (ev.type === "rematch" || ev.type === "game_started") ui.sale = null;
    if (ev.type === "refresh") {
      ui.refreshUntil = Date.now() + 4000;
      sound.play("power");
      setTimeout(render, 4100);
    }
  }
  if (!state.going) ui.goingBy = undefined;
  const hb = state.high_bid;
  const key = hb ? `${hb.seat}-${hb.amount}-${hb.currency}` : null;
  ui.bump = key !== null && key !== ui.bidKey;
  ui.bidKey = key;
  render();
}

/** The last lot paid for: who paid, with which cards (public once paid), what was lost. */
function saleView(state) {
  const ev = app.ui.sale;
  if (!ev) return null;
  const groups = paidGroups(ev);
  return h(
    "div.sale",
    { "data-key": "sale" },
    h("p.sale-title", { text: t("tv.last_sale") }),
    h(
      "p.sale-line",
      null,
      h("span.sale-who", null, seatMark(ev.seat), t("tv.paid_by", { name: seatName(state, ev.seat) })),
      groups
        ? h(
            "span.sale-cards",
            null,
            groups.map(([c, values]) =>
              values.map((v, i) =>
                h(
                  "span.paid-card",
                  { class: [`pc-${c}`, v.double ? "double" : ""].join(" "), "data-key": `pc-${c}-${i}` },
                  currencyIcon(c, true),
                  h("b", { text: v.value }),
                  v.double ? h("small", { text: "×2" }) : null,
                ),
              ),
            ),
          )
        : null,
      h("span.sale-value", { text: t("tv.sale_value", { value: ev.value }) }),
      ev.excess > 0 ? h("span.sale-lost", { text: t("tv.sale_lost", { n: ev.excess }) }) : null,
      ev.auto ? h("span.sale-auto", { text: t("tv.sale_auto") }) : null,
    ),
  );
}

function feedView(state) {
  const feed = app.ui.feed;
  return h(
    "section.feed",
    { "aria-label": t("tv.events") },
    saleView(state),
    h("h2", { text: t("tv.events") }),
    h(
      "ol.feed-list",
      null,
      feed.map((f, i) =>
        h("li", {
          class: [`f-${f.kind}`, f.power ? `f-${f.power}` : "", i === 0 ? "latest" : ""].join(" "),
          "data-key": `f-${f.n}`,
          text: describe(f.ev, state) || "",
        }),
      ),
    ),
  );
}

/** Who called the lot: a player, or the auctioneer (the host at the TV, or the clock). */
function callerView(state) {
  if (state.phase !== "bidding" || !state.going || app.ui.goingBy === undefined) return null;
  const by = app.ui.goingBy;
  return h("p.call-by", {
    text: typeof by === "number" ? t("going.by", { name: seatName(state, by) }) : t("going.by_auctioneer"),
  });
}

function table(state) {
  const ui = app.ui;
  const now = Date.now();
  const refreshing = now < ui.refreshUntil;
  const bid = highBidView(state, null);
  if (ui.bump) bid.classList.add("bump");
  // "Sold!" is stamped on the lot while its winner pays, in a corner (who pays stays readable),
  // and never over the next lot.
  const showSold = state.phase === "paying";
  return h(
    "div.tv-table",
    null,
    h("div.tv-lot", null, lotView(state)),
    h(
      "section.tv-status",
      { "aria-label": t("bid.high"), class: state.phase === "paying" ? "is-paying" : "" },
      bid,
      callView(state, false),
      callerView(state),
      state.phase === "paying" && state.high_bid ? payingOther(state) : null,
      showSold ? h("div.sold-stamp", { "aria-hidden": "true", "data-key": "sold", text: t("going.sold") }) : null,
    ),
    h("div.tv-column", null, columnView(state)),
    h(
      "div.tv-players",
      null,
      // An away player's "let a bot play" is the away strip's, under the table (ui/away.js).
      playersView(state, { rich: true, refreshed: refreshing }),
    ),
    h("div.tv-feed", null, feedView(state)),
    refreshing
      ? h(
          "div.refresh-burst",
          { "aria-hidden": "true", "data-key": "refresh" },
          h("strong", { text: t("tv.refresh_title") }),
          h("span", { text: t("tv.refresh_text") }),
        )
      : null,
  );
}

function podium(state) {
  return podiumView(state, {
    host: app.host,
    onRematch: () => send({ type: "rematch" }),
    extra: awardsView(state),
  });
}

function footer(state) {
  const controls = [];
  const ui = app.ui;
  const empty = !(state && state.high_bid);
  if (!app.host || !state || state.phase !== "bidding" || state.going > 0 || !empty) {
    ui.confirmDiscard = false;
  }
  if (app.host && state && state.phase === "bidding" && ui.confirmDiscard) {
    // Calling a lot nobody bid on discards it: the host says so twice, as on the phone.
    controls.push(
      h("span.foot-warn", { id: "tv-discard-q", text: t("bid.discard_question") }),
      h("button.primary", {
        type: "button",
        "data-key": "tv-going-confirm",
        "aria-describedby": "tv-discard-q",
        onclick: () => {
          ui.confirmDiscard = false;
          send({ type: "going" });
          render();
        },
        text: t("bid.discard_confirm"),
      }),
      h("button", {
        type: "button",
        "data-key": "tv-going-cancel",
        onclick: () => {
          ui.confirmDiscard = false;
          render();
        },
        text: t("common.cancel"),
      }),
    );
  } else if (app.host && state && state.phase === "bidding") {
    controls.push(
      h("button.primary", {
        type: "button",
        "data-key": "tv-going",
        disabled: state.going > 0,
        onclick: () => {
          if (empty) {
            ui.confirmDiscard = true;
            render();
          } else send({ type: "going" });
        },
        text: t("bid.going"),
      }),
    );
  }
  if (app.host && state && !ui.confirmDiscard) {
    const end = endGameControl(state, ui, send, render);
    // While the host thinks twice about ending the game, the question stands alone.
    if (ui.confirmEnd) controls.length = 0;
    controls.push(end);
  }
  // The evening goes on: once this game is over, the host picks the next one for the table.
  if (app.host && state && state.phase === "over") controls.push(nextGameControl({ state, host: true, send, rerender: render }));
  return [
    h("span.foot-code", { text: t("common.room", { code }) }),
    footLink(reach),
    h("span.foot-spacer"),
    controls,
    tvSoundButton(h, t, render),
    langButton(h),
  ];
}

function render() {
  const state = app.state;
  const ctx = { state, me: null, host: app.host, ui: app.ui, send, rerender: render, game: about };
  mount(byId("app"), screen(ctx, reach, code, (s) => (s.phase === "over" ? podium(s) : table(s))));
  mount(byId("foot"), ...footer(state));
  tick();
}

const [about] = await Promise.all([game(), init()]);
loadReach(reach, code, render);
onChange(render);
startTicker();
render();
conn = watchRoom({
  code,
  onState,
  onHost: (host) => {
    app.host = host;
  },
  ui: app.ui,
  render,
});
