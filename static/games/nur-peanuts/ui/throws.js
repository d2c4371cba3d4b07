// A turn on the phone: the three throws side by side, each a button over its odds (every field
// it may reach: its value in hundreds as the ring shows it, what the round would pay or cost if
// it ended with the pawn parked there, and the chance), and, once thrown, where the pawn stands with Park and what rolling again costs.
// Every figure is the engine's (turn.odds, turn.park); the page only prints them.
import { h } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { money, signed, ownerText, payee, pieceName, seatClass } from "./format.js";

export const THROWS = ["black", "white", "two_white"];
/** The keys that throw (and P parks): the same in every language. */
export const KEYS = { b: "black", w: "white", t: "two_white" };
const KEY_OF = { black: "B", white: "W", two_white: "T" };

const percent = (chance) => `${Math.round(chance * 100)}%`;

/** What the round would pay or cost if it ended with the pawn parked there. */
const endedText = (n) => (n ? t("np.if_ended", { n: signed(n) }) : t("np.if_ended_zero"));

/** One field a throw may reach, as a sentence for screen readers. */
function oddsLabel(state, e, me) {
  const parts = [t("np.odds_row", { p: percent(e.chance), v: money(e.value), owner: ownerText(state, e.owner, me) })];
  if (e.leads) parts.push(t("np.would_lead"));
  if (e.bumps) parts.push(t("np.would_bump", { name: pieceName(state, e.bumps, me) }));
  parts.push(endedText(e.outcome));
  parts.push(rollOnText(state, e, me));
  return parts.join(", ");
}

/** What rolling on from a field would cost, as the engine says (`reroll_cost`, `reroll_to`,
 * `can_reroll`): free on one's own field, else its price and to whom, or more than one has. */
function rollOnText(state, e, me) {
  if (!e.reroll_cost) return t("np.roll_on_free");
  if (!e.can_reroll) return t("np.roll_on_cannot", { amount: money(e.reroll_cost) });
  return t("np.roll_on_pays", { amount: money(e.reroll_cost), to: payee(state, e.reroll_to, me) });
}

function oddsList(state, dice, entries, me) {
  return h(
    "ol.np-odds",
    { id: `odds-${dice}`, "data-key": `odds-${dice}` },
    entries.map((e) =>
      h(
        "li.np-odd",
        {
          "data-key": `o${e.field}`,
          class: [
            seatClass(e.owner),
            e.outcome > 0 ? "gain" : e.outcome < 0 ? "loss" : "",
            e.leads ? "leads" : "",
            e.reroll_cost ? (e.can_reroll ? "" : "no-roll") : "free-roll",
          ].join(" "),
          "aria-label": oddsLabel(state, e, me),
        },
        h("span.v", { "aria-hidden": "true", text: (e.bumps ? "⤺" : "") + String(e.value / 100) }),
        h("span.o", { "aria-hidden": "true", text: e.outcome ? signed(e.outcome) : "" }),
        h("span.p", { "aria-hidden": "true", text: percent(e.chance) }),
      ),
    ),
  );
}

/** The three throws, each with its odds; `onThrow(dice)` sends one. */
export function throwColumns(state, me, { disabled, onThrow, onFocus }) {
  const odds = state.turn.odds;
  return h(
    "div.np-throws",
    { "data-key": "throws" },
    THROWS.map((dice) =>
      h(
        "div.np-throw",
        { "data-key": `throw-${dice}` },
        h(
          "button.np-throw-btn",
          {
            type: "button",
            "data-key": `throw-btn-${dice}`,
            "data-dice": dice,
            disabled: disabled || null,
            "aria-describedby": `odds-${dice}`,
            "aria-keyshortcuts": KEY_OF[dice],
            onclick: () => onThrow(dice),
            onfocus: () => onFocus(dice),
            onpointerenter: () => onFocus(dice),
          },
          h("span.np-dice", { class: `dice-${dice}`, "aria-hidden": "true" }),
          h("span.np-throw-name", { text: t(`np.dice.${dice}`) }),
          h("small", { text: t(`np.range.${dice}`) }),
        ),
        oddsList(state, dice, odds[dice] || [], me),
      ),
    ),
  );
}

/** Once thrown: where the pawn stands, Park (and what it would mean), and the price of going on. */
export function parkPanel(state, me, { onPark, disabled }) {
  const turn = state.turn;
  const here = turn.park;
  if (!here) return null;
  const facts = [];
  if (here.leads) facts.push(t("np.would_lead"));
  if (here.bumps) facts.push(t("np.would_bump", { name: pieceName(state, here.bumps, me) }));
  facts.push(endedText(here.outcome));
  return h(
    "div.np-park",
    { "data-key": "park-panel" },
    h(
      "button.primary.np-park-btn",
      { type: "button", "data-key": "park", disabled: disabled || null, "aria-keyshortcuts": "P", onclick: onPark },
      h("span", { text: t("np.park_on", { v: money(here.value) }) }),
      h("small", { text: facts.join(" · ") }),
    ),
    h("p.np-reroll", { "data-key": "reroll", class: turn.can_reroll ? "" : "cannot", text: rerollText(state, me) }),
  );
}

/** "Roll again: free (a 0 showed)", "Roll again: pays 1,200 to Ana", or why it cannot. */
export function rerollText(state, me) {
  const turn = state.turn;
  if (turn.free_reroll) return t("np.reroll_free_zero");
  const cost = turn.reroll_cost;
  if (!cost) return t("np.reroll_free_own");
  if (!turn.can_reroll) return t("np.reroll_cannot", { amount: money(cost) });
  return t("np.reroll_pays", { amount: money(cost), to: payee(state, turn.reroll_to, me) });
}
