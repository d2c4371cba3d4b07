// The guided first game ("learn while you play"): while the room's `guide` setting is on, the TV
// shows one short line of what is happening and why, and each seated phone one line of what its
// player can do now, with a control that hides the phone's hints (remembered on this device for
// this room; the lobby offers to bring them back).
//
// Which line: each game's own module (static/games/<game>/ui/guide.js) maps the view to a
// catalogue key, `tvKey(state)` and `phoneKey(state)`, from the view's fields alone; the words
// are the game's catalogue's `guide.tv.<key>` and `guide.phone.<key>`. This module only draws
// them, in a line of its own above the page's content (never over the game's controls): the
// line's height is published as `--guide-h` so that a screen sized to the viewport (a race on a
// phone) leaves it room.
import { t, onChange } from "../i18n.js";
import { inLobby } from "../state.js";

const HIDDEN = "hidden";

/** This device's choice for room `code`: the phone's hints hidden or not. */
export const guideHidden = {
  get: (code) => {
    try {
      return localStorage.getItem(`pc.guide.${code}`) === HIDDEN;
    } catch {
      return false;
    }
  },
  set: (code, hidden) => {
    try {
      if (hidden) localStorage.setItem(`pc.guide.${code}`, HIDDEN);
      else localStorage.removeItem(`pc.guide.${code}`);
    } catch {
      /* storage may be off: the choice lasts until the page is reloaded */
    }
  },
};

const guide = {
  role: null, // "tv" | "phone"
  code: null,
  keys: null, // the game's module: {tvKey, phoneKey}
  state: null,
  hiddenHere: false, // hidden on a device whose storage is off
};

/** Is the guided first game on in this view? (The room's setting, as every setting.) */
export const guided = (state) => !!(state && state.settings && state.settings.guide === true);

/** A small button of the line, made once (a finger on it survives every new view). */
function button(cls, key, onclick) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `${cls} small ghost`;
  b.setAttribute("data-key", key);
  b.hidden = true;
  b.addEventListener("click", onclick);
  return b;
}

/** Hide (true) or show again (false) this phone's hints, remembered for this room. */
function hideHints(hidden) {
  guide.hiddenHere = hidden;
  guideHidden.set(guide.code, hidden);
  draw();
}

/** The line element, made once, above the page's content: its words, and on a phone the hide
 * button (✕) and the lobby's "show the hints again". */
export function guideElement() {
  let el = document.getElementById("guide");
  if (el) return el;
  el = document.createElement("div");
  el.id = "guide";
  el.className = "guide";
  el.hidden = true;
  const text = document.createElement("p");
  text.className = "guide-text";
  text.setAttribute("data-key", "guide-line");
  text.setAttribute("role", "status");
  el.append(text, button("guide-close", "guide-hide", () => hideHints(true)), button("guide-show", "guide-show", () => hideHints(false)));
  const app = document.getElementById("app");
  if (app && app.parentNode) app.parentNode.insertBefore(el, app);
  else document.body.prepend(el);
  return el;
}

/**
 * Start the guide of a page: `role` "tv" or "phone", the room's `code`. The game's key module
 * is loaded from the page's game (<body data-game>); lines follow the language.
 */
export async function startGuide(role, code) {
  guide.role = role;
  guide.code = code;
  const el = guideElement();
  el.classList.add(`guide-${role}`);
  onChange(draw);
  const game = document.body.dataset.game;
  guide.keys = await import(`/static/games/${game}/ui/guide.js`);
  draw();
}

/** A new view: the line it calls for. */
export function showGuide(state) {
  guide.state = state;
  draw();
}

/** The key of the line for this view and role, or null for none. */
function keyFor(state) {
  if (!guide.keys || !guided(state)) return null;
  if (guide.role === "tv") return state.you ? null : guide.keys.tvKey(state);
  return state.you ? guide.keys.phoneKey(state) : null;
}

function draw() {
  const el = guideElement();
  const state = guide.state;
  const key = keyFor(state);
  const phone = guide.role === "phone";
  const hidden = phone && (guide.hiddenHere || guideHidden.get(guide.code));
  const text = el.querySelector(".guide-text");
  const close = el.querySelector(".guide-close");
  const back = el.querySelector(".guide-show");
  const shown = !!key && !hidden;
  // Hidden hints come back from the lobby, where a line more takes no room from a game.
  const offerBack = !!key && hidden && inLobby(state);
  text.hidden = !shown;
  if (shown) {
    text.textContent = t(`guide.${guide.role}.${key}`);
    text.dataset.guide = key;
  } else {
    text.textContent = "";
    delete text.dataset.guide;
  }
  close.hidden = !(shown && phone);
  close.textContent = "✕";
  close.title = t("guide.hide");
  close.setAttribute("aria-label", t("guide.hide"));
  back.hidden = !offerBack;
  back.textContent = t("guide.show");
  el.hidden = !shown && !offerBack;
  document.body.classList.toggle("guided", !el.hidden);
  document.body.style.setProperty("--guide-h", `${el.hidden ? 0 : el.offsetHeight}px`);
}
