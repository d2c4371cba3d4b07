// Between and after rounds: a round's score, the game's end, and what a spectator's phone shows.
import { h } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { inLobby } from "/static/js/state.js";
import { app, code, session, send, render } from "./page.js";
import { summaryTable, endLine, winnersLine } from "./summary.js";
import { endGameControl } from "./host.js";
import { endCard } from "/static/js/ui/endcard.js";

export function roundOverView(state) {
  const next = state.deadline_kind === "next_round" && state.deadline;
  return h(
    "section.round-over",
    { "data-key": "round-over", "aria-labelledby": "sum-title" },
    h("h2", { id: "sum-title", text: t("summary.title", { n: state.round }) }),
    h("p.end-line", { text: endLine(state) }),
    summaryTable(state, session.seat),
    h("p.muted", { text: t("summary.target", { n: state.target_score }) }),
    next ? h("p.next-in", { "data-deadline": String(state.deadline), "data-fmt": "tv.next_round_in", text: "" }) : null,
    session.host
      ? h("button.primary.big", { type: "button", "data-key": "next-round", onclick: () => send({ type: "next_round" }), text: t("tv.next_round") })
      : null,
    session.host ? h("div.host-row", null, endGameControl(state, app.ui, send, render)) : null,
  );
}

/** The game's own end: who won, how the last round ended, the totals. */
function finalView(state, more = []) {
  return h(
    "section.game-over",
    { "data-key": "over", "aria-labelledby": "over-title" },
    h("h2", { id: "over-title", text: t("over.title") }),
    h("p.winner", { text: winnersLine(state) }),
    h("p.end-line", { "data-key": "end-line", text: endLine(state) }),
    summaryTable(state, session.seat),
    ...more,
  );
}

/** A seated phone at the end: its own end card (the host's choices on top), then the scores. */
export function endView(state) {
  return endCard({
    state,
    me: session.seat,
    host: session.host,
    send,
    rerender: render,
    details: finalView(state),
    history: t("over.history"),
  });
}

/** Someone watching from a phone at the end: the scores, and the history. */
export function overView(state) {
  return finalView(state, [
    h("p.muted", { text: t("over.wait_rematch") }),
    h("a.button", { href: `/r/${encodeURIComponent(code)}/history`, "data-key": "history", text: t("over.history") }),
  ]);
}

export function spectatorView(state) {
  if (inLobby(state)) return h("section.join", null, h("p", { text: t("lobby.wait_host") }));
  if (state.phase === "over") return overView(state);
  if (state.phase === "round_over") return roundOverView(state);
  return h(
    "section.join.watching",
    { "data-key": "watching" },
    h("h2", { text: t("watch.title") }),
    h("p.muted", { text: t("join.started") }),
    h("a.button", { href: `/r/${encodeURIComponent(code)}/tv`, text: t("join.watch_tv") }),
  );
}
