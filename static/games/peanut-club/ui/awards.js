// The night's awards at the end (best deal, most lost to no change, power of the night), from the
// view's `awards`: the TV shows them over the final scores.
import { h } from "/static/js/dom.js";
import { t, plural } from "/static/js/i18n.js";
import { seatName } from "/static/js/state.js";
import { lotSize } from "./events.js";
import { curName } from "./auction.js";

/** One award (from the view's `awards`, when the server gives them) as a sentence. */
function awardDetail(state, a) {
  const d = a.detail || {};
  if (a.award === "best_deal") return t("award.best_deal_detail", { points: d.points ?? a.value, paid: d.paid ?? "?" });
  if (a.award === "most_lost") {
    return t("award.most_lost_detail", { n: a.value, lots: plural("award.lots", d.lots ?? 1) });
  }
  if (a.award === "power_of_the_night") {
    return t("award.power_detail", {
      power: t(`pow.${d.power}`),
      objects: lotSize((d.objects || []).length || a.value),
      amount: d.amount,
      currency: curName(d.currency, d.amount),
    });
  }
  return "";
}

/** The night's awards: best deal, most lost to no change, power of the night. */
export function awardsView(state) {
  const awards = (state.awards || []).filter((a) => a && typeof a.award === "string");
  if (!awards.length) return null;
  return h(
    "section.awards",
    { "aria-labelledby": "awards-title", "data-key": "awards" },
    h("h3", { id: "awards-title", text: t("award.title") }),
    h(
      "ul.award-list",
      null,
      awards.map((a) =>
        h(
          "li.award",
          { class: `award-${a.award}`, "data-key": `award-${a.award}` },
          h("span.award-name", { text: t(`award.${a.award}`) }),
          h("strong.award-who", { text: seatName(state, a.seat) }),
          h("span.award-detail", { text: awardDetail(state, a) }),
        ),
      ),
    ),
  );
}
