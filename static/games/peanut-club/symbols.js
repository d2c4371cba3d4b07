// Pictures for symbols and currencies: each one a distinct shape (never told apart by colour
// alone), always with a text label next to it or as its accessible name.
import { h } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";

const SHAPES = {
  luxury: "M12 2 22 10 12 22 2 10Z M2 10h20 M8 2.5 12 10 16 2.5", // a cut gem
  antique: "M6 2h12v3l-4.5 7 4.5 7v3H6v-3l4.5-7L6 5Z", // an hourglass
  exotic: "M12 2C5 8 5 16 12 22 19 16 19 8 12 2Z M12 5v17", // a leaf
  furniture: "M6 2h3v9h6V2h3v20h-3v-6H9v6H6Z", // a chair
  modern: "M14 1 4 14h7l-2 9 11-14h-7Z", // a lightning bolt
  classical: "M2 4 12 1l10 3v2H2Z M4 8h3v11H4Z M10.5 8h3v11h-3Z M17 8h3v11h-3Z M2 20h20v3H2Z", // a temple
  curiosity: "M12 1.5l3 7 7.5.6-5.7 4.9 1.8 7.5L12 17.4l-6.6 4.1 1.8-7.5L1.5 9.1 9 8.5Z", // a star
  art: "M12 2C6 2 2 6.5 2 12s4.5 10 10 10c1.8 0 2.4-1.6 1.4-2.8-1-1.3 0-3.2 1.6-3.2H18c2.2 0 4-1.8 4-4C22 6.3 17.5 2 12 2Z M7 11.5a1.5 1.5 0 1 0 .1 0Z M10 6.5a1.5 1.5 0 1 0 .1 0Z M15 6.5a1.5 1.5 0 1 0 .1 0Z", // a palette
  joker: "M12 1l2 7 7-2-5 6 5 6-7-2-2 7-2-7-7 2 5-6-5-6 7 2Z", // a burst
};

const CURRENCY_SHAPES = {
  dollars: "M3 3h18v18H3Z", // a banknote square, with "$" drawn on it
  camels: "M2 18c1-6 3-9 5-9s2 3 4 3 2-7 5-7 3 5 4 8l2 5Z", // two humps
  peanuts: "M12 2a5 5 0 0 1 3.5 8.6 5 5 0 1 1-7 0A5 5 0 0 1 12 2Z", // a peanut
};

function svg(path, cls, label) {
  return h(
    "svg:svg",
    {
      class: cls,
      viewBox: "0 0 24 24",
      role: label ? "img" : null,
      "aria-label": label || null,
      "aria-hidden": label ? null : "true",
      focusable: "false",
    },
    h("svg:path", { d: path }),
  );
}

/** A symbol picture; `withLabel` adds its name as visible text. */
export function symbolIcon(symbol, withLabel = false) {
  const name = t(`sym.${symbol}`);
  const pic = svg(SHAPES[symbol] || SHAPES.joker, `sym sym-${symbol}`, withLabel ? null : name);
  if (!withLabel) return pic;
  return h("span.symtag", { class: `tag-${symbol}` }, pic, h("span", { text: name }));
}

/** A currency picture (with "$" on the dollar note). */
export function currencyIcon(currency, label = false) {
  const name = t(`cur.${currency}`);
  const pic = svg(CURRENCY_SHAPES[currency], `cur cur-${currency}`, label ? name : null);
  if (currency === "dollars") {
    pic.appendChild(h("svg:text", { x: "12", y: "17.5", "text-anchor": "middle", text: "$" }));
  }
  return pic;
}

/** "5 Camels" with the currency's picture (number and name in their own spans, for styling). */
export function money(amount, currency) {
  return h(
    "span.money",
    { class: `m-${currency}` },
    currencyIcon(currency),
    h("span.money-n", { text: amount }),
    " ",
    h("span.money-c", { text: t(`cur.${currency}`) }),
  );
}

/** An object card: its name in the page language and its symbols. */
export function objectCard(obj, lang) {
  const name = (obj.name && (obj.name[lang] || obj.name.en)) || obj.id;
  return h(
    "div.object",
    { role: "group", "aria-label": name },
    h("div.object-name", { text: name }),
    h(
      "div.object-syms",
      null,
      (obj.symbols || []).map((s) => symbolIcon(s, true)),
    ),
  );
}
