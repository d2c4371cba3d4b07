// The card race on a TV: the lobby with the code and QR, then every foundation large and live in
// its deck's colour, each player's race to empty their peanuts pile, the count-down, the round's
// score and the totals on the way to the target. Host controls when this browser holds the host
// token. Everything fits the screen (1920×1080 down to 1280×720) without scrolling.
import { h, mount, byId } from "/static/js/dom.js";
import { tvSoundButton } from "/static/js/sound.js";
import { playEvents } from "./sound.js";
import { init, t, langButton, onChange, plural } from "/static/js/i18n.js";
import { watchRoom, sender, screen } from "/static/js/table.js";
import { nextGameControl } from "/static/js/ui/nextgame.js";
import { reachOf, loadReach, footLink } from "/static/js/ui/reach.js";
import { announce } from "/static/js/ui/feedback.js";
import { startTicker, tick } from "/static/js/ui/ticker.js";
import { nameTag } from "/static/js/ui/names.js";
import { seatMark } from "/static/js/ui/seatmark.js";
import { game } from "/static/js/games.js";
import { step } from "./patch.js";
import { cardFace, cardName, deckName, applyCss } from "./ui/cards.js";
import { summaryTable, endLine, winnersLine, deckNames, signed, roundPoints } from "./ui/summary.js";
import { describe, photoFinishLine } from "./ui/events.js";
import { skipRoundButton, endGameControl } from "./ui/host.js";

const code = document.body.dataset.code;
const reach = reachOf(code);
const app = { state: null, host: false, ui: {}, fresh: new Map(), photo: { key: null, until: 0 } };
// How long the TV shows a photo finish: long enough to read across the room, short enough that
// the next minutes of the race are not told under an old finish.
const PHOTO_MS = 6000;
let conn = null;

const send = sender(() => conn);

function onState(state, events) {
  const prev = app.state;
  app.state = state;
  // A foundation that just grew flashes for a moment.
  if (prev && prev.round === state.round) {
    for (const f of state.foundations) {
      const old = prev.foundations[f.index];
      if (!old || old.count !== f.count) app.fresh.set(f.index, Date.now() + 700);
    }
  } else app.fresh.clear();
  for (const ev of events) {
    const text = describe(ev, state);
    if (text) announce(text);
  }
  notePhoto(state.photo_finish);
  playEvents(events);
  render();
}

/** A new photo finish is shown for PHOTO_MS from the moment this page first sees it; the view
 * keeps the round's last one, so the same one seen again (another move, a resync) adds no time. */
function notePhoto(photo) {
  const key = photo ? JSON.stringify(photo) : null;
  if (key === app.photo.key) return;
  app.photo = { key, until: key ? Date.now() + PHOTO_MS : 0 };
  if (key) setTimeout(render, PHOTO_MS + 50);
}

function photoShown(state) {
  return state.photo_finish && state.phase === "playing" && Date.now() < app.photo.until ? state.photo_finish : null;
}

/** Every foundation, large, in the colour of the deck whose card is on top. */
function foundationsView(state) {
  const list = state.foundations;
  const now = Date.now();
  return h(
    "section.tv-foundations",
    { "aria-label": t("pile.foundations"), "data-key": "foundations", "data-count": String(list.length) },
    list.length
      ? h(
          "ol.tv-fnd-list",
          null,
          list.map((f) =>
            h(
              "li.tv-fnd",
              {
                "data-key": `f${f.index}`,
                class: [
                  f.complete ? "complete" : "",
                  (app.fresh.get(f.index) || 0) > now ? "fresh" : "",
                  photoShown(state)?.pile === f.index ? "photo" : "",
                ].join(" "),
                "aria-label": f.complete
                  ? t("pile.foundation_complete", { n: f.index + 1 })
                  : t("card.deck", { card: t("pile.foundation", { n: f.index + 1, card: cardName(f.top) }), name: deckName(state, f.top.deck) }),
              },
              cardFace(f.top, "span", { class: "big" }),
              // A finished pile is not only faded: a bold tick over it, seen from the sofa.
              f.complete ? h("span.fnd-mark", { "aria-hidden": "true", text: "✓" }) : null,
              h("span.fnd-count", { "aria-hidden": "true", text: `${f.count}/13` }),
            ),
          ),
        )
      : h("p.tv-empty", { text: t("tv.foundations_empty") }),
  );
}

/** The decks in play: one per player, or one per team. */
function decks(state) {
  const seen = new Map();
  for (const p of state.players) {
    if (!seen.has(p.deck)) seen.set(p.deck, { ...p, seats: [] });
    seen.get(p.deck).seats.push(p.seat);
  }
  return [...seen.values()];
}

/** A team's names, each with its own marks: who is away, a bot, the host. */
function teamTag(state, seats) {
  const parts = [];
  seats.forEach((seat, i) => {
    if (i) parts.push(h("span.team-and", { "aria-hidden": "true", text: " & " }));
    parts.push(nameTag(state.players.find((p) => p.seat === seat), null, state.host_seat, { mark: false }));
  });
  return h("span.team-names", { "data-key": `team-${seats[0]}` }, parts);
}

/** Each deck's race to empty its peanuts pile: a bar that fills as its cards go (13, or the
 * size the deck was dealt with a handicap: the view's `pile_size`). */
function raceView(state) {
  return h(
    "section.tv-race",
    { "aria-labelledby": "race-title", "data-key": "race" },
    h("h2", { id: "race-title", text: t("race.title") }),
    h(
      "ol.race-list",
      null,
      decks(state).map((d) => {
        const left = d.peanuts.left;
        const size = d.pile_size || 13;
        const part = Math.max(0, Math.min(1, (size - left) / size));
        const played = state.foundations.reduce((n, f) => n + (f.by_deck[String(d.deck)] || 0), 0);
        return h(
          "li.race",
          { "data-key": `race-${d.deck}`, class: [`deck-${d.deck % 6}`, d.stuck ? "stuck" : "", left === 0 ? "empty" : ""].join(" ") },
          h(
            "div.race-head",
            null,
            seatMark(d.deck, { cls: "deck-mark" }),
            d.seats.length > 1
              ? teamTag(state, d.seats)
              : nameTag(state.players.find((p) => p.seat === d.seat), null, state.host_seat, { mark: false }),
            d.stuck ? h("span.badge.badge-stuck", { text: t("race.stuck") }) : null,
            h("span.race-left", { text: plural("race.left", left) }),
          ),
          h(
            "div.race-bar",
            { role: "progressbar", "aria-valuemin": "0", "aria-valuemax": String(size), "aria-valuenow": String(size - left), "aria-label": plural("race.left", left) },
            h("span.race-fill", { "data-css": `width:${(part * 100).toFixed(1)}%` }),
          ),
          h(
            "div.race-foot",
            null,
            h("span", { text: t("race.played", { n: played }) }),
            h("span", { text: roundPoints(d.round_points) }),
            h("span.race-total", { text: `${t("summary.total")} ${signed(d.score)}` }),
          ),
        );
      }),
    ),
    h("p.tv-target", { text: t("summary.target", { n: state.target_score }) }),
  );
}

function statusLine(state) {
  const kind = state.deadline_kind;
  return h(
    "header.tv-status",
    { "data-key": "status" },
    h("h1.tv-round", { text: t("play.round", { n: state.round }) }),
    kind === "stall" && state.deadline
      ? h("span.tv-stall", { "data-deadline": String(state.deadline), "data-fmt": "tv.stall", text: "" })
      : null,
    state.rotations && state.phase === "playing" ? h("span.tv-rot", { text: t("tv.rotations", { n: state.rotations }) }) : null,
    // The round's last photo finish: who reached a pile first, by the room's arrival times.
    photoShown(state)
      ? h("strong.tv-photo", { "data-key": "photo", role: "status", text: photoFinishLine(state.photo_finish, state) })
      : null,
  );
}

function countdownView(state) {
  if (state.phase !== "countdown" || !state.deadline) return null;
  return h(
    "div.tv-countdown",
    { "data-key": "countdown", role: "status" },
    h("p", { text: t("tv.countdown", { n: state.round }) }),
    h("strong", { "data-deadline": String(state.deadline), "data-fmt": "tv.count_n", text: "" }),
  );
}

function summaryView(state) {
  const next = state.deadline_kind === "next_round" && state.deadline;
  return h(
    "section.tv-summary",
    { "data-key": "summary", "aria-labelledby": "sum-title" },
    h("h2", { id: "sum-title", text: state.phase === "over" ? t("over.title") : t("summary.title", { n: state.round }) }),
    state.phase === "over" ? h("p.end-line.winners", { text: winnersLine(state) }) : null,
    h("p.end-line", { "data-key": "end-line", text: endLine(state) }),
    summaryTable(state, null),
    h("p.tv-target", { text: t("summary.target", { n: state.target_score }) }),
    next ? h("p.next-in", { "data-deadline": String(state.deadline), "data-fmt": "tv.next_round_in", text: "" }) : null,
  );
}

function table(state) {
  const between = state.phase === "round_over" || state.phase === "over";
  return h(
    "div.tv-table",
    { class: between ? "between" : "" },
    statusLine(state),
    between ? summaryView(state) : foundationsView(state),
    raceView(state),
    countdownView(state),
  );
}

function footer(state) {
  const controls = [];
  if (app.host && state && state.phase === "round_over") {
    controls.push(h("button.primary", { type: "button", "data-key": "tv-next", onclick: () => send({ type: "next_round" }), text: t("tv.next_round") }));
  }
  if (app.host && state) {
    const end = endGameControl(state, app.ui, send, render);
    // While the host thinks twice about ending the game, the question stands alone.
    if (app.ui.confirmEnd) controls.length = 0;
    else controls.push(skipRoundButton(state, send));
    controls.push(end);
  }
  if (app.host && state && state.phase === "over") {
    controls.push(h("button.primary", { type: "button", "data-key": "tv-rematch", onclick: () => send({ type: "rematch" }), text: t("over.rematch") }));
  }
  if (state && state.phase === "over") {
    controls.push(h("a.button", { href: `/r/${encodeURIComponent(code)}/history`, "data-key": "tv-history", text: t("over.history") }));
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

/**
 * Size the foundations to the panel they have: the number of columns that gives the largest
 * cards while every row, card and count, stays inside it (up to 24 foundations at six players,
 * from 1920×1080 down to 1280×720). Measured after each render, and again when the screen
 * changes size: the panel's height depends on the window and the race beside it.
 */
function fitFoundations() {
  const panel = document.querySelector(".tv-foundations");
  const list = panel && panel.querySelector(".tv-fnd-list");
  if (!list) return;
  const n = list.children.length;
  const style = getComputedStyle(panel);
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  const width = panel.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const height = panel.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  const gap = 0.8 * rem;
  const count = 1.5 * rem; // the count's line under each card
  const ring = 0.5 * rem; // the deck's coloured ring around a card
  let best = { cols: 1, card: 0 };
  for (let cols = 1; cols <= n; cols++) {
    const rows = Math.ceil(n / cols);
    const cellW = (width - gap * (cols - 1)) / cols - ring;
    const cellH = (height - gap * (rows - 1)) / rows - count - ring;
    const card = Math.min(cellH, (cellW * 7) / 5);
    if (card > best.card) best = { cols, card };
  }
  // Never larger than a few cards would be: one Ace alone is not a poster.
  const card = Math.max(24, Math.min(best.card, 0.26 * innerHeight));
  panel.style.setProperty("--cols", String(Math.max(best.cols, Math.min(6, n))));
  panel.style.setProperty("--card-h", `${Math.floor(card)}px`);
}

function render() {
  const state = app.state;
  const ctx = { state, me: null, host: app.host, ui: app.ui, send, rerender: render, game: about };
  mount(byId("app"), screen(ctx, reach, code, table));
  applyCss(byId("app"));
  mount(byId("foot"), ...footer(state));
  fitFoundations();
  tick();
}

addEventListener("resize", fitFoundations);

const [about] = await Promise.all([game(), init()]);
loadReach(reach, code, render);
onChange(render);
startTicker();
render();
// Fresh foundations stop flashing without waiting for the next message.
setInterval(() => {
  if (app.fresh.size && [...app.fresh.values()].every((until) => until <= Date.now())) {
    app.fresh.clear();
    render();
  }
}, 400);
conn = watchRoom({
  code,
  onState,
  onHost: (host) => {
    app.host = host;
  },
  ui: app.ui,
  render,
  patch: step,
});
