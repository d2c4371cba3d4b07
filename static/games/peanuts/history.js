// A room's finished games of Peanuts!, round by round: each round's deal as it was (every card,
// the face-down ones too: only finished games are served), how it ended and the score.
import { h } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { historyPage, namesState } from "/static/js/finished.js";
import { seatName } from "/static/js/state.js";
import { winnersLine, pointsText, signed, endLine } from "./ui/summary.js";
import { cardFace } from "./ui/cards.js";


// An export names cards by id: deck × 52 + suit × 13 + rank − 1 (suits in this order).
const SUITS = ["spades", "hearts", "diamonds", "clubs"];
const fromId = (id) => ({ id, deck: Math.floor(id / 52), suit: SUITS[Math.floor((id % 52) / 13)], rank: (id % 13) + 1 });

const pile = (ids, key) => h("span.hist-pile", { "data-key": key }, (ids || []).map((id) => cardFace(fromId(id), "span", { class: "mini" })));

/** A pile under its label, kept together: a label never ends a line away from its cards. */
const slot = (label, ids, key) => h("span.hist-slot", { "data-key": `slot-${key}` }, h("span.label", { text: label }), pile(ids, key));

/** How the round went, player by player: cards to the middle and onto building piles, turns of
 * the stock; then the rotations and the photo finishes, if any. */
function flowView(data, round) {
  const flow = round.flow;
  if (!flow) return null;
  const state = namesState(data);
  const extra = [];
  if (flow.rotations) extra.push(t("history.rotations", { n: flow.rotations }));
  for (const p of flow.photo_finishes || []) {
    extra.push(t("tv.photo_finish", { winner: seatName(state, p.winner), loser: seatName(state, p.loser), ms: p.margin_ms }));
  }
  return [
    h(
      "ul.hist-flow",
      { "data-key": "flow" },
      flow.seats.map((s) =>
        h("li", { "data-key": `flow-${s.seat}`, text: t("history.flow", { name: seatName(state, s.seat), f: s.foundation, b: s.building, flips: s.flips }) }),
      ),
    ),
    extra.length ? h("p.muted.hist-extra", { text: extra.join(" · ") }) : null,
  ];
}

function roundView(data, round) {
  const end = round.end;
  return h(
    "section.hist-round",
    { "data-key": `r${round.round}` },
    h("h3", { text: t("history.round", { n: round.round }) }),
    end ? h("p.hist-end", { "data-key": "end", text: endLine({ ...namesState(data), round_end: { reason: end.reason, caller: end.caller } }) }) : null,
    flowView(data, round),
    h("p.muted", { text: t("history.moves", { n: round.actions.length }) }),
    Object.entries(round.deal || {}).map(([deck, layout]) =>
      h(
        "div.hist-deck",
        { "data-key": `d${deck}` },
        h("strong", { text: data.names[Number(deck)] || `#${Number(deck) + 1}` }),
        slot(t("pile.peanuts"), layout.peanuts, "p"),
        (layout.building || []).map((b, i) => slot(t("pile.building", { n: i + 1 }), b, `b${i}`)),
      ),
    ),
    end && end.round_scores
      ? h(
          "ul.hist-scores",
          null,
          end.round_scores.map((s) =>
            h("li", { "data-key": `s${s.seat}`, text: `${s.seats.map((x) => data.names[x]).join(" & ")}: ${signed(s.points, true)}` }),
          ),
        )
      : null,
  );
}

/** How the game ended: who won, and everyone's total. */
function resultView(data) {
  const result = data.result;
  if (!result) return null;
  const state = { ...namesState(data), winners: result.winners };
  return h(
    "section.hist-result",
    { "data-key": "result" },
    h("h3", { text: winnersLine(state) }),
    h("ul.hist-totals", null, result.scores.map((s) => h("li", { "data-key": `t${s.seat}`, text: `${seatName(state, s.seat)}: ${pointsText(s.score)}` }))),
  );
}

const gameView = (data, g) => h("div.hist-game", { "data-key": `g${g}` }, data.rounds.map((r) => roundView(data, r)), resultView(data));

historyPage("peanuts", gameView);
