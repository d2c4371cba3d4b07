// The keyboard's place across renders. mount() keeps the focused element when the new tree
// keeps it (same data-key); this covers the rest: a pressed button that went away (a turn
// ended) or turned off (a bid just placed). The focus then moves to the first control the page
// names as the sensible next one, else to the page's main region, never to <body>, so a
// keyboard or screen-reader player does not have to start again from the top.
import { byId } from "../dom.js";

const usable = (el) => el && el.isConnected && !el.disabled && !el.closest("[hidden]");

/** Where the focus was before a render, to hand to keepFocus() after it. */
export const focusBefore = () => document.activeElement;

/**
 * After a render: if the focus was in the page's main region (#app) before and is no longer
 * on a usable control there, focus the first of `next` (selectors, in order) that matches a
 * usable element, else #app itself (it has tabindex -1).
 */
export function keepFocus(before, next = []) {
  const main = byId("app");
  if (!main || !before || before === document.body) return;
  if (before.isConnected && !main.contains(before)) return; // the focus was elsewhere (the bar)
  const now = document.activeElement;
  if (now && now !== main && main.contains(now) && usable(now)) return;
  if (now === main && before === main) return;
  for (const sel of next) {
    const el = main.querySelector(sel);
    if (usable(el)) {
      el.focus({ preventScroll: true });
      if (document.activeElement === el) return;
    }
  }
  main.focus({ preventScroll: true });
}
