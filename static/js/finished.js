// A room's finished games of one game, as that game tells them (GET /api/rooms/CODE/games, then
// each one's history), for the history pages; or the one game the page's address names
// (/r/CODE/history/RECORD). A refusal throws an Error named by its code.
import { h, mount, byId } from "/static/js/dom.js";
import { init, t, errorText, langButton, onChange } from "/static/js/i18n.js";
import { handicapsLine } from "/static/js/ui/handicaps.js";

/** GET `url` as JSON; a refusal throws an Error named by the body's code. */
export async function getJSON(url) {
  const res = await fetch(url, { headers: { accept: "application/json" } });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error((body && body.code) || "unknown");
  return body;
}

/** A view-like object with the told game's players by seat, as names and sentences read it. */
export function namesState(data) {
  return { players: data.names.map((name, seat) => ({ seat, name })) };
}

/** The finished games kept for room `code`, oldest first: each one's id and history's address. */
export async function roomGames(code) {
  const listing = await getJSON(`/api/rooms/${encodeURIComponent(code)}/games`);
  return listing.games;
}

/** The kept game this page is about when its address names one (/r/CODE/history/RECORD: the
 * server puts it in <body data-record>), else null. */
export const pageRecord = () => document.body.dataset.record || null;

/** On a page about one game of the evening: the way back to the list of all its games. */
export function allGamesLink(code) {
  if (!pageRecord()) return null;
  return h("a.button.hist-all", { href: `/r/${encodeURIComponent(code)}/history`, "data-key": "all-games", text: t("roomhist.all") });
}

/** The told games of `game` kept for room `code`, oldest first. */
export async function finishedGames(code, game) {
  const games = await roomGames(code);
  const told = await Promise.all(games.filter(Boolean).map((g) => getJSON(g.history)));
  return told.filter((d) => d.game === game);
}

/** A game as its page tells it, under a line saying the host ended it before its end. */
function abandonedMark(data, g) {
  return data.abandoned ? h("p.hist-abandoned", { role: "note", "data-key": `abandoned-${g}`, text: t("history.abandoned") }) : null;
}

/** Runs the history page of `game` for the room the page is about: the room's heading, then
 * one `gameView(data, index)` per finished game (or why there is none), drawn again on each
 * change of language; `afterMount(root)` runs after every drawing (for what needs the layout). */
export async function historyPage(game, gameView, afterMount = () => {}) {
  const code = document.body.dataset.code;
  const app = { loaded: false, data: [], error: null };
  // Who had a handicap or a head start is said before the game is told, the same for every game.
  const told = (data, g) => [abandonedMark(data, g), handicapsLine(data), gameView(data, g)];
  const render = () => {
    mount(byId("bar"), h("h1.room", { text: t("common.room", { code }) }), langButton(h));
    let content;
    if (app.error) content = h("p.error", { role: "alert", text: errorText(app.error) });
    else if (!app.loaded) content = h("p", { text: t("conn.connecting") });
    else if (!app.data.length) content = h("p", { text: t("history.none") });
    else {
      content = [
        allGamesLink(code),
        h("h2.hist-title", { text: t("history.title", { code }) }),
        app.data.map((data, g) => told(data, g)),
      ];
    }
    mount(byId("app"), content);
    afterMount(byId("app"));
  };
  await init();
  onChange(render);
  render();
  try {
    // One game of the evening when the address names it, else every kept game of this kind.
    const record = pageRecord();
    app.data = record ? [await getJSON(`/api/games/${encodeURIComponent(record)}/history`)] : await finishedGames(code, game);
    app.loaded = true;
  } catch (error) {
    app.error = error.message;
  }
  render();
}
