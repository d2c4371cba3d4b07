// Drag: press and move a card, it follows the finger; let go over a pile to send it there.
import { playing } from "./page.js";
import { play } from "./moves.js";

let drag = null;

/** Press and move a card: it follows the finger; let go over a pile to send it there. */
export function dragStart(e, card) {
  if (!playing() || e.button > 0) return;
  drag = { card, x: e.clientX, y: e.clientY, ghost: null, id: e.pointerId, el: e.currentTarget };
}

/** Follow the finger from the first press on a card; once, at start. */
export function startDrag() {
  window.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.ghost) {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 12) return;
      drag.ghost = drag.el.cloneNode(true);
      drag.ghost.classList.add("ghost");
      drag.ghost.removeAttribute("data-key");
      drag.ghost.setAttribute("aria-hidden", "true");
      document.body.appendChild(drag.ghost);
      document.body.classList.add("dragging");
    }
    drag.ghost.style.transform = `translate(${e.clientX - 30}px, ${e.clientY - 40}px)`;
  });

  function dragEnd(e) {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (!d.ghost) return;
    d.ghost.remove();
    document.body.classList.remove("dragging");
    // The click that follows a drag must not also play the card.
    const stop = (ev) => {
      ev.stopPropagation();
      ev.preventDefault();
    };
    window.addEventListener("click", stop, { capture: true, once: true });
    setTimeout(() => window.removeEventListener("click", stop, { capture: true }), 50);
    const spot = document.elementFromPoint(e.clientX, e.clientY);
    const zone = spot && spot.closest("[data-drop]");
    if (!zone) return;
    const [to, pile] = zone.dataset.drop.split(":");
    play(d.card, to, Number(pile));
  }
  window.addEventListener("pointerup", dragEnd);
  window.addEventListener("pointercancel", (e) => {
    if (drag && drag.ghost) drag.ghost.remove();
    document.body.classList.remove("dragging");
    if (drag && e.pointerId === drag.id) drag = null;
  });
}
