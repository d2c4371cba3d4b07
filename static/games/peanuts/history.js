// A room's finished games of Peanuts!, round by round: each round's deal as it was (every card,
// the face-down ones too: only finished games are served), how it ended and the score.
import { h, mount, byId } from "/static/js/dom.js";
import { init, t, errorText, langButton, onChange } from "/static/js/i18n.js";
import { finishedGames } from "/static/js/finished.js";
import { cardFace } from "./ui/cards.js";

const code = document.body.dataset.code;
const app = { loaded: false, data: [], error: null };

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
            h("li", { "data-key": `s${s.seat}`, text: `${s.seats.map((x) => data.names[x]).join(" & ")}: ${s.points > 0 ? "+" : ""}${s.points}` }),
          ),
        )
      : null,
  );
}

function render() {
  mount(byId("bar"), h("h1.room", { text: t("common.room", { code }) }), langButton(h));
  let content;
  if (app.error) content = h("p.error", { role: "alert", text: errorText(app.error) });
  else if (!app.loaded) content = h("p", { text: t("conn.connecting") });
  else if (!app.data.length) content = h("p", { text: t("history.none") });
  else {
    content = [
      h("h2", { text: t("history.title", { code }) }),
      app.data.map((data, i) => h("div.hist-game", { "data-key": `g${i}` }, data.rounds.map((r) => roundView(data, r)))),
    ];
  }
  mount(byId("app"), content);
}

async function load() {
  try {
    app.data = await finishedGames(code, "peanuts");
    app.loaded = true;
  } catch (error) {
    app.error = error.message;
  }
  render();
}

await init();
onChange(render);
render();
load();
