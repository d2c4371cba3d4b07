// What the table (TV) and the history page say beyond the game's own sentences (format.js, the
// same words the phones use, read here for nobody in particular): the phase as a heading, names
// joined, and the first purchases' setting out, which only the history tells.
// `table` is any object with `players` (seat and name) and `board` (each field's value).
import { t } from "/static/js/i18n.js";
import { seatName } from "/static/js/state.js";
import { describe as sentence, fieldName } from "./format.js";

/** Names joined as the language does: "Ana, Bruno and Chloé". */
export function names(table, seats) {
  const list = seats.map((s) => seatName(table, s));
  if (list.length < 2) return list.join("");
  return t("table.and", { list: list.slice(0, -1).join(", "), last: list[list.length - 1] });
}

/** The phase as the TV's heading says it. */
export function phaseText(state) {
  if (state.phase === "round_over" && state.purchase) return t("table.phase_buy_after");
  return t(`table.phase_${state.phase}`);
}

/** An event as a sentence for everyone watching, or null for one not worth a word. */
export function describe(ev, table) {
  switch (ev.type) {
    case "board":
      return t("table.ev_board", { name: seatName(table, ev.start_player) });
    case "pawn_placed":
      return t("table.ev_pawn_placed", { name: seatName(table, ev.seat), field: fieldName(table, ev.field) });
    case "stone_placed":
      return t("table.ev_stone_placed", { field: fieldName(table, ev.field) });
    case "seat_to_bot":
      return t("table.ev_to_bot", { name: seatName(table, ev.seat) });
    default:
      return sentence(ev, table, null);
  }
}
