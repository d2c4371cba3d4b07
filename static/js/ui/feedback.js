// Toasts (errors and notices), the screen-reader live region and the connection banner.
import { h, byId } from "../dom.js";
import { t } from "../i18n.js";

/** A short message at the bottom of the screen; errors are also read out at once. */
export function toast(text, kind = "info") {
  const box = byId("toasts");
  if (!box) return;
  const el = h("div.toast", { class: `toast-${kind}`, role: kind === "error" ? "alert" : "status", text });
  box.appendChild(el);
  while (box.children.length > 2) box.firstChild.remove();
  setTimeout(() => el.remove(), kind === "error" ? 4500 : 2500);
}

let lastSaid = "";
let remakeLast = null;
/** Tell screen readers about a bid, a call or a sale (polite: it waits for a pause). `remake`
 * says it again in the page's language, for when the language is switched. */
export function announce(text, remake = null) {
  const live = byId("live");
  if (!live || !text) return;
  remakeLast = remake;
  // Repeating the same sentence must still be read: alternate a trailing no-break space.
  live.textContent = text === lastSaid ? `${text}\u00a0` : text;
  lastSaid = live.textContent;
}

/** After a language switch: the live region's last sentence in the new language. */
export function reannounce() {
  const live = byId("live");
  if (!live) return;
  live.lang = document.documentElement.lang;
  if (!remakeLast) {
    live.textContent = "";
    lastSaid = "";
    return;
  }
  const text = remakeLast();
  if (text) {
    live.textContent = text;
    lastSaid = text;
  }
}

/** The connection banner: hidden when online. */
export function showStatus(status) {
  const el = byId("conn");
  if (!el) return;
  el.hidden = status === "online";
  el.dataset.status = status;
  el.textContent = status === "online" ? "" : t(`conn.${status}`);
}

// The last round trip measured, kept so that a page re-drawing its bar shows it again.
let rtt = null;

function rttText() {
  return rtt === null ? "" : t("conn.rtt", { ms: rtt });
}

/** How the round trip feels at a table: quick, noticeable or slow (the badge's colour). */
function rttSpeed() {
  if (rtt === null) return "";
  return rtt < 100 ? "quick" : rtt < 300 ? "fair" : "slow";
}

/** The round-trip badge for a page's bar (empty until the first `pong`). */
export function rttBadge(h) {
  return h("span.rtt", {
    id: "rtt",
    "data-key": "rtt",
    "data-speed": rttSpeed(),
    title: rtt === null ? null : t("conn.rtt_label", { ms: rtt }),
    text: rttText(),
  });
}

/** connect()'s onRtt: remember the round trip and show it in the bar, without a re-render. */
export function showRtt(ms) {
  rtt = Math.max(1, Math.round(ms));
  const el = byId("rtt");
  if (!el) return;
  el.textContent = rttText();
  el.dataset.speed = rttSpeed();
  el.title = t("conn.rtt_label", { ms: rtt });
}
