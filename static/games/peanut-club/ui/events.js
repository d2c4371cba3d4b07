// Events as sentences, for the live region, the TV's feed and the toasts.
import { t, plural } from "/static/js/i18n.js";
import { seatName } from "/static/js/state.js";

const cur = (c) => t(`cur.${c}`);

/** One event → a sentence (or null when it is not worth telling). */
export function describe(ev, state) {
  const name = (seat) => seatName(state, seat);
  switch (ev.type) {
    case "bid":
      return t(ev.a_la_carte ? "ev.bid_alc" : "ev.bid", {
        name: name(ev.seat),
        amount: ev.amount,
        currency: cur(ev.currency),
      });
    case "power":
      if (ev.power === "niet") return t("ev.niet", { name: name(ev.seat), currency: cur(ev.currency) });
      if (ev.power === "crash") {
        return t("ev.crash", { name: name(ev.seat), currency: cur(ev.currency), n: ev.position + 1 });
      }
      if (ev.power === "a_la_carte") return t("ev.a_la_carte", { name: name(ev.seat) });
      return null;
    case "going":
      return t(ev.level === 2 ? "ev.going2" : "ev.going1");
    case "sold":
      return t("ev.sold", { name: name(ev.seat), amount: ev.amount, currency: cur(ev.currency) });
    case "discarded":
      return t("ev.discarded");
    case "paid":
      return t(ev.auto ? "ev.paid_auto" : "ev.paid", { name: name(ev.seat), value: ev.value });
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
    case "player_away":
      return t("ev.away", { name: name(ev.seat) });
    default:
      return null;
  }
}

/** "1 object" / "3 objects". */
export const lotSize = (n) => plural("common.objects", n);
