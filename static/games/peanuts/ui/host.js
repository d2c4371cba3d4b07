// The host's controls over a game being played, on the TV and the host's phone: skip the round
// (the game's own move: it scores nothing) and end the game (the platform's `end_game`: the game
// goes to the history marked abandoned, everyone back to the lobby). Ending asks once more, so
// that a stray tap on a shared screen cannot end the evening's game.
import { h } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";

/** "Skip this round", while a round is counted down or played. */
export function skipRoundButton(state, send) {
  if (state.phase !== "countdown" && state.phase !== "playing") return null;
  return h("button", { type: "button", "data-key": "skip-round", onclick: () => send({ type: "skip_round" }), text: t("host.skip_round") });
}

/** "End the game", then "End the game now? Yes, end it / Keep playing". `ui.confirmEnd` holds
 * the question between renders. */
export function endGameControl(state, ui, send, rerender) {
  if (!["countdown", "playing", "round_over"].includes(state.phase)) {
    ui.confirmEnd = false;
    return null;
  }
  if (!ui.confirmEnd) {
    return h("button", {
      type: "button",
      "data-key": "end-game",
      onclick: () => {
        ui.confirmEnd = true;
        rerender();
      },
      text: t("host.end_game"),
    });
  }
  const answer = (yes) => () => {
    ui.confirmEnd = false;
    if (yes) send({ type: "end_game" });
    rerender();
  };
  return h(
    "span.end-confirm",
    { role: "group", "aria-label": t("host.end_game_sure"), "data-key": "end-confirm" },
    h("span.end-q", { text: t("host.end_game_sure") }),
    h("button.danger", { type: "button", "data-key": "end-game-yes", onclick: answer(true), text: t("host.end_game_yes") }),
    h("button", { type: "button", "data-key": "end-game-no", onclick: answer(false), text: t("host.cancel") }),
  );
}
