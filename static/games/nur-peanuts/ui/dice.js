// Dice faces as SVG: the black die (faces 1 to 3, white pips on black) and the white dice
// (0 to 5, black pips on white; a 0 is a blank face). Drawn inside the board's middle.
import { h } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";

// Pip positions on a face of side 2 centred on 0, for each value.
const PIPS = {
  0: [],
  1: [[0, 0]],
  2: [[-0.5, -0.5], [0.5, 0.5]],
  3: [[-0.5, -0.5], [0, 0], [0.5, 0.5]],
  4: [[-0.5, -0.5], [0.5, -0.5], [-0.5, 0.5], [0.5, 0.5]],
  5: [[-0.5, -0.5], [0.5, -0.5], [0, 0], [-0.5, 0.5], [0.5, 0.5]],
};

/** One die of side `size` centred on (x, y). */
function die(value, black, x, y, size, key) {
  const half = size / 2;
  return h(
    "svg:g",
    { class: black ? "die black" : "die white", "data-key": key, "data-face": String(value), transform: `translate(${x} ${y})` },
    h("svg:rect", { x: -half, y: -half, width: size, height: size, rx: size * 0.18, class: "die-body" }),
    PIPS[value].map(([px, py]) => h("svg:circle", { cx: px * half * 1.05, cy: py * half * 1.05, r: size * 0.09, class: "pip" })),
  );
}

/** The dice of a throw (`last_throw`), side by side, centred on (0, y). */
export function diceView(throwOf, y = 0, size = 110, key = "dice") {
  const n = throwOf.faces.length;
  const gap = size * 0.3;
  const width = n * size + (n - 1) * gap;
  return h(
    "svg:g",
    {
      class: "dice",
      "data-key": key,
      "data-faces": throwOf.faces.join(","),
      role: "img",
      "aria-label": t("table.dice_label", { dice: t(`table.dice_${throwOf.dice}`), faces: throwOf.faces.join(" + ") }),
    },
    throwOf.faces.map((v, i) => die(v, throwOf.dice === "black", -width / 2 + size / 2 + i * (size + gap), y, size, `die-${i}`)),
  );
}
