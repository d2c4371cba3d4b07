// Cards as every Peanuts! page draws them: rank and suit on a white face, edged in the colour of
// the deck it belongs to and carrying that deck's mark (its shape, for those who cannot tell the
// colours apart); their names for screen readers. Only what the view holds is drawn.
import { h } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { seatName } from "/static/js/state.js";
import { seatMark } from "/static/js/ui/seatmark.js";

const SUITS = { spades: "♠", hearts: "♥", diamonds: "♦", clubs: "♣" };
const LETTERS = { 1: "A", 11: "J", 12: "Q", 13: "K" };

export const suitSymbol = (suit) => SUITS[suit] || "?";
export const rankLabel = (rank) => LETTERS[rank] || String(rank);
export const isRed = (card) => card.suit === "hearts" || card.suit === "diamonds";

/** "Queen of hearts" / "Dame de cœur". */
export function cardName(card) {
  if (!card) return "";
  const rank = LETTERS[card.rank] ? t(`rank.${card.rank}`) : String(card.rank);
  return t("card.name", { rank, suit: t(`suit.${card.suit}`) });
}

/** The seat whose deck a card is (its team's first seat, with teams), for its owner's name. */
export function deckName(state, deck) {
  const p = (state.players || []).find((x) => x.deck === deck);
  return p ? seatName(state, p.seat) : `#${deck + 1}`;
}

/** A card's face: `tag` is the element ("span" for a picture, "button" for a playable card). */
export function cardFace(card, tag = "span", attrs = {}) {
  const cls = [`card-face`, `deck-${card.deck % 6}`, isRed(card) ? "red" : "black", attrs.class || ""]
    .filter(Boolean)
    .join(" ");
  return h(
    `${tag}`,
    { ...attrs, class: cls, "data-card": String(card.id) },
    h("span.rank", { "aria-hidden": "true", text: rankLabel(card.rank) }),
    h("span.suit", { "aria-hidden": "true", text: suitSymbol(card.suit) }),
    seatMark(card.deck, { cls: "card-mark" }),
  );
}

/** The back of a face-down pile, in the deck's colour and with its mark, and its count. */
export function cardBack(deck, count, attrs = {}) {
  return h(
    "span",
    { ...attrs, class: [`card-back`, `deck-${deck % 6}`, attrs.class || ""].join(" ") },
    seatMark(deck, { cls: "card-mark" }),
    count !== null && count !== undefined ? h("span.back-count", { text: String(count) }) : null,
  );
}

/** An empty place where a pile could be. */
export const emptySlot = (attrs = {}) => h("span", { ...attrs, class: ["card-slot", attrs.class || ""].join(" ") });

/**
 * Inline styles are refused by the pages' Content-Security-Policy (style-src 'self'), so a render
 * names the few computed ones (a bar's width, a pile's fan) in `data-css="prop:value;…"` and this
 * writes them through the CSSOM after each mount.
 */
export function applyCss(root) {
  for (const el of root.querySelectorAll("[data-css]")) {
    if (el.__pcCss === el.dataset.css) continue;
    el.__pcCss = el.dataset.css;
    for (const part of el.dataset.css.split(";")) {
      const at = part.indexOf(":");
      if (at > 0) el.style.setProperty(part.slice(0, at).trim(), part.slice(at + 1).trim());
    }
  }
}
