// The piles on the phone: the foundations, the four building piles, the peanuts pile, the stock
// and the waste; a top card is a button (tap to play, press and move to drag), and a picked
// card turns every place it may go into a target.
import { h } from "/static/js/dom.js";
import { t, plural } from "/static/js/i18n.js";
import { app, send } from "./page.js";
import { cardFace, cardBack, cardName, emptySlot } from "./cards.js";
import { tapCard, dropOn } from "./moves.js";
import { dragStart } from "./drag.js";

/** One of my top cards, as a button: tap to play, or to pick when choosing a place. */
export function topCard(card, key, label, flying) {
  const picked = app.picked && app.picked.card.id === card.id;
  return cardFace(card, "button", {
    type: "button",
    "data-key": key,
    class: ["top", picked ? "picked" : "", flying ? "flying" : "", app.hint === card.id ? "hint" : ""].join(" "),
    "aria-label": label,
    "aria-pressed": app.choose || app.picked ? (picked ? "true" : "false") : null,
    onclick: () => tapCard(card),
    onpointerdown: (e) => dragStart(e, card),
  });
}

/** A place a picked card may be sent to (the server judges it). */
export function targetAttrs(key, label, target) {
  return {
    type: "button",
    "data-key": key,
    "aria-label": label,
    "data-drop": target.join(":"),
    onclick: () => dropOn(target),
  };
}

export function foundationsView(state) {
  const picked = !!app.picked;
  const list = state.foundations;
  return h(
    "section.foundations",
    { "aria-label": t("pile.foundations"), "data-key": "foundations" },
    h(
      "ol.fnd-list",
      null,
      list.map((f) => {
        const label = f.complete
          ? t("pile.foundation_complete", { n: f.index + 1 })
          : t("pile.foundation", { n: f.index + 1, card: cardName(f.top) });
        const attrs = picked && !f.complete
          ? targetAttrs(`target-f${f.index}`, label, ["foundation", f.index])
          : { "aria-label": label, "data-drop": f.complete ? null : `foundation:${f.index}` };
        return h(
          "li.fnd",
          { "data-key": `f${f.index}`, class: f.complete ? "complete" : "" },
          cardFace(f.top, picked && !f.complete ? "button" : "span", { ...attrs, class: "mini" }),
        );
      }),
      h(
        "li.fnd.fnd-new",
        { "data-key": "f-new" },
        picked
          ? h("button.card-slot.mini", { ...targetAttrs("target-f", t("pile.new_foundation"), ["foundation", list.length]), text: "+" })
          : h("span.card-slot.mini", { "data-drop": `foundation:${list.length}`, "aria-hidden": "true", text: list.length ? "" : "A" }),
      ),
    ),
    list.length ? null : h("p.fnd-none", { text: t("pile.no_foundation") }),
  );
}

export function buildingView(me, flying) {
  const picked = !!app.picked;
  return h(
    "section.building",
    { "aria-label": t("pile.building", { n: "1–4" }), "data-key": "building" },
    me.building.map((pile, i) => {
      const n = i + 1;
      const top = pile[pile.length - 1];
      const label = !top
        ? t("pile.building_empty", { n })
        : pile.length > 1
          ? t("pile.building_label", { n, card: cardName(top), count: pile.length })
          : t("pile.building_label_one", { n, card: cardName(top) });
      const off = pile.length > 5 ? 4 / (pile.length - 1) : 1;
      const cards = pile.map((card, j) =>
        j === pile.length - 1 && !picked
          ? topCard(card, `b${i}`, t("play.card_quick", { card: label }), flying.has(card.id))
          : cardFace(card, "span", { "data-key": `c${card.id}`, class: j === pile.length - 1 && app.picked && app.picked.card.id === card.id ? "picked" : "" }),
      );
      const body = cards.length ? cards : [emptySlot()];
      const css = `--n:${Math.max(pile.length, 1)};--off:${off.toFixed(3)}`;
      if (picked && !(app.picked.card.id === (top && top.id))) {
        return h("button.pile.target", { ...targetAttrs(`target-b${i}`, t("play.to_pile") + " · " + label, ["building", i]), "data-css": css }, body);
      }
      return h("div.pile", { "data-key": `pile-${i}`, "data-drop": `building:${i}`, "data-css": css, role: "group", "aria-label": label }, body);
    }),
  );
}

export function reserveView(me, flying) {
  const top = me.peanuts.top;
  const left = me.peanuts.left;
  const waste = me.waste;
  const wtop = waste[waste.length - 1];
  return h(
    "section.reserve",
    { "data-key": "reserve" },
    h(
      "div.peanuts",
      { "data-key": "peanuts-box" },
      h("span.label", { text: t("pile.peanuts") }),
      top
        ? topCard(top, "peanuts", `${t("pile.peanuts")}: ${cardName(top)}, ${plural("race.left", left)}`, flying.has(top.id))
        : me.peanuts.hidden
          ? cardBack(me.deck, null)
          : emptySlot({ class: "done", text: t("pile.peanuts_empty") }),
      h("span.count", { "data-key": "peanuts-left", text: plural("race.left", left) }),
    ),
    h(
      "div.stock",
      null,
      h("span.label", { text: t("pile.stock") }),
      h(
        "button.flip",
        {
          type: "button",
          "data-key": "flip",
          class: [`deck-${me.deck % 6}`, app.hint === "stock" ? "hint" : ""].join(" "),
          "aria-label": me.stock_count ? t("play.flip_label", { n: me.stock_count }) : t("play.recycle"),
          onclick: () => send({ type: "flip" }),
        },
        h("span.back-count", { "aria-hidden": "true", text: String(me.stock_count) }),
        h("span.flip-text", { "aria-hidden": "true", text: me.stock_count ? t("play.flip") : "↺" }),
      ),
    ),
    h(
      "div.waste",
      { "data-key": "waste-box" },
      h("span.label", { text: t("pile.waste") }),
      h(
        "div.waste-fan",
        { "aria-label": wtop ? null : t("pile.waste_empty"), role: wtop ? null : "img" },
        waste.length
          ? waste.map((card, j) =>
              j === waste.length - 1 && !app.picked
                ? topCard(card, "waste", `${t("pile.waste")}: ${cardName(card)}`, flying.has(card.id))
                : cardFace(card, "span", { "data-key": `c${card.id}`, class: app.picked && app.picked.card.id === card.id ? "picked" : "", "aria-hidden": "true" }),
            )
          : emptySlot(),
      ),
    ),
  );
}
