// A seated phone keeps its screen on while its game runs: a phone that dims and locks in the
// middle of an auction or a race drops its socket and leaves its owner out of the game. The
// Screen Wake Lock API gives the lock only to a visible page and takes it back whenever the page
// is hidden, so it is asked for again each time the page comes back into view. A browser
// without the API (or one that refuses, e.g. on low battery) simply keeps its own sleep.

let wanted = false;
let sentinel = null;
let asking = false;

async function take() {
  if (!wanted || sentinel || asking || document.visibilityState !== "visible") return;
  if (!("wakeLock" in navigator)) return;
  asking = true;
  try {
    const got = await navigator.wakeLock.request("screen");
    if (!wanted) {
      got.release().catch(() => {});
      return;
    }
    sentinel = got;
    got.addEventListener("release", () => {
      if (sentinel === got) sentinel = null;
    });
  } catch {
    /* refused: the phone's own sleep setting applies */
  } finally {
    asking = false;
  }
}

function give() {
  const held = sentinel;
  sentinel = null;
  if (held) held.release().catch(() => {});
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") take();
});

/** Keep the screen awake while `on` (a seated player in a running game), else let it sleep. */
export function keepAwake(on) {
  wanted = !!on;
  if (wanted) take();
  else give();
}
