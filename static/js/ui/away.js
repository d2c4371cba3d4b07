// Someone seated has dropped during a game: the TV and the host's phone say so, naming them, with
// a one-tap "let a bot play" for the host (the room's `add_bot` with the seat, which hands an away
// seat to a bot). The notice goes as soon as they come back or a bot plays for them. Every game's
// pages get it from the connection (net.js), so no game's page has to remember it.
import { h, mount } from "../dom.js";
import { t } from "../i18n.js";
import { inLobby } from "../state.js";
import { claimRows } from "./claims.js";

/** The seated people who are away while a game runs (a bot's seat is never away). */
export function awayPlayers(state) {
  if (!state || inLobby(state) || state.phase === "over") return [];
  return (state.players || []).filter((p) => p.connected === false && !p.bot);
}

/** The notice for `state`, or null: each away person by name, and for the host a button; for
 *  the host also each request for an away seat from another device (ui/claims.js). */
export function awayNotice(state, { host = false, send = null, level = "normal" } = {}) {
  const away = awayPlayers(state);
  const claims = host && send ? claimRows(state, send) : [];
  if (!away.length && !claims.length) return null;
  return h(
    "section.away-notice",
    { role: "status", "aria-label": t("away.title"), "data-key": "away" },
    h(
      "ul.away-list",
      null,
      away.map((p) => {
        const name = p.name || `#${p.seat + 1}`;
        return h(
          "li.away-row",
          { "data-key": `away-${p.seat}` },
          h("span.away-text", { text: t("away.dropped", { name }) }),
          host && send
            ? h("button.away-bot", {
                type: "button",
                "data-key": `away-bot-${p.seat}`,
                "aria-label": t("host.to_bot", { name }),
                onclick: () => send({ type: "add_bot", level, seat: p.seat }),
                text: t("away.bot"),
              })
            : null,
        );
      }),
      claims,
    ),
  );
}

/**
 * Show or clear the notice for the latest `state` of this page's connection. A TV shows it to
 * everyone in the room (the button only when it holds the host token); a phone only when it is
 * the host's. It lives in its own box beside the page's main element, so a game's render never
 * has to make room for it: on a phone above the page, on a TV a strip of its own between the table
 * and the footer (the table gives up that height, so the notice hides no heading, banner or field;
 * the games' TVs fit their parts again on the resize this sends).
 */
export function showAway(state, { host = false, send = null } = {}) {
  const tv = document.body.classList.contains("page-tv");
  const notice = tv || host ? awayNotice(state, { host, send }) : null;
  let box = document.getElementById("away");
  if (!notice) {
    if (box) {
      box.remove();
      if (tv) dispatchEvent(new Event("resize"));
    }
    return;
  }
  if (!box) {
    box = document.createElement("div");
    box.id = "away";
    box.className = "away-box";
    const app = document.getElementById("app");
    if (app && tv) app.after(box);
    else if (app) app.before(box);
    else document.body.append(box);
    mount(box, notice);
    if (tv) dispatchEvent(new Event("resize"));
    return;
  }
  mount(box, notice);
}
