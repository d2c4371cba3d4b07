// A finished game, lot by lot, every hand revealed. Rendered from /api/games/{id}/history (built by
// the server from the game's export); one render() from the data and the step being shown.
import { h, mount, byId } from "/static/js/dom.js";
import { init, t, current, errorText, langButton, onChange, plural } from "/static/js/i18n.js";
import { currencyIcon, objectCard, symbolIcon } from "./symbols.js";
import { describe } from "./ui/events.js";
import { getJSON, roomGames, namesState, pageRecord, allGamesLink } from "/static/js/finished.js";
import { handicapsLine } from "/static/js/ui/handicaps.js";
import { seatMark } from "/static/js/ui/seatmark.js";

const code = document.body.dataset.code;
const app = { games: null, game: null, data: null, step: 0, error: null };

function stepTitle(step, data) {
  if (step.title === "deal") return t("hist.deal");
  if (step.title === "end") return t("hist.end");
  const lots = data.steps.filter((s) => s.title === "lot").length;
  return t("hist.lot", { n: step.round, total: lots });
}

function objectOf(id) {
  const known = app.data.objects[id];
  return known || { id, name: { en: id, fr: id }, symbols: [] };
}

/** A hand, one line per currency in the column's order at that step (the strongest first). */
function handView(hand, column) {
  if (!hand.length) return h("p.muted", { text: t("hist.empty_hand") });
  const by = new Map();
  for (const card of hand) {
    if (!by.has(card.currency)) by.set(card.currency, []);
    by.get(card.currency).push(card.value);
  }
  const rank = (c) => (column.includes(c) ? column.indexOf(c) : column.length);
  return h(
    "ul.hist-hand",
    null,
    [...by]
      .sort(([a], [b]) => rank(a) - rank(b))
      .map(([currency, values]) =>
        h(
          "li",
          { dataset: { currency }, "data-key": currency },
          currencyIcon(currency, true),
          h("span.hist-values", { text: values.sort((a, b) => a - b).join(" · ") }),
          h("span.muted", { text: ` (${values.reduce((a, b) => a + b, 0)})` }),
        ),
      ),
  );
}

function playerView(table, seat) {
  const tokens = table.tokens[seat] || {};
  const used = Object.keys(tokens).filter((p) => tokens[p]);
  const won = table.won[seat] || [];
  const lang = current();
  return h(
    "li.hist-player",
    null,
    h(
      "div.hist-player-head",
      null,
      h("strong", { text: app.data.names[seat] || `#${seat + 1}` }),
      h("span.hist-collector", null, t("hist.collector"), " ", symbolIcon(table.collectors[seat], true)),
    ),
    handView(table.hands[seat] || [], table.column || []),
    h(
      "p.hist-won",
      null,
      h("span.muted", { text: `${t("hist.won")} ` }),
      won.length
        ? won.map((id) => objectOf(id)).map((o) => (o.name && (o.name[lang] || o.name.en)) || o.id).join(", ")
        : "—",
    ),
    h(
      "p.hist-tokens",
      null,
      h("span.muted", { text: `${t("hist.tokens_used")} ` }),
      used.length ? used.map((p) => t(`pow.${p}`)).join(", ") : "—",
    ),
  );
}

function scoresView(result) {
  if (!result || !result.scores) return null;
  return h(
    "section.hist-scores",
    { "aria-labelledby": "hist-scores-title" },
    h("h2", { id: "hist-scores-title", text: t("hist.scores") }),
    h(
      "ol.scores",
      null,
      result.scores.map((s) =>
        h(
          "li.score",
          { class: `place-${s.place}` },
          h("span.place", { text: t("over.place", { n: s.place }) }),
          " ",
          h("span.score-name", null, seatMark(s.seat), app.data.names[s.seat] || `#${s.seat + 1}`),
          " ",
          h("span.score-total", { text: plural("over.total", s.total) }),
        ),
      ),
    ),
  );
}

function go(index) {
  const last = app.data.steps.length - 1;
  app.step = Math.max(0, Math.min(last, index));
  render();
}

function navView() {
  const last = app.data.steps.length - 1;
  const button = (key, label, target, disabled) =>
    h("button.ghost", { type: "button", "data-key": key, disabled, onclick: () => go(target), text: label });
  return h(
    "nav.hist-nav",
    { "aria-label": t("hist.nav") },
    button("first", t("hist.first"), 0, app.step === 0),
    button("prev", t("hist.prev"), app.step - 1, app.step === 0),
    h("span.hist-count", { role: "status", text: t("hist.step", { n: app.step + 1, total: last + 1 }) }),
    button("next", t("hist.next"), app.step + 1, app.step === last),
    button("last", t("hist.last"), last, app.step === last),
  );
}

function gamePicker() {
  if (!app.games || app.games.length < 2 || pageRecord()) return null; // one game's own page: the list links on
  return h(
    "p.hist-games",
    null,
    app.games.map((g, i) =>
      g.id === app.game
        ? h("strong", { text: t("hist.game", { n: i + 1 }) })
        : h("a", { href: `?game=${encodeURIComponent(g.id)}`, text: t("hist.game", { n: i + 1 }) }),
    ),
  );
}

function stepView() {
  const data = app.data;
  const step = data.steps[app.step];
  const table = step.table;
  const state = namesState(data);
  const events = step.events.map((ev) => describe(ev, state)).filter(Boolean);
  const lang = current();
  return [
    h(
      "section.hist-step",
      { "aria-labelledby": "hist-step-title" },
      h("h2", { id: "hist-step-title", text: stepTitle(step, data) }),
      step.lot.length ? h("div.lot-objects", null, step.lot.map((o) => objectCard(o, lang))) : null,
      events.length
        ? h("ol.hist-events", null, events.map((text) => h("li", { text })))
        : h("p.muted", { text: t(step.title === "deal" ? "hist.deal_note" : "hist.nothing") }),
      table
        ? h("p.hist-column", null, h("span.muted", { text: `${t("hist.column")} ` }), table.column.map((c) => t(`cur.${c}`)).join(" › "))
        : null,
    ),
    table
      ? h(
          "section.hist-table",
          { "aria-label": t("hist.hands") },
          h("h2", { text: t("hist.hands") }),
          h("ul.hist-players", null, data.names.map((_, seat) => playerView(table, seat))),
        )
      : null,
    step.title === "end" ? scoresView(data.result) : null,
  ];
}

function render() {
  mount(
    byId("bar"),
    h("a.room", { href: `/r/${encodeURIComponent(code)}`, text: t("common.room", { code }) }),
    h("span.me", { text: t("hist.title") }),
    langButton(h),
  );
  let content;
  if (app.error) content = h("section", { role: "alert" }, h("p", { text: errorText(app.error) }));
  else if (app.games && !app.games.length) content = h("section", null, h("p", { text: t("hist.none") }));
  else if (!app.data) content = h("section", null, h("p.muted", { text: t("hist.loading") }));
  else {
    content = [
      allGamesLink(code),
      gamePicker(),
      handicapsLine(app.data),
      navView(),
      stepView(),
      h(
        "p.hist-export",
        null,
        h("a.button", {
          href: `/api/games/${encodeURIComponent(app.game)}/export`,
          download: `peanutclub-${app.game}.json`,
          text: t("hist.download"),
        }),
      ),
    ];
  }
  mount(byId("app"), content);
}

async function load() {
  try {
    // This game's kind only (an evening mixes kinds; an older listing names none).
    app.games = (await roomGames(code)).filter((g) => !g.game || g.game === "peanut-club");
    if (!app.games.length) return render();
    const wanted = pageRecord() || new URLSearchParams(location.search).get("game");
    const game = app.games.find((g) => g.id === wanted) || app.games[app.games.length - 1];
    app.game = game.id;
    app.data = await getJSON(game.history);
    app.step = 0;
  } catch (err) {
    app.error = err.message;
  }
  render();
}

document.addEventListener("keydown", (ev) => {
  if (!app.data || ev.target.closest("input, select, textarea")) return;
  if (ev.key === "ArrowRight") go(app.step + 1);
  else if (ev.key === "ArrowLeft") go(app.step - 1);
});

await init();
onChange(render);
render();
load();
