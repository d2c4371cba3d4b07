// The "Keys" help of the player pages: a button that stays out of sight until the keyboard
// reaches it (the second stop after "Skip to the game", so it costs a phone's bar no room), or
// "?" anywhere; it opens a panel under the bar with every key the page answers to: the shared
// ones (Tab, Enter, Space, Escape) and the game's own (`lines`, keys of its catalogue). Escape
// or the button closes it and gives the focus back to the button.
import { t } from "../i18n.js";

const SHARED = ["keys.tab", "keys.enter", "keys.escape", "keys.help"];
let open = false;
let rerenderLast = null;

function close(rerender) {
  open = false;
  rerender();
  const btn = document.querySelector("#bar [data-key=keys-btn]");
  if (btn) btn.focus();
}

// "?" opens or closes the help from anywhere on the page but a text field.
document.addEventListener("keydown", (e) => {
  if (e.key !== "?" || e.ctrlKey || e.metaKey || e.altKey || !rerenderLast) return;
  const tag = e.target && e.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  if (!document.querySelector("#bar [data-key=keys-btn]")) return;
  e.preventDefault();
  if (open) close(rerenderLast);
  else {
    open = true;
    rerenderLast();
    const panel = document.querySelector("#bar [data-key=keys-close]");
    if (panel) panel.focus();
  }
});

/** The bar's "Keys" button and, while open, its panel; `lines`: the game's catalogue keys. */
export function keysHelp(h, rerender, lines = []) {
  rerenderLast = rerender;
  return h(
    "span.keys",
    { "data-key": "keys" },
    h("button.keys-btn", {
      type: "button",
      "data-key": "keys-btn",
      class: open ? "open" : "",
      "aria-expanded": open ? "true" : "false",
      "aria-controls": open ? "keys-panel" : null,
      "aria-keyshortcuts": "?",
      onclick: () => {
        if (open) close(rerender);
        else {
          open = true;
          rerender();
        }
      },
      text: t("keys.title"),
    }),
    open
      ? h(
          "section.keys-panel",
          {
            id: "keys-panel",
            "data-key": "keys-panel",
            "aria-labelledby": "keys-title",
            onkeydown: (e) => {
              if (e.key === "Escape") {
                e.stopPropagation();
                close(rerender);
              }
            },
          },
          h("h2", { id: "keys-title", text: t("keys.title") }),
          h(
            "ul",
            null,
            [...SHARED, ...lines].map((key) => h("li", { "data-key": key, text: t(key) })),
          ),
          h("button", { type: "button", "data-key": "keys-close", onclick: () => close(rerender), text: t("keys.close") }),
        )
      : null,
  );
}
