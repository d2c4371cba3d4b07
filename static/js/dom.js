// Tiny DOM helpers. Text always goes in through text nodes (never parsed as markup).
// Pages render by building a fresh tree with h() and handing it to mount(), which updates the
// page in place: an element the new tree keeps (same data-key, or same tag at the same place
// among its unkeyed siblings) stays the same node, so a finger pressing it or the keyboard focus
// on it survives any number of renders.
const SVG_NS = "http://www.w3.org/2000/svg";
const PROPS = new Set(["value", "checked"]);

/** One listener per event type and element; it calls the handler the latest render gave. */
function dispatch(e) {
  const fn = this.__pcOn && this.__pcOn[e.type];
  return fn ? fn.call(this, e) : undefined;
}

/** h("button.primary", {onclick, disabled}, "text", child, [more]) → element. */
export function h(tag, attrs, ...kids) {
  const [name, ...classes] = tag.split(".");
  const svg = name.startsWith("svg:");
  const el = svg ? document.createElementNS(SVG_NS, name.slice(4)) : document.createElement(name);
  if (classes.length) el.setAttribute("class", classes.join(" "));
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) {
      el.__pcOn = el.__pcOn || {};
      el.__pcOn[k.slice(2)] = v;
      el.addEventListener(k.slice(2), dispatch);
    } else if (k === "class") {
      const joined = [el.getAttribute("class"), v].filter(Boolean).join(" ");
      if (joined) el.setAttribute("class", joined);
    } else if (k === "text") el.textContent = String(v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (PROPS.has(k) && !svg) {
      el[k] = v;
      el.__pcProps = { ...(el.__pcProps || {}), [k]: v };
    } else el.setAttribute(k, v === true ? "" : String(v));
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

const keyOf = (node) => (node.nodeType === 1 ? node.getAttribute("data-key") : null);
const sameKind = (a, b) =>
  a.nodeType === b.nodeType && (a.nodeType !== 1 || (a.namespaceURI === b.namespaceURI && a.nodeName === b.nodeName));

/** Bring `old` (in the page) to what `fresh` (just built) says, keeping `old` itself. */
function morph(old, fresh) {
  if (old.nodeType !== 1) {
    if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
    return;
  }
  for (const attr of [...old.attributes]) {
    // A style written by a ticker (a count-down bar) stays until a render names one.
    if (!fresh.hasAttribute(attr.name) && attr.name !== "style") old.removeAttribute(attr.name);
  }
  for (const attr of fresh.attributes) {
    if (old.getAttribute(attr.name) !== attr.value) old.setAttribute(attr.name, attr.value);
  }
  old.__pcOn = fresh.__pcOn;
  for (const type of Object.keys(fresh.__pcOn || {})) old.addEventListener(type, dispatch);
  // A value or a check is set again only when the render changed it: what a person is typing
  // or has just ticked stays until the state says otherwise.
  const was = old.__pcProps || {};
  for (const [k, v] of Object.entries(fresh.__pcProps || {})) if (was[k] !== v) old[k] = v;
  old.__pcProps = fresh.__pcProps;
  morphChildren(old, fresh);
}

/** Update `parent`'s children to `fresh`'s, reusing keyed and same-place nodes. */
function morphChildren(parent, fresh) {
  const olds = [...parent.childNodes];
  const keyed = new Map();
  for (const node of olds) {
    const key = keyOf(node);
    if (key !== null && !keyed.has(key)) keyed.set(key, node);
  }
  const used = new Set();
  let cursor = 0;
  const plan = [...fresh.childNodes].map((node) => {
    const key = keyOf(node);
    let match = null;
    if (key !== null) {
      const old = keyed.get(key);
      if (old && !used.has(old) && sameKind(old, node)) match = old;
    } else {
      for (let i = cursor; i < olds.length; i += 1) {
        const old = olds[i];
        if (!used.has(old) && keyOf(old) === null && sameKind(old, node)) {
          match = old;
          cursor = i + 1;
          break;
        }
      }
    }
    if (match) used.add(match);
    return [match, node];
  });
  for (const node of olds) if (!used.has(node)) node.remove();
  plan.forEach(([match, node], i) => {
    const target = match || node;
    if (match) morph(match, node);
    if (parent.childNodes[i] !== target) parent.insertBefore(target, parent.childNodes[i] || null);
  });
}

/**
 * Render `kids` into a container by updating what changed (see the top of this file). If the
 * focused element had to go, the new element with the same data-key gets the focus back.
 */
export function mount(container, ...kids) {
  const active = document.activeElement;
  const key = active && active !== container && container.contains(active) ? active.dataset.key : null;
  const fresh = document.createDocumentFragment();
  append(fresh, kids);
  morphChildren(container, fresh);
  if (!key || active.isConnected) return;
  const again = container.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (again) again.focus({ preventScroll: true });
}

/** For an input's oninput: what the person typed counts as what the page shows, so that the
 * next render that names another value (the room refused it) puts that value back. */
export function typed(e) {
  const el = e.target;
  el.__pcProps = { ...(el.__pcProps || {}), value: el.value };
}

/** document.getElementById, shorter. */
export const byId = (id) => document.getElementById(id);

/** Show or hide an element (the `hidden` attribute). */
export function show(el, visible) {
  el.hidden = !visible;
}
