// A seat back on another device. A phone that opens the room's link during a game without a seat
// sees the away seats ("I'm Bea") and may ask for one (`claim`); it then waits for the host. The
// host's TV and phone list each request with Admit / Refuse (inside the away notice, ui/away.js).
// Everything is drawn from the view's `claims` and `players` (and the id of this page's own
// pending claim): the room decides which seats may be asked for and who gets them.
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { inLobby } from "../state.js";

const seatName = (state, seat) => {
  const p = (state.players || [])[seat];
  return (p && p.name) || `#${seat + 1}`;
};

/** The seats a device without one may ask for: a person's, away, while a game runs. */
export function claimableSeats(state) {
  if (!state || inLobby(state) || state.phase === "over") return [];
  return (state.players || []).filter((p) => p.connected === false);
}

/** The host's rows, one per pending request: who is asked for, Admit, Refuse. */
export function claimRows(state, send) {
  return ((state && state.claims) || []).map((c) => {
    const name = seatName(state, c.seat);
    return h(
      "li.away-row.claim-row",
      { "data-key": `claim-row-${c.id}` },
      h("span.away-text", { text: t("claim.asks", { name }) }),
      h("button.away-bot.claim-admit", {
        type: "button",
        "data-key": `claim-admit-${c.id}`,
        "aria-label": t("claim.admit_name", { name }),
        onclick: () => send({ type: "admit", claim: c.id }),
        text: t("claim.admit"),
      }),
      h("button.away-bot.claim-refuse", {
        type: "button",
        "data-key": `claim-refuse-${c.id}`,
        "aria-label": t("claim.refuse_name", { name }),
        onclick: () => send({ type: "refuse", claim: c.id }),
        text: t("claim.refuse"),
      }),
    );
  });
}

/** A watching phone's box: the seats it may ask for, or its request waiting for the host. */
function claimBox(state, mine, send) {
  const waiting = mine && (state.claims || []).some((c) => c.id === mine.claim);
  if (waiting) {
    return h(
      "section.claim-panel",
      { role: "status", "data-key": "claim-waiting" },
      h("p.claim-wait", { text: t("claim.waiting") }),
      h("p.claim-note", { text: t("claim.waiting_for", { name: seatName(state, mine.seat) }) }),
    );
  }
  const seats = claimableSeats(state);
  if (!seats.length) return null;
  return h(
    "section.claim-panel",
    { "aria-label": t("claim.title"), "data-key": "claims" },
    h("h2.claim-title", { text: t("claim.title") }),
    h("p.claim-note", { text: t("claim.hint") }),
    h(
      "div.claim-seats",
      null,
      seats.map((p) =>
        h("button.primary.claim-seat", {
          type: "button",
          "data-key": `claim-${p.seat}`,
          onclick: () => send({ type: "claim", seat: p.seat }),
          text: t("claim.me", { name: seatName(state, p.seat) }),
        }),
      ),
    ),
  );
}

/** Show or clear a watching phone's box for the latest `state` (never on a TV, never with a
 *  seat); `mine` is this page's pending claim ({claim, seat}) or null. */
export function showClaimBox(state, { seat = null, send = null, mine = null } = {}) {
  const phone = !document.body.classList.contains("page-tv");
  const box = phone && seat === null && send && state ? claimBox(state, mine, send) : null;
  let holder = document.getElementById("claim");
  if (!box) {
    if (holder) holder.remove();
    return;
  }
  if (!holder) {
    holder = document.createElement("div");
    holder.id = "claim";
    holder.className = "claim-box";
    const app = document.getElementById("app");
    if (app) app.before(holder);
    else document.body.append(holder);
  }
  mount(holder, box);
}
