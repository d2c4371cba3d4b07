// My hand grouped by currency (strongest first) with totals, and my secret collector.
import { h } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { currencyIcon, symbolIcon } from "../symbols.js";

const ALL = ["dollars", "camels", "peanuts"];

/** Cards grouped by currency in column order: [[currency, cards], ...] (empty groups dropped). */
export function groupHand(hand, column) {
  const order = [...(column || []), ...ALL.filter((c) => !(column || []).includes(c))];
  return order
    .map((c) => [c, (hand || []).filter((card) => card.currency === c).sort((a, b) => a.value - b.value || a.id - b.id)])
    .filter(([, cards]) => cards.length);
}

export function handView(state) {
  const you = state.you;
  const groups = groupHand(you.hand, state.column);
  return h(
    "section.hand",
    { "aria-labelledby": "hand-title" },
    h("h2", { id: "hand-title", text: t("hand.title") }),
    groups.length
      ? h(
          "ul.hand-groups",
          null,
          groups.map(([c, cards]) =>
            h(
              "li.hand-group",
              { class: `g-${c}` },
              h("span.hg-name", null, currencyIcon(c), h("span", { text: t(`cur.${c}`) })),
              h(
                "span.hg-cards",
                null,
                cards.map((card) => h("span.card", { class: `c-${c}`, text: card.value })),
              ),
              h("span.hg-total", { text: t("hand.total", { n: cards.reduce((s, x) => s + x.value, 0) }) }),
            ),
          ),
        )
      : h("p.muted", { text: t("hand.empty") }),
    you.collector
      ? h(
          "p.collector",
          null,
          symbolIcon(you.collector),
          h("span", { text: t("hand.collector", { symbol: t(`sym.${you.collector}`) }) }),
        )
      : null,
  );
}
