// Bidding: per currency of the column, a button with the lowest winning bid and a stepper to go
// higher; a disabled button says why. Plus the "Going once" call.
import { h } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { columnView } from "./column.js";

/** The amount shown for a currency: the player's choice, kept between min and max. */
export function chosenAmount(ui, currency, option) {
  const min = option.min ?? 1;
  let amount = ui.amount[currency];
  if (typeof amount !== "number" || amount < min) amount = min;
  if (amount > option.max) amount = Math.max(min, option.max);
  return amount;
}

function bidControls(ctx, currency) {
  const { state, ui, send, rerender } = ctx;
  const option = (state.you.bid_options || {})[currency];
  if (!option) return null;
  const name = t(`cur.${currency}`);
  if (option.reason) {
    return h(
      "div.bid-ctl.off",
      null,
      h("button.bid", {
        type: "button",
        disabled: true,
        "data-key": `bid-${currency}`,
        "aria-describedby": `why-${currency}`,
        text: option.min ? t("bid.place", { amount: option.min }) : t("bid.title"),
      }),
      h("span.why", { id: `why-${currency}`, text: t(`reason.${option.reason}`) }),
    );
  }
  const amount = chosenAmount(ui, currency, option);
  const step = (d) => () => {
    ui.amount[currency] = amount + d;
    rerender();
  };
  return h(
    "div.bid-ctl",
    null,
    h(
      "div.stepper",
      null,
      h("button.step", {
        type: "button",
        "data-key": `less-${currency}`,
        "aria-label": t("bid.less", { currency: name }),
        disabled: amount <= (option.min ?? 1),
        onclick: step(-1),
        text: "−",
      }),
      h("output.amount", { "aria-live": "off", text: amount }),
      h("button.step", {
        type: "button",
        "data-key": `more-${currency}`,
        "aria-label": t("bid.more", { currency: name }),
        disabled: amount >= option.max,
        onclick: step(1),
        text: "+",
      }),
    ),
    h("button.bid.primary", {
      type: "button",
      "data-key": `bid-${currency}`,
      "aria-label": `${t("bid.place", { amount })} ${name}`,
      onclick: () => {
        send({ type: "bid", amount, currency });
        ui.amount[currency] = null;
      },
      text: t("bid.place", { amount }),
    }),
    h("span.max", { text: t("bid.max", { n: option.max }) }),
  );
}

/** The column with its bid controls, then the "Going once" button. */
export function bidPanel(ctx) {
  const { state, send } = ctx;
  const going = state.going > 0;
  return h(
    "section.bidpanel",
    { "aria-label": t("bid.title") },
    columnView(state, (c) => bidControls(ctx, c)),
    h(
      "div.going-row",
      null,
      h("button.going", {
        type: "button",
        "data-key": "going",
        disabled: going || state.phase !== "bidding",
        "aria-describedby": going ? "why-going" : null,
        title: t("bid.going_help"),
        onclick: () => send({ type: "going" }),
        text: t("bid.going"),
      }),
      going ? h("span.why", { id: "why-going", text: t("reason.already_going") }) : null,
    ),
  );
}
