// Bidding: per currency of the column, a button with the lowest winning bid and a stepper to go
// higher; a disabled button says why. Plus the "Going once" call, which asks first when the lot
// has no bid (it would be discarded).
import { h } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { columnView } from "./column.js";
import { curName } from "./auction.js";

/** The amount shown for a currency: the player's choice, kept between min and max. */
export function chosenAmount(ui, currency, option) {
  const min = option.min ?? 1;
  let amount = ui.amount[currency];
  if (typeof amount !== "number" || amount < min) amount = min;
  if (amount > option.max) amount = Math.max(min, option.max);
  return amount;
}

/** "up to 12", or, when the most counts on a power (the view says), what the cards alone pay
 * first: "up to 8 (12 with Convert)", or "only with Convert: up to 12" when they pay nothing. */
function maxText(option) {
  const needs = (option.needs || []).filter((p) => typeof p === "string");
  if (!needs.length) return t("bid.max", { n: option.max });
  // Both powers: "powers" on the short line (the row has room for two short lines).
  const powers = needs.length > 1 ? t("bid.both_powers") : t(`pow.${needs[0]}`);
  if (typeof option.plain !== "number") return t("bid.max_needs", { n: option.max, powers });
  if (option.plain <= 0) return t("bid.max_only", { n: option.max, powers });
  return t("bid.max_plain", { plain: option.plain, n: option.max, powers });
}

function bidControls(ctx, currency) {
  const { state, ui, send, rerender } = ctx;
  const option = (state.you.bid_options || {})[currency];
  if (!option) return null;
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
  const name = curName(currency, amount);
  const step = (d) => () => {
    ui.amount[currency] = amount + d;
    rerender();
  };
  return h(
    "div.bid-ctl",
    null,
    h("span.max", { text: maxText(option) }),
    h(
      "div.stepper",
      null,
      h("button.step", {
        type: "button",
        "data-key": `less-${currency}`,
        "aria-label": t("bid.less", { currency: t(`cur.${currency}`) }),
        disabled: amount <= (option.min ?? 1),
        onclick: step(-1),
        text: "−",
      }),
      h("output.amount", { "aria-live": "off", text: amount }),
      h("button.step", {
        type: "button",
        "data-key": `more-${currency}`,
        "aria-label": t("bid.more", { currency: t(`cur.${currency}`) }),
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
        // Kept until the room answers it: a call pressed meanwhile waits for it (goingRow).
        ui.bidRef = send({ type: "bid", amount, currency }) ?? ui.bidRef;
        ui.amount[currency] = null;
      },
      text: t("bid.place", { amount }),
    }),
  );
}

/** "Going once", or, on a lot with no bid, the question whether to discard it. A call pressed
 * while this phone's own bid is on its way (the lot still shows empty) is held, and sent once the
 * room takes the bid (goingAfterBid): the lot will not be empty, so there is nothing to ask. */
function goingRow(ctx) {
  const { state, ui, send, rerender } = ctx;
  const going = state.going > 0;
  const empty = !state.high_bid;
  if (ui.goingHeld && (going || state.phase !== "bidding")) ui.goingHeld = false;
  if (ui.confirmDiscard && (!empty || going || state.phase !== "bidding")) ui.confirmDiscard = false;
  if (ui.confirmDiscard) {
    const keep = () => {
      ui.confirmDiscard = false;
      ui.focus = "going";
      rerender();
    };
    return h(
      "div.going-row.discard",
      {
        role: "group",
        "aria-labelledby": "discard-q",
        // Escape keeps the lot, as Cancel does.
        onkeydown: (e) => {
          if (e.key === "Escape") keep();
        },
      },
      h("p.discard-q", { id: "discard-q", text: t("bid.discard_question") }),
      h("button.going", {
        type: "button",
        "data-key": "going-confirm",
        onclick: () => {
          ui.confirmDiscard = false;
          ui.focus = "going";
          send({ type: "going" });
          rerender();
        },
        text: t("bid.discard_confirm"),
      }),
      h("button.ghost", {
        type: "button",
        "data-key": "going-cancel",
        onclick: keep,
        text: t("common.cancel"),
      }),
    );
  }
  return h(
    "div.going-row",
    null,
    h("button.going", {
      type: "button",
      "data-key": "going",
      disabled: going || ui.goingHeld || state.phase !== "bidding",
      "aria-describedby": going || ui.goingHeld ? "why-going" : null,
      onclick: () => {
        if (empty && ui.bidRef) {
          ui.goingHeld = true;
          rerender();
        } else if (empty) {
          ui.confirmDiscard = true;
          ui.focus = "going-cancel";
          rerender();
        } else send({ type: "going" });
      },
      text: t("bid.going"),
    }),
    going || ui.goingHeld
      ? h("span.why", { id: "why-going", text: t(going ? "reason.already_going" : "reason.going_held") })
      : null,
  );
}

/**
 * For the page's onState and onError: the answer to this phone's pending bid (`ack`, the ref a
 * frame confirms, or an error frame's ref). Taken: a call held meanwhile goes now. Refused: the
 * call is dropped with it (the lot may still be empty; the error says why). A new connection
 * (`welcome`) forgets both, since its answer may never come.
 */
export function goingAfterBid(ui, state, send, { ack = null, refused = null, welcome = false }) {
  if (welcome) {
    ui.bidRef = null;
    ui.goingHeld = false;
    return;
  }
  if (!ui.bidRef || (ack !== ui.bidRef && refused !== ui.bidRef)) return;
  ui.bidRef = null;
  const held = ui.goingHeld;
  ui.goingHeld = false;
  if (held && ack !== null && state.phase === "bidding" && state.high_bid && !state.going) send({ type: "going" });
}

/** The column with its bid controls, then the "Going once" button. */
export function bidPanel(ctx) {
  const { state } = ctx;
  return h(
    "section.bidpanel",
    { "aria-label": t("bid.title"), "data-key": "bidpanel" },
    columnView(state, (c) => bidControls(ctx, c)),
    goingRow(ctx),
  );
}
