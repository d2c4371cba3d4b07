// The host's controls over a round of the race, on the TV and the host's phone: skip the round
// (the game's own move: it scores nothing); ending the game is every game's (ui/endgame.js).
import { h } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";

export { endGameControl } from "/static/js/ui/endgame.js";

/** "Skip this round", while a round is counted down or played. */
export function skipRoundButton(state, send) {
  if (state.phase !== "countdown" && state.phase !== "playing") return null;
  return h("button", { type: "button", "data-key": "skip-round", onclick: () => send({ type: "skip_round" }), text: t("host.skip_round") });
}
