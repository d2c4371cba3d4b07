// Everyone at the table: cards in hand, objects won, power tokens (used or not), symbol counts.
import { h } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { symbolIcon } from "../symbols.js";
import { nameTag } from "/static/js/ui/names.js";

export const POWERS = ["a_la_carte", "crash", "niet", "convert", "abracadabra"];
const SYMBOL_ORDER = ["luxury", "antique", "exotic", "furniture", "modern", "classical", "curiosity", "art", "joker"];

/** The five tokens as small chips; a used one is struck through, carries a bold cross (seen from
 * the sofa, and by those who cannot tell the greys apart) and says so to screen readers. */
export function tokenChips(tokens) {
  return h(
    "ul.tokens",
    { "aria-label": t("tv.tokens") },
    POWERS.map((p) => {
      const used = tokens && tokens[p];
      return h(
        "li.token",
        { class: used ? "used" : "", title: t(`pow_help.${p}`), "data-key": `tok-${p}` },
        h("span", { text: t(`pow.${p}`) }),
        used ? h("span.token-mark", { "aria-hidden": "true", text: "✕" }) : null,
        h("span.sr", { text: ` (${t(used ? "powers.used" : "powers.ready")})` }),
      );
    }),
  );
}

/** Symbol → count over a player's won objects. */
export function symbolCounts(objects) {
  const counts = {};
  for (const o of objects || []) for (const s of o.symbols || []) counts[s] = (counts[s] || 0) + 1;
  return SYMBOL_ORDER.filter((s) => counts[s]).map((s) => [s, counts[s]]);
}

/** Symbol counts; `labels` writes each symbol's name beside its picture. */
export function symbolCountView(objects, labels = false) {
  const counts = symbolCounts(objects);
  if (!counts.length) return null;
  return h(
    "ul.symcounts",
    { "aria-label": t("tv.symbols") },
    counts.map(([s, n]) =>
      h(
        "li.symcount",
        { class: n >= 3 ? "set" : "", title: t(`sym.${s}`), "data-key": `sym-${s}` },
        symbolIcon(s),
        labels ? h("span.symcount-name", { text: t(`sym.${s}`) }) : null,
        h("span", { text: `×${n}` }),
      ),
    ),
  );
}

/** The players list. `rich` (the TV) adds won objects' symbols; `refreshed` makes the tokens
 * that just came back shine. */
export function playersView(state, { me = null, rich = false, hostAction = null, refreshed = false } = {}) {
  const hb = state.high_bid;
  const payer = state.payer;
  return h(
    "section.players",
    { "aria-label": t("players.title"), class: rich ? "rich" : "" },
    h(
      "ul.player-list",
      null,
      (state.players || []).map((p) =>
        h(
          "li.player",
          {
            class: [
              hb && hb.seat === p.seat ? "leading" : "",
              payer === p.seat ? "paying" : "",
              p.connected === false ? "away" : "",
              p.seat === me ? "me" : "",
              refreshed ? "refreshed" : "",
            ]
              .filter(Boolean)
              .join(" "),
            dataset: { seat: p.seat },
            "data-key": `player-${p.seat}`,
          },
          h(
            "div.player-top",
            null,
            nameTag(p, me, state.host_seat),
            h(
              "span.player-stats",
              null,
              h("span.stat", { title: t("players.cards") }, h("b", { text: p.hand_count ?? 0 }), ` ${t("players.cards")}`),
              h("span.stat", { title: t("players.won") }, h("b", { text: (p.objects || []).length }), ` ${t("players.won")}`),
            ),
          ),
          tokenChips(p.tokens),
          rich ? symbolCountView(p.objects, true) : null,
          hostAction ? hostAction(p) : null,
        ),
      ),
    ),
  );
}
