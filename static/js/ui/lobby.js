// The lobby: who is in, and for the host: start, add a bot, remove a player, settings.
import { h, typed } from "../dom.js";
import { t } from "../i18n.js";
import { nameTag } from "./names.js";

/** ctx: {state, me, host, ui, send, rerender, game} where `game` is the room's game as
 *  GET /api/games describes it (seats, settings and their bounds, bot levels). */
export function lobbyView(ctx) {
  const { state, me, host, game } = ctx;
  const players = state.players || [];
  const seats = game.players;
  return h(
    "section.lobby",
    { "aria-labelledby": "lobby-title" },
    h("h2", { id: "lobby-title", text: t("lobby.title") }),
    h("h3", { text: t("lobby.players", { n: players.length, max: seats.max }) }),
    h(
      "ul.lobby-players",
      null,
      players.map((p) =>
        h(
          "li.lobby-player",
          { dataset: { seat: p.seat } },
          nameTag(p, me, state.host_seat),
          // A game that groups seats (Peanuts!' teams) says so in its lobby view.
          p.team !== null && p.team !== undefined
            ? h("span.badge.team", { "data-team": String(p.team), text: t("lobby.team", { n: p.team + 1 }) })
            : null,
          // Seats decide teams and the order of play: the host moves a player up a seat.
          host && p.seat > 0
            ? h("button.small.ghost", {
                type: "button",
                "data-key": `up-${p.seat}`,
                "aria-label": t("lobby.move_up", { name: p.name || "" }),
                title: t("lobby.move_up", { name: p.name || "" }),
                onclick: () => ctx.send({ type: "swap", seats: [p.seat - 1, p.seat] }),
                text: "▲",
              })
            : null,
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
    players.length < seats.min ? h("p.muted", { text: t("lobby.need", { n: seats.min }) }) : null,
    host ? hostControls(ctx) : h("p.muted", { text: t("lobby.wait_host") }),
  );
}

/**
 * For a page's onError: a `bad_settings` answer to the settings this lobby sent. The room kept
 * its values, so the fields that were changed are marked and show the room's value again.
 * Returns true when the error was that.
 */
export function settingsRefusal(ui, msg) {
  if (msg.code !== "bad_settings" || !ui.settingsSent) return false;
  // The server's message names the settings out of bounds; else every changed one is marked.
  const named = ui.settingsSent.filter((k) => String(msg.message || "").includes(k));
  ui.settingsRefused = named.length ? named : ui.settingsSent;
  ui.settingsSent = null;
  ui.settings = {};
  ui.settingsOpen = true;
  return true;
}

function hostControls(ctx) {
  const { state, ui, send, game } = ctx;
  const n = (state.players || []).length;
  const levels = game.bots;
  const settings = Object.entries(game.settings);
  ui.botLevel = levels.includes(ui.botLevel) ? ui.botLevel : levels[Math.floor(levels.length / 2)];
  const current = state.settings || {};
  ui.settings = ui.settings || {};
  return h(
    "div.host-controls",
    null,
    h("button.primary.big", {
      type: "button",
      "data-key": "start",
      disabled: n < game.players.min,
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
        levels.map((l) => h("option", { value: l, selected: ui.botLevel === l, text: t(`level.${l}`) })),
      ),
      h("button", {
        type: "button",
        "data-key": "add-bot",
        disabled: n >= game.players.max,
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
            for (const [k, bounds] of settings) {
              const v = ui.settings[k] ?? current[k];
              if (v !== undefined && v !== "") values[k] = bounds.choices ? String(v) : Number(v);
            }
            // Remember what was asked: if the room refuses (bad_settings), the page marks the
            // fields that changed and shows the room's values again.
            ui.settingsSent = Object.keys(values).filter((k) => values[k] !== current[k]);
            ui.settingsRefused = null;
            send({ type: "settings", ...values });
            ui.settings = {};
          },
        },
        settings.map(([k, bounds]) => {
          const refused = (ui.settingsRefused || []).includes(k);
          const described = refused ? `refused-${k} help-${k}` : `help-${k}`;
          return h(
            "div.field",
            { class: refused ? "refused" : "" },
            h("label", { for: `set-${k}`, text: t(`set.${k}`) }),
            bounds.choices ? choiceField(k, bounds, ui, current, refused) : h("input", {
              id: `set-${k}`,
              "data-key": `set-${k}`,
              type: "number",
              inputmode: "decimal",
              // The room's own value is always one the form may send back (a development
              // room's may lie outside the bounds), so saving another setting is never blocked.
              min: String(Math.min(bounds.min, bounds.off ?? bounds.min, current[k] ?? bounds.min)),
              max: String(Math.max(bounds.max, current[k] ?? bounds.max)),
              step: "any",
              value: String(ui.settings[k] ?? current[k] ?? ""),
              "aria-invalid": refused ? "true" : null,
              "aria-describedby": described,
              oninput: (e) => {
                ui.settings[k] = e.target.value;
                typed(e);
              },
            }),
            refused
              ? h("p.error", { id: `refused-${k}`, "data-key": `refused-${k}`, role: "alert", text: t("set.refused", { value: current[k] }) })
              : null,
            bounds.choices ? null : h("small", { id: `help-${k}`, text: rangeText(bounds) }),
          );
        }),
        h("button", { type: "submit", "data-key": "save-settings", text: t("set.save") }),
      ),
    ),
  );
}

/** A setting that is one of a few names ({"default", "choices"}): a select whose options read
 * the game's catalogue (`set.<name>.<choice>`). */
function choiceField(k, bounds, ui, current, refused) {
  const value = String(ui.settings[k] ?? current[k] ?? bounds.default);
  return h(
    "select",
    {
      id: `set-${k}`,
      "data-key": `set-${k}`,
      value,
      "aria-invalid": refused ? "true" : null,
      "aria-describedby": refused ? `refused-${k}` : null,
      onchange: (e) => {
        ui.settings[k] = e.target.value;
      },
    },
    bounds.choices.map((c) => h("option", { value: c, selected: c === value, text: t(`set.${k}.${c}`) })),
  );
}

/** "From 1 to 10 (default 2)", from the bounds the game publishes. */
function rangeText(bounds) {
  const key = bounds.off === undefined ? "set.range" : "set.range_off";
  return t(key, { min: bounds.min, max: bounds.max, off: bounds.off, default: bounds.default });
}
