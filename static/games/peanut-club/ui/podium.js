// The end: the podium, each player's score explained, collectors revealed, Jokers' choices.
import { h } from "/static/js/dom.js";
import { t, plural } from "/static/js/i18n.js";
import { symbolIcon } from "../symbols.js";
import { seatName } from "/static/js/state.js";
import { seatMark } from "/static/js/ui/seatmark.js";
import { symbolCountView } from "./players.js";

/** `extra`: shown under the winner (the night's awards, ui/awards.js, on the TV and a watching
 * phone); `me`'s own row is marked; the host's "Play again" comes right under the headline.
 * `foot`: the line for those who wait and the history link (a seated phone's end card, the
 * shared static/js/ui/endcard.js, has both already). */
export function podiumView(state, { me = null, host = false, onRematch = null, extra = null, foot = true } = {}) {
  const scores = state.scores || [];
  const winners = scores.filter((s) => s.place === 1).map((s) => seatName(state, s.seat));
  const headline =
    winners.length > 1
      ? t("over.winners", { names: winners.join(", ") })
      : winners.length
        ? t("over.winner", { name: winners[0] })
        : "";
  const players = new Map((state.players || []).map((p) => [p.seat, p]));
  return h(
    "section.podium",
    { "aria-labelledby": "over-title" },
    h("h2", { id: "over-title", text: t("over.title") }),
    h("p.winner", { role: "status", text: headline }),
    // "Play again" first: with six players the scores run several screens down. The link to the
    // history stands under it, so that no row below the scores takes the room a headline needs.
    host && onRematch
      ? h(
          "div.podium-top",
          null,
          h("button.primary.big", { type: "button", "data-key": "rematch", onclick: onRematch, text: t("over.rematch") }),
          historyLink(),
        )
      : null,
    extra,
    h(
      "ol.scores",
      { class: scores.length > 3 ? "many" : "" },
      scores.map((s) => {
        const p = players.get(s.seat) || {};
        const b = s.breakdown || {};
        return h(
          "li.score",
          { class: [`place-${s.place}`, s.seat === me ? "me" : ""].join(" "), "data-key": `score-${s.seat}` },
          h(
            "div.score-head",
            null,
            h("span.place", { text: plural("over.place", s.place) }),
            h("span.score-name", null, seatMark(s.seat), seatName(state, s.seat)),
            s.seat === me ? h("span.badge.badge-you.score-you", { text: t("over.you") }) : null,
            h("span.score-total", { text: plural("over.total", s.total) }),
          ),
          h(
            "dl.breakdown",
            null,
            h("dt", { text: t("over.series") }),
            h("dd", { text: b.series ?? 0 }),
            h("dt", { text: t("over.bonus") }),
            h("dd", { text: b.bonus ?? 0 }),
            h("dt", null, t("over.collector", { symbol: t(`sym.${s.collector}`) }), " ", symbolIcon(s.collector)),
            h("dd", { text: b.collector ?? 0 }),
          ),
          s.jokers && s.jokers.length
            ? h("p.jokers", { text: t("over.jokers", { list: s.jokers.map((j) => t(`sym.${j}`)).join(", ") }) })
            : null,
          symbolCountView(p.objects, true),
        );
      }),
    ),
    (host && onRematch) || !foot ? null : h("div.podium-foot", null, h("p.muted", { text: t("over.wait_rematch") }), historyLink()),
  );
}

/** The finished game, lot by lot with every hand revealed, on its own page (a new tab). */
function historyLink() {
  const code = document.body.dataset.code;
  if (!code) return null;
  return h(
    "p.history-link",
    null,
    h("a.button", {
      href: `/r/${encodeURIComponent(code)}/history`,
      target: "_blank",
      rel: "noopener",
      "data-key": "history",
      text: t("over.history"),
    }),
  );
}
