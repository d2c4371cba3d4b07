// Where phones join a room, as every game's TV shows it: the link and its QR code, or why phones
// cannot reach this server and how to fix it. The room summary says which (GET /api/rooms/CODE:
// `join_url`, `join_warning`); until it has answered, the link the landing page kept, else this
// page's own origin.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { joinLink } from "../store.js";

/** What this TV knows of its room's join link so far. */
export function reachOf(code) {
  return { url: joinLink.get(code) || `${location.origin}/r/${encodeURIComponent(code)}`, warning: null };
}

/** Ask the room summary for the link phones reach; `changed()` once it is known. */
export async function loadReach(reach, code, changed) {
  try {
    const res = await fetch(`/api/rooms/${encodeURIComponent(code)}`, { headers: { accept: "application/json" } });
    if (!res.ok) return;
    const summary = await res.json();
    if (typeof summary.join_url === "string") reach.url = summary.join_url;
    reach.warning = typeof summary.join_warning === "string" ? summary.join_warning : null;
    changed();
  } catch {
    /* keep the link we have */
  }
}

let qr = null;
/** The QR code: one element kept across renders (no reload, no flicker). */
function qrImage(code) {
  if (!qr) qr = h("img.qr", { src: `/r/${encodeURIComponent(code)}/qr.svg`, width: "360", height: "360" });
  qr.alt = t("lobby.scan");
  return qr;
}

/** The lobby's join panel: the link and its QR code, or the warning and its fix. */
export function joinPanel(reach, code) {
  if (reach.warning === "localhost_only") {
    return h(
      "div.tv-reach.warn",
      { role: "alert", "data-key": "reach-local" },
      h("h2", { text: t("reach.local_title") }),
      h("p", { text: t("reach.local_text") }),
      h("p", { text: t("reach.local_fix") }),
      h("code.tv-cmd", { text: "peanutclub serve --host 0.0.0.0" }),
      h("p", { text: t("reach.local_then") }),
    );
  }
  if (reach.warning === "no_lan_address") {
    const port = location.port ? `:${location.port}` : "";
    return h(
      "div.tv-reach.warn",
      { role: "alert", "data-key": "reach-none" },
      h("h2", { text: t("reach.none_title") }),
      h("p", { text: t("reach.none_text") }),
      h("p.tv-url", { text: `http://…${port}/r/${code}` }),
    );
  }
  return h(
    "div.tv-reach",
    { "data-key": "reach-ok" },
    h("p.tv-label", { text: t("lobby.share") }),
    h("p.tv-url", { text: reach.url }),
    qrImage(code),
    h("p.tv-label", { text: t("lobby.scan") }),
  );
}

/** The footer's line: the link, or a short word of why phones cannot join. */
export function footLink(reach) {
  if (!reach.warning) return h("span.foot-url", { text: reach.url });
  const key = reach.warning === "localhost_only" ? "reach.foot_local" : "reach.foot_none";
  return h("span.foot-url.foot-warn", { text: t(key) });
}
