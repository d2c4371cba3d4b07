// The lot on sale, how many objects are left, and what comes next.
import { h } from "/static/js/dom.js";
import { t, current } from "/static/js/i18n.js";
import { objectCard, symbolIcon } from "../symbols.js";
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

/** The phone's lot: one short line per object (its name, its symbols as pictures with their
 * names for screen readers), so that a three-object lot leaves the bid rows on screen. */
export function lotStrip(state) {
  const lot = state.lot || [];
  const lang = current();
  const next = state.refresh_next
    ? t("lot.next_refresh_short")
    : state.next_lot_size
      ? t("lot.next", { n: lotSize(state.next_lot_size) })
      : null;
  return h(
    "section.lot.lot-strip",
    { "aria-labelledby": "lot-title", "data-key": "lot" },
    h(
      "div.lot-head",
      null,
      h("h2", { id: "lot-title", text: t("lot.round", { n: state.round || 1 }) }),
      h("span.lot-left", { text: t("lot.left_short", { n: state.objects_left ?? 0 }) }),
      next ? h("span.lot-next", { text: next }) : null,
    ),
    lot.length
      ? h(
          "ul.lot-rows",
          null,
          lot.map((o) => {
            const name = (o.name && (o.name[lang] || o.name.en)) || o.id;
            return h(
              "li.lot-row",
              { "data-key": `obj-${o.id}` },
              h("span.lot-name", { text: name }),
              h(
                "span.lot-syms",
                null,
                (o.symbols || []).map((s) => symbolIcon(s)),
              ),
            );
          }),
        )
      : h("p.muted", { text: t("lot.none") }),
  );
}
