// Taking a seat: a name, and the reason when it did not work.
import { h } from "../dom.js";
import { t, errorText } from "../i18n.js";
import { lastName } from "../store.js";

/** The longest name a room takes (the server refuses a longer one with `bad_name`). The field
 * stops there and says so, rather than cutting a pasted name without a word. */
export const NAME_MAX = 20;

/** The line under the name field: how long a name may be, and a clear word once it is full. */
function nameHelp(length) {
  const full = length >= NAME_MAX;
  return h("small.name-help", {
    id: "name-help",
    "data-key": "name-help",
    class: full ? "full" : "",
    "aria-live": "polite",
    text: t(full ? "join.name_full" : "join.name_help", { max: NAME_MAX }),
  });
}

/** ctx: {code, joinError, started, onJoin(name), onWatch()} */
export function joinView(ctx) {
  if (ctx.started) {
    return h(
      "section.join",
      null,
      h("p", { text: t("join.started") }),
      ctx.onWatch
        ? h("button.primary.big", { type: "button", "data-key": "watch-here", onclick: ctx.onWatch, text: t("join.watch_here") })
        : null,
      h("a.button", { href: `/r/${encodeURIComponent(ctx.code)}/tv`, "data-key": "watch-tv", text: t(ctx.onWatch ? "join.watch_tv" : "join.watch") }),
    );
  }
  if (ctx.gone) {
    return h(
      "section.join",
      null,
      h("p.error", { role: "alert", text: t("join.no_room") }),
      h("a.button", { href: "/", text: t("join.home") }),
    );
  }
  return h(
    "section.join",
    { "aria-labelledby": "join-title" },
    h("h2", { id: "join-title", text: t("join.title") }),
    h(
      "form.join-form",
      {
        onsubmit: (e) => {
          e.preventDefault();
          const name = e.target.elements.name.value.trim();
          if (name) ctx.onJoin(name);
        },
      },
      h("label", { for: "name", text: t("join.name_label") }),
      h("input", {
        id: "name",
        name: "name",
        "data-key": "name",
        autocomplete: "nickname",
        maxlength: String(NAME_MAX),
        required: true,
        value: (lastName.get() || "").slice(0, NAME_MAX),
        "aria-invalid": ctx.joinError ? "true" : null,
        "aria-describedby": ctx.joinError ? "join-error name-help" : "name-help",
        // A name typed or pasted up to the limit stops there: the line below says so.
        oninput: (e) => {
          const help = e.target.parentNode.querySelector("#name-help");
          if (help) help.replaceWith(nameHelp(e.target.value.length));
        },
      }),
      nameHelp((lastName.get() || "").length),
      ctx.joinError ? h("p.error", { id: "join-error", role: "alert", text: errorText(ctx.joinError) }) : null,
      h("button.primary.big", { type: "submit", "data-key": "join", text: t("join.submit") }),
    ),
  );
}
