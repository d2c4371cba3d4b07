// The host ends a game before its end, from the TV or the host's phone, in every game: the
// platform's `end_game` (the game goes to the room's history marked abandoned, everyone back to
// the lobby). It asks once more, so that a stray tap on a shared screen cannot end the evening's
// game. `ui.confirmEnd` holds the question between renders.
import { h } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";

/** "End the game", then "End the game now? Yes, end it / Keep playing"; nothing outside a game. */
export function endGameControl(state, ui, send, rerender) {
  if (!state || state.phase === "lobby" || state.phase === "over") {
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
