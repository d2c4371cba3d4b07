// Language: a stored choice, else the browser's language, else the page's; English by default.
const LANGS = ["en", "fr"];
const KEY = "pc.lang";
let lang = "en";
let dict = {};
const listeners = [];

function pick() {
  let stored = null;
  try {
    stored = localStorage.getItem(KEY);
  } catch {
    /* storage may be off */
  }
  if (LANGS.includes(stored)) return stored;
  for (const l of navigator.languages || [navigator.language || ""]) {
    const short = String(l).slice(0, 2).toLowerCase();
    if (LANGS.includes(short)) return short;
  }
  const page = (document.documentElement.lang || "").slice(0, 2);
  return LANGS.includes(page) ? page : "en";
}

/** A game's own catalogue in language `code` (its pages' strings, its rule codes). */
export async function gameCatalogue(game, code = lang) {
  return (await import(`../games/${game}/i18n/${code}.js`)).default;
}

// Refusals' messages, as GET /api/errors serves them ({en: {code: text}, fr: {...}}): written
// once beside their codes on the server, never copied here. Fetched once per page; a failed
// fetch leaves the codes untranslated (and is tried again on the next language switch).
let messages = null;

function errorMessages() {
  if (!messages) {
    messages = fetch("/api/errors")
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(String(res.status)))))
      .catch(() => {
        messages = null;
        return {};
      });
  }
  return messages;
}

/** The shared catalogue, with the page's game's own over it (<body data-game>), and the
 *  server's refusal messages as `err.<code>`. */
async function load(code) {
  const game = document.body.dataset.game;
  const [shared, own, served] = await Promise.all([
    import(`../i18n/${code}.js`),
    game ? gameCatalogue(game, code) : {},
    errorMessages(),
  ]);
  const errors = {};
  for (const [key, text] of Object.entries(served[code] || {})) errors[`err.${key}`] = text;
  lang = code;
  dict = { ...shared.default, ...own, ...errors };
  document.documentElement.lang = code;
  translateStatic();
}

/** Load the chosen catalogue; call once before the first render. */
export function init() {
  return load(pick());
}

export const current = () => lang;

/** The string for `key` with `{name}` placeholders filled from `vars`. */
export function t(key, vars) {
  const text = dict[key] ?? key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}

/** `key_one` for a single thing (in French also for 0), else `key`; `{n}` is filled in. */
export function plural(key, n, vars = {}) {
  const one = lang === "fr" ? n <= 1 : n === 1;
  return t(one ? `${key}_one` : key, { ...vars, n });
}

/** Error code → sentence in the page language. */
export const errorText = (code) => dict[`err.${code}`] ?? dict["err.unknown"] ?? String(code);

/** Switch to the other language, remember it, and tell the page to render again. */
export async function toggle() {
  const next = lang === "en" ? "fr" : "en";
  try {
    localStorage.setItem(KEY, next);
  } catch {
    /* ignore */
  }
  await load(next);
  for (const fn of listeners) fn(lang);
}

export const onChange = (fn) => listeners.push(fn);

/** Fill every element marked data-i18n="key" (and data-i18n-label for aria-label). */
export function translateStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  }
  const title = document.querySelector("meta[name=pc-title]");
  if (title) document.title = t(title.content, { code: document.body.dataset.code || "" });
}

/** The language switch button: shows the other language's name. */
export function langButton(h) {
  return h("button.lang", {
    type: "button",
    lang: lang === "en" ? "fr" : "en",
    "aria-label": t("lang.switch_label"),
    "data-short": t("lang.switch_short"),
    onclick: () => toggle(),
    text: t("lang.switch"),
  });
}
