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

/** How an object on sale fits this player, as the view says (`you.lot_fit`), or null. */
function fitOf(state, id) {
  const you = state.you;
  return (you && (you.lot_fit || []).find((f) => f.id === id)) || null;
}

/** A symbol of a lot row, marked when the view says it matters to this player: their
 * collector's (a heart), or a set of three it would make (a "3"); its name says so too. */
function rowSymbol(state, fit, s) {
  const collector = !!(fit && fit.collector && state.you && state.you.collector === s);
  const set = !!(fit && (fit.sets || []).includes(s));
  if (!collector && !set) return symbolIcon(s);
  const why = [collector ? t("fit.collector", { symbol: t(`sym.${s}`) }) : null, set ? t("fit.set", { symbol: t(`sym.${s}`) }) : null]
    .filter(Boolean)
    .join(" · ");
  return h(
    "span.fit-sym",
    { class: [collector ? "fit-collector" : "", set ? "fit-set" : ""].join(" "), title: why, role: "img", "aria-label": why },
    symbolIcon(s),
    h("span.fit-badge", { "aria-hidden": "true", text: collector ? "♥" : "3" }),
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
            const fit = fitOf(state, o.id);
            const fits = !!(fit && (fit.collector || (fit.sets || []).length));
            return h(
              "li.lot-row",
              { "data-key": `obj-${o.id}`, class: fits ? "fits" : "" },
              h("span.lot-name", { text: name }),
              h(
                "span.lot-syms",
                null,
                (o.symbols || []).map((s) => rowSymbol(state, fit, s)),
              ),
            );
          }),
        )
      : h("p.muted", { text: t("lot.none") }),
  );
}
