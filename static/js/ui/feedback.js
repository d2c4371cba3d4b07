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

// Each region's last words and how to say them again in another language: the polite one
// (#live: what happened at the table) and the assertive one (#alert: what this player must do
// now, read at once). Sentences given in one go (one frame's events) are said together: a
// region holds one text, and writing it again at once would drop all but the last.
const regions = {
  live: { said: "", remake: null, batch: null },
  alert: { said: "", remake: null, batch: null },
};

function flush(id) {
  const region = regions[id];
  const batch = region.batch;
  region.batch = null;
  const live = byId(id);
  if (!live || !batch || !batch.length) return;
  const text = batch.map((b) => b.text).join(" ");
  const remakes = batch.map((b) => b.remake);
  region.remake = remakes.every(Boolean) ? () => remakes.map((f) => f()).filter(Boolean).join(" ") : null;
  // Repeating the same words must still be read: alternate a trailing no-break space.
  live.textContent = text === region.said ? `${text}\u00a0` : text;
  region.said = live.textContent;
}

/** Tell screen readers what changed (polite: it waits for a pause). `remake` says it again in
 * the page's language, for when the language is switched. `urgent`: something this player must
 * act on now (their turn, a payment they owe, their bid beaten), read out at once. */
export function announce(text, remake = null, urgent = false) {
  const id = urgent ? "alert" : "live";
  if (!text || !byId(id)) return;
  const region = regions[id];
  if (!region.batch) {
    region.batch = [];
    queueMicrotask(() => flush(id));
  }
  region.batch.push({ text, remake });
}

/** After a language switch: each region's last sentence in the new language. */
export function reannounce() {
  for (const [id, region] of Object.entries(regions)) {
    const live = byId(id);
    if (!live) continue;
    live.lang = document.documentElement.lang;
    const text = region.remake ? region.remake() : "";
    live.textContent = text || "";
    region.said = live.textContent;
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
