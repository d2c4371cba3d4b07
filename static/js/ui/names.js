// A player's name with its badges, as every game's lists show it.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { handicapBadges } from "./handicaps.js";

/** Name with its badges (you, host, bot, away, and what the host gave the seat, unless
 * `handicaps` is false: a list that says it on a line of its own). */
export function nameTag(p, me, hostSeat, { handicaps = true } = {}) {
  return h(
    "span.pname",
    null,
    h("span.pname-text", { text: p.name || `#${p.seat + 1}` }),
    p.seat === me ? h("span.badge.badge-you", { text: t("common.you") }) : null,
    hostSeat === p.seat ? h("span.badge", { text: t("common.host") }) : null,
    p.bot ? h("span.badge.badge-bot", { text: t("common.bot", { level: t(`level.${p.bot}`) }) }) : null,
    p.connected === false && !p.bot ? h("span.badge.badge-away", { text: t("common.away") }) : null,
    ...(handicaps ? handicapBadges(p) : []),
  );
}
