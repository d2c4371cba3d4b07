// Each phone's own sound and vibration: two switches in the phone's bar, kept on the device
// (localStorage), and the cues a game's player page asks for at its moments (this phone's turn,
// a win, a payment it owes, a race lost). Which moment it is comes from the view's fields and
// events, decided by each game's player page; this module only says how each moment feels.
//
// Vibration is on until the phone turns it off: it is silent and felt by its owner alone, which
// is what a phone lying on a party table wants. Sound is off until the phone turns it on: a
// table of phones beeping together over the TV's own sounds is noise, and a browser plays no
// sound before a first tap anyway.
import { t } from "../i18n.js";
import { deviceSwitch, soundSwitch } from "../sound.js";

const sound = soundSwitch("pc.phone.sound", false);
const vibration = deviceSwitch("pc.phone.vibrate", true);

/** How each moment feels: a vibration pattern (ms on, off, on…) and a few tones. */
const CUES = {
  // Your turn: one short tap.
  turn: { buzz: [70], tones: [[660, 0, 0.1, "triangle"]] },
  // You won (a lot, a race, a round): a longer, rising pattern.
  win: {
    buzz: [120, 60, 120, 60, 300],
    tones: [
      [523, 0, 0.15, "triangle"],
      [659, 0.12, 0.15, "triangle"],
      [784, 0.24, 0.35, "triangle"],
    ],
  },
  // You must pay: two long, heavy pulses, unlike the others.
  pay: {
    buzz: [350, 150, 350],
    tones: [
      [220, 0, 0.3, "square", 0.12],
      [165, 0.35, 0.4, "square", 0.12],
    ],
  },
  // Outbid, or a race lost by a hair: two quick knocks.
  lost: {
    buzz: [80, 40, 80],
    tones: [
      [440, 0, 0.08, "sawtooth", 0.1],
      [330, 0.1, 0.12, "sawtooth", 0.1],
    ],
  },
};
const GAP_MS = 200;

/**
 * cue(...kinds): this phone's moment(s), felt through its switches. Several moments of one frame
 * (a lot won and its payment due) follow each other in one pattern, since a new vibrate() call
 * cuts the one before. A game calls it once per occurrence: from its onState on the change
 * the frame brought, never from render().
 */
export function cue(...kinds) {
  const known = kinds.filter((k) => CUES[k]);
  if (!known.length) return;
  if (vibration.enabled() && navigator.vibrate) {
    const pattern = [];
    for (const k of known) {
      if (pattern.length) pattern.push(GAP_MS);
      pattern.push(...CUES[k].buzz);
    }
    navigator.vibrate(pattern);
  }
  if (sound.enabled()) {
    let at = 0;
    const tones = [];
    for (const k of known) {
      let end = 0;
      for (const [freq, start, length, ...rest] of CUES[k].tones) {
        tones.push([freq, at + start, length, ...rest]);
        end = Math.max(end, start + length);
      }
      at += end + GAP_MS / 1000;
    }
    sound.play(tones);
  }
}

let open = false;
let redraw = null;

// A tap anywhere else closes the panel, so it never stays over the game's own controls.
document.addEventListener("pointerdown", (e) => {
  if (open && redraw && !(e.target instanceof Element && e.target.closest(".touch"))) {
    open = false;
    redraw();
  }
});

function toggle(h, key, sw, glyph, rerender) {
  const on = sw.enabled();
  return h(
    "button.touch-switch",
    {
      type: "button",
      "data-key": `touch-${key}`,
      "aria-pressed": on ? "true" : "false",
      onclick: () => {
        sw.setEnabled(!sw.enabled());
        rerender();
      },
    },
    h("span.touch-glyph", { "aria-hidden": "true", text: glyph }),
    h("span.touch-label", { text: t(`touch.${key}`) }),
    h("span.touch-state", { "aria-hidden": "true", text: t(on ? "touch.on" : "touch.off") }),
  );
}

/**
 * The phone bar's sound and vibration: one small button (♪ ≋, each struck through while off)
 * that opens a panel of the two switches in words, under the bar. One button keeps the bar's
 * room for the player's name on a 360 px phone; the panel stays open until the button is
 * tapped again, a tap lands elsewhere or Escape, so a finger may try both. `rerender` draws the page again.
 */
export function touchSwitches(h, rerender) {
  redraw = rerender;
  const close = () => {
    open = false;
    rerender();
    // The switch that held the focus is gone with its panel: the focus goes back to the button.
    const menu = document.querySelector("#bar [data-key=touch-menu]");
    if (menu) menu.focus();
  };
  return h(
    "span.touch",
    { "data-key": "touch" },
    h(
      "button.touch-menu",
      {
        type: "button",
        "data-key": "touch-menu",
        "aria-expanded": open ? "true" : "false",
        "aria-controls": open ? "touch-panel" : null,
        "aria-label": t("touch.menu"),
        title: t("touch.menu"),
        onclick: () => {
          open = !open;
          rerender();
        },
        onkeydown: (e) => {
          if (e.key === "Escape" && open) close();
        },
      },
      h("span.touch-glyph", { "data-on": sound.enabled() ? "true" : "false", text: "♪" }),
      h("span.touch-glyph", { "data-on": vibration.enabled() ? "true" : "false", text: "≋" }),
    ),
    open
      ? h(
          "div.touch-panel",
          {
            id: "touch-panel",
            role: "group",
            "aria-label": t("touch.menu"),
            onkeydown: (e) => {
              if (e.key === "Escape") close();
            },
          },
          toggle(h, "sound", sound, "♪", rerender),
          toggle(h, "vibrate", vibration, "≋", rerender),
        )
      : null,
  );
}
