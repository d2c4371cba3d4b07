// Above and below the piles: the round's status line (round, stall clock, rotations, points,
// a short note or the others' race) and the actions (Peanuts!, choose a place, stuck, host menu).
import { h } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { app, session, send, render } from "./page.js";
import { cardName } from "./cards.js";
import { deckNames, roundPoints } from "./summary.js";
import { seatMark } from "/static/js/ui/seatmark.js";
import { cancelPick } from "./moves.js";
import { skipRoundButton, endGameControl } from "./host.js";

export function statusView(state, me) {
  const counting = state.phase === "countdown";
  const kind = state.deadline_kind;
  return h(
    "section.race-status",
    { "data-key": "status", class: counting ? "counting" : "" },
    h("span.round", { text: t("play.round", { n: state.round }) }),
    kind === "stall" && state.deadline
      ? h("span.stall", { "data-key": "stall", title: t("play.stall_help"), "data-deadline": String(state.deadline), "data-fmt": "play.stall", text: "" })
      : null,
    state.phase === "playing"
      ? h("span.rot", {
          "data-key": "rotations",
          title: t("play.rotations_help", { max: state.max_rotations }),
          "aria-label": t("play.rotations_help", { max: state.max_rotations }),
          text: t("play.rotations_short", { n: state.rotations, max: state.max_rotations }),
        })
      : null,
    counting && state.deadline
      ? h("strong.go", { "data-deadline": String(state.deadline), "data-fmt": "play.countdown_in", text: t("play.countdown") })
      : h("span.points", { text: roundPoints(me.round_points) }),
    session.note
      ? h("span.note", { class: `note-${session.note.kind}`, role: session.note.kind === "lost" ? "alert" : "status", "data-key": "note", text: session.note.text })
      : app.picked
        ? h("span.note", { "data-key": "note", text: t("play.picked", { card: cardName(app.picked.card) }) })
        : app.choose
          ? h("span.note", { "data-key": "note", text: t("play.choose_help") })
          : kind === "stall" && state.rotations
            ? h("span.note", { text: t("play.rotations", { n: state.rotations, max: state.max_rotations }) })
            : othersView(state, me),
  );
}

/** The others' race in one line: each other deck's peanuts left. */
export function othersView(state, me) {
  const seen = new Set([me.deck]);
  const others = [];
  for (const p of state.players) {
    if (seen.has(p.deck)) continue;
    seen.add(p.deck);
    others.push(p);
  }
  if (!others.length) return null;
  return h(
    "span.note.others",
    { "data-key": "others", "aria-label": t("race.title") },
    others.map((p) =>
      h(
        "span.other",
        { class: `deck-${p.deck % 6}`, "data-key": `o${p.deck}` },
        seatMark(p.deck, { cls: "deck-mark" }),
        t("race.other", { name: deckNames(state, state.players.filter((q) => q.deck === p.deck).map((q) => q.seat)), n: p.peanuts.left }),
      ),
    ),
  );
}

/** The host's controls in place of the actions while its menu is open. */
export function hostActions(state) {
  const close = () => {
    app.ui.hostOpen = false;
    app.ui.confirmEnd = false;
    render();
  };
  return h(
    "section.actions.host-actions",
    { "data-key": "actions" },
    app.ui.confirmEnd ? null : skipRoundButton(state, send),
    endGameControl(state, app.ui, send, render),
    app.ui.confirmEnd ? null : h("button", { type: "button", "data-key": "host-close", onclick: close, text: t("host.close") }),
  );
}

export function actionsView(state, me) {
  const empty = me.peanuts.left === 0;
  if (session.host && app.ui.hostOpen) return hostActions(state);
  return h(
    "section.actions",
    { "data-key": "actions" },
    empty
      ? h("button.primary.call", {
          type: "button",
          "data-key": "call",
          "aria-label": t("play.peanuts_label"),
          onclick: () => send({ type: "peanuts" }),
          text: t("play.peanuts"),
        })
      : null,
    app.picked
      ? h("button", { type: "button", "data-key": "cancel", onclick: cancelPick, text: t("play.cancel") })
      : h("button", {
          type: "button",
          "data-key": "choose",
          "aria-pressed": app.choose ? "true" : "false",
          title: t("play.choose_help"),
          onclick: () => {
            app.choose = !app.choose;
            render();
          },
          text: t("play.choose"),
        }),
    h("button.stuck", {
      type: "button",
      "data-key": "stuck",
      "aria-pressed": me.stuck ? "true" : "false",
      title: t("play.stuck_help"),
      onclick: () => send({ type: "stuck", on: !me.stuck }),
      text: t(me.stuck ? "play.stuck_on" : "play.stuck"),
    }),
    session.host
      ? h("button.host-menu", {
          type: "button",
          "data-key": "host-menu",
          "aria-label": t("host.menu"),
          title: t("host.menu"),
          onclick: () => {
            app.ui.hostOpen = true;
            render();
          },
          text: "⋯",
        })
      : null,
  );
}
