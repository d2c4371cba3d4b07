// The player's page of the card race: join, lobby, then your own piles and the foundations on one
// screen (no scrolling during a round), the round's score, the end. One render() from the latest
// state plus the moves sent and not yet answered (shown at once, taken back if refused).
import { h, mount, byId } from "/static/js/dom.js";
import { init, t, errorText, langButton, onChange, plural } from "/static/js/i18n.js";
import { inLobby, seatName } from "/static/js/state.js";
import { toast, announce, reannounce, rttBadge } from "/static/js/ui/feedback.js";
import { startTicker, tick } from "/static/js/ui/ticker.js";
import { lobbyView, settingsRefusal } from "/static/js/ui/lobby.js";
import { shareView } from "/static/js/ui/share.js";
import { game } from "/static/js/games.js";
import { phoneSession } from "/static/js/phone.js";
import { step } from "./patch.js";
import { cardFace, cardBack, cardName, emptySlot, applyCss } from "./ui/cards.js";
import { summaryTable, endLine, winnersLine, signed, deckNames, roundPoints } from "./ui/summary.js";
import { describe } from "./ui/events.js";
import { skipRoundButton, endGameControl } from "./ui/host.js";

const code = document.body.dataset.code;
const app = {
  ui: {},
  /** Moves sent and not answered yet: {ref, card, from, to, pile, quick}. */
  pending: [],
  /** The card picked for a chosen place: {card, from} or null. */
  picked: null,
  choose: false,
  /** This phone's deck as it last changed, and whether a hint was asked since. */
  idle: { key: null, since: 0, asked: false },
  /** The card the room named as playable after a while (a card id, "stock"), or null. */
  hint: null,
};
const session = phoneSession({
  code,
  render,
  onState,
  onError,
  onAnswer: (msg) => onAnswer(msg),
  onWelcome: () => {
    app.pending = [];
  },
  patch: step,
});
const send = session.send;

// ------------------------------------------------------------------ the hint
// After `hint_seconds` (a setting; 0 at a competitive table) without a change to this phone's
// deck, the phone asks the room for a playable card (`hint`, answered to it alone) and lights
// the card named: the engine says what is playable, never the page.

/** What changes whenever this phone's deck plays, turns its stock or is rotated. */
function deckKey(state) {
  const me = state && state.you ? mine(state) : null;
  if (!me || state.phase !== "playing") return null;
  return [state.round, state.rotations, me.peanuts.left, me.waste_count, me.stock_count, ...me.building.map((p) => p.length)].join(":");
}

function watchIdle(state) {
  const key = deckKey(state);
  if (key !== app.idle.key) {
    app.idle = { key, since: Date.now(), asked: false };
    app.hint = null;
  }
}

setInterval(() => {
  const state = session.state;
  const wait = state && state.settings ? Number(state.settings.hint_seconds) : 0;
  if (!wait || !app.idle.key || app.idle.asked || deckKey(state) !== app.idle.key) return;
  if (Date.now() - app.idle.since < wait * 1000) return;
  app.idle.asked = true;
  app.idle.ref = session.ask({ type: "hint" });
}, 500);

function onAnswer(msg) {
  if (msg.type !== "hint" || !app.idle.asked) return;
  app.hint = msg.card === null ? "stock" : msg.card;
  render();
}

/** A short line under the status for a few seconds (a lost race, a refusal). */
const note = (text, kind = "info") => session.say(text, kind, 3000);

// ------------------------------------------------------------------ where my cards are

/** My deck's fields in a view. */
function mine(state) {
  if (!state || !state.you) return null;
  return state.players.find((p) => p.seat === state.you.seat) || null;
}

/** Which of my tops holds card `id`: ["peanuts"|"waste"|"building", pile] or null. */
function whereIs(me, id) {
  if (!me) return null;
  if (me.peanuts.top && me.peanuts.top.id === id) return ["peanuts", -1];
  const w = me.waste;
  if (w.length && w[w.length - 1].id === id) return ["waste", -1];
  for (let i = 0; i < me.building.length; i += 1) {
    const pile = me.building[i];
    if (pile.length && pile[pile.length - 1].id === id) return ["building", i];
  }
  return null;
}

const sameSource = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

/** The view as this phone shows it: the server's, with the moves still in flight drawn where
 * they were sent (a chosen place) or lifted off their pile (the server picks the place). */
function shown(state) {
  const me = mine(state);
  if (!me || !app.pending.length) return { state, flying: new Set(), landed: new Set() };
  const flying = new Set();
  const landed = new Set();
  const p = { ...me, building: me.building.map((pile) => [...pile]), waste: [...me.waste], peanuts: { ...me.peanuts } };
  let foundations = state.foundations;
  for (const move of app.pending) {
    if (move.pile === null || move.pile === undefined) {
      flying.add(move.card.id);
      continue;
    }
    const [source, index] = move.from;
    if (source === "peanuts") p.peanuts = { top: null, left: p.peanuts.left - 1, hidden: true };
    else if (source === "waste") {
      p.waste = p.waste.slice(0, -1);
      p.waste_count -= 1;
    } else p.building[index] = p.building[index].slice(0, -1);
    landed.add(move.card.id);
    if (move.to === "building") p.building[move.pile] = [...p.building[move.pile], move.card];
    else {
      foundations = [...foundations];
      const at = Math.min(move.pile, foundations.length);
      const old = foundations[at];
      foundations[at] = old ? { ...old, top: move.card } : { index: at, suit: move.card.suit, top: move.card, count: 1, by_deck: {}, complete: false };
    }
  }
  const players = state.players.map((x) => (x.deck === me.deck ? { ...p, seat: x.seat, name: x.name } : x));
  return { state: { ...state, players, foundations }, flying, landed };
}

// ------------------------------------------------------------------ playing

const playing = () => session.state && session.state.phase === "playing" && session.state.you;

/** Send one card: to a chosen place, or (pile null) where it can go, a foundation first. */
function play(card, to = "foundation", pile = null) {
  const me = mine(session.state);
  const from = whereIs(me, card.id);
  if (!from || app.pending.some((m) => m.card.id === card.id)) return;
  const quick = to === "foundation" && pile === null;
  const ref = send({ type: "move", card: card.id, to, pile });
  if (ref === null) return;
  app.pending.push({ ref, card, from, to, pile, quick, stage: to });
  awaitAnswer(ref);
  app.picked = null;
  render();
}

/** A tap on one of my top cards: play it where it can go, or pick it for a chosen place. */
function tapCard(card) {
  if (!playing()) return;
  if (app.picked && app.picked.card.id === card.id) {
    cancelPick();
    return;
  }
  if (app.choose || app.picked) {
    app.picked = { card };
    app.ui.focus = "target-f";
    render();
    announce(t("play.picked", { card: cardName(card) }));
    return;
  }
  play(card);
}

/** A pick put down: choosing a place ends with it (a new choice starts from its button). */
function cancelPick() {
  app.picked = null;
  app.choose = false;
  render();
}

function dropOn(target) {
  const picked = app.picked;
  if (!picked) return;
  const [to, pile] = target;
  play(picked.card, to, pile);
}

/** Who won the race this phone's card just lost: the photo finish the room recorded (with its
 * margin), else whoever laid the card of that rank on the pile, a teammate on a building pile. */
function lostRaceLine(move) {
  const state = session.state;
  if (!state) return t("play.lost_race");
  const card = move.card;
  const photo = state.photo_finish;
  if (photo && photo.card === card.id) {
    return t("play.lost_race_by", { name: seatName(state, photo.winner), ms: photo.margin_ms });
  }
  let seats = [];
  const beaten = state.foundations.find((f) => f.suit === card.suit && f.top.rank === card.rank);
  if (move.to !== "building" && beaten) {
    seats = state.players.filter((p) => p.deck === beaten.top.deck).map((p) => p.seat);
  } else if (state.you) {
    seats = state.you.teammates || [];
  }
  if (state.you) seats = seats.filter((s) => s !== state.you.seat);
  if (!seats.length) return t("play.lost_race");
  return t("play.lost_race_to", { name: deckNames(state, seats) });
}

/** The server refused a move this phone sent: back to its place, and why. */
function refused(move, msg) {
  if (move.quick && move.stage === "foundation" && msg.code === "not_playable") {
    // Not for a foundation: a building pile, if one takes it (the server picks).
    const ref = send({ type: "move", card: move.card.id, to: "building", pile: null });
    if (ref !== null) {
      app.pending.push({ ...move, ref, stage: "building", to: "building" });
      awaitAnswer(ref);
      return;
    }
  }
  const name = cardName(move.card);
  if (!move.quick) app.choose = false; // a chosen place refused: the choice is over
  if (msg.code === "pile_changed") {
    if (navigator.vibrate) navigator.vibrate([80, 40, 80]);
    const text = lostRaceLine(move);
    note(text, "lost");
    announce(text);
  } else if (msg.code === "rate_limited" || msg.code === "no_answer") {
    const text = t(msg.code === "rate_limited" ? "play.too_fast" : "play.no_answer");
    note(text, "warn");
    announce(text);
  } else if (move.quick && msg.code === "not_playable") {
    note(t("play.nowhere", { card: name }), "warn");
    announce(t("play.nowhere", { card: name }));
  } else {
    const text = t("play.back", { reason: errorText(msg.code) });
    note(text, "warn");
    announce(text);
  }
}

/** How long a move may wait for its answer before its card goes back (ms): the room answers in
 * far less, so only a lost or dropped message gets there, and the card must not stay lifted. */
const ANSWER_MS = 4000;

/** Take the move sent as `ref` back if it is still waiting after ANSWER_MS. */
function awaitAnswer(ref) {
  setTimeout(() => {
    const i = app.pending.findIndex((m) => m.ref === ref);
    if (i < 0) return;
    const [move] = app.pending.splice(i, 1);
    refused(move, { code: "no_answer" });
    render();
  }, ANSWER_MS);
}

/** A `rate_limited` refusal without `ref` (an older or flooded answer) may be about any move in
 * flight: every one goes back, said once, and the player taps again. True if any did. */
function takeBackAll(msg) {
  if (!app.pending.length) return false;
  const moves = app.pending;
  app.pending = [];
  refused(moves[0], msg);
  if (moves.some((m) => !m.quick)) app.choose = false;
  return true;
}

/** Moves the new state has settled: a card no longer where it was sent from was played. */
function settle(state) {
  if (!state || state.phase !== "playing") {
    app.pending = [];
    app.picked = null;
    return;
  }
  const me = mine(state);
  app.pending = app.pending.filter((m) => sameSource(whereIs(me, m.card.id), m.from));
  if (app.picked && !whereIs(me, app.picked.card.id)) app.picked = null;
}

// ------------------------------------------------------------------ the session's views

function onState(state, events, why, prev) {
  settle(state);
  watchIdle(state);
  if (events.some((e) => e.type === "settings_changed")) app.ui.settingsRefused = null;
  for (const ev of events) {
    const text = describe(ev, state, session.seat);
    if (text) announce(text, () => describe(ev, state, session.seat));
  }
  if (prev && prev.phase !== "playing" && state.phase === "playing") app.ui.focus = "peanuts";
  if (why === "welcome") app.picked = null;
}

function onError(msg) {
  // A hint asked as the round ended: nothing to say.
  if (app.idle.ref !== undefined && app.idle.ref !== null && msg.ref === app.idle.ref) return true;
  const i = msg.ref === undefined || msg.ref === null ? -1 : app.pending.findIndex((m) => m.ref === msg.ref);
  if (i >= 0) {
    const [move] = app.pending.splice(i, 1);
    refused(move, msg);
    return true;
  }
  if (msg.code === "rate_limited" && (msg.ref === undefined || msg.ref === null) && takeBackAll(msg)) return true;
  if (settingsRefusal(app.ui, msg)) {
    toast(errorText(msg.code), "error");
    return true;
  }
  return false;
}

// ------------------------------------------------------------------ drawing

/** One of my top cards, as a button: tap to play, or to pick when choosing a place. */
function topCard(card, key, label, flying) {
  const picked = app.picked && app.picked.card.id === card.id;
  return cardFace(card, "button", {
    type: "button",
    "data-key": key,
    class: ["top", picked ? "picked" : "", flying ? "flying" : "", app.hint === card.id ? "hint" : ""].join(" "),
    "aria-label": label,
    "aria-pressed": app.choose || app.picked ? (picked ? "true" : "false") : null,
    onclick: () => tapCard(card),
    onpointerdown: (e) => dragStart(e, card),
  });
}

/** A place a picked card may be sent to (the server judges it). */
function targetAttrs(key, label, target) {
  return {
    type: "button",
    "data-key": key,
    "aria-label": label,
    "data-drop": target.join(":"),
    onclick: () => dropOn(target),
  };
}

function foundationsView(state) {
  const picked = !!app.picked;
  const list = state.foundations;
  return h(
    "section.foundations",
    { "aria-label": t("pile.foundations"), "data-key": "foundations" },
    h(
      "ol.fnd-list",
      null,
      list.map((f) => {
        const label = f.complete
          ? t("pile.foundation_complete", { n: f.index + 1 })
          : t("pile.foundation", { n: f.index + 1, card: cardName(f.top) });
        const attrs = picked && !f.complete
          ? targetAttrs(`target-f${f.index}`, label, ["foundation", f.index])
          : { "aria-label": label, "data-drop": f.complete ? null : `foundation:${f.index}` };
        return h(
          "li.fnd",
          { "data-key": `f${f.index}`, class: f.complete ? "complete" : "" },
          cardFace(f.top, picked && !f.complete ? "button" : "span", { ...attrs, class: "mini" }),
        );
      }),
      h(
        "li.fnd.fnd-new",
        { "data-key": "f-new" },
        picked
          ? h("button.card-slot.mini", { ...targetAttrs("target-f", t("pile.new_foundation"), ["foundation", list.length]), text: "+" })
          : h("span.card-slot.mini", { "data-drop": `foundation:${list.length}`, "aria-hidden": "true", text: list.length ? "" : "A" }),
      ),
    ),
    list.length ? null : h("p.fnd-none", { text: t("pile.no_foundation") }),
  );
}

function buildingView(me, flying) {
  const picked = !!app.picked;
  return h(
    "section.building",
    { "aria-label": t("pile.building", { n: "1–4" }), "data-key": "building" },
    me.building.map((pile, i) => {
      const n = i + 1;
      const top = pile[pile.length - 1];
      const label = !top
        ? t("pile.building_empty", { n })
        : pile.length > 1
          ? t("pile.building_label", { n, card: cardName(top), count: pile.length })
          : t("pile.building_label_one", { n, card: cardName(top) });
      const off = pile.length > 5 ? 4 / (pile.length - 1) : 1;
      const cards = pile.map((card, j) =>
        j === pile.length - 1 && !picked
          ? topCard(card, `b${i}`, t("play.card_quick", { card: label }), flying.has(card.id))
          : cardFace(card, "span", { "data-key": `c${card.id}`, class: j === pile.length - 1 && app.picked && app.picked.card.id === card.id ? "picked" : "" }),
      );
      const body = cards.length ? cards : [emptySlot()];
      const css = `--n:${Math.max(pile.length, 1)};--off:${off.toFixed(3)}`;
      if (picked && !(app.picked.card.id === (top && top.id))) {
        return h("button.pile.target", { ...targetAttrs(`target-b${i}`, t("play.to_pile") + " · " + label, ["building", i]), "data-css": css }, body);
      }
      return h("div.pile", { "data-key": `pile-${i}`, "data-drop": `building:${i}`, "data-css": css, role: "group", "aria-label": label }, body);
    }),
  );
}

function reserveView(me, flying) {
  const top = me.peanuts.top;
  const left = me.peanuts.left;
  const waste = me.waste;
  const wtop = waste[waste.length - 1];
  return h(
    "section.reserve",
    { "data-key": "reserve" },
    h(
      "div.peanuts",
      { "data-key": "peanuts-box" },
      h("span.label", { text: t("pile.peanuts") }),
      top
        ? topCard(top, "peanuts", `${t("pile.peanuts")}: ${cardName(top)}, ${plural("race.left", left)}`, flying.has(top.id))
        : me.peanuts.hidden
          ? cardBack(me.deck, null)
          : emptySlot({ class: "done", text: t("pile.peanuts_empty") }),
      h("span.count", { "data-key": "peanuts-left", text: plural("race.left", left) }),
    ),
    h(
      "div.stock",
      null,
      h("span.label", { text: t("pile.stock") }),
      h(
        "button.flip",
        {
          type: "button",
          "data-key": "flip",
          class: [`deck-${me.deck % 6}`, app.hint === "stock" ? "hint" : ""].join(" "),
          "aria-label": me.stock_count ? t("play.flip_label", { n: me.stock_count }) : t("play.recycle"),
          onclick: () => send({ type: "flip" }),
        },
        h("span.back-count", { "aria-hidden": "true", text: String(me.stock_count) }),
        h("span.flip-text", { "aria-hidden": "true", text: me.stock_count ? t("play.flip") : "↺" }),
      ),
    ),
    h(
      "div.waste",
      { "data-key": "waste-box" },
      h("span.label", { text: t("pile.waste") }),
      h(
        "div.waste-fan",
        { "aria-label": wtop ? null : t("pile.waste_empty"), role: wtop ? null : "img" },
        waste.length
          ? waste.map((card, j) =>
              j === waste.length - 1 && !app.picked
                ? topCard(card, "waste", `${t("pile.waste")}: ${cardName(card)}`, flying.has(card.id))
                : cardFace(card, "span", { "data-key": `c${card.id}`, class: app.picked && app.picked.card.id === card.id ? "picked" : "", "aria-hidden": "true" }),
            )
          : emptySlot(),
      ),
    ),
  );
}

function statusView(state, me) {
  const counting = state.phase === "countdown";
  const kind = state.deadline_kind;
  return h(
    "section.race-status",
    { "data-key": "status", class: counting ? "counting" : "" },
    h("span.round", { text: t("play.round", { n: state.round }) }),
    kind === "stall" && state.deadline
      ? h("span.stall", { "data-key": "stall", title: t("play.stall_help"), "data-deadline": String(state.deadline), "data-fmt": "play.stall", text: "" })
      : null,
    state.phase === "playing"
      ? h("span.rot", {
          "data-key": "rotations",
          title: t("play.rotations_help", { max: state.max_rotations }),
          "aria-label": t("play.rotations_help", { max: state.max_rotations }),
          text: t("play.rotations_short", { n: state.rotations, max: state.max_rotations }),
        })
      : null,
    counting && state.deadline
      ? h("strong.go", { "data-deadline": String(state.deadline), "data-fmt": "play.countdown_in", text: t("play.countdown") })
      : h("span.points", { text: roundPoints(me.round_points) }),
    session.note
      ? h("span.note", { class: `note-${session.note.kind}`, role: session.note.kind === "lost" ? "alert" : "status", "data-key": "note", text: session.note.text })
      : app.picked
        ? h("span.note", { "data-key": "note", text: t("play.picked", { card: cardName(app.picked.card) }) })
        : app.choose
          ? h("span.note", { "data-key": "note", text: t("play.choose_help") })
          : kind === "stall" && state.rotations
            ? h("span.note", { text: t("play.rotations", { n: state.rotations, max: state.max_rotations }) })
            : othersView(state, me),
  );
}

/** The others' race in one line: each other deck's peanuts left. */
function othersView(state, me) {
  const seen = new Set([me.deck]);
  const others = [];
  for (const p of state.players) {
    if (seen.has(p.deck)) continue;
    seen.add(p.deck);
    others.push(p);
  }
  if (!others.length) return null;
  return h(
    "span.note.others",
    { "data-key": "others", "aria-label": t("race.title") },
    others.map((p) =>
      h(
        "span.other",
        { class: `deck-${p.deck % 6}`, "data-key": `o${p.deck}` },
        h("span.deck-dot", { "aria-hidden": "true" }),
        t("race.other", { name: deckNames(state, state.players.filter((q) => q.deck === p.deck).map((q) => q.seat)), n: p.peanuts.left }),
      ),
    ),
  );
}

/** The host's controls in place of the actions while its menu is open. */
function hostActions(state) {
  const close = () => {
    app.ui.hostOpen = false;
    app.ui.confirmEnd = false;
    render();
  };
  return h(
    "section.actions.host-actions",
    { "data-key": "actions" },
    app.ui.confirmEnd ? null : skipRoundButton(state, send),
    endGameControl(state, app.ui, send, render),
    app.ui.confirmEnd ? null : h("button", { type: "button", "data-key": "host-close", onclick: close, text: t("host.close") }),
  );
}

function actionsView(state, me) {
  const empty = me.peanuts.left === 0;
  if (session.host && app.ui.hostOpen) return hostActions(state);
  return h(
    "section.actions",
    { "data-key": "actions" },
    empty
      ? h("button.primary.call", {
          type: "button",
          "data-key": "call",
          "aria-label": t("play.peanuts_label"),
          onclick: () => send({ type: "peanuts" }),
          text: t("play.peanuts"),
        })
      : null,
    app.picked
      ? h("button", { type: "button", "data-key": "cancel", onclick: cancelPick, text: t("play.cancel") })
      : h("button", {
          type: "button",
          "data-key": "choose",
          "aria-pressed": app.choose ? "true" : "false",
          title: t("play.choose_help"),
          onclick: () => {
            app.choose = !app.choose;
            render();
          },
          text: t("play.choose"),
        }),
    h("button.stuck", {
      type: "button",
      "data-key": "stuck",
      "aria-pressed": me.stuck ? "true" : "false",
      title: t("play.stuck_help"),
      onclick: () => send({ type: "stuck", on: !me.stuck }),
      text: t(me.stuck ? "play.stuck_on" : "play.stuck"),
    }),
    session.host
      ? h("button.host-menu", {
          type: "button",
          "data-key": "host-menu",
          "aria-label": t("host.menu"),
          title: t("host.menu"),
          onclick: () => {
            app.ui.hostOpen = true;
            render();
          },
          text: "⋯",
        })
      : null,
  );
}

function tableView(state) {
  const view = shown(state);
  const me = mine(view.state);
  return [
    statusView(view.state, me),
    foundationsView(view.state),
    buildingView(me, view.flying),
    reserveView(me, view.flying),
    actionsView(view.state, me),
    h("p.sr", { "data-key": "keys", text: t("play.keys") }),
  ];
}

function roundOverView(state) {
  const next = state.deadline_kind === "next_round" && state.deadline;
  return h(
    "section.round-over",
    { "data-key": "round-over", "aria-labelledby": "sum-title" },
    h("h2", { id: "sum-title", text: t("summary.title", { n: state.round }) }),
    h("p.end-line", { text: endLine(state) }),
    summaryTable(state, session.seat),
    h("p.muted", { text: t("summary.target", { n: state.target_score }) }),
    next ? h("p.next-in", { "data-deadline": String(state.deadline), "data-fmt": "tv.next_round_in", text: "" }) : null,
    session.host
      ? h("button.primary.big", { type: "button", "data-key": "next-round", onclick: () => send({ type: "next_round" }), text: t("tv.next_round") })
      : null,
    session.host ? h("div.host-row", null, endGameControl(state, app.ui, send, render)) : null,
  );
}

function overView(state) {
  return h(
    "section.game-over",
    { "data-key": "over", "aria-labelledby": "over-title" },
    h("h2", { id: "over-title", text: t("over.title") }),
    h("p.winner", { text: winnersLine(state) }),
    h("p.end-line", { "data-key": "end-line", text: endLine(state) }),
    summaryTable(state, session.seat),
    session.host
      ? h("button.primary.big", { type: "button", "data-key": "rematch", onclick: () => send({ type: "rematch" }), text: t("over.rematch") })
      : h("p.muted", { text: t("over.wait_rematch") }),
    h("a.button", { href: `/r/${encodeURIComponent(code)}/history`, "data-key": "history", text: t("over.history") }),
  );
}

function spectatorView(state) {
  if (inLobby(state)) return h("section.join", null, h("p", { text: t("lobby.wait_host") }));
  if (state.phase === "over") return overView(state);
  if (state.phase === "round_over") return roundOverView(state);
  return h(
    "section.join.watching",
    { "data-key": "watching" },
    h("h2", { text: t("watch.title") }),
    h("p.muted", { text: t("join.started") }),
    h("a.button", { href: `/r/${encodeURIComponent(code)}/tv`, text: t("join.watch_tv") }),
  );
}

function render() {
  const state = session.state;
  const me = session.seat;
  const who = state && me !== null && me !== undefined ? seatName(state, me) : "";
  mount(byId("bar"), h("h1.room", { text: t("common.room", { code }) }), who ? h("span.me", { text: who }) : null, session.replaced || session.gone ? null : rttBadge(h), langButton(h));
  const ctx = { state, me, host: session.host, ui: app.ui, send, rerender: render, game: about };
  let content = session.screen();
  const inRound = !content && state.you && (state.phase === "playing" || state.phase === "countdown");
  if (content) {
    /* the join form, or "play on this screen" */
  } else if (session.watching) content = spectatorView(state);
  else if (inLobby(state)) content = [lobbyView(ctx), shareView({ code, ui: app.ui, rerender: render })];
  else if (state.phase === "over") content = overView(state);
  else if (state.phase === "round_over") content = roundOverView(state);
  else content = tableView(state);
  document.body.classList.toggle("in-round", !!inRound);
  document.body.classList.toggle("choosing", !!app.picked || app.choose);
  mount(byId("app"), content);
  applyCss(byId("app"));
  if (app.ui.focus) {
    const el = document.querySelector(`[data-key="${app.ui.focus}"]`);
    if (el && !el.disabled) el.focus({ preventScroll: true });
    app.ui.focus = null;
  }
  tick();
}

// ------------------------------------------------------------------ drag and keys

let drag = null;

/** Press and move a card: it follows the finger; let go over a pile to send it there. */
function dragStart(e, card) {
  if (!playing() || e.button > 0) return;
  drag = { card, x: e.clientX, y: e.clientY, ghost: null, id: e.pointerId, el: e.currentTarget };
}

window.addEventListener("pointermove", (e) => {
  if (!drag || e.pointerId !== drag.id) return;
  if (!drag.ghost) {
    if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 12) return;
    drag.ghost = drag.el.cloneNode(true);
    drag.ghost.classList.add("ghost");
    drag.ghost.removeAttribute("data-key");
    drag.ghost.setAttribute("aria-hidden", "true");
    document.body.appendChild(drag.ghost);
    document.body.classList.add("dragging");
  }
  drag.ghost.style.transform = `translate(${e.clientX - 30}px, ${e.clientY - 40}px)`;
});

function dragEnd(e) {
  if (!drag || e.pointerId !== drag.id) return;
  const d = drag;
  drag = null;
  if (!d.ghost) return;
  d.ghost.remove();
  document.body.classList.remove("dragging");
  // The click that follows a drag must not also play the card.
  const stop = (ev) => {
    ev.stopPropagation();
    ev.preventDefault();
  };
  window.addEventListener("click", stop, { capture: true, once: true });
  setTimeout(() => window.removeEventListener("click", stop, { capture: true }), 50);
  const spot = document.elementFromPoint(e.clientX, e.clientY);
  const zone = spot && spot.closest("[data-drop]");
  if (!zone) return;
  const [to, pile] = zone.dataset.drop.split(":");
  play(d.card, to, Number(pile));
}
window.addEventListener("pointerup", dragEnd);
window.addEventListener("pointercancel", (e) => {
  if (drag && drag.ghost) drag.ghost.remove();
  document.body.classList.remove("dragging");
  if (drag && e.pointerId === drag.id) drag = null;
});

/** Keys: P, W, 1–4 play that card (Shift: pick it); with a card picked, 1–4 and F send it to a
 * building pile or a foundation; T turns the stock; S the stuck toggle; Escape cancels. */
document.addEventListener("keydown", (e) => {
  if (!playing() || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "SELECT")) return;
  const me = mine(session.state);
  const key = e.key.toLowerCase();
  const cardFor = (k) => {
    if (k === "p") return me.peanuts.top;
    if (k === "w") return me.waste[me.waste.length - 1] || null;
    if ("1234".includes(k) && k.length === 1) {
      const pile = me.building[Number(k) - 1];
      return pile[pile.length - 1] || null;
    }
    return null;
  };
  if (key === "escape" && (app.picked || app.choose)) cancelPick(); else if (app.picked && "1234".includes(key) && key.length === 1) dropOn(["building", Number(key) - 1]);
  else if (app.picked && key === "f") dropOn(["foundation", null]);
  else if (key === "t") send({ type: "flip" });
  else if (key === "s") send({ type: "stuck", on: !me.stuck });
  else {
    const card = cardFor(key);
    if (!card) return;
    if (e.shiftKey) {
      app.picked = { card };
      app.ui.focus = "target-f";
      render();
    } else play(card);
  }
  e.preventDefault();
});

const [about] = await Promise.all([game(), init()]);
onChange(() => {
  reannounce();
  render();
});
startTicker();
session.begin();
render();
