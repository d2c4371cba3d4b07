// What happened, as a sentence for the live region (and the TV's ticker): a round dealt, "go",
// a call, a rotation, the end. Card moves are not read out one by one: in a race they are too
// many; the page says only what matters to the person.
import { t } from "/static/js/i18n.js";
import { seatName } from "/static/js/state.js";

/** "Ana beat Ben by 37 ms": a race to a foundation decided by the room's arrival times. */
export function photoFinishLine(photo, state) {
  return t("tv.photo_finish", { winner: seatName(state, photo.winner), loser: seatName(state, photo.loser), ms: photo.margin_ms });
}

/** The sentence for event `ev` in `state` (as `me` sees it), or null to say nothing. */
export function describe(ev, state, me = null) {
  switch (ev.type) {
    case "round_dealt":
      return t("ev.round_dealt", { n: ev.round });
    case "round_started":
      return t("ev.round_started", { n: ev.round });
    case "round_over":
      return ev.reason === "peanuts" && ev.caller !== null && ev.caller !== undefined
        ? t("ev.peanuts", { name: seatName(state, ev.caller) })
        : ev.reason === "skipped"
          ? t("ev.skipped")
          : t("ev.stalled");
    case "photo_finish":
      // The winner's own phone says it as theirs (the loser's says why its card came back).
      if (me !== null && ev.winner === me) return t("play.won_race", { name: seatName(state, ev.loser), ms: ev.margin_ms });
      return photoFinishLine(ev, state);
    case "rotated":
      return t("ev.rotated");
    case "game_over":
      return t("ev.game_over");
    case "rematch":
      return t("ev.rematch");
    case "game_ended":
      return t("ev.game_ended");
    case "stuck":
      return ev.on && ev.seat !== me ? t("ev.stuck", { name: seatName(state, ev.seat) }) : null;
    default:
      return null;
  }
}
