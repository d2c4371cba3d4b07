// Server time. `now` in a message is the server's clock when it was sent; the offset corrects skew.
let offset = 0;

/** Call with the `now` of each state or patch received. */
export function sync(serverNow) {
  if (typeof serverNow === "number") offset = serverNow - Date.now();
}

/** Milliseconds left until a server-time deadline (0 when past, null when none). */
export function remaining(deadline) {
  if (typeof deadline !== "number") return null;
  return Math.max(0, deadline - (Date.now() + offset));
}

/** Whole seconds left, rounded up ("3 s" until it reaches 0). */
export function secondsLeft(deadline) {
  const ms = remaining(deadline);
  return ms === null ? null : Math.ceil(ms / 1000);
}
