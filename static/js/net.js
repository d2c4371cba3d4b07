// The WebSocket connection: handshake, sequence numbers, patches, reconnection with backoff.
import { applyPatch } from "./state.js";
import { sync } from "./clock.js";
import { showAway } from "./ui/away.js";
import { showClaimBox } from "./ui/claims.js";
import { switchRefusal } from "./ui/nextgame.js";

const RTT_EVERY_MS = 10000;
const FATAL = new Set(["unknown_room", "unknown_token", "room_full", "bad_name", "name_taken"]);
// The errors that end this page's pending claim (refused, or the seat is no longer away).
const CLAIM_ENDS = new Set(["claim_refused", "seat_present", "unknown_claim"]);

/**
 * connect({code, hello, onState, onError, onStatus, onWelcome, patch})
 *  - hello(): the handshake message to send on every (re)connection, or null to stay offline
 *  - onState(state, events, why, ack): a new whole view ("welcome" | "state" | "patch"); `ack`
 *    is the ref this page sent with the action the frame confirms (a `state` sent to this page
 *    alone carries it; a `patch`, the same for everyone, names the seat and the ref), else null
 *  - onError(msg): an `error` frame; onStatus("connecting"|"online"|"reconnecting"|"gone")
 *  - onEnd(code): the server closed for good (4000: the seat was resumed elsewhere; 4001: removed
 *    by the host; 4404: no such room; 1008 for a foreign origin)
 *  - patch(next, last, msg): the game's own step after a patch's fields are applied, if any
 *  - onAnswer(msg): any other frame, such as a game's answer to a question the page asked
 *  - onRtt(ms): the round trip this page measures (a `ping` answered by `pong`), every few
 *    seconds while online and visible: what a player feels, shown on the page
 * Every page's connection also keeps the notice of who dropped during a game (ui/away.js) and
 * the requests for their seats from other devices (ui/claims.js).
 * Returns {send(msg) → the ref it was sent with (null when offline), close(), restart()}.
 */
/**
 * The room moved to another game (the host's `switch_game`): this page was built for the last
 * one, so it loads the room's page again, which the server now serves as the new game's; the
 * page's stored token takes its seat back there, with no tap. A page that reloaded for this
 * same game moments ago does not again, so a server still serving the old page (another process
 * that has not heard yet) can never make it loop. True when it reloads.
 */
// Set once this page has asked to reload for another game: frames that arrive before it unloads
// (the new game's start, its first moves) belong to a page it no longer is, and are dropped.
let leaving = false;

function otherGame(state) {
  if (leaving) return true;
  const mine = document.body.dataset.game;
  if (!state || !state.game || !mine || state.game === mine) return false;
  const key = `pc.switched.${location.pathname}`;
  try {
    const [game, at] = (sessionStorage.getItem(key) || "").split("@");
    if (game === state.game && Date.now() - Number(at) < 10000) return false;
    sessionStorage.setItem(key, `${state.game}@${Date.now()}`);
  } catch {
    return false;
  }
  leaving = true;
  location.reload();
  return true;
}

export function connect(opts) {
  let ws = null;
  let seq = -1;
  let state = null;
  let attempt = 0;
  let timer = null;
  let stopped = false;
  let refs = 0;
  let resyncing = false;
  let pinger = null;
  let host = false; // this connection holds host powers (its last welcome said so)
  let seat = null; // the seat this connection holds (null: the TV or a spectator)
  let claim = null; // this page's request for an away seat ({claim, seat}), while it waits

  // Every page of every game: who dropped during a game, said on the TV and the host's phone
  // with the requests for their seats; on a watching phone, the seats it may ask for.
  const away = () => {
    showAway(state, { host, send });
    showClaimBox(state, { seat, send, mine: claim });
  };

  const url = () => {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws/${encodeURIComponent(opts.code)}`;
  };

  // The round trip, measured while the page is online and in view (a hidden page sends nothing).
  function ping() {
    if (document.visibilityState === "visible") send({ type: "ping", t: performance.now() });
  }
  function startPinging() {
    clearInterval(pinger);
    pinger = null;
    if (!opts.onRtt) return;
    ping();
    pinger = setInterval(ping, RTT_EVERY_MS);
  }

  function open() {
    clearTimeout(timer);
    const hello = opts.hello();
    if (!hello || stopped) return;
    opts.onStatus(attempt ? "reconnecting" : "connecting");
    const sock = new WebSocket(url());
    ws = sock;
    sock.onopen = () => sock.send(JSON.stringify(hello));
    sock.onmessage = (e) => {
      if (ws === sock) receive(e.data);
    };
    sock.onclose = (e) => {
      if (ws !== sock) return;
      ws = null;
      clearInterval(pinger);
      if (stopped) return;
      const foreign = e.code === 1008 && /origin/i.test(e.reason || "");
      if (foreign || e.code === 4000 || e.code === 4001 || e.code === 4404) {
        stopped = true;
        opts.onStatus(e.code === 4000 || e.code === 4001 ? "online" : "gone");
        if (opts.onEnd) opts.onEnd(e.code);
        return;
      }
      opts.onStatus("reconnecting");
      const delay = Math.min(8000, 400 * 2 ** attempt) * (0.75 + Math.random() / 2);
      attempt += 1;
      timer = setTimeout(open, delay);
    };
  }

  function receive(text) {
    if (leaving) return;
    let msg;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    switch (msg.type) {
      case "welcome":
        if (otherGame(msg.state)) return;
        attempt = 0;
        resyncing = false;
        seq = msg.seq;
        state = msg.state;
        sync(state && state.now);
        opts.onStatus("online");
        startPinging();
        host = !!msg.host;
        seat = typeof msg.seat === "number" ? msg.seat : null;
        if (seat !== null) claim = null;
        if (opts.onWelcome) opts.onWelcome(msg);
        opts.onState(state, [], "welcome", null);
        away();
        break;
      case "state":
        if (typeof msg.seq === "number" && msg.seq < seq) return;
        if (otherGame(msg.state)) return;
        resyncing = false;
        seq = msg.seq;
        state = msg.state;
        if (state && state.you && typeof state.you.seat === "number") seat = state.you.seat;
        sync(state && state.now);
        opts.onState(state, msg.events || [], "state", msg.ref ?? null);
        away();
        break;
      case "patch":
        if (msg.seq <= seq) return; // already part of a newer state
        if (!state || msg.seq !== seq + 1) {
          // A gap: ask once for the whole view, and ignore patches until it comes.
          if (!resyncing) send({ type: "resync" });
          resyncing = true;
          return;
        }
        seq = msg.seq;
        state = applyPatch(state, msg, opts.patch);
        sync(msg.now);
        opts.onState(state, msg.events || [], "patch", msg.ref != null && msg.by === seat ? msg.ref : null);
        away();
        break;
      case "error":
        if (FATAL.has(msg.code) && !state) stopped = true;
        if (claim && CLAIM_ENDS.has(msg.code)) {
          claim = null;
          away();
        }
        if (switchRefusal(msg)) break; // the host's next-game picker answers it
        opts.onError(msg);
        break;
      case "claim_pending":
        claim = { claim: msg.claim, seat: msg.seat };
        away();
        break;
      case "pong":
        // The echo goes back at once: the server times its own round trip from its pong to
        // this echo, and the TV shows each player's connection from that (server/links.py).
        if (ws && ws.readyState === WebSocket.OPEN) ws.send('{"type":"echo"}');
        if (opts.onRtt && typeof msg.t === "number") opts.onRtt(performance.now() - msg.t);
        break;
      default:
        // A game's answer to a question (a dry run): for the page that asked, by its ref.
        if (opts.onAnswer) opts.onAnswer(msg);
        break;
    }
  }

  function send(msg) {
    if (!ws || ws.readyState !== WebSocket.OPEN) return null;
    refs += 1;
    const ref = `r${refs}`;
    ws.send(JSON.stringify({ ...msg, ref }));
    return ref;
  }

  // Wake up at once when the page comes back (phone unlocked, network back).
  const wake = () => {
    if (!stopped && !ws) {
      attempt = Math.max(attempt, 1);
      open();
    }
  };
  window.addEventListener("online", wake);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") wake();
  });

  open();
  return {
    send,
    close() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(pinger);
      if (ws) ws.close();
    },
    restart() {
      stopped = false;
      attempt = 0;
      seq = -1;
      state = null;
      if (ws) {
        const old = ws;
        ws = null;
        old.close();
      }
      open();
    },
  };
}
