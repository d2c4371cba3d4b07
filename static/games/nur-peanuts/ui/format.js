// How Nur Peanuts! reads aloud and in print: sums of Peanuts, fields named by their value, who
// owns what, what a throw showed, and one sentence per event (for the live region and the
// status line). Everything comes from the view; nothing here works out a rule.
import { t, current, plural } from "/static/js/i18n.js";
import { seatName } from "/static/js/state.js";

/** 2,100 in English, 2 100 in French. */
export const money = (n) => new Intl.NumberFormat(current()).format(n);

/** +1,200, −800, or 0. */
export const signed = (n) => (n > 0 ? `+${money(n)}` : n < 0 ? `−${money(-n)}` : "0");

/** A field, named by its value ("the 2,100 field"). */
export const fieldName = (state, field) => t("np.field", { v: money(state.board[field].value) });

/** Who holds a field: "yours", a name, "the bank's", or "unsold". */
export function ownerText(state, owner, me) {
  if (owner === null || owner === undefined) return t("np.unsold");
  if (owner === "bank") return t("np.bank_owns");
  if (owner === me) return t("np.yours");
  return t("np.owned_by", { name: seatName(state, owner) });
}

/** The one paid: a seat's name ("you" for `me`), or the bank. */
export const payee = (state, to, me = null) =>
  to === "bank" || to === null ? t("np.the_bank") : to === me ? t("np.you") : seatName(state, to);

/** A piece's owner in words: "Ana", "you", or "a stone". */
export function pieceName(state, id, me) {
  const piece = state.pieces.find((p) => p.id === id);
  if (!piece || piece.seat === null) return t("np.a_stone");
  return piece.seat === me ? t("np.you") : seatName(state, piece.seat);
}

/** "black 2", "white 0", "two white 3 + 0". */
export function throwText(lt) {
  return t(`np.dice.${lt.dice}`) + " " + lt.faces.join(" + ");
}

/** A seat's colour class (pawns, owned fields), the bank's, or none. */
export const seatClass = (owner) => (owner === "bank" ? "own-bank" : owner === null || owner === undefined ? "" : `seat-${owner % 6}`);

/** A sentence that may begin with "you": its first letter in capitals. */
export const cap = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);

/** One event as a sentence, or null when it says nothing worth reading. */
export function describe(ev, state, me) {
  const text = sentence(ev, state, me);
  return text && cap(text);
}

function sentence(ev, state, me) {
  const who = (seat) => (seat === me ? t("np.you") : seatName(state, seat));
  const field = (f) => fieldName(state, f);
  switch (ev.type) {
    case "bought":
      return t(ev.seat === me ? "ev.you_bought" : "ev.bought", { name: who(ev.seat), field: field(ev.field) });
    case "passed":
      return t(ev.seat === me ? "ev.you_passed" : "ev.passed", { name: who(ev.seat) });
    case "round":
      return t("ev.round", { n: ev.round, name: who(ev.start_player) });
    case "turn":
      return ev.seat === me ? t("ev.your_turn") : t("ev.turn", { name: who(ev.seat) });
    case "reroll_paid":
      return t("ev.reroll_paid", { name: who(ev.seat), amount: money(ev.amount), to: payee(state, ev.to, me) });
    case "thrown": {
      const name = ev.seat === null ? t("np.a_stone") : who(ev.seat);
      return t(ev.moved ? "ev.thrown" : "ev.thrown_still", { name, dice: throwText(ev), n: ev.moved, field: field(ev.to) });
    }
    case "parked":
      return t("ev.parked", { name: ev.seat === null ? t("np.a_stone") : who(ev.seat), field: field(ev.field) });
    case "bumped": {
      const name = ev.seat === null ? t("np.a_stone") : who(ev.seat);
      if (ev.by_piece === undefined) return t("ev.bumped", { name, field: field(ev.field) });
      return t("ev.bumped_by", { name, field: field(ev.field), by: ev.by === null ? t("np.a_stone") : who(ev.by) });
    }
    case "stones_move":
      return t("ev.stones");
    case "round_over":
      return roundLine(ev, state, me);
    case "game_over":
      return endText(ev, state, me);
    default:
      return null;
  }
}

/** The frame's events, each `bumped` one told who bumped it (`by`: a seat, null for a stone;
 * `by_piece`): the piece parked right after it in the same frame, as the engine reports a bump
 * before the park that caused it. */
export function withBumpers(events) {
  return events.map((ev, i) => {
    if (ev.type !== "bumped") return ev;
    const park = events.slice(i + 1).find((e) => e.type === "parked");
    return park ? { ...ev, by: park.seat ?? null, by_piece: park.piece } : ev;
  });
}

/** Who won the round and on which field, then what each paid. */
export function roundLine(result, state, me) {
  const head =
    result.winner === "bank"
      ? t("np.round_bank", { field: fieldName(state, result.field) })
      : t(result.winner === me ? "np.round_you" : "np.round_won", { name: seatName(state, result.winner), field: fieldName(state, result.field) });
  const paid = result.payments.map((p) => paymentText(p, state, me));
  return [head, ...paid].join(" ");
}

/** Why a payment is what it is, from the reason the engine gives: "2,400 − 700 = 1,700",
 * doubled when the winner owns the field, the bank's simple difference. */
export function whyText(p) {
  return t(`np.why.${p.reason}`, { hi: money(p.winner_value), lo: money(p.payer_value), owed: money(p.owed) });
}

/** "Bruno pays 1,700 to Ana: 2,400 − 700 = 1,700." (all they had, when short; nothing, on a
 * field of their own, listed all the same). */
export function paymentText(p, state, me) {
  const mine = p.from === me;
  const vars = { name: mine ? t("np.you") : seatName(state, p.from), amount: money(p.amount), owed: money(p.owed), to: payee(state, p.to, me) };
  if (p.reason === "own_field") return cap(t(mine ? "np.you_pay_nothing" : "np.pays_nothing", vars));
  const key = p.amount < p.owed ? "np.pays_short" : mine ? "np.you_pay" : "np.pays";
  return cap(t(key, { ...vars, why: whyText(p) }));
}

/** A payment in a few words for the table, beside its arrow: "Bruno → Ana: 2,400 − 700 = 1,700". */
export function paymentLine(p, state) {
  const vars = { name: seatName(state, p.from), to: payee(state, p.to, null), amount: money(p.amount) };
  if (p.reason === "own_field") return t("np.line_nothing", vars);
  return t(p.amount < p.owed ? "np.line_short" : "np.line", { ...vars, why: whyText(p) });
}

/** Why the game ended and who won. */
export function endText(result, state, me) {
  const names = result.winners.map((s) => (s === me ? t("np.you") : seatName(state, s)));
  const who = names.length > 1 ? t("over.shared", { names: names.join(", ") }) : t(result.winners[0] === me ? "over.you_win" : "over.wins", { name: names[0] });
  const short = (state.round_result && state.round_result.bankrupt) || [];
  const reason =
    result.reason === "bankrupt" && short.length
      ? t("over.reason.bankrupt_named", { names: short.map((s) => (s === me ? t("np.you") : seatName(state, s))).join(", ") })
      : t(`over.reason.${result.reason}`, { n: state.fields_to_end });
  return `${cap(reason)} ${who}`;
}

/** "3 fields" / "1 field". */
export const fieldsCount = (n) => plural("np.fields_n", n);
