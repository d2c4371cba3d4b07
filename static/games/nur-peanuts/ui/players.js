// The players beside the board: each one's pawn token, name, cash and fields (how many of the
// count that ends the game, and their values), who starts the round, whose decision it is, who
// was bumped, the round's gains and losses, the winners at the end; then the bank's chips.
import { h } from "/static/js/dom.js";
import { t, plural } from "/static/js/i18n.js";
import { nameTag } from "/static/js/ui/names.js";
import { seatMark, seatShape } from "/static/js/ui/seatmark.js";
import { initial } from "./board.js";
import { money } from "./format.js";

/** Each seat's gain (+) or loss (-) in the round's payments. */
function net(result) {
  const by = new Map();
  for (const p of result ? result.payments : []) {
    by.set(p.from, (by.get(p.from) || 0) - p.amount);
    if (typeof p.to === "number") by.set(p.to, (by.get(p.to) || 0) + p.amount);
  }
  return by;
}

/** A pawn's token as the board draws the pawn: the seat's shape in its colour, and the name's
 * first letter. */
export function token(state, seat) {
  return h(
    "span.token.pawn-token",
    { class: `seat-${seat % 6} shape-${seatShape(seat).name}`, "aria-hidden": "true" },
    seatMark(seat),
    h("span.token-letter", { text: initial(state, seat) }),
  );
}

function valuesOf(state, fields) {
  return fields.map((f) => state.board[f].value).sort((a, b) => b - a);
}

function row(state, p, deciding, delta, hostAction) {
  const winners = state.result ? state.result.winners : [];
  const parked = (state.pieces || []).some((x) => x.seat === p.seat && x.place === "parking");
  const classes = [
    deciding === p.seat ? "deciding" : "",
    winners.includes(p.seat) ? "won" : "",
    state.round_result && state.round_result.winner === p.seat ? "round-winner" : "",
  ];
  return h(
    "li.tv-player",
    { "data-key": `p${p.seat}`, "data-seat": String(p.seat), class: classes.filter(Boolean).join(" ") },
    token(state, p.seat),
    h(
      "div.who",
      null,
      nameTag(p, null, state.host_seat, { mark: false }),
      h(
        "span.marks",
        null,
        state.start_player === p.seat ? h("span.mark.starts", { "data-key": "starts", text: t("table.starts") }) : null,
        p.bumped ? h("span.mark.bumped", { "data-key": "bumped", text: t("table.bumped") }) : null,
        parked && state.phase !== "round_over" && state.phase !== "over" ? h("span.mark.parked", { "data-key": "parked", text: t("table.parked") }) : null,
        winners.includes(p.seat) ? h("span.mark.winner", { "data-key": "winner", text: t("table.wins") }) : null,
      ),
      h("span.values", { text: valuesOf(state, p.fields).map(money).join(" · ") }),
      hostAction ? hostAction(p) : null,
    ),
    h(
      "div.money",
      null,
      h("span.cash", { "data-key": "cash", "aria-label": t("table.cash_label", { n: money(p.cash) }), text: money(p.cash) }),
      delta ? h("span.delta", { class: delta > 0 ? "plus" : "minus", text: `${delta > 0 ? "+" : "−"}${money(Math.abs(delta))}` }) : null,
    ),
    h("span.count", { "data-key": "count", "aria-label": plural("table.fields_label", p.fields.length, { of: state.fields_to_end }), text: `${p.fields.length}/${state.fields_to_end}` }),
  );
}

/** The players and the bank, as a list; `hostAction(player)` adds the host's control to a row. */
export function playersView(state, deciding, hostAction = null) {
  const deltas = net(state.round_result);
  const bank = state.bank || { chips: [], takings: 0 };
  return h(
    "section.tv-players",
    { "data-key": "players", "aria-labelledby": "players-title" },
    h(
      "div.players-head",
      null,
      h("h2", { id: "players-title", text: t("table.players") }),
      h("span", { text: t("table.cash") }),
      h("span", { text: t("table.fields") }),
    ),
    h(
      "ol.player-list",
      null,
      state.players.map((p) => row(state, p, deciding, deltas.get(p.seat) || 0, hostAction)),
      h(
        "li.tv-player.bank-row",
        { "data-key": "bank" },
        h("span.token.bank", { "aria-hidden": "true", text: t("table.bank_short") }),
        h("div.who", null, h("span.pname", null, h("span.pname-text", { text: t("table.bank") })), h("span.values", { text: valuesOf(state, bank.chips).map(money).join(" · ") })),
        h("div.money", null, h("span.takings", { text: t("table.takings", { n: money(bank.takings) }) })),
        h("span.count", { "aria-label": plural("table.fields_label", bank.chips.length, { of: state.fields_to_end }), text: `${bank.chips.length}/${state.fields_to_end}` }),
      ),
    ),
  );
}
