// The keyboard: the page's moves without a pointer.
import { app, session, send, render, playing } from "./page.js";
import { mine } from "./my-deck.js";
import { play, cancelPick, dropOn } from "./moves.js";

/** Keys: P, W, 1–4 play that card (Shift: pick it); with a card picked, 1–4 and F send it to a
 * building pile or a foundation; T turns the stock; S the stuck toggle; Escape cancels. */
export function startKeys() {
  document.addEventListener("keydown", (e) => {
    if (!playing() || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "SELECT")) return;
    const me = mine(session.state);
    const key = e.key.toLowerCase();
    const cardFor = (k) => {
      if (k === "p") return me.peanuts.top;
      if (k === "w") return me.waste[me.waste.length - 1] || null;
      if ("1234".includes(k) && k.length === 1) {
        const pile = me.building[Number(k) - 1];
        return pile[pile.length - 1] || null;
      }
      return null;
    };
    if (key === "escape" && (app.picked || app.choose)) cancelPick(); else if (app.picked && "1234".includes(key) && key.length === 1) dropOn(["building", Number(key) - 1]);
    else if (app.picked && key === "f") dropOn(["foundation", null]);
    else if (key === "t") send({ type: "flip" });
    else if (key === "s") send({ type: "stuck", on: !me.stuck });
    else {
      const card = cardFor(key);
      if (!card) return;
      if (e.shiftKey) {
        app.picked = { card };
        app.ui.focus = "target-f";
        render();
      } else play(card);
    }
    e.preventDefault();
  });
}
