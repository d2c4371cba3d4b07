// The room's history over an evening: every game the room has kept, in the order played, each
// with its kind, its places (as the server read them from the game's own result, never counted
// here), the ones the host ended before their end marked, and links to the game's own history
// page and its export. From GET /api/rooms/CODE/games; drawn again on a change of language.
import { h, mount, byId } from "./dom.js";
import { init, t, errorText, langButton, onChange, current } from "./i18n.js";
import { games, gameName } from "./games.js";
import { roomGames } from "./finished.js";
import { ordinal } from "./ui/endcard.js";

const code = document.body.dataset.code;
const app = { loaded: false, kept: [], listing: [], error: null };

/** The places of one game, best first: "1st: Ana, Bo" per place. */
function placesView(g) {
  const byPlace = new Map();
  for (const p of g.placings) {
    const name = p.name ?? g.names[p.seat] ?? String(p.seat + 1);
    byPlace.set(p.place, [...(byPlace.get(p.place) || []), name]);
  }
  const places = [...byPlace.keys()].sort((a, b) => a - b);
  return h(
    "ol.evh-places",
    { "data-key": "places" },
    places.map((place) =>
      h("li", { class: place === 1 ? "first" : "", text: t("roomhist.place", { ord: ordinal(place), names: byPlace.get(place).join(", ") }) }),
    ),
  );
}

function gameView(g, index) {
  const name = gameName(app.listing.find((x) => x.id === g.game), current()) || g.game;
  return h(
    "li.evh-game",
    { class: g.abandoned ? "abandoned" : "", "data-key": `game-${g.id}`, "data-game": g.game },
    h("h3", { text: t("roomhist.game", { n: index + 1, name }) }),
    g.abandoned ? h("p.evh-abandoned", { "data-key": "abandoned", text: t("roomhist.abandoned") }) : placesView(g),
    h(
      "p.evh-links",
      null,
      h("a.button.primary", { href: g.page, "data-key": "open", text: t("roomhist.open") }),
      h("a.button", { href: g.export, download: `peanutclub-${g.id}.json`, "data-key": "export", text: t("roomhist.export") }),
    ),
  );
}

function render() {
  mount(byId("bar"), h("a.room", { href: `/r/${encodeURIComponent(code)}`, text: t("common.room", { code }) }), langButton(h));
  let content;
  if (app.error) content = h("p.evh-note", { role: "alert", text: errorText(app.error) });
  else if (!app.loaded) content = h("p.evh-note", { text: t("conn.connecting") });
  else if (!app.kept.length) content = h("p.evh-note", { text: t("roomhist.none") });
  else {
    content = [
      h("h2.evh-title", { text: t("roomhist.title", { code }) }),
      h("ol.evh-list", { "data-key": "games" }, app.kept.map((g, i) => gameView(g, i))),
    ];
  }
  mount(byId("app"), content);
}

await init();
onChange(render);
render();
try {
  [app.kept, app.listing] = await Promise.all([roomGames(code), games().catch(() => [])]);
  app.loaded = true;
} catch (error) {
  app.error = error.message;
}
render();
