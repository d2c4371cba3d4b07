// The ring of 24 fields as an SVG drawing, built from a view: each field's value on a band in
// its owner's colour (the bank's chips hatched), then its three places from the outside in (the
// start place, the track space, the parking place) and every piece standing on them. The TV
// draws it large with the dice in the middle; the history page draws each round's end small.
import { h } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { seatName } from "/static/js/state.js";
import { money } from "./format.js";
import { seatShapeNode, seatShape } from "/static/js/ui/seatmark.js";

export const FIELDS = 24;
const SIZE = 520;
/** Radii of the rings, outside in: value band, start places, track, parking, the middle. */
export const RING = { out: 510, band: 436, start: 352, track: 268, park: 184 };
const MID = { band: 473, start: 394, track: 310, park: 226 };
const PIECE = 25;

/** The angle (radians) of a field's middle: index 0 at the top, rising clockwise. */
const angle = (field) => ((field * 360) / FIELDS - 90) * (Math.PI / 180);
const round1 = (n) => Math.round(n * 10) / 10;

/** The point at `radius` on the middle line of `field`, moved `side` units clockwise. */
export function at(field, radius, side = 0) {
  const a = angle(field);
  return {
    x: round1(radius * Math.cos(a) - side * Math.sin(a)),
    y: round1(radius * Math.sin(a) + side * Math.cos(a)),
  };
}

/** The outline of a field's cell between two radii. */
function cell(field, inner, outer) {
  const half = (Math.PI / FIELDS) * 0.985;
  const a0 = angle(field) - half;
  const a1 = angle(field) + half;
  const p = (r, a) => `${round1(r * Math.cos(a))} ${round1(r * Math.sin(a))}`;
  return `M ${p(outer, a0)} A ${outer} ${outer} 0 0 1 ${p(outer, a1)} L ${p(inner, a1)} A ${inner} ${inner} 0 0 0 ${p(inner, a0)} Z`;
}

const first = (name) => (Array.from(name.trim())[0] || "?").toUpperCase();

/** What a player's pawn shows: the first letter of their name, and when another player's name
 * starts with the same letter, what tells them apart (a trailing number, else the second
 * letter, else the seat's number). */
export function initial(state, seat) {
  const name = seatName(state, seat).trim();
  const mine = first(name);
  const others = (state.players || []).filter((p) => p.seat !== seat && first(seatName(state, p.seat)) === mine);
  if (!others.length) return mine;
  const digits = name.match(/\d+$/);
  if (digits) return `${mine}${digits[0].slice(-2)}`;
  const second = (Array.from(name)[1] || "").toLowerCase();
  const clash = others.some((p) => (Array.from(seatName(state, p.seat).trim())[1] || "").toLowerCase() === second);
  return clash || !second.trim() ? `${mine}${seat + 1}` : `${mine}${second}`;
}

/** The owner's words: a player's name, the bank, or nobody. */
export function ownerName(state, owner) {
  if (owner === "bank") return t("table.bank");
  if (owner === null || owner === undefined) return t("table.unsold");
  return seatName(state, owner);
}

/** Where each piece is drawn: a piece moving along the track (`moving`: {id, field}) stands on
 * that field's track space until it arrives; pieces sharing a place sit side by side. */
function placed(state, moving) {
  const groups = new Map();
  for (const piece of state.pieces || []) {
    const p = moving && moving.id === piece.id ? { ...piece, field: moving.field, place: "track" } : piece;
    const key = `${p.field}:${p.place}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(p);
  }
  const out = [];
  for (const group of groups.values()) {
    const n = group.length;
    const cols = n <= 2 ? n : n <= 4 ? 2 : 3;
    const rows = Math.ceil(n / cols);
    const scale = n <= 2 ? 1 : n <= 4 ? 0.78 : 0.6;
    const step = PIECE * 2 * scale + 3;
    group.forEach((p, i) => {
      const col = i % cols;
      const row = Math.floor(i / cols);
      const side = (col - (cols - 1) / 2) * step;
      const lift = ((rows - 1) / 2 - row) * step;
      out.push({ piece: p, scale, ...at(p.field, MID[p.place === "parking" ? "park" : p.place] + lift, side) });
    });
  }
  return out;
}

/** The letters on a pawn, smaller when there are two or three (and lower in a triangle, whose
 * room is near its base). */
function pawnLabel(text, r, shape) {
  const size = round1(r * (Array.from(text).length > 1 ? 0.85 : 1.1) * (shape === "triangle" ? 0.85 : 1));
  return h("svg:text", { class: "pawn-initial", "font-size": size, dy: "0.36em", y: shape === "triangle" ? round1(r * 0.3) : null, text });
}

/** Text no wider than `max` units: a long line is squeezed to fit (SVG cannot wrap). */
export function fitted(text, max, size, attrs = {}) {
  const wide = Array.from(text).length * size * 0.6 > max;
  return h("svg:text", { ...attrs, "font-size": size, textLength: wide ? max : null, lengthAdjust: wide ? "spacingAndGlyphs" : null, text });
}

/** The words a screen reader hears for a piece. */
function pieceLabel(state, p) {
  const value = state.board[p.field].value;
  const where = t(`table.place_${p.place}`, { value: money(value) });
  return p.kind === "stone" ? t("table.stone_at", { where }) : t("table.pawn_at", { name: seatName(state, p.seat), where });
}

function pieceView(state, spot, opts) {
  const p = spot.piece;
  const r = PIECE * spot.scale;
  const classes = ["piece", p.kind, p.kind === "pawn" ? `seat-${p.seat % 6}` : ""];
  if (opts.turnSeat !== null && p.seat === opts.turnSeat) classes.push("turn");
  if (opts.flash && opts.flash.has(p.id)) classes.push("flash");
  if (opts.moving && opts.moving.id === p.id) classes.push("moving");
  const body =
    p.kind === "stone"
      ? h("svg:rect", { x: -r * 0.85, y: -r * 0.85, width: r * 1.7, height: r * 1.7, rx: r * 0.45, class: "stone-body" })
      : [
          seatShapeNode(p.seat, r * 1.1, "pawn-body"),
          pawnLabel(initial(state, p.seat), r, seatShape(p.seat).name),
        ];
  return h(
    "svg:g",
    {
      class: classes.filter(Boolean).join(" "),
      "data-key": p.id,
      "data-piece": p.id,
      "data-field": String(p.field),
      "data-place": p.place,
      "data-x": String(spot.x),
      "data-y": String(spot.y),
      role: "img",
      "aria-label": pieceLabel(state, p),
    },
    h("svg:circle", { r: r + 9, class: "halo" }),
    body,
  );
}

/** The room a level line of text has on a field's band: the band's width where the line runs
 * across it (narrowest at 3 and 9 o'clock, where the line runs along the radius), less a margin. */
function labelRoom(field) {
  const across = Math.abs(Math.cos(angle(field)));
  const band = RING.out - RING.band;
  return Math.min(band / Math.max(across, 0.01), 130) - 12;
}

/** A field's value on its band, squeezed to stay on the band (never over the ring's edge). */
function valueLabel(f, spot, small) {
  const text = small ? String(f.value / 100) : String(f.value);
  const size = small ? 40 : 34;
  const room = labelRoom(f.index);
  const wide = text.length * size * 0.62 > room;
  return h("svg:text", { class: "value", x: spot.x, y: spot.y, dy: "0.36em", "font-size": size, textLength: wide ? round1(room) : null, lengthAdjust: wide ? "spacingAndGlyphs" : null, text });
}

/** The owner's shape in the outer corner of a field's band, clear of its value: the band's
 * colour is not the only sign of whose field it is. */
function ownerMark(field, owner) {
  const spot = at(field, RING.out - 15, 44);
  return h("svg:g", { class: "owner-mark", transform: `translate(${spot.x} ${spot.y})` }, seatShapeNode(owner, 10, "owner-shape"));
}

function fieldView(state, f, opts) {
  const owner = f.owner;
  const ownerClass = owner === "bank" ? "bank" : owner === null || owner === undefined ? "unsold" : `seat-${owner % 6}`;
  const classes = ["field", ownerClass, f.index % 2 ? "odd" : "even"];
  if (opts.highlight && opts.highlight.has(f.index)) classes.push("lit");
  const label = at(f.index, MID.band);
  return h(
    "svg:g",
    {
      class: classes.join(" "),
      "data-key": `field-${f.index}`,
      "data-field": String(f.index),
      "data-value": String(f.value),
      "data-owner": owner === null || owner === undefined ? "" : String(owner),
      role: "img",
      "aria-label": t("table.field_label", { value: money(f.value), owner: ownerName(state, owner) }),
    },
    h("svg:path", { class: "band", d: cell(f.index, RING.band, RING.out) }),
    owner === "bank" ? h("svg:path", { class: "band-hatch", d: cell(f.index, RING.band, RING.out) }) : null,
    h("svg:path", { class: "place start", d: cell(f.index, RING.start, RING.band) }),
    h("svg:path", { class: "place track", d: cell(f.index, RING.track, RING.start) }),
    h("svg:path", { class: "place parking", d: cell(f.index, RING.park, RING.track) }),
    valueLabel(f, label, opts.small),
    typeof owner === "number" ? ownerMark(f.index, owner) : null,
  );
}

/**
 * The board of `state` as an <svg>. opts: {small, moving: {id, field}, flash: Set of piece ids,
 * highlight: Set of fields, turnSeat, centre: nodes drawn in the middle, label}.
 */
export function boardView(state, opts = {}) {
  const o = { small: false, moving: null, flash: null, highlight: null, turnSeat: null, centre: null, ...opts };
  return h(
    "svg:svg",
    {
      class: o.small ? "np-board small" : "np-board",
      viewBox: `${-SIZE} ${-SIZE} ${SIZE * 2} ${SIZE * 2}`,
      role: "group",
      "aria-label": o.label || t("table.board"),
      "data-key": o.key || "board",
    },
    h("svg:defs", null, hatch()),
    h("svg:g", { class: "fields" }, state.board.map((f) => fieldView(state, f, o))),
    h("svg:circle", { class: "centre-disc", r: RING.park }),
    h("svg:circle", { class: "ring-line", r: RING.start }),
    h("svg:circle", { class: "ring-line", r: RING.track }),
    h("svg:g", { class: "pieces" }, placed(state, o.moving).map((spot) => pieceView(state, spot, o))),
    o.centre ? h("svg:g", { class: "centre" }, o.centre) : null,
    o.small ? null : legend(),
  );
}

/** What the rings are, in the corner below the ring's left: a swatch and a word each. */
function legend() {
  const rows = [
    ["start", t("table.legend_start")],
    ["track", t("table.legend_track")],
    ["parking", t("table.legend_parking")],
    ["bank", t("table.legend_bank")],
  ];
  return h(
    "svg:g",
    { class: "legend", "aria-hidden": "true" },
    rows.map(([kind, word], i) =>
      h(
        "svg:g",
        { transform: `translate(${-SIZE + 4} ${SIZE - 114 + i * 28})` },
        h("svg:rect", { width: 20, height: 20, rx: 4, class: `swatch ${kind}` }),
        kind === "bank" ? h("svg:rect", { width: 20, height: 20, rx: 4, class: "swatch hatch" }) : null,
        h("svg:text", { x: 27, y: 16, "font-size": 19, class: "legend-word", text: word }),
      ),
    ),
  );
}

function hatch() {
  return h(
    "svg:pattern",
    { id: "np-hatch", width: 14, height: 14, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
    h("svg:rect", { width: 6, height: 14, class: "hatch-line" }),
  );
}

/** After a render: each piece stands where its data-x/y say (a CSS transform, so a change of
 * place can glide; the page's policy allows no inline style attribute). */
export function placePieces(root) {
  for (const el of root.querySelectorAll(".np-board .piece")) {
    const move = `translate(${el.dataset.x}px, ${el.dataset.y}px)`;
    if (el.style.transform === move) continue;
    const fresh = !el.__npPlaced;
    if (fresh) el.style.transition = "none"; // a piece just drawn appears where it stands
    el.style.transform = move;
    if (fresh) {
      el.getBoundingClientRect();
      el.style.transition = "";
      el.__npPlaced = true;
    }
  }
}

/** The fields a throw crosses, from the one after `from` to `to` (none for a 0). */
export function pathOf(from, moved) {
  return Array.from({ length: moved }, (_, i) => (from + i + 1) % FIELDS);
}
