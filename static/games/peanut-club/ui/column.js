// The currency column, top first: rank, name, Niet marks. `extra(currency, i)` adds per-row parts
// (the phone adds its bid buttons there).
import { h } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { currencyIcon } from "../symbols.js";

export function columnView(state, extra) {
  const niet = new Set(state.niet || []);
  const high = state.high_bid;
  return h(
    "section.column",
    { "aria-label": t("col.title") },
    state.a_la_carte ? h("p.alc-banner", { role: "status", text: t("alc.banner") }) : null,
    h(
      "ol.column-list",
      null,
      (state.column || []).map((c, i) =>
        h(
          "li.col-row",
          {
            class: [niet.has(c) ? "blocked" : "", high && high.currency === c ? "holding" : ""]
              .filter(Boolean)
              .join(" "),
            dataset: { currency: c },
            "data-key": `col-${c}`,
          },
          h(
            "div.col-name",
            null,
            h("span.col-rank", { text: t("col.rank", { n: i + 1 }) }),
            currencyIcon(c),
            h("span.col-label", { text: t(`cur.${c}`) }),
            niet.has(c)
              ? h("span.niet-mark", { title: t("col.blocked") }, t("col.niet"), h("span.sr", { text: ` (${t("col.blocked")})` }))
              : null,
          ),
          extra ? extra(c, i) : null,
        ),
      ),
    ),
  );
}
