// The start page: pick a game, create a room (then choose: this screen is the table, or I play
// here), or join one. The games offered are the ones the server lists at GET /api/games.
import { h, byId, mount } from "./dom.js";
import { init, t, current, errorText, langButton, onChange, gameCatalogue } from "./i18n.js";
import { games, gameName } from "./games.js";
import { hostToken, joinLink } from "./store.js";

let room = null;
let offered = [];
let chosen = null;
/** Each game's own catalogue in the page's language (its tagline and how to play), by id. */
let texts = {};

async function loadTexts() {
  const lang = current();
  const pairs = await Promise.all(
    offered.map(async (g) => [g.id, await gameCatalogue(g.id, lang).catch(() => ({}))]),
  );
  texts = Object.fromEntries(pairs);
}

const text = (id, key, vars) => {
  const value = (texts[id] || {})[key];
  if (value === undefined) return "";
  return vars ? value.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m)) : value;
};

function gameCard(g) {
  const selected = g.id === chosen;
  return h(
    "button.game-card",
    {
      type: "button",
      role: "radio",
      "aria-checked": selected ? "true" : "false",
      class: selected ? "selected" : "",
      dataset: { game: g.id },
      disabled: room !== null,
      onclick: () => {
        chosen = g.id;
        render();
      },
    },
    h("span.game-name", { text: gameName(g, current()) }),
    h("small.game-tagline", { text: text(g.id, "game.tagline") }),
    h("small.game-players", { text: t("landing.players", g.players) }),
  );
}

/** The chosen game's "how to play": its catalogue's howto.1, howto.2, … in order. */
function howto() {
  const paragraphs = [];
  for (let n = 1; text(chosen, `howto.${n}`); n += 1) {
    paragraphs.push(h("p", { text: text(chosen, `howto.${n}`) }));
  }
  return paragraphs;
}

function render() {
  mount(byId("lang-slot"), langButton(h));
  mount(byId("games"), offered.map(gameCard));
  const g = offered.find((x) => x.id === chosen);
  byId("howto-title").textContent = g ? `${t("landing.howto_title")} · ${gameName(g, current())}` : "";
  mount(byId("howto"), howto());
  if (room) byId("created-text").textContent = t("landing.created", { code: room.code });
}

function fail(el, text) {
  el.textContent = text;
  el.hidden = false;
}

let creating = false;

/** One room per tap: a tap while one is being made, or once it exists, does nothing (the button
 * is disabled, then hidden: the room's choices take its place). */
async function create() {
  if (creating || room) return;
  creating = true;
  const button = byId("create");
  const error = byId("create-error");
  error.hidden = true;
  button.disabled = true;
  button.textContent = t("landing.creating");
  try {
    const res = await fetch("/api/rooms", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: chosen }),
    });
    if (!res.ok) throw new Error(String(res.status));
    room = await res.json();
    hostToken.set(room.code, room.host_token);
    joinLink.set(room.code, room.join_url);
    button.hidden = true;
    byId("created").hidden = false;
    render();
    byId("as-tv").focus();
  } catch {
    fail(error, t("landing.create_failed"));
  } finally {
    creating = false;
    button.disabled = room !== null;
    button.textContent = t("landing.create");
  }
}

async function join(e) {
  e.preventDefault();
  const error = byId("join-error");
  const code = byId("code").value.trim().toUpperCase();
  error.hidden = true;
  if (!code) return;
  try {
    const res = await fetch(`/api/rooms/${encodeURIComponent(code)}`);
    if (res.status === 404) return fail(error, errorText("unknown_room"));
  } catch {
    /* the room page will say what is wrong */
  }
  location.assign(`/r/${encodeURIComponent(code)}`);
}

byId("create").addEventListener("click", create);
// This screen opens its own pages on its own address (the host token is kept per address), even
// when the links for phones name the LAN address.
byId("as-tv").addEventListener("click", () => location.assign(`/r/${encodeURIComponent(room.code)}/tv`));
byId("as-player").addEventListener("click", () => location.assign(`/r/${encodeURIComponent(room.code)}`));
byId("join-form").addEventListener("submit", join);
await init();
try {
  offered = await games();
} catch {
  fail(byId("create-error"), t("landing.create_failed"));
}
chosen = offered.length ? offered[0].id : null;
byId("create").disabled = chosen === null;
await loadTexts();
onChange(async () => {
  await loadTexts();
  render();
});
render();
