// Each seat's mark: a shape of its own beside its colour, so that a colour-blind player (or a
// grey-scale screen) tells the seats apart by shape. The one table of shapes for every game and
// page: name tags, pawns, payment graphs, race bars, cards' decks, bid rows, score lines, the
// lobby and the recap all draw their mark from here, so seat 2 is a square everywhere.
import { h } from "../dom.js";

/** One shape per seat index (as many as the largest table of our games: six), each drawn in a
 * 24×24 box centred on (12, 12), fat enough to carry a pawn's letter. */
export const SEAT_SHAPES = Object.freeze([
  { name: "circle", path: "M2.5 12a9.5 9.5 0 1 0 19 0a9.5 9.5 0 1 0 -19 0Z" },
  { name: "triangle", path: "M12 1.5 23 21.5H1Z" },
  { name: "square", path: "M3 3h18v18H3Z" },
  { name: "diamond", path: "M12 0.5 23.5 12 12 23.5 0.5 12Z" },
  { name: "star", path: "M12 1 15.3 8.3 23.2 9.2 17.3 14.5 18.9 22.3 12 18.4 5.1 22.3 6.7 14.5 0.8 9.2 8.7 8.3Z" },
  { name: "cross", path: "M8 1.5h8v6.5h6.5v8H16v6.5H8V16H1.5V8H8Z" },
]);

/** The shape of seat (or deck) `index`; the table wraps like the seats' colours do. */
export function seatShape(index) {
  const n = SEAT_SHAPES.length;
  return SEAT_SHAPES[(((Number(index) || 0) % n) + n) % n];
}

/** What a mark says of itself, for the tests and the styles: whose it is and which shape. */
function markData(index) {
  return { "data-seat-mark": String(index), "data-shape": seatShape(index).name };
}

/**
 * A seat's mark as a small inline picture, filled with the seat's colour where the page gives
 * one (`--seat`, or a Peanuts! deck's `--deck`), else the text's. Decorative (aria-hidden): the
 * name it stands beside says whose it is. `cls` adds classes (the page's own sizes).
 */
export function seatMark(index, { cls = "" } = {}) {
  return h(
    "svg:svg",
    {
      class: ["seatmark", `shape-${seatShape(index).name}`, cls].filter(Boolean).join(" "),
      viewBox: "0 0 24 24",
      "aria-hidden": "true",
      focusable: "false",
      ...markData(index),
    },
    h("svg:path", { d: seatShape(index).path }),
  );
}

/**
 * A seat's shape inside a drawing (a pawn on the board, a player in the payments graph): a path
 * centred on the current origin, `r` units from the middle to its edge, with `cls` (the
 * drawing's own style for the body).
 */
export function seatShapeNode(index, r, cls) {
  const k = Math.round((r / 11.5) * 1000) / 1000;
  return h("svg:path", {
    class: cls,
    d: seatShape(index).path,
    transform: `scale(${k}) translate(-12 -12)`,
    ...markData(index),
  });
}
