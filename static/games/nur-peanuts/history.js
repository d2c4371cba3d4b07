// A room's finished games of Nur Peanuts!, round by round: the first purchases, then each round
// with the board as it ended (owners, every piece where it parked), everyone's cash and fields
// at that moment, the round's payments as arrows, and every throw, park, bump, payment and
// purchase in words.
import { h } from "/static/js/dom.js";
import { t, plural } from "/static/js/i18n.js";
import { historyPage } from "/static/js/finished.js";
import { boardView, placePieces } from "./ui/board.js";
import { paymentsView } from "./ui/payments.js";
import { token } from "./ui/players.js";
import { money, endText, withBumpers } from "./ui/format.js";
import { describe } from "./ui/words.js";


/** A step's table with the players' names, as the board and the sentences read it. */
function tableOf(data, step) {
  const players = step.table.players.map((p) => ({ ...p, name: data.names[p.seat] || `#${p.seat + 1}` }));
  return { ...step.table, players };
}

function titleOf(step) {
  if (step.title === "preliminary") return t("history.preliminary");
  if (step.title === "end") return t("history.end", { n: step.round });
  return t("history.round", { n: step.round });
}

function standings(table) {
  return h(
    "ul.hist-players",
    null,
    table.players.map((p) =>
      h(
        "li",
        { "data-key": `p${p.seat}` },
        token(table, p.seat),
        h("span.hist-name", { text: p.name }),
        h("span.hist-cash", { text: money(p.cash) }),
        h("span.hist-count", { text: plural("table.fields_label", p.fields.length, { of: table.fields_to_end }) }),
      ),
    ),
  );
}

function stepView(data, step, g, i) {
  const table = tableOf(data, step);
  const title = titleOf(step);
  const end = step.events.find((ev) => ev.type === "round_over");
  // Whose turn it is shows in the throw that follows: the turn itself is left out.
  const lines = withBumpers(step.events)
    .filter((ev) => ev.type !== "turn")
    .map((ev) => describe(ev, table))
    .filter(Boolean);
  return h(
    "section.hist-step",
    { "data-key": `g${g}s${i}`, "data-title": step.title, "data-round": String(step.round) },
    h("h3", { text: title }),
    h(
      "div.hist-body",
      null,
      h(
        "div.hist-table",
        null,
        boardView(table, { small: true, key: `board-${g}-${i}`, label: t("history.board", { title }) }),
        standings(table),
      ),
      h(
        "div.hist-events",
        null,
        end ? paymentsView(table, end) : null,
        h("p.muted", { text: t("history.events", { n: lines.length }) }),
        h("ol.hist-lines", null, lines.map((text, k) => h("li", { "data-key": `l${k}`, text }))),
      ),
    ),
  );
}

function gameView(data, g) {
  const last = data.steps[data.steps.length - 1];
  const table = last ? tableOf(data, last) : { players: [], board: [] };
  const result = data.result;
  return h(
    "article.hist-game",
    { "data-key": `g${g}` },
    h("h2", { text: t("history.game", { n: g + 1 }) }),
    h("p.muted.hist-hint", { text: t("history.hundreds") }),
    result ? h("p.hist-result", { text: endText(result, table, null) }) : null,
    data.steps.map((step, i) => stepView(data, step, g, i)),
  );
}

historyPage("nur-peanuts", gameView, placePieces);
