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
/** Tell screen readers about a bid, a call or a sale (polite: it waits for a pause). */
export function announce(text) {
  const live = byId("live");
  if (!live || !text) return;
  // Repeating the same sentence must still be read: alternate a trailing no-break space.
  live.textContent = text === lastSaid ? `${text}\u00a0` : text;
  lastSaid = live.textContent;
}

/** The connection banner: hidden when online. */
export function showStatus(status) {
  const el = byId("conn");
  if (!el) return;
  el.hidden = status === "online";
  el.dataset.status = status;
  el.textContent = status === "online" ? "" : t(`conn.${status}`);
}
