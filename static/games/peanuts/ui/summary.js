// Between rounds and at the end: each deck's round (+1 per card on the foundations, −2 per card
// left in its peanuts pile), the totals and the way to the target. Figures come from the view.
import { h } from "/static/js/dom.js";
import { t, plural } from "/static/js/i18n.js";
import { seatName } from "/static/js/state.js";
import { nameTag } from "/static/js/ui/names.js";
import { seatMark } from "/static/js/ui/seatmark.js";

/** The names of a deck's seats ("Ana & Bruno" for a team). */
export function deckNames(state, seats) {
  return seats.map((s) => seatName(state, s)).join(" & ");
}

/** Who ended the round and how. */
export function endLine(state) {
  const end = state.round_end;
  if (!end) return null;
  if (end.reason === "peanuts" && end.caller !== null && end.caller !== undefined) {
    return t("summary.caller", { name: seatName(state, end.caller) });
  }
  if (end.reason === "skipped") return t("summary.skipped");
  return t("summary.stalled");
}

/** A round's points so far, "−1 pt" / "+5 pts": one point is singular (in French, up to one). */
export const roundPoints = (n) => plural("play.points", Math.abs(n), { shown: signed(n) });

/** The round's table: one row per deck, best total first. */
export function summaryTable(state, me) {
  const scores = state.round_scores || [];
  const total = (seat) => {
    const p = state.players.find((x) => x.seat === seat);
    return p ? p.score : 0;
  };
  const target = state.target_score || 0;
  const rows = [...scores].sort((a, b) => total(b.seat) - total(a.seat) || a.seat - b.seat);
  return h(
    "table.summary",
    null,
    h(
      "thead",
      null,
      h(
        "tr",
        null,
        h("th", { scope: "col", text: t("summary.player") }),
        h("th.num", { scope: "col", text: t("summary.played") }),
        h("th.num", { scope: "col", text: t("summary.left") }),
        h("th.num", { scope: "col", text: t("summary.points") }),
        h("th.num", { scope: "col", text: t("summary.total") }),
      ),
    ),
    h(
      "tbody",
      null,
      rows.map((r) => {
        const mine = me !== null && me !== undefined && r.seats.includes(me);
        const sum = total(r.seat);
        const part = target ? Math.max(0, Math.min(1, sum / target)) : 0;
        return h(
          "tr",
          { class: [mine ? "mine" : "", `deck-${r.seat % 6}`].join(" "), "data-key": `sum-${r.seat}` },
          h(
            "th",
            { scope: "row" },
            h(
              "span.who",
              null,
              seatMark(r.seat, { cls: "deck-mark" }),
              r.seats.length > 1
                ? h("span.pname", null, h("span.pname-text", { text: deckNames(state, r.seats) }))
                : nameTag(state.players.find((p) => p.seat === r.seat) || { seat: r.seat }, me, state.host_seat, { mark: false }),
            ),
          ),
          h("td.num.plus", { text: t("summary.played_pts", { n: r.played }) }),
          h("td.num.minus", { text: r.peanuts_left ? t("summary.left_pts", { n: 2 * r.peanuts_left }) : "0" }),
          h("td.num.round", { text: signed(r.points, true) }),
          h(
            "td.num.total",
            null,
            h("span", { text: signed(sum) }),
            h("span.to-target", { "aria-hidden": "true" }, h("span.to-target-fill", { "data-css": `width:${(part * 100).toFixed(1)}%` })),
          ),
        );
      }),
    ),
  );
}

/** The winners' line at the end of the game. */
export function winnersLine(state) {
  const winners = state.winners || [];
  if (winners.length === 1) return t("over.winner", { name: seatName(state, winners[0]) });
  return t("over.winners", { names: winners.map((s) => seatName(state, s)).join(", ") });
}

export const pointsText = (n) => plural("over.points", n);

/** A score as people write it: a true minus sign, a plus for a gain when asked. */
export const signed = (n, plus = false) => (n < 0 ? `−${-n}` : plus && n > 0 ? `+${n}` : String(n));
