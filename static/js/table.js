// What every game's table (a TV) shares: it watches its room, as the room's host when this
// browser holds the room's host token (the landing page keeps it for the room it created), sends
// the host's controls (saying so when it cannot), and shows, before its game's own table, the
// words while connecting and the lobby (the room code and where phones join beside the players).
import { h } from "./dom.js";
import { t, errorText } from "./i18n.js";
import { connect } from "./net.js";
import { inLobby } from "./state.js";
import { hostToken } from "./store.js";
import { toast, showStatus } from "./ui/feedback.js";
import { joinPanel } from "./ui/reach.js";
import { lobbyView, settingsRefusal, settingsSaved } from "./ui/lobby.js";
import { eveningPanel } from "./ui/evening.js";
import { hasRecap, recapButton, recapView } from "./ui/recap.js";
import { startGuide, showGuide } from "./ui/guide.js";

/** The handshake of a table: `watch`, with the host token if this browser holds it. */
export function watchHello(code) {
  const msg = { type: "watch" };
  const token = hostToken.get(code);
  if (token) msg.host_token = token;
  return msg;
}

/** A table's connection to room `code`: it watches (as the host when it may: onHost(isHost) at
 * each welcome), its state shows in the page's connection line, and the guided first game's
 * line follows each view (tableGuide); the rest is net.js's connect. The lobby's settings are
 * answered here for every game: refused ones marked (the page's `ui`, then `render()`), saved
 * ones closed; any other error is said in a toast. */
export function watchRoom({ code, onState, onHost, ui, render, patch = null }) {
  return connect({
    code,
    hello: () => watchHello(code),
    onState: tableGuide(code, (state, events, ...rest) => {
      settingsSaved(ui, events);
      onState(state, events, ...rest);
    }),
    onError: (msg) => {
      if (msg.code === "unknown_room") showStatus("gone");
      else toast(errorText(msg.code), "error");
      if (settingsRefusal(ui, msg)) render();
    },
    onWelcome: (msg) => onHost(!!msg.host),
    onStatus: showStatus,
    patch,
  });
}

/** The TV's guided-game line: started once for room `code`; returns the page's `onState`
 * followed by the line for the new view. */
export function tableGuide(code, onState) {
  startGuide("tv", code);
  return (state, ...rest) => {
    onState(state, ...rest);
    showGuide(state);
  };
}

/** A sender over the connection `conn()` returns: a toast when the message cannot go. */
export function sender(conn) {
  return (msg) => {
    const c = conn();
    if (!c || c.send(msg) === null) toast(t("conn.reconnecting"), "error");
  };
}

/** What the TV shows: `table(state)` once the game has begun, else the lobby or the wait.
 * ctx is the lobby's (static/js/ui/lobby.js); `reach` what reachOf/loadReach know. Between
 * games (the lobby, a game's end) the recap of the night can take the whole screen
 * (static/js/ui/recap.js), opened from the standings and closed back to where it was opened;
 * a game that starts closes it. */
export function screen(ctx, reach, code, table) {
  const state = ctx.state;
  if (!state) return h("p.tv-wait", { text: t("conn.connecting") });
  const between = inLobby(state) || state.phase === "over";
  if (!between || !hasRecap(state)) ctx.ui.recap = false;
  const toggle = (open) => () => {
    ctx.ui.recap = open;
    ctx.rerender();
  };
  if (ctx.ui.recap) return recapView({ state, code, close: toggle(false), rerender: ctx.rerender });
  const action = between && hasRecap(state) ? recapButton(toggle(true)) : null;
  if (!inLobby(state)) {
    // Between games (a game's end screen) the evening's standings sit under it, for every game.
    const evening = state.phase === "over" ? eveningPanel(state, { strip: true, action }) : null;
    return evening ? h("div.tv-over", null, h("div.tv-over-game", null, table(state)), evening) : table(state);
  }
  return h(
    "div.tv-lobby",
    null,
    h(
      "div.tv-side",
      null,
      h("section.tv-join", null, h("p.tv-label", { text: t("lobby.code") }), h("p.tv-code", { text: code }), joinPanel(reach, code)),
      eveningPanel(state, { action }),
    ),
    lobbyView(ctx),
  );
}

/** For the host during a game: a button that hands an away player's seat to a bot (for a
 * game's list of players; null for anyone present or already played by a bot). */
export function botHandover(send, level = "normal") {
  return (p) =>
    p.connected === false && !p.bot
      ? h("button.small", {
          type: "button",
          "data-key": `to-bot-${p.seat}`,
          onclick: () => send({ type: "add_bot", level, seat: p.seat }),
          text: t("host.to_bot", { name: p.name || `#${p.seat + 1}` }),
        })
      : null;
}
