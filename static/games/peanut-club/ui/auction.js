// The high bid and the auctioneer's call ("Going once… twice… Sold!") with its count-down.
import { h } from "/static/js/dom.js";
import { t, plural } from "/static/js/i18n.js";
import { money } from "../symbols.js";
import { seatName } from "/static/js/state.js";
import { seatMark } from "/static/js/ui/seatmark.js";

/** A currency's name for an amount of it: "1 Peanut", "2 Peanuts" (French: "1 cacahuète"). */
export const curName = (currency, n) => plural(`cur.${currency}`, n).replace(/^\d+\s*/, "");

/** money() with the name agreeing with the amount. */
export function moneyOf(amount, currency) {
  const el = money(amount, currency);
  const name = el.querySelector(".money-c");
  if (name) name.textContent = curName(currency, amount);
  return el;
}

/** Milliseconds of the current clock step, for the count-down bar. */
export function stepSpan(state) {
  const s = state.settings || {};
  const kind = state.deadline_kind || (state.phase === "paying" ? "pay" : state.going ? "going" : "idle");
  if (kind === "pay") return (s.pay_seconds ?? 60) * 1000;
  if (kind === "going") return (s.going_step_seconds ?? 2) * 1000;
  return (s.idle_seconds ?? 8) * 1000;
}

export function countdownBar(state) {
  if (typeof state.deadline !== "number") return null;
  return h(
    "div.timebar",
    { "aria-hidden": "true" },
    h("div.timebar-fill", { dataset: { barDeadline: state.deadline, span: stepSpan(state) } }),
  );
}

/** The call line: "Going once…", "Going twice…", "Sold!", or the idle auto-call count-down. */
export function callView(state, sold) {
  if (state.phase === "paying" || sold) {
    return h("div.call.call-sold", { "data-level": "3" }, h("strong", { text: t("going.sold") }));
  }
  if (state.phase !== "bidding") return null;
  if (state.going) {
    return h(
      "div.call",
      { class: `call-${state.going}`, "data-level": state.going },
      h("strong", { text: t(`going.${state.going}`) }),
      countdownBar(state),
    );
  }
  if (state.high_bid && typeof state.deadline === "number") {
    return h(
      "div.call.call-idle",
      null,
      h("span", { dataset: { deadline: state.deadline, fmt: "going.idle" } }),
      countdownBar(state),
    );
  }
  return null;
}

/** The high bid, big, with who holds it. */
export function highBidView(state, me) {
  const hb = state.high_bid;
  if (!hb) return h("div.highbid.empty", null, h("span.hb-none", { text: t("bid.none") }));
  const mine = me !== null && me !== undefined && hb.seat === me;
  return h(
    "div.highbid",
    { class: mine ? "mine" : "", dataset: { key: `${hb.seat}-${hb.amount}-${hb.currency}` } },
    h("span.hb-label", { text: t("bid.high") }),
    h("span.hb-amount", null, moneyOf(hb.amount, hb.currency)),
    h("span.hb-by", null, seatMark(hb.seat), mine ? t("bid.yours_short") : t("bid.by", { name: seatName(state, hb.seat) })),
  );
}
