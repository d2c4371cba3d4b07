// Count-downs: render() writes a deadline into data attributes; this ticker keeps the text and the
// bars current between messages (server time, corrected for clock skew).
import { remaining, secondsLeft } from "../clock.js";
import { t } from "../i18n.js";

function tick() {
  for (const el of document.querySelectorAll("[data-deadline]")) {
    const s = secondsLeft(Number(el.dataset.deadline));
    if (s === null) continue;
    el.textContent = t(el.dataset.fmt || "common.seconds", { s: t("common.seconds", { n: s }), n: s });
  }
  for (const el of document.querySelectorAll("[data-bar-deadline]")) {
    const left = remaining(Number(el.dataset.barDeadline));
    const span = Number(el.dataset.span) || 1;
    const part = left === null ? 0 : Math.max(0, Math.min(1, left / span));
    el.style.transform = `scaleX(${part})`;
  }
}

let started = false;
/** Start ticking (once per page); also tick right after each render. */
export function startTicker() {
  if (started) return;
  started = true;
  setInterval(tick, 200);
}
export { tick };
