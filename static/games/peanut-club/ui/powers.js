// Power tokens on the phone: Niet, Crash and À la carte each open a confirm step (a sheet over
// the bottom of the screen, so the high bid and the call stay in sight); Convert and Abracadabra
// are used while paying, so here they only show whether they are ready. What may be played comes
// from the view (`you.powers`, `you.a_la_carte`) when the server sends it.
import { h } from "/static/js/dom.js";
import { t, errorText } from "/static/js/i18n.js";
import { currencyIcon } from "../symbols.js";
import { curName } from "./auction.js";

const ACTIVE = ["niet", "crash", "a_la_carte"];
const PASSIVE = ["convert", "abracadabra"];

/** A reason code as a short sentence: the page's own wording, else the error's. */
export function why(code) {
  const key = `reason.${code}`;
  const text = t(key);
  return text === key ? errorText(code) : text;
}

/** Can this power be played now, and if not why: the view's word when it has one. */
export function powerState(state, power) {
  const me = (state.players || []).find((p) => p.seat === state.you.seat) || {};
  const given = state.you.powers && state.you.powers[power];
  if (given && typeof given.usable === "boolean") return { usable: given.usable, reason: given.usable ? null : given.reason || "power_used" };
  if ((me.tokens || {})[power]) return { usable: false, reason: "power_used" };
  if (state.phase !== "bidding") return { usable: false, reason: "wrong_phase" };
  return { usable: true, reason: null };
}

/** The À la carte bounds for a currency: from the view's `you.a_la_carte`, else at most the
 * cards that could be counted (each counts 1; Abracadabra one more). */
export function alcBounds(state, currency) {
  const given = state.you.a_la_carte && state.you.a_la_carte[currency];
  if (given) return { min: given.min ?? 1, max: given.max ?? 0, reason: given.reason ?? null };
  const me = (state.players || []).find((p) => p.seat === state.you.seat) || {};
  const tokens = me.tokens || {};
  const blocked = new Set(state.niet || []);
  const cards = (state.you.hand || []).filter(
    (c) => !blocked.has(c.currency) && (c.currency === currency || !tokens.convert),
  );
  const max = cards.length ? cards.length + (tokens.abracadabra ? 0 : 1) : 0;
  return { min: 1, max, reason: max ? null : "cannot_honour" };
}

function choice(key, label, pressed, onclick, extra = {}) {
  return h(
    "button.choice",
    { type: "button", "data-key": key, "aria-pressed": pressed ? "true" : "false", onclick, ...extra },
    label,
  );
}

function currencyChoices(ctx, currencies, prefix, off = () => null) {
  const { ui, rerender } = ctx;
  return h(
    "div.choices",
    { role: "group", "aria-label": t("powers.pick_currency") },
    currencies.map((c, i) =>
      choice(
        i === 0 ? `${prefix}-first` : `${prefix}-${c}`,
        [currencyIcon(c), h("span.choice-text", { text: t(`cur.${c}`) })],
        ui.powerCur === c,
        () => {
          ui.powerCur = c;
          rerender();
        },
        { "data-currency": c, disabled: !!off(c), title: off(c) ? why(off(c)) : null },
      ),
    ),
  );
}

function closeSheet(ui) {
  ui.power = null;
  ui.powerCur = null;
  ui.powerPos = null;
  ui.powerLost = null;
}

function confirmRow(ctx, label, ready, message) {
  const { ui, send, rerender } = ctx;
  const power = ui.power;
  return h(
    "div.confirm-row",
    null,
    h("button.primary", {
      type: "button",
      "data-key": "power-confirm",
      disabled: !ready,
      onclick: () => {
        send(message());
        closeSheet(ui);
        ui.focus = `power-${power}`;
        rerender();
      },
      text: label,
    }),
    h("button.ghost", {
      type: "button",
      "data-key": "power-cancel",
      onclick: () => {
        closeSheet(ui);
        ui.focus = `power-${power}`;
        rerender();
      },
      text: t("common.cancel"),
    }),
  );
}

/** While a power is being chosen the lot may be called: say so, with the count-down. */
function race(state) {
  if (state.going) return h("p.race.race-going", { role: "status", text: t("powers.race_going", { call: t(`going.${state.going}`) }) });
  if (state.high_bid && typeof state.deadline === "number" && state.deadline_kind !== "pay") {
    return h("p.race", null, h("span", { dataset: { deadline: state.deadline, fmt: "powers.race_idle" } }));
  }
  return null;
}

/** What the player had chosen, in words (kept on screen when the lot closes under them). */
function choiceText(lost) {
  const cur = lost.cur ? t(`cur.${lost.cur}`) : "…";
  if (lost.power === "niet") return t("powers.niet_confirm", { currency: cur });
  if (lost.power === "crash") return t("powers.crash_confirm", { currency: cur, n: typeof lost.pos === "number" ? lost.pos + 1 : "…" });
  return t("powers.alc_confirm", { amount: lost.amount, currency: lost.cur ? curName(lost.cur, lost.amount) : "…" });
}

function lostSheet(ctx) {
  const { ui, rerender } = ctx;
  const lost = ui.powerLost;
  return h(
    "div.power-confirm.sheet.lost",
    { role: "alertdialog", "aria-labelledby": "sheet-title", "aria-describedby": "sheet-lost", "data-key": "sheet" },
    h("h3", { id: "sheet-title", text: t(`pow.${lost.power}`) }),
    h("p.lost-why", { id: "sheet-lost", role: "alert", text: lost.text }),
    h("p.lost-choice", { text: t("powers.lost_choice", { choice: choiceText(lost) }) }),
    h(
      "div.confirm-row",
      null,
      h("button.primary", {
        type: "button",
        "data-key": "sheet-close",
        onclick: () => {
          closeSheet(ui);
          rerender();
        },
        text: t("powers.lost_ok"),
      }),
    ),
  );
}

function confirmPanel(ctx) {
  const { state, ui } = ctx;
  const niet = new Set(state.niet || []);
  const column = state.column || [];
  const free = column.filter((c) => !niet.has(c));
  const cur = ui.powerCur;
  const curName0 = cur ? t(`cur.${cur}`) : "…";
  let body;
  if (ui.power === "niet") {
    body = [
      h("p", { text: t("powers.pick_currency") }),
      currencyChoices(ctx, free, "pw"),
      confirmRow(ctx, t("powers.niet_confirm", { currency: curName0 }), !!cur && free.includes(cur), () => ({
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
            h("span.choice-text", { text: t("powers.place", { n: i + 1 }) }),
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
        t("powers.crash_confirm", { currency: curName0, n: pos === null || pos === undefined ? "…" : pos + 1 }),
        !!cur && typeof pos === "number",
        () => ({ type: "crash", currency: cur, position: pos }),
      ),
    ];
  } else {
    const off = (c) => alcBounds(state, c).reason;
    const bounds = cur ? alcBounds(state, cur) : { min: 1, max: 1, reason: null };
    const amount = Math.max(bounds.min, Math.min(ui.alcAmount || 1, bounds.max || 1));
    ui.alcAmount = amount;
    const ready = !!cur && free.includes(cur) && !bounds.reason && amount <= bounds.max;
    body = [
      h("p.help", { text: t("pow_help.a_la_carte") }),
      currencyChoices(ctx, free, "pw", off),
      h("p", { text: t("powers.alc_amount") }),
      h(
        "div.stepper",
        null,
        h("button.step", {
          type: "button",
          "data-key": "alc-less",
          "aria-label": t("bid.less", { currency: curName0 }),
          disabled: amount <= bounds.min,
          onclick: () => {
            ui.alcAmount = amount - 1;
            ctx.rerender();
          },
          text: "−",
        }),
        h("output.amount", { "data-key": "alc-amount", text: amount }),
        h("button.step", {
          type: "button",
          "data-key": "alc-more",
          "aria-label": t("bid.more", { currency: curName0 }),
          disabled: !cur || amount >= bounds.max,
          onclick: () => {
            ui.alcAmount = amount + 1;
            ctx.rerender();
          },
          text: "+",
        }),
        cur ? h("span.max", { text: t("bid.max", { n: bounds.max }) }) : null,
      ),
      confirmRow(
        ctx,
        t("powers.alc_confirm", { amount, currency: cur ? curName(cur, amount) : "…" }),
        ready,
        () => ({ type: "a_la_carte", amount, currency: cur }),
      ),
    ];
  }
  const power = ui.power;
  return h(
    "div.power-confirm.sheet",
    {
      role: "dialog",
      "aria-labelledby": "sheet-title",
      "data-key": "sheet",
      onkeydown: (e) => {
        if (e.key !== "Escape") return;
        closeSheet(ui);
        ui.focus = `power-${power}`;
        ctx.rerender();
      },
    },
    h("h3", { id: "sheet-title", text: t(`pow.${ui.power}`) }),
    race(state),
    body,
  );
}

/** The sheet of a power being chosen, or of one the lot's end cut short (null when none). */
export function powerSheet(ctx) {
  const { state, ui } = ctx;
  if (ui.powerLost) return lostSheet(ctx);
  if (ui.power && state.phase === "bidding") return confirmPanel(ctx);
  return null;
}

export function powersView(ctx) {
  const { state, ui, rerender } = ctx;
  const me = (state.players || []).find((p) => p.seat === state.you.seat) || {};
  const tokens = me.tokens || {};
  return h(
    "section.powers",
    { "aria-labelledby": "powers-title", "data-key": "powers" },
    h("h2.sr", { id: "powers-title", text: t("powers.title") }),
    h(
      "div.power-buttons",
      null,
      ACTIVE.map((p) => {
        const st = powerState(state, p);
        return h(
          "button.power-btn",
          {
            type: "button",
            "data-key": `power-${p}`,
            class: tokens[p] ? "used" : st.usable ? "" : "off",
            disabled: !st.usable,
            "aria-expanded": ui.power === p ? "true" : "false",
            "aria-describedby": `help-${p}${st.usable ? "" : ` whyp-${p}`}`,
            onclick: () => {
              const open = ui.power !== p;
              closeSheet(ui);
              ui.power = open ? p : null;
              ui.alcAmount = 1;
              ui.focus = open ? "pw-first" : null;
              rerender();
            },
          },
          h("span.power-name", { text: t(`pow.${p}`) }),
          st.usable ? null : h("span.power-why", { id: `whyp-${p}`, text: why(st.reason) }),
        );
      }),
    ),
    h(
      "p.passive",
      null,
      PASSIVE.map((p) =>
        h(
          "span.power-chip",
          { class: tokens[p] ? "used" : "", "aria-describedby": `help-${p}` },
          h("span.power-name", { text: t(`pow.${p}`) }),
          " ",
          h("span.power-state", { text: t(tokens[p] ? "powers.used" : "powers.ready") }),
        ),
      ),
    ),
    // Each power's help, apart from its name: read as the button's description.
    h(
      "div.sr",
      null,
      [...ACTIVE, ...PASSIVE].map((p) => h("span", { id: `help-${p}`, text: t(`pow_help.${p}`) })),
    ),
  );
}
