// A room's finished games of Peanuts!, round by round: each round's deal as it was (every card,
// the face-down ones too: only finished games are served), how it ended and the score.
import { h } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { historyPage, namesState } from "/static/js/finished.js";
import { seatName } from "/static/js/state.js";
import { winnersLine, pointsText, signed } from "./ui/summary.js";
import { cardFace } from "./ui/cards.js";


// An export names cards by id: deck × 52 + suit × 13 + rank − 1 (suits in this order).
const SUITS = ["spades", "hearts", "diamonds", "clubs"];
const fromId = (id) => ({ id, deck: Math.floor(id / 52), suit: SUITS[Math.floor((id % 52) / 13)], rank: (id % 13) + 1 });

const pile = (ids, key) => h("span.hist-pile", { "data-key": key }, (ids || []).map((id) => cardFace(fromId(id), "span", { class: "mini" })));

function roundView(data, round) {
  const end = round.end;
  return h(
    "section.hist-round",
    { "data-key": `r${round.round}` },
    h("h3", { text: t("history.round", { n: round.round }) }),
    h("p.muted", { text: t("history.moves", { n: round.actions.length }) }),
    Object.entries(round.deal || {}).map(([deck, layout]) =>
      h(
        "div.hist-deck",
        { "data-key": `d${deck}` },
        h("strong", { text: data.names[Number(deck)] || `#${Number(deck) + 1}` }),
        h("span.label", { text: t("pile.peanuts") }),
        pile(layout.peanuts, "p"),
        (layout.building || []).map((b, i) => [h("span.label", { text: t("pile.building", { n: i + 1 }) }), pile(b, `b${i}`)]),
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
