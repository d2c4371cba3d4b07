// Paying for a won lot: starts from the server's suggestion; tap cards to change it, switch Convert
// and Abracadabra (then pick the doubled card), see the server's verdict on it (value against the
// bid, the card that is not needed) and the deadline.
import { h } from "/static/js/dom.js";
import { t, errorText } from "/static/js/i18n.js";
import { currencyIcon } from "../symbols.js";
import { seatName } from "/static/js/state.js";
import { countdownBar, curName, moneyOf } from "./auction.js";
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

/** The payment the draft names, as `pay` and `check_pay` send it. */
function payment(draft) {
  const doubled = draft.abracadabra !== null && draft.abracadabra >= 0 ? draft.abracadabra : null;
  return { cards: [...draft.cards].sort((a, b) => a - b), convert: draft.convert, abracadabra: doubled };
}

/**
 * The server's verdict on the draft as it stands, or null while it is being asked. The page
 * judges no payment itself: each new draft is sent as a `check_pay` dry run, and its `pay_check`
 * answer (value, what is short or lost, which card is not needed) is what the screen shows.
 */
function verdict(ui, draft, ask) {
  const question = { type: "check_pay", ...payment(draft) };
  const key = JSON.stringify([draft.key, question]);
  if (!ui.payCheck || ui.payCheck.key !== key) {
    ui.payCheck = { key, ref: draft.cards.size ? ask(question) : null, answer: null };
  }
  return ui.payCheck.answer;
}

/** Takes the server's answer (or refusal) to the latest dry run; true when it was one. */
export function payAnswer(ui, msg) {
  const asked = ui.payCheck;
  if (!asked || asked.ref === null || msg.ref !== asked.ref) return false;
  asked.answer = msg.type === "error" ? { ok: false, code: msg.code, value: null } : msg;
  return true;
}

function verdictLine(answer, hb, draft) {
  if (!draft.cards.size) return h("p.pay-value", { role: "status", text: t("pay.tap") });
  if (!answer) return h("p.pay-value.checking", { role: "status", text: t("pay.checking") });
  const value = answer.value ?? 0;
  const gap = value - hb.amount;
  let why;
  if (answer.ok) why = t(gap > 0 ? "pay.excess" : "pay.enough", { n: gap });
  else if (answer.unneeded !== null && answer.unneeded !== undefined) why = t("pay.unneeded");
  else if (gap < 0) why = t("pay.short", { n: -gap });
  else why = errorText(answer.code);
  return h(
    "p.pay-value",
    { class: answer.ok ? "ok" : "short", role: "status" },
    h("strong", { text: t("pay.value", { value, amount: hb.amount }) }),
    " · ",
    why,
  );
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

/** The hand's groups with `currency`'s first, the rest in column order. */
function payFirst(groups, currency) {
  return [...groups.filter(([c]) => c === currency), ...groups.filter(([c]) => c !== currency)];
}

/** Everyone else sees who is paying. */
export function payingOther(state) {
  const hb = state.high_bid;
  return h(
    "section.paying-other",
    { role: "status" },
    h("p", {
      text: t("pay.waiting", { name: seatName(state, hb.seat), amount: hb.amount, currency: curName(hb.currency, hb.amount) }),
    }),
    deadline(state),
  );
}

export function payView(ctx) {
  const { state, ui, send, ask, rerender } = ctx;
  const hb = state.high_bid;
  const you = state.you;
  const draft = payDraft(ui, state);
  const me = (state.players || []).find((p) => p.seat === you.seat) || {};
  const tokens = me.tokens || {};
  const blocked = new Set(state.niet || []);
  const answer = verdict(ui, draft, ask);
  const unneeded = answer && !answer.ok ? answer.unneeded : null;
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
  const alc = !!state.a_la_carte;

  return h(
    "section.pay",
    { "aria-labelledby": "pay-title" },
    h("h2", { id: "pay-title", "data-key": "pay-title", tabindex: "-1" }, t("pay.title", { amount: hb.amount, currency: curName(hb.currency, hb.amount) })),
    h("p.pay-bid", null, moneyOf(hb.amount, hb.currency), state.a_la_carte ? h("span.badge.alc", { text: t("pow.a_la_carte") }) : null),
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
    alc ? h("p.alc-note", { text: t("pay.alc_note") }) : null,
    h("p.muted", { text: abraOn && draft.abracadabra < 0 ? t("pay.pick_double") : t("pay.tap") }),
    h(
      "ul.pay-groups",
      null,
      // The bid's own currency first: the cards that pay without Convert, above the fold.
      payFirst(groupHand(you.hand, state.column), hb.currency).map(([c, cards]) =>
        h(
          "li.pay-group",
          null,
          h("span.hg-name", null, currencyIcon(c), h("span", { text: t(`cur.${c}`) })),
          h(
            "span.pay-cards",
            null,
            cards.map((card) => {
              const on = draft.cards.has(card.id);
              // In an À la carte round every card counts 1: that is what the card shows.
              const label = alc
                ? t("pay.card_alc", { value: card.value, currency: t(`cur.${c}`) })
                : t("hand.card", { value: card.value, currency: t(`cur.${c}`) });
              return h(
                "span.pay-card-wrap",
                null,
                h("button.card.pick", {
                  type: "button",
                  class: [
                    `c-${c}`,
                    on ? "on" : "",
                    draft.abracadabra === card.id ? "doubled" : "",
                    on && card.id === unneeded ? "unneeded" : "",
                  ].join(" "),
                  "data-key": `card-${card.id}`,
                  "data-card": card.id,
                  "aria-pressed": on ? "true" : "false",
                  "aria-label": label,
                  disabled: !usable(card) && !on,
                  onclick: toggleCard(card),
                  "data-face": card.value,
                  text: alc ? 1 : card.value,
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
    // What the chosen cards are worth stays beside the Pay button, both on screen however long
    // the hand: the foot sticks to the bottom of the phone.
    h(
      "div.pay-foot",
      null,
      verdictLine(answer, hb, draft),
      h(
        "div.confirm-row",
        null,
      h("button.primary.big", {
        type: "button",
        "data-key": "pay",
        disabled: !(answer && answer.ok),
        onclick: () => send({ type: "pay", ...payment(draft) }),
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
    ),
  );
}
