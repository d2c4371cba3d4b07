// Peanut Club's table sounds: a blip for a bid, a chime for each call, a gavel for "Sold!", a
// buzz for a power. The switch and the tone player are shared (static/js/sound.js); off until
// the host turns it on at the TV.
import { tvSound } from "/static/js/sound.js";

const TONES = {
  bid: [[880, 0, 0.12, "triangle"]],
  going: [
    [660, 0, 0.25],
    [523, 0.18, 0.35],
  ],
  sold: [
    [110, 0, 0.25, "square", 0.25],
    [784, 0.05, 0.5, "triangle"],
    [1047, 0.2, 0.6, "triangle"],
  ],
  power: [
    [330, 0, 0.15, "sawtooth", 0.12],
    [495, 0.12, 0.2, "sawtooth", 0.12],
  ],
};

/** play("bid" | "going" | "sold" | "power") */
export function play(kind) {
  tvSound().play(TONES[kind]);
}
