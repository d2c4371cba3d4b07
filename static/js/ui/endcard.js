// A seated phone's end of a game, the same in every game: the host's next game and Play again at
// the very top (with six players a game's scores run several screens down), or a line saying the
// host chooses; then this player's own card: their place in the game just closed, this game's
// awards when it has any, and the night so far with their own line marked. Every figure comes
// from the view: the place from the evening's placings of the game just closed (the game's own
// result, as the server counts it), the night from `evening.standings`. Below the card, the
// game's own details (its scores) as the game draws them.
import { h } from "../dom.js";
import { t, plural, current } from "../i18n.js";
import { nextGameControl } from "./nextgame.js";
import { seatMark } from "./seatmark.js";

/** The evening's entry for the game just closed, when the view has it (a finished game joins
 * the evening from its last action on). */
function closedGame(state) {
  const games = (state.evening && state.evening.games) || [];
  const last = games[games.length - 1];
  return last && !last.abandoned && last.game === state.game && last.placings.length ? last : null;
}

/** "1st", "2nd" / "1re", "2e": a place as the page's language writes it. */
export function ordinal(n) {
  const key = `end.ord_${n}`;
  const text = t(key);
  return text === key ? t("end.ord", { n }) : text;
}

/** The seat's place ("You won!", "You finished 2nd of 4."), or null when the view has none. */
function placeLine(state, me) {
  const closed = closedGame(state);
  const mine = closed && closed.placings.find((p) => p.seat === me);
  if (!mine) return null;
  const shared = closed.placings.filter((p) => p.place === mine.place).length > 1;
  const n = closed.placings.length;
  let text;
  if (mine.place === 1) text = t(shared ? "end.won_shared" : "end.won");
  else text = t(shared ? "end.place_shared" : "end.place", { ord: ordinal(mine.place), n });
  return h("p.end-place", { class: mine.place === 1 ? "first" : "", role: "status", "data-key": "end-place", text });
}

/** Points as the page's language writes them (1.5 / 1,5). */
const points = (n) => n.toLocaleString(current() === "fr" ? "fr-FR" : "en-GB", { maximumFractionDigits: 1 });

/** The night so far: every seat's points, this player's line marked with its rank; null before
 * the evening has a counted game. A rank is shared by equal points (the standings' order). */
function nightView(state, me) {
  const evening = state.evening;
  if (!evening || !evening.games.some((g) => !g.abandoned)) return null;
  const standings = evening.standings;
  const rank = (s) => 1 + standings.filter((o) => o.points > s.points).length;
  const mine = standings.find((s) => s.seat === me);
  return h(
    "section.night",
    { "aria-labelledby": "night-title", "data-key": "night" },
    h("h3", { id: "night-title", text: t("end.night") }),
    mine
      ? h("p.night-rank", {
          "data-key": "night-rank",
          text: t("end.night_rank", { ord: ordinal(rank(mine)), n: plural("end.games", evening.games.filter((g) => !g.abandoned).length) }),
        })
      : null,
    h(
      "ol.night-list",
      null,
      standings.map((s) =>
        h(
          "li.night-row",
          { class: s.seat === me ? "me" : "", "data-key": `night-${s.seat}` },
          h("span.night-rank-n", { text: ordinal(rank(s)) }),
          h("span.night-name", null, seatMark(s.seat), s.name),
          s.seat === me ? h("span.badge.badge-you.night-you", { text: t("common.you") }) : null,
          h("span.night-points", { text: plural("evening.points", s.points, { p: points(s.points) }) }),
        ),
      ),
    ),
  );
}

/** The host's block (next game, Play again) or the others' wait. */
function hostTop({ state, host, send, rerender }) {
  if (!host) return h("p.end-wait.muted", { "data-key": "end-wait", text: t("end.wait_host") });
  return h(
    "section.end-host",
    { "aria-label": t("end.host_title"), "data-key": "end-host" },
    h("button.primary.big", { type: "button", "data-key": "rematch", onclick: () => send({ type: "rematch" }), text: t("end.rematch") }),
    nextGameControl({ state, host: true, send, rerender }),
  );
}

/** This game's own history page (its record in the evening), else the room's. */
function historyLink(state, label) {
  const code = document.body.dataset.code;
  if (!code) return null;
  const closed = closedGame(state);
  const room = `/r/${encodeURIComponent(code)}/history`;
  const href = closed ? `${room}/${encodeURIComponent(closed.record)}` : room;
  return h("p.end-history", null, h("a.button", { href, "data-key": "end-history", text: label || t("end.history") }));
}

/**
 * A seated phone's end screen: endCard({state, me, host, send, rerender, awards, details,
 * history}) → the elements to mount. `awards`: the game's awards (an element) or null;
 * `details`: the game's own end (its scores), drawn under the card; `history`: the label of the
 * link to this game's history (the game's own words), else a generic one.
 */
export function endCard({ state, me, host, send, rerender, awards = null, details = null, history = null }) {
  return [
    hostTop({ state, host, send, rerender }),
    h(
      "section.end-card",
      { "aria-labelledby": "end-title", "data-key": "end-card" },
      h("h2", { id: "end-title", text: t("end.title") }),
      placeLine(state, me),
      awards,
      nightView(state, me),
      historyLink(state, history),
    ),
    details,
  ];
}
