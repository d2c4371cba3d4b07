// Tiny DOM helpers. Text always goes in through text nodes (never parsed as markup).
const SVG_NS = "http://www.w3.org/2000/svg";
const PROPS = new Set(["value", "checked"]);

/** h("button.primary", {onclick, disabled}, "text", child, [more]) → element. */
export function h(tag, attrs, ...kids) {
  const [name, ...classes] = tag.split(".");
  const svg = name.startsWith("svg:");
  const el = svg ? document.createElementNS(SVG_NS, name.slice(4)) : document.createElement(name);
  if (classes.length) el.setAttribute("class", classes.join(" "));
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.setAttribute("class", [el.getAttribute("class"), v].filter(Boolean).join(" "));
    else if (k === "text") el.textContent = String(v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (PROPS.has(k) && !svg) el[k] = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  append(el, kids);
  return el;
}

function append(el, kids) {
  for (const kid of kids) {
    if (kid === null || kid === undefined || kid === false) continue;
    if (Array.isArray(kid)) append(el, kid);
    else if (kid instanceof Node) el.appendChild(kid);
    else el.appendChild(document.createTextNode(String(kid)));
  }
}

/**
 * Replace a container's children, keeping keyboard focus: if the focused element inside it had a
 * data-key, the new element with the same key gets the focus back (and an input keeps its text).
 */
export function mount(container, ...kids) {
  const active = document.activeElement;
  const key = active && container.contains(active) ? active.dataset.key : null;
  const typed = key && active.tagName === "INPUT" ? [active.value, active.selectionStart] : null;
  container.replaceChildren();
  append(container, kids);
  if (!key) return;
  const again = container.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (!again) return;
  if (typed && again.tagName === "INPUT") {
    again.value = typed[0];
    try {
      again.setSelectionRange(typed[1], typed[1]);
    } catch {
      /* number inputs have no selection */
    }
  }
  again.focus({ preventScroll: true });
}

/** document.getElementById, shorter. */
export const byId = (id) => document.getElementById(id);

/** Show or hide an element (the `hidden` attribute). */
export function show(el, visible) {
  el.hidden = !visible;
}
