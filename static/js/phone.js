// A phone's seat at a room, whatever the game: the handshake (join, resume, or watch), the seat
// token kept per room, a seat removed by the host or opened on another screen, a handshake the
// room refused, and the screens around a game (the join form, "play on this screen"). A game's
// player page gives its render() and what it does with each new state; the rest is here.
import { h } from "./dom.js";
import { t, errorText, init, onChange } from "./i18n.js";
import { game } from "./games.js";
import { connect } from "./net.js";
import { seatToken, hostToken, lastName } from "./store.js";
import { toast, showStatus, showRtt, reannounce } from "./ui/feedback.js";
import { startTicker } from "./ui/ticker.js";
import { joinView } from "./ui/join.js";
import { settingsRefusal, settingsSaved } from "./ui/lobby.js";
import { keepAwake } from "./wakelock.js";
import { startGuide, showGuide } from "./ui/guide.js";

// Each phone's own sound and vibration (the bar's switches, and the cues a game asks for at its
// moments), offered here with the rest of a phone's seat.
export { cue, touchSwitches } from "./ui/touch.js";

/**
 * phoneSession({code, ui, render, onState, onError, onWelcome, onAnswer, patch}) → session
 *  - ui: the page's own state object, where the lobby's settings form keeps what it sent: the
 *    room's answers are handled here for every game (refused settings marked, saved ones closed;
 *    static/js/ui/lobby.js), as watchRoom does for the tables
 *  - render(): draw the page from session.state (called after every change here)
 *  - onState(state, events, why, prev, ack): the game's own reaction to a new view
 *    (announcements), before the session renders; prev is the view shown until then (null after
 *    a handshake); ack is the ref of this phone's action the frame confirms, else null
 *  - onError(msg): an error frame while seated, not about the handshake; return true if handled
 *  - onWelcome(msg): the game's own step when the room takes this phone in, if any
 *  - onAnswer(msg): the answer to a question the page asked (see ask below), if any
 *  - patch: the game's own step after a patch's fields (see net.js), if any
 * The session holds {state, seat, host, watching, joinError, note}, and offers send(msg) → ref,
 * ask(msg) → ref (a question asked in the background: no toast when offline, the page simply
 * waits for the next answer), join(name) (a seat taken, from watching too once the room is back
 * in its lobby), say(text, kind, ms) (a short line, session.note, for a few seconds), begin(),
 * start() (the page's whole start, below), and screen(), the join or "play here again" screen
 * when there is no game to show (else null). Once started, session.game is the game's listing
 * from /api/games (its name, settings and messages) for the page's views.
 */
export function phoneSession({
  code,
  ui,
  render,
  onState = () => {},
  onError = () => false,
  onWelcome = () => {},
  onAnswer = null,
  patch = null,
}) {
  const s = {
    game: null,
    state: null,
    seat: null,
    host: false,
    watching: false,
    joinName: null,
    joinError: null,
    started: false,
    gone: false,
    replaced: false,
    note: null,
  };
  let conn = null;

  function hello() {
    if (s.watching) return { type: "watch" };
    const token = seatToken.get(code);
    if (token) return { type: "resume", token };
    if (s.joinName) {
      const msg = { type: "join", name: s.joinName };
      const host = hostToken.get(code);
      if (host) msg.host_token = host;
      return msg;
    }
    return null;
  }

  function open() {
    if (conn) conn.restart();
    else {
      conn = connect({
        code,
        hello,
        onStatus: showStatus,
        onRtt: showRtt,
        patch,
        onWelcome: (msg) => {
          // A watching phone admitted to an away seat (a claim) is that seat's from now on.
          if (s.watching && typeof msg.seat === "number") s.watching = false;
          s.seat = msg.seat;
          s.host = !!msg.host;
          if (msg.token) seatToken.set(code, msg.token);
          s.joinError = null;
          onWelcome(msg);
        },
        onAnswer,
        onState: received,
        onError: refused,
        onEnd: ended,
      });
    }
  }

  function forget() {
    conn = null;
    s.state = null;
    s.seat = null;
    keepAwake(false);
    showGuide(null);
  }

  function received(state, events, why, ack) {
    if (!s.watching && !state.you) {
      // This seat is gone (removed by the host): back to the join form.
      seatToken.clear(code);
      conn.close();
      forget();
      toast(errorText("unknown_token"), "error");
      showStatus("online");
      render();
      return;
    }
    const prev = s.state;
    s.state = state;
    // The host may move a player (a swap, a kick above): the view names the seat.
    if (state.you && typeof state.you.seat === "number") s.seat = state.you.seat;
    keepAwake(!s.watching && state.phase !== "lobby" && state.phase !== "over");
    settingsSaved(ui, events);
    onState(state, events, why, prev, ack);
    render();
    showGuide(state);
  }

  function refused(msg) {
    if (s.state) {
      // A refused setting is marked in the lobby's form, and said like any other error.
      if (!onError(msg)) {
        settingsRefusal(ui, msg);
        toast(errorText(msg.code), "error");
      }
      render();
      return;
    }
    // Refused at the handshake: stop trying and say why.
    conn.close();
    conn = null;
    s.joinName = null;
    showStatus("online");
    if (msg.code === "unknown_token") {
      seatToken.clear(code);
      toast(errorText(msg.code), "error");
    } else if (msg.code === "unknown_room") s.gone = true;
    else if (msg.code === "wrong_phase") {
      s.started = true;
      watch();
      return;
    } else s.joinError = msg.code;
    render();
  }

  function ended(closeCode) {
    if (closeCode === 4000) {
      s.replaced = true;
      render();
      return;
    }
    forget();
    if (closeCode === 4001) {
      seatToken.clear(code);
      toast(t("join.removed"), "error");
    } else s.gone = true;
    render();
  }

  function watch() {
    s.watching = true;
    open();
  }

  function join(name) {
    s.joinName = name;
    s.joinError = null;
    lastName.set(name);
    open();
  }

  /** Without a seat yet: is the room there, and still in its lobby? */
  async function checkRoom() {
    try {
      const res = await fetch(`/api/rooms/${encodeURIComponent(code)}`);
      if (res.status === 404) s.gone = true;
      else if (res.ok && (await res.json()).phase !== "lobby") s.started = true;
    } catch {
      /* the join attempt will tell */
    }
    if (s.started && !s.state) watch();
    if (!s.state) render();
  }

  s.send = (msg) => {
    const ref = conn ? conn.send(msg) : null;
    if (ref === null) toast(t("conn.reconnecting"), "error");
    return ref;
  };

  /** Show a short line ({text, kind} as session.note) for `ms`, then draw the page without it. */
  s.say = (text, kind = "info", ms = 3000) => {
    const note = { text, kind };
    s.note = note;
    setTimeout(() => {
      if (s.note === note) {
        s.note = null;
        render();
      }
    }, ms + 100);
  };

  s.ask = (msg) => (conn ? conn.send(msg) : null);

  s.join = (name) => {
    if (s.watching) {
      // Someone watching takes a seat once the room is back in its lobby: a fresh join.
      s.watching = false;
      s.state = null;
    }
    join(name);
  };

  /** Take the seat this phone holds here, or find out whether it can still join. */
  s.begin = () => {
    if (seatToken.get(code)) open();
    else {
      showStatus("online");
      checkRoom();
    }
  };

  /** Every player page's start: the game's listing and the page's language first, then a
   *  change of language redraws the page (and says the last announcement again in the new
   *  one), the clocks tick, the seat is taken and the page drawn. */
  s.start = async () => {
    [s.game] = await Promise.all([game(), init()]);
    onChange(() => {
      reannounce();
      render();
    });
    startTicker();
    startGuide("phone", code);
    s.begin();
    render();
  };

  /** The screen to show instead of the game, or null when the game is shown. */
  s.screen = () => {
    if (s.replaced) {
      return h(
        "section.join",
        { role: "alert", "data-key": "replaced" },
        h("p", { text: t("join.replaced") }),
        h("button.primary.big", {
          type: "button",
          "data-key": "take-back",
          onclick: () => {
            s.replaced = false;
            conn.restart();
          },
          text: t("join.take_back"),
        }),
      );
    }
    if (s.state) return null;
    return joinView({ code, joinError: s.joinError, started: s.started, gone: s.gone, onJoin: join, onWatch: watch });
  };

  return s;
}
