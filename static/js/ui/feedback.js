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
