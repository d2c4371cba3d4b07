// Inviting friends from a phone: the room's link, a button that copies it (or opens the phone's
// share sheet), and the room's QR code on demand.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { joinLink } from "../store.js";
import { toast } from "./feedback.js";

/** The link friends open: the one the server handed out (LAN address), else this page's. */
export const roomLink = (code) => joinLink.get(code) || `${location.origin}/r/${encodeURIComponent(code)}`;

async function copy(url) {
  try {
    await navigator.clipboard.writeText(url);
    toast(t("share.copied"));
  } catch {
    toast(t("share.copy_failed", { url }), "warn");
  }
}

/** ctx: {code, ui, rerender}; ui.qr says whether the QR code is shown. */
export function shareView({ code, ui, rerender }) {
  const url = roomLink(code);
  return h(
    "section.share",
    { "aria-labelledby": "share-title", "data-key": "share" },
    h("h2", { id: "share-title", text: t("share.title") }),
    h("p.share-url", null, h("a", { href: url, "data-key": "share-url", text: url })),
    h(
      "div.share-row",
      null,
      h("button", { type: "button", "data-key": "share-copy", onclick: () => copy(url), text: t("share.copy") }),
      navigator.share
        ? h("button", {
            type: "button",
            "data-key": "share-native",
            onclick: () => navigator.share({ url, title: t("common.room", { code }) }).catch(() => {}),
            text: t("share.share"),
          })
        : null,
      h("button", {
        type: "button",
        "data-key": "share-qr",
        "aria-expanded": ui.qr ? "true" : "false",
        "aria-controls": "share-qr",
        onclick: () => {
          ui.qr = !ui.qr;
          rerender();
        },
        text: t(ui.qr ? "share.qr_hide" : "share.qr"),
      }),
    ),
    h("img.share-qr", {
      id: "share-qr",
      "data-key": "share-qr-img",
      src: ui.qr ? `/r/${encodeURIComponent(code)}/qr.svg` : null,
      alt: t("share.qr_alt"),
      width: "240",
      height: "240",
      hidden: !ui.qr,
    }),
  );
}
