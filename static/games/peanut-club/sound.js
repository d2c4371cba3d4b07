// Optional table sounds, made with WebAudio (no files): a blip for a bid, a chime for each call,
// a gavel for "Sold!". Off until switched on (browsers need a click before playing sound).
const KEY = "pc.sound";
let ctx = null;
let on = false;
try {
  on = localStorage.getItem(KEY) === "on";
} catch {
  /* ignore */
}

// A sound switched on in an earlier visit may only start after a first touch or click here.
document.addEventListener(
  "pointerdown",
  () => {
    if (on) audio();
  },
  { once: true },
);

export const enabled = () => on;

export function setEnabled(value) {
  on = value;
  try {
    localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    /* ignore */
  }
  if (on) audio();
}

function audio() {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return null;
  if (!ctx) ctx = new Ctx();
  if (ctx.state === "suspended") ctx.resume();
  return ctx;
}

function tone(ac, freq, start, length, type = "sine", gain = 0.2) {
  const osc = ac.createOscillator();
  const amp = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, ac.currentTime + start);
  amp.gain.setValueAtTime(0.0001, ac.currentTime + start);
  amp.gain.exponentialRampToValueAtTime(gain, ac.currentTime + start + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0001, ac.currentTime + start + length);
  osc.connect(amp).connect(ac.destination);
  osc.start(ac.currentTime + start);
  osc.stop(ac.currentTime + start + length + 0.05);
}

/** play("bid" | "going" | "sold" | "power") */
export function play(kind) {
  if (!on) return;
  const ac = audio();
  if (!ac) return;
  if (kind === "bid") tone(ac, 880, 0, 0.12, "triangle");
  else if (kind === "going") {
    tone(ac, 660, 0, 0.25);
    tone(ac, 523, 0.18, 0.35);
  } else if (kind === "sold") {
    tone(ac, 110, 0, 0.25, "square", 0.25);
    tone(ac, 784, 0.05, 0.5, "triangle");
    tone(ac, 1047, 0.2, 0.6, "triangle");
  } else if (kind === "power") {
    tone(ac, 330, 0, 0.15, "sawtooth", 0.12);
    tone(ac, 495, 0.12, 0.2, "sawtooth", 0.12);
  }
}
