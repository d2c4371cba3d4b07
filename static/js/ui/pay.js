// Paying for a won lot: starts from the server's suggestion; tap cards to change it, switch Convert
// and Abracadabra (then pick the doubled card), see the value against the bid and the deadline.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { currencyIcon, money } from "../symbols.js";
import { seatName } from "../state.js";
import { countdownBar } from "./auction.js";
import { groupHand } from "./hand.js";

/** The payment being edited, reset from the suggestion whenever a new payment starts. */
export function payDraft(ui, state) {
  const hb = state.high_bid;
  const key = `${state.round}-${hb.seat}-${hb.amount}-${hb.currency}`;
  if (!ui.pay || ui.pay.key !== key) {
    const s = state.you.pay_suggestion || { cards: [], convert: false, abracadabra: null };
    ui.pay = { key, cards: new Set(s.cards), convert: !!s.convert, abracadabra: s.abracadabra ?? null };
  }
  return ui.pay;
}

/** What the chosen cards are worth: face value (1 each À la carte), the doubled card twice. */
export function payValue(hand, draft, aLaCarte) {
  let value = 0;
  for (const card of hand) {
    if (!draft.cards.has(card.id)) continue;
    const unit = aLaCarte ? 1 : card.value;
    value += card.id === draft.abracadabra ? 2 * unit : unit;
  }
  return value;
}

function deadline(state) {
  if (typeof state.deadline !== "number") return null;
  return h(
    "div.pay-deadline",
    null,
    h("span", { dataset: { deadline: state.deadline, fmt: "pay.deadline" } }),
    countdownBar(state),
  );
}

/** Everyone else sees who is paying. */
export function payingOther(state) {
  const hb = state.high_bid;
  return h(
    "section.paying-other",
    { role: "status" },
    h("p", {
      text: t("pay.waiting", { name: seatName(state, hb.seat), amount: hb.amount, currency: t(`cur.${hb.currency}`) }),
    }),
    deadline(state),
  );
}

export function payView(ctx) {
  const { state, ui, send, rerender } = ctx;
  const hb = state.high_bid;
  const you = state.you;
  const draft = payDraft(ui, state);
  const me = (state.players || []).find((p) => p.seat === you.seat) || {};
  const tokens = me.tokens || {};
  const blocked = new Set(state.niet || []);
  const value = payValue(you.hand, draft, state.a_la_carte);
  const gap = value - hb.amount;
  const usable = (card) => !blocked.has(card.currency) && (draft.convert || card.currency === hb.currency);

  const toggleCard = (card) => () => {
    if (draft.cards.has(card.id)) {
      draft.cards.delete(card.id);
      if (draft.abracadabra === card.id) draft.abracadabra = null;
    } else {
      draft.cards.add(card.id);
    }
    rerender();
  };
  const setConvert = (e) => {
    draft.convert = e.target.checked;
    if (!draft.convert) {
      for (const card of you.hand) if (card.currency !== hb.currency) draft.cards.delete(card.id);
      if (draft.abracadabra !== null && !draft.cards.has(draft.abracadabra)) draft.abracadabra = null;
    }
    rerender();
  };
  const setAbra = (e) => {
    draft.abracadabra = e.target.checked ? (draft.abracadabra ?? -1) : null;
    rerender();
  };
  const abraOn = draft.abracadabra !== null;

  return h(
    "section.pay",
    { "aria-labelledby": "pay-title" },
    h("h2", { id: "pay-title", "data-key": "pay-title", tabindex: "-1" }, t("pay.title", { amount: hb.amount, currency: t(`cur.${hb.currency}`) })),
    h("p.pay-bid", null, money(hb.amount, hb.currency), state.a_la_carte ? h("span.badge.alc", { text: t("pow.a_la_carte") }) : null),
    deadline(state),
    h(
      "div.pay-toggles",
      null,
      tokens.convert
        ? null
        : h("label.toggle", null, h("input", { type: "checkbox", "data-key": "convert", checked: draft.convert, onchange: setConvert }), h("span", { text: t("pay.convert") })),
      tokens.abracadabra
        ? null
        : h("label.toggle", null, h("input", { type: "checkbox", "data-key": "abracadabra", checked: abraOn, onchange: setAbra }), h("span", { text: t("pay.abracadabra") })),
    ),
    h("p.muted", { text: abraOn && draft.abracadabra < 0 ? t("pay.pick_double") : t("pay.tap") }),
    h(
      "ul.pay-groups",
      null,
      groupHand(you.hand, state.column).map(([c, cards]) =>
        h(
          "li.pay-group",
          null,
          h("span.hg-name", null, currencyIcon(c), h("span", { text: t(`cur.${c}`) })),
          h(
            "span.pay-cards",
            null,
            cards.map((card) => {
              const on = draft.cards.has(card.id);
              const label = t("hand.card", { value: card.value, currency: t(`cur.${c}`) });
              return h(
                "span.pay-card-wrap",
                null,
                h("button.card.pick", {
                  type: "button",
                  class: [`c-${c}`, on ? "on" : "", draft.abracadabra === card.id ? "doubled" : ""].join(" "),
                  "data-key": `card-${card.id}`,
                  "data-card": card.id,
                  "aria-pressed": on ? "true" : "false",
                  "aria-label": label,
                  disabled: !usable(card) && !on,
                  onclick: toggleCard(card),
                  text: card.value,
                }),
                abraOn && on
                  ? h("button.double", {
                      type: "button",
                      "data-key": `double-${card.id}`,
                      "aria-pressed": draft.abracadabra === card.id ? "true" : "false",
                      "aria-label": `${t("pay.double_label")}: ${label}`,
                      onclick: () => {
                        draft.abracadabra = card.id;
                        rerender();
                      },
                      text: t("pay.double"),
                    })
                  : null,
              );
            }),
          ),
        ),
      ),
    ),
    h(
      "p.pay-value",
      { class: gap >= 0 ? "ok" : "short", role: "status" },
      h("strong", { text: t("pay.value", { value, amount: hb.amount }) }),
      " · ",
      t(gap < 0 ? "pay.short" : gap > 0 ? "pay.excess" : "pay.enough", { n: Math.abs(gap) }),
    ),
    h(
      "div.confirm-row",
      null,
      h("button.primary.big", {
        type: "button",
        "data-key": "pay",
        disabled: draft.cards.size === 0,
        onclick: () =>
          send({
            type: "pay",
            cards: [...draft.cards],
            convert: draft.convert,
            abracadabra: draft.abracadabra !== null && draft.abracadabra >= 0 ? draft.abracadabra : null,
          }),
        text: t("pay.submit"),
      }),
      h("button.ghost", {
        type: "button",
        "data-key": "pay-reset",
        onclick: () => {
          ui.pay = null;
          rerender();
        },
        text: t("pay.reset"),
      }),
    ),
  );
}
