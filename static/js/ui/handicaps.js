// Handicaps and head starts: what the host gave a seat (a game's per-seat setting), said the
// same way by every game's pages. The words come with the data (the server sends each step's
// label in English and French), so no page knows any game's handicap.
import { h } from "../dom.js";
import { t, current } from "../i18n.js";

/** Words sent as {en, fr}, in the page's language. */
export function words(w) {
  return (w && (w[current()] || w.en)) || "";
}

/** A player's handicaps as badges beside the name (none when the seat plays by the rule). */
export function handicapBadges(p) {
  return (p.handicap || []).map((g) =>
    h("span.badge.badge-handicap", {
      "data-key": `handicap-${p.seat}-${g.setting}`,
      title: t("handicap.badge", { what: words(g.title), step: words(g.label) }),
      text: t("handicap.badge", { what: words(g.title), step: words(g.label) }),
    }),
  );
}

/** Who had what in a finished game, from its history (`handicaps`); null when nobody had any. */
export function handicapsLine(told) {
  const given = (told && told.handicaps) || [];
  if (!given.length) return null;
  return h(
    "section.hist-handicaps",
    { "data-key": "handicaps" },
    h("h3", { text: t("handicap.title") }),
    h(
      "ul",
      null,
      given.map((g) =>
        h("li", {
          "data-key": `handicap-${g.seat}`,
          text: t("handicap.line", { name: g.name, what: words(g.title), step: words(g.label) }),
        }),
      ),
    ),
  );
}

/** The game's per-seat settings (handicaps) as GET /api/games lists them: [name, bounds]. */
function perSeatSettings(game) {
  return Object.entries(game.settings || {}).filter(([, b]) => b.kind === "per_seat");
}

/** For the host in the lobby, over the seats: each per-seat setting's title said once, as the
 * head of the column of selects (a TV shows it and drops the label on every row, so that a seat
 * keeps its select on its own line; a phone keeps a label beside each select). Null when no
 * person is seated or the game has none. Each select keeps its own accessible name. */
export function handicapHead(players, game) {
  const perSeat = perSeatSettings(game);
  if (!perSeat.length || !players.some((p) => !p.bot)) return null;
  return h(
    "p.handicap-head",
    { "data-key": "handicap-head" },
    perSeat.map(([k, bounds]) => h("span", { "data-key": `handicap-head-${k}`, text: words(bounds.title) })),
  );
}

/** For the host in the lobby: one select per per-seat setting of the game (GET /api/games),
 * beside a person's seat; choosing a step sends it for that seat alone. A bot's seat gets
 * none: handicaps are for people (the room refuses one for a bot). */
export function handicapControls(p, game, current, send) {
  if (p.bot) return null;
  const perSeat = perSeatSettings(game);
  if (!perSeat.length) return null;
  return h(
    "div.handicap-row",
    null,
    perSeat.map(([k, bounds]) => {
      const value = String((current[k] || {})[String(p.seat)] ?? bounds.normal);
      const id = `handicap-${k}-${p.seat}`;
      return h(
        "span.handicap-field",
        null,
        h("label", { for: id, text: words(bounds.title) }),
        h(
          "select",
          {
            id,
            "data-key": id,
            value,
            "aria-label": t("handicap.for", { what: words(bounds.title), name: p.name || `#${p.seat + 1}` }),
            onchange: (e) => send({ type: "settings", [k]: { [String(p.seat)]: Number(e.target.value) } }),
          },
          bounds.choices.map((c) =>
            h("option", { value: String(c), selected: String(c) === value, text: words((bounds.labels || {})[String(c)]) || String(c) }),
          ),
        ),
      );
    }),
  );
}
