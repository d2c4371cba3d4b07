// The ring of 24 fields on a phone: two rows of twelve drawn as a loop (the top row left to
// right, the bottom row back from right to left by CSS, so it is read in ring order), each field
// its value in hundreds, its owner's colour and shape, and the pieces on it, each in its seat's
// shape: hollow on its start place, filled on its track space, filled and underlined parked.
import { h } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { seatName } from "/static/js/state.js";
import { money, ownerText, seatClass } from "./format.js";
import { seatMark } from "/static/js/ui/seatmark.js";

const HALF = 12;

function pieceLabel(state, p, me) {
  const who = p.seat === null ? t("np.a_stone") : p.seat === me ? t("np.your_pawn") : t("np.pawn_of", { name: seatName(state, p.seat) });
  return t(`np.place.${p.place}`, { name: who });
}

function cell(state, field, me, mark) {
  const { value, owner } = state.board[field];
  const pieces = state.pieces.filter((p) => p.field === field);
  const label = [`${money(value)} (${ownerText(state, owner, me)})`, ...pieces.map((p) => pieceLabel(state, p, me))].join(", ");
  const mine = pieces.some((p) => p.seat === me && me !== null);
  return h(
    "li.np-cell",
    {
      "data-key": `c${field}`,
      "data-field": String(field),
      class: [seatClass(owner), owner === null ? "unsold" : "", mine ? "here" : "", mark.has(field) ? "mark" : ""].join(" "),
      "aria-label": label,
    },
    h("span.np-val", { "aria-hidden": "true" }, String(value / 100), typeof owner === "number" ? seatMark(owner, { cls: "np-own" }) : null),
    h(
      "span.np-pcs",
      { "aria-hidden": "true" },
      pieces.map((p) =>
        p.seat === null ? h("span.pc.stone", { class: `pc-${p.place}` }) : seatMark(p.seat, { cls: `pc pc-${p.place} ${seatClass(p.seat)}` }),
      ),
    ),
  );
}

/** The board as two rows; `mark` is a set of fields to outline (where a throw may land). */
export function boardStrip(state, me, mark = new Set()) {
  const top = [];
  const bottom = [];
  for (let f = 0; f < HALF; f += 1) top.push(cell(state, f, me, mark));
  for (let f = HALF; f < 2 * HALF; f += 1) bottom.push(cell(state, f, me, mark));
  return h(
    "section.np-strip",
    { "data-key": "board", "aria-label": t("np.board") },
    h("ol.np-row", { "data-key": "row-top" }, top),
    h("ol.np-row.np-back", { "data-key": "row-bottom", start: String(HALF + 1) }, bottom),
  );
}
