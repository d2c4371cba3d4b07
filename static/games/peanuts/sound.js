// Peanuts!' table sounds, from the frame's events: a rising call when a round's race starts, a
// short beat for a race won by a hair, a fanfare when a round (or the game) ends. The switch and
// the tone player are shared (static/js/sound.js): off until the host turns it on at the TV.
import { tvSound } from "/static/js/sound.js";

const TONES = {
  start: [
    [392, 0, 0.12, "triangle"],
    [523, 0.14, 0.12, "triangle"],
    [784, 0.28, 0.3, "triangle"],
  ],
  photo: [
    [988, 0, 0.06, "square", 0.1],
    [988, 0.1, 0.06, "square", 0.1],
  ],
  round: [
    [523, 0, 0.2, "triangle"],
    [659, 0.15, 0.2, "triangle"],
    [784, 0.3, 0.2, "triangle"],
    [1047, 0.45, 0.5, "triangle"],
  ],
};

const KINDS = { round_started: "start", photo_finish: "photo", round_over: "round" };

/** The sound for a frame's events: one, the last that has one (a round's end over its moves). */
export function playEvents(events) {
  let kind = null;
  for (const ev of events) if (KINDS[ev.type]) kind = KINDS[ev.type];
  if (kind) tvSound().play(TONES[kind]);
}
