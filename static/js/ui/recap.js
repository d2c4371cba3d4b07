// The night so far on the TV, between games: every game of the evening in order (its winners,
// its awards, or that it was stopped before its end), the standings and the night's champion,
// full screen, with a QR code of the recap image (GET /r/{code}/recap.svg) for a phone to save.
// Every fact comes from the view's `evening` (the server counts the points and keeps each
// game's awards); the games' names and their awards' names from GET /api/games, so a Peanuts!
// table names the awards of the Peanut Club game played before it. Shared by every game's TV.
import { h } from "/static/js/dom.js";
import { current, plural, t } from "/static/js/i18n.js";
import { games } from "/static/js/games.js";
import { seatMark } from "./seatmark.js";

// The games hosted here (GET /api/games), once: their names and their awards' names.
let listing = null;
let asked = false;

function listed(rerender) {
  if (!asked) {
    asked = true;
    games()
      .then((found) => {
        listing = found;
        rerender();
      })
      .catch(() => {
        asked = false; // tried again at the next render
      });
  }
  return listing || [];
}

/** Whether a game of the evening has counted: the recap has something to tell. */
export function hasRecap(state) {
  const evening = state && state.evening;
  return !!evening && evening.games.some((g) => !g.abandoned);
}

/** Points as the page's language writes them (1.5 / 1,5), as the standings do. */
function points(n) {
  const shown = n.toLocaleString(current() === "fr" ? "fr-FR" : "en-GB", { maximumFractionDigits: 1 });
  return plural("evening.points", n, { p: shown });
}

/** Names as a sentence lists them: "Ana", "Ana and Bo", "Ana, Bo and Cy". */
function joined(names) {
  if (names.length <= 1) return names.join("");
  return names.slice(0, -1).join(", ") + t("recap.and") + names[names.length - 1];
}

/** Each seat's name: the standings name every seat of the table (those watching too). */
function namer(state) {
  const names = new Map();
  for (const s of state.evening.standings) names.set(s.seat, s.name);
  for (const p of [...(state.players || []), ...(state.watching || [])]) if (!names.has(p.seat)) names.set(p.seat, p.name);
  return (seat) => names.get(seat) || `#${seat + 1}`;
}

/** The leaders of the standings once a game has counted (several when tied). */
export function champions(state) {
  if (!hasRecap(state)) return [];
  const standings = state.evening.standings;
  const best = Math.max(...standings.map((s) => s.points));
  return standings.filter((s) => s.points === best).map((s) => s.name);
}

function gameItem(g, n, about, named) {
  const lang = current();
  const name = (about && (about.name[lang] || about.name.en)) || g.game;
  const titles = (about && about.awards) || {};
  // Who sat in each seat in that game, when the evening says (a seat may change hands between
  // games), else the seat's name now.
  const then = new Map(g.placings.filter((p) => p.name).map((p) => [p.seat, p.name]));
  const who = (seat) => then.get(seat) || named(seat);
  const winners = g.placings.filter((p) => p.place === 1).map((p) => who(p.seat));
  return h(
    "li.recap-game" + (g.abandoned ? ".abandoned" : ""),
    { "data-key": `recap-game-${n}` },
    h("h3.recap-game-name", { text: t("recap.game", { n, game: name }) }),
    g.abandoned
      ? h("p.recap-stopped", { text: t("recap.abandoned") })
      : h("p.recap-winners", { text: t(winners.length > 1 ? "recap.shared" : "recap.won", { names: joined(winners) }) }),
    g.abandoned || !(g.awards || []).length
      ? null
      : h(
          "ul.recap-awards",
          null,
          g.awards
            .filter((a) => titles[a.award])
            .map((a) =>
              h(
                "li.recap-award",
                null,
                h("span.recap-award-name", { text: t("recap.award", { award: titles[a.award][lang] || titles[a.award].en }) }),
                " ",
                h("strong.recap-award-who", { text: who(a.seat) }),
              ),
            ),
        ),
  );
}

/** The recap, full screen: games on one side, champion and standings on the other, and the
 * image's QR code; `close` returns to the screen it was opened from. */
export function recapView({ state, code, close, rerender }) {
  const about = new Map(listed(rerender).map((g) => [g.id, g]));
  const named = namer(state);
  const crowned = champions(state);
  const best = state.evening.standings.length ? state.evening.standings[0].points : 0;
  const lang = current();
  const image = `/r/${encodeURIComponent(code)}/recap.svg?lang=${lang}`;
  return h(
    "section.recap",
    { "aria-labelledby": "recap-title", "data-key": "recap" },
    h(
      "header.recap-head",
      null,
      h("h2.recap-title", { id: "recap-title", text: t("recap.title") }),
      h("p.recap-room", { text: t("common.room", { code }) }),
      h("button.recap-close", { type: "button", "data-key": "recap-close", onclick: close, text: t("recap.back") }),
    ),
    h(
      "div.recap-body",
      null,
      h(
        "div.recap-league",
        null,
        crowned.length
          ? h(
              "div.recap-champion" + (crowned.length > 1 ? ".shared" : ""),
              { "data-key": "recap-champion" },
              h("p.recap-champion-label", { text: "♛ " + t(crowned.length > 1 ? "recap.champions" : "recap.champion") }),
              h("p.recap-champion-names", { text: joined(crowned) }),
            )
          : null,
        h("h3.recap-standings-title", { text: t("recap.standings") }),
        h(
          "table.recap-standings",
          null,
          h(
            "tbody",
            null,
            state.evening.standings.map((s) =>
              h(
                "tr.recap-row" + (s.points === best && best > 0 ? ".leader" : ""),
                { "data-seat": String(s.seat) },
                h("th.recap-name", { scope: "row" }, seatMark(s.seat), s.name),
                h("td.recap-points", { text: points(s.points) }),
              ),
            ),
          ),
        ),
      ),
      h(
        "ol.recap-games" + (state.evening.games.length > 3 ? ".many" : ""),
        { "aria-label": t("recap.games") },
        state.evening.games.map((g, i) => gameItem(g, i + 1, about.get(g.game), named)),
      ),
      h(
        "div.recap-share",
        null,
        h("img.recap-qr", { src: `/r/${encodeURIComponent(code)}/qr.svg?to=recap`, alt: t("recap.qr_alt"), "data-key": "recap-qr" }),
        h("p.recap-save", { text: t("recap.save") }),
        h("a.button.recap-image", { href: image, target: "_blank", rel: "noopener", "data-key": "recap-image", text: t("recap.image") }),
      ),
    ),
  );
}

/** The button that opens the recap (in the standings' panel, lobby and end screen alike). */
export function recapButton(open) {
  return h("button.small.recap-open", { type: "button", "data-key": "recap-open", onclick: open, text: t("recap.open") });
}
