// A round's payments as arrows between the players (and the bank): the round's winner at the
// top, everyone else around, one arrow in the payer's colour from each payer to whom they paid,
// the amount on it. Every payment is listed in words beside it with its reason (a player on a
// field of their own too, paying nothing).
import { h } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { seatName } from "/static/js/state.js";
import { initial, fitted } from "./board.js";
import { money, paymentLine } from "./format.js";
import { seatShapeNode } from "/static/js/ui/seatmark.js";

const W = 640;
const H = 340;
const NODE = 30;

/** The nodes: the winner first (at the top), then every other player, and the bank if it takes
 * part; each at its place on an ellipse. */
function nodes(state, result) {
  const seats = state.players.map((p) => p.seat);
  const order = [];
  if (result.winner === "bank") order.push("bank");
  else order.push(result.winner);
  for (const s of seats) if (s !== result.winner) order.push(s);
  const bank = result.payments.some((p) => p.to === "bank");
  if (bank && result.winner !== "bank") order.push("bank");
  const spots = new Map();
  order.forEach((who, i) => {
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / order.length;
    spots.set(who, { who, x: W / 2 + (W / 2 - 90) * Math.cos(a), y: H / 2 + (H / 2 - 64) * Math.sin(a) });
  });
  return spots;
}

function nodeView(state, spot) {
  const bank = spot.who === "bank";
  const name = bank ? t("table.bank") : seatName(state, spot.who);
  const below = spot.y > H / 2 - 1;
  return h(
    "svg:g",
    { class: bank ? "pay-node bank" : `pay-node seat-${spot.who % 6}`, "data-key": `node-${spot.who}`, transform: `translate(${Math.round(spot.x)} ${Math.round(spot.y)})` },
    bank ? h("svg:circle", { r: NODE, class: "node-body" }) : seatShapeNode(spot.who, NODE * 1.15, "node-body"),
    h("svg:text", { class: "node-initial", dy: "0.36em", "font-size": 30, text: bank ? t("table.bank_short") : initial(state, spot.who) }),
    fitted(name, 170, 20, { class: "node-name", y: below ? NODE + 22 : -NODE - 10 }),
  );
}

function arrowView(state, p, from, to, i) {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const x1 = from.x + ux * (NODE + 4);
  const y1 = from.y + uy * (NODE + 4);
  const x2 = to.x - ux * (NODE + 6);
  const y2 = to.y - uy * (NODE + 6);
  const head = 18;
  const bx = x2 - ux * head;
  const by = y2 - uy * head;
  const tip = `${x2.toFixed(1)},${y2.toFixed(1)} ${(bx - uy * head * 0.55).toFixed(1)},${(by + ux * head * 0.55).toFixed(1)} ${(bx + uy * head * 0.55).toFixed(1)},${(by - ux * head * 0.55).toFixed(1)}`;
  const mx = (x1 + x2) / 2 - uy * 16;
  const my = (y1 + y2) / 2 + ux * 16;
  const short = p.amount < p.owed;
  return h(
    "svg:g",
    { class: `pay-arrow seat-${p.from % 6}${short ? " short" : ""}`, "data-key": `pay-${i}`, "data-from": String(p.from), "data-to": String(p.to), "data-amount": String(p.amount) },
    h("svg:line", { x1: x1.toFixed(1), y1: y1.toFixed(1), x2: bx.toFixed(1), y2: by.toFixed(1), class: "shaft" }),
    h("svg:polygon", { points: tip, class: "head" }),
    h("svg:text", { class: "pay-amount", x: mx.toFixed(1), y: my.toFixed(1), dy: "0.36em", "font-size": 22, text: money(p.amount) }),
  );
}

/** The round's payments (`round_result`): the drawing and the same in words. */
export function paymentsView(state, result) {
  const paid = result.payments.filter((p) => p.owed > 0);
  const spots = nodes(state, result);
  return h(
    "div.payments",
    { "data-key": "payments" },
    paid.length
      ? h(
          "svg:svg",
          { class: "pay-graph", viewBox: `0 0 ${W} ${H}`, "aria-hidden": "true" },
          [...spots.values()].map((spot) => nodeView(state, spot)),
          paid.map((p, i) => arrowView(state, p, spots.get(p.from), spots.get(p.to), i)),
        )
      : null,
    h(
      "ul.pay-list",
      null,
      result.payments.length
        ? result.payments.map((p, i) => h("li", { "data-key": `pl-${i}`, text: paymentLine(p, state) }))
        : h("li", { text: t("np.nobody_pays") }),
    ),
  );
}
