// The lobby: who is in, and for the host: start, add a bot, remove a player, settings.
import { h, typed } from "../dom.js";
import { t, current as lang } from "../i18n.js";
import { nameTag } from "./names.js";
import { nextGameControl } from "./nextgame.js";
import { handicapBadges, handicapControls, handicapHead } from "./handicaps.js";

/** ctx: {state, me, host, ui, send, rerender, game} where `game` is the room's game as
 *  GET /api/games describes it (seats, settings and their bounds, bot levels). */
export function lobbyView(ctx) {
  const { state, me, host, game } = ctx;
  const players = state.players || [];
  const seats = game.players;
  return h(
    "section.lobby",
    { "aria-labelledby": "lobby-game lobby-title" },
    // Which game this table is about to play: a room plays several in an evening.
    h("p.lobby-game", { id: "lobby-game", "data-key": "lobby-game", text: gameName(game) }),
    h("h2", { id: "lobby-title", text: t("lobby.title") }),
    h("h3", { text: t("lobby.players", { n: players.length, max: seats.max }) }),
    host ? handicapHead(players, game) : null,
    h(
      "ul.lobby-players",
      null,
      players.map((p) =>
        h(
          "li.lobby-player",
          { dataset: { seat: p.seat } },
          nameTag(p, me, state.host_seat, { handicaps: false }),
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
                // An arrow, not a triangle: a seat's own mark may be one (seatmark.js).
                text: "↑",
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
          // The host may give a person's seat a handicap or a head start (the game's own);
          // everyone else reads it on a line of its own under the name.
          host
            ? handicapControls(p, game, state.settings || {}, ctx.send)
            : (p.handicap || []).length
              ? h("div.handicap-row", null, handicapBadges(p))
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
  // The server's message starts with the name of the setting it refused ("board must be one
  // of …"); else every changed one is marked.
  const first = String(msg.message || "").split(" ", 1)[0];
  const named = ui.settingsSent.filter((k) => k === first);
  ui.settingsRefused = named.length ? named : ui.settingsSent;
  ui.settingsSent = null;
  ui.settings = {};
  ui.settingsOpen = true;
  return true;
}

/**
 * For a page's onState: a frame saying the room's settings changed. Marks of an earlier refusal
 * go; when the change is the one this lobby sent, the settings close (on a TV they give the
 * join column back to the room code and the QR code).
 */
export function settingsSaved(ui, events) {
  if (!events.some((e) => e.type === "settings_changed")) return;
  ui.settingsRefused = null;
  if (ui.settingsSent) {
    ui.settingsSent = null;
    ui.settingsOpen = false;
  }
}

function hostControls(ctx) {
  const { state, ui, send, game } = ctx;
  const n = (state.players || []).length;
  const levels = game.bots;
  // Per-seat settings (handicaps) are chosen beside each seat, not in this form.
  const settings = Object.entries(game.settings).filter(([, bounds]) => kindOf(bounds) !== "per_seat");
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
              if (v !== undefined && v !== "") values[k] = wireValue(bounds, v);
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
            { class: [refused ? "refused" : "", `field-${kindOf(bounds)}`].filter(Boolean).join(" ") },
            h("label", { for: `set-${k}`, text: t(`set.${k}`) }),
            control(k, bounds, ui, current, refused, described),
            refused
              ? h("p.error", { id: `refused-${k}`, "data-key": `refused-${k}`, role: "alert", text: t("set.refused", { value: shownValue(bounds, current[k]) }) })
              : null,
            kindOf(bounds) === "number" ? h("small", { id: `help-${k}`, text: rangeText(bounds) }) : null,
          );
        }),
        h("button", { type: "submit", "data-key": "save-settings", text: t("set.save") }),
      ),
    ),
    // The evening goes on: the same table, another game.
    nextGameControl({ state, host: true, send, rerender: ctx.rerender }),
  );
}

/** The game's name in the page's language, as GET /api/games gives it. */
function gameName(game) {
  const names = game.name || {};
  return names[lang()] || names.en || game.id || "";
}

/** A setting's kind as GET /api/games lists it (a listing from before kinds: by its shape). */
function kindOf(bounds) {
  return bounds.kind || (bounds.choices ? "choice" : "number");
}

/** What the form sends for a setting: a number, true/false for a switch, a choice's name. */
function wireValue(bounds, v) {
  const kind = kindOf(bounds);
  if (kind === "yes_no") return v === true || v === "true";
  if (kind === "choice") return String(v);
  return Number(v);
}

/** A setting's value in words: a choice's label, yes or no for a switch. */
function shownValue(bounds, value) {
  const kind = kindOf(bounds);
  if (kind === "yes_no") return t(value ? "set.yes" : "set.no");
  if (kind === "choice") return choiceLabel(bounds, value);
  return value;
}

function control(k, bounds, ui, current, refused, described) {
  const kind = kindOf(bounds);
  if (kind === "choice") return choiceField(k, bounds, ui, current, refused);
  if (kind === "yes_no") return switchField(k, bounds, ui, current, refused);
  return h("input", {
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
  });
}

/** A yes/no setting: a switch (a checkbox with the switch role), saying "On"/"Off" beside it. */
function switchField(k, bounds, ui, current, refused) {
  const on = wireValue(bounds, ui.settings[k] ?? current[k] ?? bounds.default);
  return h(
    "span.switch-row",
    null,
    h("input.switch", {
      id: `set-${k}`,
      "data-key": `set-${k}`,
      type: "checkbox",
      role: "switch",
      checked: on,
      "aria-checked": on ? "true" : "false",
      "aria-invalid": refused ? "true" : null,
      "aria-describedby": refused ? `refused-${k}` : null,
      onchange: (e) => {
        ui.settings[k] = e.target.checked;
        e.target.__pcProps = { ...(e.target.__pcProps || {}), checked: e.target.checked };
        e.target.setAttribute("aria-checked", e.target.checked ? "true" : "false");
        const said = e.target.parentNode.querySelector(".switch-state");
        if (said) said.textContent = t(e.target.checked ? "set.on" : "set.off");
      },
    }),
    h("span.switch-state", { "aria-hidden": "true", text: t(on ? "set.on" : "set.off") }),
  );
}

/** A choice's label: the game's own (from GET /api/games) in the page's language, else the
 * page catalogue's `set.<name>.<choice>`. */
function choiceLabel(bounds, c, k) {
  const labels = (bounds.labels || {})[c];
  if (labels) return labels[lang()] || labels.en;
  return k ? t(`set.${k}.${c}`) : String(c);
}

/** A setting that is one of a few names: a select of its options. */
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
    bounds.choices.map((c) => h("option", { value: c, selected: c === value, text: choiceLabel(bounds, c, k) })),
  );
}

/** "From 1 to 10 (default 2)", from the bounds the game publishes. */
function rangeText(bounds) {
  const key = bounds.off === undefined ? "set.range" : "set.range_off";
  return t(key, { min: bounds.min, max: bounds.max, off: bounds.off, default: bounds.default });
}
