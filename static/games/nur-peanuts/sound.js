// Nur Peanuts!' table sounds, from the frame's events: dice rolling for a throw, a thud for a
// pawn bumped back, a till for a purchase, a fanfare for a round won. The switch and the tone
// player are shared (static/js/sound.js): off until the host turns it on at the TV.
import { tvSound } from "/static/js/sound.js";

const TONES = {
  throw: [
    [300, 0, 0.05, "square", 0.08],
    [360, 0.07, 0.05, "square", 0.08],
    [270, 0.14, 0.05, "square", 0.08],
    [420, 0.21, 0.08, "square", 0.08],
  ],
  bump: [
    [140, 0, 0.2, "sawtooth", 0.2],
    [90, 0.12, 0.3, "sine", 0.25],
  ],
  buy: [
    [1319, 0, 0.1, "triangle"],
    [1760, 0.09, 0.25, "triangle"],
  ],
  round: [
    [523, 0, 0.2, "triangle"],
    [659, 0.15, 0.2, "triangle"],
    [784, 0.3, 0.45, "triangle"],
  ],
};

const KINDS = { thrown: "throw", bumped: "bump", bought: "buy", round_over: "round" };

/** The sounds of a frame's events, each kind once, one after another (a throw, then its bump). */
export function playEvents(events) {
  const kinds = [];
  for (const ev of events) {
    const kind = KINDS[ev.type];
    if (kind && !kinds.includes(kind)) kinds.push(kind);
  }
  let at = 0;
  const tones = [];
  for (const kind of kinds) {
    let end = 0;
    for (const [freq, start, length, ...rest] of TONES[kind]) {
      tones.push([freq, at + start, length, ...rest]);
      end = Math.max(end, start + length);
    }
    at += end + 0.1;
  }
  if (tones.length) tvSound().play(tones);
}
