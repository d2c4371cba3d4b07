// Short tones made with WebAudio (no sound files to fetch or cache), behind a switch kept on the
// device. Each game keeps its own choice of tones (its folder's sound.js, or its phone cues in
// ui/touch.js); the switch, the one AudioContext and the tone player are here, once.
//
// A browser plays nothing before a first touch or click on the page, so a switch left on from an
// earlier visit wakes the AudioContext on the first pointerdown, and turning a switch on (a
// click) wakes it at once.

let ctx = null;

/** The page's one AudioContext, woken if the browser suspended it; null without WebAudio. */
function audio() {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return null;
  if (!ctx) ctx = new Ctx();
  if (ctx.state === "suspended") ctx.resume();
  return ctx;
}

/** A tone: [freq Hz, start s, length s, wave = "sine", gain = 0.2]. */
function tone(ac, [freq, start, length, type = "sine", gain = 0.2]) {
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

/** Play a list of tones (see tone) now, whatever any switch says: callers check theirs. */
export function playTones(tones) {
  const ac = audio();
  if (!ac) return;
  for (const one of tones) tone(ac, one);
}

/**
 * switchOn(key, fallback) → {enabled(), setEnabled(value)}: a yes/no kept in localStorage under
 * `key` ("on" / "off"), `fallback` until the device chose. A storage the browser refuses
 * (private mode) keeps the choice for the page's life only.
 */
export function deviceSwitch(key, fallback) {
  let on = fallback;
  try {
    const kept = localStorage.getItem(key);
    if (kept === "on" || kept === "off") on = kept === "on";
  } catch {
    /* ignore */
  }
  return {
    enabled: () => on,
    setEnabled(value) {
      on = !!value;
      try {
        localStorage.setItem(key, on ? "on" : "off");
      } catch {
        /* ignore */
      }
    },
  };
}

/**
 * soundSwitch(key, fallback) → {enabled(), setEnabled(value), play(tones)}: a device switch
 * for sound whose play() is silent while it is off, and which wakes the audio when turned on.
 */
export function soundSwitch(key, fallback = false) {
  const sw = deviceSwitch(key, fallback);
  document.addEventListener(
    "pointerdown",
    () => {
      if (sw.enabled()) audio();
    },
    { once: true },
  );
  return {
    enabled: sw.enabled,
    setEnabled(value) {
      sw.setEnabled(value);
      if (sw.enabled()) audio();
    },
    play(tones) {
      if (sw.enabled() && tones) playTones(tones);
    },
  };
}

let tv = null;

/**
 * The TV's sound switch: one for every game's TV, kept under the key Peanut Club's TV always
 * used, so a host who turned the table's sound on keeps it on into the evening's next game. Off
 * until the host turns it on. Made on first use: a phone page never makes it.
 */
export function tvSound() {
  if (!tv) tv = soundSwitch("pc.sound", false);
  return tv;
}

/** The TV's "Sound on / Sound off" button, the same on every game's TV. `h` and `t` are the
 *  page's; `rerender` draws the footer again. */
export function tvSoundButton(h, t, rerender) {
  const sw = tvSound();
  return h("button", {
    type: "button",
    "data-key": "sound",
    "aria-pressed": sw.enabled() ? "true" : "false",
    onclick: () => {
      sw.setEnabled(!sw.enabled());
      rerender();
    },
    text: t(sw.enabled() ? "sound.tv_on" : "sound.tv_off"),
  });
}
