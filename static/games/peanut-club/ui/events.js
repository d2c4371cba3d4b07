// Events as sentences, for the live region, the TV's feed and the toasts.
import { t, plural } from "/static/js/i18n.js";
import { seatName } from "/static/js/state.js";

const cur = (c) => t(`cur.${c}`);
/** A currency's name agreeing with an amount of it ("1 Camel", "2 Camels"). */
const curN = (c, n) => plural(`cur.${c}`, n);

/** One event → a sentence (or null when it is not worth telling). */
export function describe(ev, state) {
  const name = (seat) => seatName(state, seat);
  switch (ev.type) {
    case "bid":
      return t(ev.a_la_carte ? "ev.bid_alc" : "ev.bid", {
        name: name(ev.seat),
        amount: ev.amount,
        currency: curN(ev.currency, ev.amount),
      });
    case "power":
      if (ev.power === "niet") return t("ev.niet", { name: name(ev.seat), currency: cur(ev.currency) });
      if (ev.power === "crash") {
        return t("ev.crash", { name: name(ev.seat), currency: cur(ev.currency), n: ev.position + 1 });
      }
      if (ev.power === "a_la_carte") return t("ev.a_la_carte", { name: name(ev.seat) });
      return null;
    case "going":
      if (ev.level === 2) return t("ev.going2");
      return typeof ev.by === "number" ? t("ev.going1_by", { name: name(ev.by) }) : t("ev.going1");
    case "sold":
      return t("ev.sold", { name: name(ev.seat), amount: ev.amount, currency: curN(ev.currency, ev.amount) });
    case "discarded":
      return t("ev.discarded");
    case "paid":
      return paidText(ev, name(ev.seat));
    case "refresh":
      return t("ev.refresh");
    case "lot":
      return t("ev.lot", { n: lotSize(ev.objects ? ev.objects.length : 0) });
    case "game_over":
      return t("ev.game_over");
    case "player_joined":
      return t("ev.joined", { name: ev.name || name(ev.seat) });
    case "seat_to_bot":
      return t("ev.to_bot", { name: name(ev.seat) });
    case "seat_to_player":
    case "player_back":
      return t("ev.back", { name: name(ev.seat) });
    case "rematch":
      return t("ev.rematch");
    case "game_ended":
      return t("ev.game_ended");
    case "player_away":
      return t("ev.away", { name: name(ev.seat) });
    default:
      return null;
  }
}

/** Paid cards by currency, each currency's values largest first: [[currency, [5, 4]], …]; the
 * Abracadabra card is marked with `double`. Older servers name only ids: then null. */
export function paidGroups(ev) {
  const cards = (ev.cards || []).filter((c) => c && typeof c === "object" && c.currency);
  if (!cards.length) return null;
  const by = new Map();
  for (const c of [...cards].sort((a, b) => b.value - a.value)) {
    if (!by.has(c.currency)) by.set(c.currency, []);
    by.get(c.currency).push({ value: c.value, double: ev.abracadabra !== null && ev.abracadabra === c.id });
  }
  return [...by];
}

/** "Ana paid 5 + 4×2 Peanuts: 13 for a bid of 12, 1 lost (no change)". */
function paidText(ev, who) {
  const groups = paidGroups(ev);
  const auto = ev.auto ? ` ${t("ev.paid_auto_note")}` : "";
  if (!groups) return t("ev.paid", { name: who, value: ev.value }) + auto;
  const cards = groups
    .map(([c, values]) => {
      const total = values.reduce((sum, v) => sum + v.value * (v.double ? 2 : 1), 0);
      return `${values.map((v) => (v.double ? `${v.value}×2` : v.value)).join(" + ")} ${curN(c, total)}`;
    })
    .join(", ");
  const key = ev.excess > 0 ? "ev.paid_cards_lost" : "ev.paid_cards";
  return t(key, { name: who, cards, value: ev.value, n: ev.excess }) + auto;
}

/** "1 object" / "3 objects". */
export const lotSize = (n) => plural("common.objects", n);
