// The start page: create a room (then choose: this screen is the table, or I play here) or join one.
import { h, byId, mount } from "./dom.js";
import { init, t, errorText, langButton, onChange } from "./i18n.js";
import { hostToken, joinLink } from "./store.js";

let room = null;

function render() {
  mount(byId("lang-slot"), langButton(h));
  if (room) byId("created-text").textContent = t("landing.created", { code: room.code });
}

function fail(el, text) {
  el.textContent = text;
  el.hidden = false;
}

async function create() {
  const button = byId("create");
  const error = byId("create-error");
  error.hidden = true;
  button.disabled = true;
  button.textContent = t("landing.creating");
  try {
    const res = await fetch("/api/rooms", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
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
    button.disabled = false;
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
byId("as-tv").addEventListener("click", () => location.assign(room.tv_url));
byId("as-player").addEventListener("click", () => location.assign(room.join_url));
byId("join-form").addEventListener("submit", join);
await init();
onChange(render);
render();
