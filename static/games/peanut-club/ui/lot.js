// The lot on sale, how many objects are left, and what comes next.
import { h } from "/static/js/dom.js";
import { t, current } from "/static/js/i18n.js";
import { objectCard } from "../symbols.js";
import { lotSize } from "./events.js";

export function lotView(state) {
  const lot = state.lot || [];
  const next = state.refresh_next
    ? t("lot.next_refresh")
    : state.next_lot_size
      ? t("lot.next", { n: lotSize(state.next_lot_size) })
      : null;
  return h(
    "section.lot",
    { "aria-labelledby": "lot-title" },
    h(
      "div.lot-head",
      null,
      h("h2", { id: "lot-title", text: t("lot.round", { n: state.round || 1 }) }),
      h("span.lot-left", { text: t("lot.left", { n: state.objects_left ?? 0 }) }),
    ),
    lot.length
      ? h("div.lot-objects", null, lot.map((o) => objectCard(o, current())))
      : h("p.muted", { text: t("lot.none") }),
    next ? h("p.lot-next", { text: next }) : null,
  );
}
