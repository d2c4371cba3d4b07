// The league of the night on the TV, between games: the standings the server sends in every
// view's `evening` (the points are counted by the server, never here), as a compact table of
// names and points with the leader marked. Nothing before the room's first finished game.
import { h } from "/static/js/dom.js";
import { current, plural, t } from "/static/js/i18n.js";
import { seatMark } from "./seatmark.js";

/** Points as the page's language writes them (1.5 / 1,5). */
function points(n) {
  return n.toLocaleString(current() === "fr" ? "fr-FR" : "en-GB", { maximumFractionDigits: 1 });
}

/** The standings table, or null while no game of the evening has counted yet. `strip`: laid out
 * in one line (under a game's end screen) instead of a column (the lobby). `action`: an element
 * beside the title (the TV's button that opens the recap). */
export function eveningPanel(state, { strip = false, action = null } = {}) {
  const evening = state && state.evening;
  if (!evening || !evening.games.some((g) => !g.abandoned)) return null;
  const standings = evening.standings;
  const best = standings.length ? standings[0].points : 0;
  const counted = evening.games.filter((g) => !g.abandoned).length;
  const rows = standings.map((s) => {
    const leader = best > 0 && s.points === best;
    return h(
      "tr.evening-row" + (leader ? ".leader" : ""),
      { "data-seat": String(s.seat) },
      h("td.evening-mark", { text: leader ? "♛" : "", "aria-label": leader ? t("evening.leader") : null }),
      h("th.evening-name", { scope: "row" }, seatMark(s.seat), s.name),
      h("td.evening-points", { text: plural("evening.points", s.points, { p: points(s.points) }) }),
    );
  });
  return h(
    "section.evening" + (strip ? ".strip" : ""),
    { "aria-label": t("evening.title"), "data-key": "evening" },
    action ? h("div.evening-head", null, h("h3.evening-title", { text: t("evening.title") }), action) : h("h3.evening-title", { text: t("evening.title") }),
    h("p.evening-games", { text: plural("evening.games", counted) }),
    h("table.evening-table", null, h("tbody", null, ...rows)),
  );
}
