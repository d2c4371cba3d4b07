// Power tokens on the phone: Niet, Crash and À la carte each open a confirm step; Convert and
// Abracadabra are used while paying, so here they only show whether they are ready.
import { h } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { currencyIcon } from "../symbols.js";

const ACTIVE = ["niet", "crash", "a_la_carte"];
const PASSIVE = ["convert", "abracadabra"];

function choice(key, label, pressed, onclick, extra = {}) {
  return h(
    "button.choice",
    { type: "button", "data-key": key, "aria-pressed": pressed ? "true" : "false", onclick, ...extra },
    label,
  );
}

function currencyChoices(ctx, currencies, prefix) {
  const { ui, rerender } = ctx;
  return h(
    "div.choices",
    { role: "group", "aria-label": t("powers.pick_currency") },
    currencies.map((c, i) =>
      choice(
        i === 0 ? `${prefix}-first` : `${prefix}-${c}`,
        [currencyIcon(c), h("span", { text: t(`cur.${c}`) })],
        ui.powerCur === c,
        () => {
          ui.powerCur = c;
          rerender();
        },
        { "data-currency": c },
      ),
    ),
  );
}

function confirmRow(ctx, label, ready, message) {
  const { ui, send, rerender } = ctx;
  return h(
    "div.confirm-row",
    null,
    h("button.primary", {
      type: "button",
      "data-key": "power-confirm",
      disabled: !ready,
      onclick: () => {
        send(message());
        ui.power = null;
        ui.powerCur = null;
        ui.powerPos = null;
        rerender();
      },
      text: label,
    }),
    h("button.ghost", {
      type: "button",
      "data-key": "power-cancel",
      onclick: () => {
        ui.power = null;
        rerender();
      },
      text: t("common.cancel"),
    }),
  );
}

function confirmPanel(ctx) {
  const { state, ui } = ctx;
  const niet = new Set(state.niet || []);
  const column = state.column || [];
  const free = column.filter((c) => !niet.has(c));
  const cur = ui.powerCur;
  const curName = cur ? t(`cur.${cur}`) : "…";
  let body;
  if (ui.power === "niet") {
    body = [
      h("p", { text: t("powers.pick_currency") }),
      currencyChoices(ctx, free, "pw"),
      confirmRow(ctx, t("powers.niet_confirm", { currency: curName }), !!cur && free.includes(cur), () => ({
        type: "niet",
        currency: cur,
      })),
    ];
  } else if (ui.power === "crash") {
    const pos = ui.powerPos;
    body = [
      h("p", { text: t("powers.pick_currency") }),
      currencyChoices(ctx, column, "pw"),
      h("p", { text: t("powers.pick_place") }),
      h(
        "div.choices",
        { role: "group", "aria-label": t("powers.pick_place") },
        column.map((_, i) =>
          choice(
            `pos-${i}`,
            t("powers.place", { n: i + 1 }),
            pos === i,
            () => {
              ui.powerPos = i;
              ctx.rerender();
            },
            { "data-pos": i },
          ),
        ),
      ),
      confirmRow(
        ctx,
        t("powers.crash_confirm", { currency: curName, n: pos === null || pos === undefined ? "…" : pos + 1 }),
        !!cur && typeof pos === "number",
        () => ({ type: "crash", currency: cur, position: pos }),
      ),
    ];
  } else {
    const amount = ui.alcAmount || 1;
    body = [
      h("p", { text: t("pow_help.a_la_carte") }),
      currencyChoices(ctx, free, "pw"),
      h("p", { text: t("powers.alc_amount") }),
      h(
        "div.stepper",
        null,
        h("button.step", {
          type: "button",
          "data-key": "alc-less",
          "aria-label": t("bid.less", { currency: curName }),
          disabled: amount <= 1,
          onclick: () => {
            ui.alcAmount = amount - 1;
            ctx.rerender();
          },
          text: "−",
        }),
        h("output.amount", { text: amount }),
        h("button.step", {
          type: "button",
          "data-key": "alc-more",
          "aria-label": t("bid.more", { currency: curName }),
          onclick: () => {
            ui.alcAmount = amount + 1;
            ctx.rerender();
          },
          text: "+",
        }),
      ),
      confirmRow(ctx, t("powers.alc_confirm", { amount, currency: curName }), !!cur && free.includes(cur), () => ({
        type: "a_la_carte",
        amount,
        currency: cur,
      })),
    ];
  }
  return h(
    "div.power-confirm",
    { role: "group", "aria-label": t(`pow.${ui.power}`) },
    h("h3", { text: t(`pow.${ui.power}`) }),
    body,
  );
}

export function powersView(ctx) {
  const { state, ui, rerender } = ctx;
  const me = (state.players || []).find((p) => p.seat === state.you.seat) || {};
  const tokens = me.tokens || {};
  const bidding = state.phase === "bidding";
  return h(
    "section.powers",
    { "aria-labelledby": "powers-title" },
    h("h2", { id: "powers-title", text: t("powers.title") }),
    h(
      "div.power-buttons",
      null,
      ACTIVE.map((p) =>
        h(
          "div.power",
          null,
          h("button.power-btn", {
            type: "button",
            "data-key": `power-${p}`,
            class: tokens[p] ? "used" : "",
            disabled: !!tokens[p] || !bidding,
            "aria-expanded": ui.power === p ? "true" : "false",
            title: t(`pow_help.${p}`),
            onclick: () => {
              ui.power = ui.power === p ? null : p;
              ui.powerCur = null;
              ui.powerPos = null;
              ui.alcAmount = 1;
              ui.focus = "pw-first";
              rerender();
            },
            text: t(`pow.${p}`),
          }),
          tokens[p] ? h("span.why", { text: t("reason.power_used") }) : null,
        ),
      ),
      PASSIVE.map((p) =>
        h(
          "div.power.passive",
          { title: t(`pow_help.${p}`) },
          h("span.power-chip", { class: tokens[p] ? "used" : "", text: t(`pow.${p}`) }),
          h("span.why", { text: t(tokens[p] ? "powers.used" : "powers.ready") }),
        ),
      ),
    ),
    ui.power && bidding ? confirmPanel(ctx) : null,
  );
}
