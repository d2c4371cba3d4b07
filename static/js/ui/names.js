// A player's name with its badges, as every game's lists show it.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { handicapBadges } from "./handicaps.js";
import { seatMark } from "./seatmark.js";

/** How good a player's connection is, as the server times it (`p.link`): one, two or three
 * bars, so that the shape says it as well as the colour does; named for screen readers. */
export function linkBars(link) {
  if (!link) return null;
  const label = t(`link.${link}`);
  return h(
    `span.link.link-${link}`,
    { role: "img", "aria-label": label, title: label, "data-link": link },
    h("i"),
    h("i"),
    h("i"),
  );
}

/** Name with its seat's mark (its shape: `mark` gives another index, a Peanuts! deck's, or
 * false where a pawn token beside it already shows the shape), its badges (you, host, bot,
 * away, and what the host gave the seat, unless `handicaps` is false: a list that says it on a
 * line of its own); on a TV, the player's connection too. */
export function nameTag(p, me, hostSeat, { handicaps = true, mark = null } = {}) {
  const tv = document.body.classList.contains("page-tv");
  const index = mark === null || mark === undefined ? p.seat : mark;
  return h(
    "span.pname",
    null,
    mark === false || index === null || index === undefined ? null : seatMark(index),
    h("span.pname-text", { text: p.name || `#${p.seat + 1}` }),
    tv && p.connected !== false && !p.bot ? linkBars(p.link) : null,
    p.seat === me ? h("span.badge.badge-you", { text: t("common.you") }) : null,
    hostSeat === p.seat ? h("span.badge", { text: t("common.host") }) : null,
    p.bot ? h("span.badge.badge-bot", { text: t("common.bot", { level: t(`level.${p.bot}`) }) }) : null,
    p.connected === false && !p.bot ? h("span.badge.badge-away", { text: t("common.away") }) : null,
    ...(handicaps ? handicapBadges(p) : []),
  );
}
