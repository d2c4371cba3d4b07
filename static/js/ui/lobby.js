// The lobby: who is in, and for the host: start, add a bot, remove a player, settings.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { nameTag } from "./players.js";

const SETTINGS = ["going_step_seconds", "idle_seconds", "pay_seconds"];
const LEVELS = ["easy", "normal", "hard"];

/** ctx: {state, me, host, ui, send, rerender} */
export function lobbyView(ctx) {
  const { state, me, host } = ctx;
  const players = state.players || [];
  return h(
    "section.lobby",
    { "aria-labelledby": "lobby-title" },
    h("h2", { id: "lobby-title", text: t("lobby.title") }),
    h("h3", { text: t("lobby.players", { n: players.length }) }),
    h(
      "ul.lobby-players",
      null,
      players.map((p) =>
        h(
          "li.lobby-player",
          { dataset: { seat: p.seat } },
          nameTag(p, me, state.host_seat),
          host && p.seat !== me
            ? h("button.small.ghost", {
                type: "button",
                "data-key": `kick-${p.seat}`,
                "aria-label": t("lobby.kick", { name: p.name || "" }),
                title: t("lobby.kick", { name: p.name || "" }),
                onclick: () => ctx.send({ type: "kick", seat: p.seat }),
                text: "✕",
              })
            : null,
        ),
      ),
    ),
    players.length < 3 ? h("p.muted", { text: t("lobby.need") }) : null,
    host ? hostControls(ctx) : h("p.muted", { text: t("lobby.wait_host") }),
  );
}

function hostControls(ctx) {
  const { state, ui, send } = ctx;
  const n = (state.players || []).length;
  ui.botLevel = ui.botLevel || "normal";
  const current = state.settings || {};
  ui.settings = ui.settings || {};
  return h(
    "div.host-controls",
    null,
    h("button.primary.big", {
      type: "button",
      "data-key": "start",
      disabled: n < 3,
      onclick: () => send({ type: "start" }),
      text: t("lobby.start"),
    }),
    h(
      "div.bot-row",
      null,
      h("label", { for: "bot-level", text: t("lobby.level") }),
      h(
        "select",
        {
          id: "bot-level",
          "data-key": "bot-level",
          onchange: (e) => {
            ui.botLevel = e.target.value;
          },
        },
        LEVELS.map((l) => h("option", { value: l, selected: ui.botLevel === l, text: t(`level.${l}`) })),
      ),
      h("button", {
        type: "button",
        "data-key": "add-bot",
        disabled: n >= 6,
        onclick: () => send({ type: "add_bot", level: ui.botLevel }),
        text: t("lobby.add_bot"),
      }),
    ),
    h(
      "details.settings",
      { open: ui.settingsOpen || null, ontoggle: (e) => (ui.settingsOpen = e.target.open) },
      h("summary", { text: t("lobby.settings") }),
      h(
        "form.settings-form",
        {
          onsubmit: (e) => {
            e.preventDefault();
            const values = {};
            for (const k of SETTINGS) {
              const v = ui.settings[k] ?? current[k];
              if (v !== undefined && v !== "") values[k] = Number(v);
            }
            send({ type: "settings", ...values });
            ui.settings = {};
          },
        },
        SETTINGS.map((k) =>
          h(
            "div.field",
            null,
            h("label", { for: `set-${k}`, text: t(`set.${k}`) }),
            h("input", {
              id: `set-${k}`,
              "data-key": `set-${k}`,
              type: "number",
              inputmode: "decimal",
              min: "0",
              step: "any",
              value: String(ui.settings[k] ?? current[k] ?? ""),
              "aria-describedby": `help-${k}`,
              oninput: (e) => {
                ui.settings[k] = e.target.value;
              },
            }),
            h("small", { id: `help-${k}`, text: t(`set.${k}_help`) }),
          ),
        ),
        h("button", { type: "submit", "data-key": "save-settings", text: t("set.save") }),
      ),
    ),
  );
}
