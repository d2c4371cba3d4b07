// The player's page of Nur Peanuts!: join, lobby, then one screen per moment of the game, all
// without scrolling during a turn: whose turn and its clock, the ring of fields, everyone's cash
// and fields, and what this phone may do now (buy a field, choose a throw, park or roll again),
// then the round's result and the end. One render() from the latest view.
import { h, mount, byId } from "/static/js/dom.js";
import { t, langButton } from "/static/js/i18n.js";
import { inLobby, seatName } from "/static/js/state.js";
import { toast, announce, rttBadge } from "/static/js/ui/feedback.js";
import { tick } from "/static/js/ui/ticker.js";
import { lobbyView } from "/static/js/ui/lobby.js";
import { shareView } from "/static/js/ui/share.js";
import { nameTag } from "/static/js/ui/names.js";
import { phoneSession, cue, touchSwitches } from "/static/js/phone.js";
import { endCard } from "/static/js/ui/endcard.js";
import { cap, money, fieldName, describe, withBumpers, roundLine, paymentText, endText, throwText, seatClass, fieldsCount } from "./ui/format.js";
import { boardStrip } from "./ui/strip.js";
import { throwColumns, parkPanel, KEYS } from "./ui/throws.js";
import { keepFocus, focusBefore } from "/static/js/ui/focus.js";
import { keysHelp } from "/static/js/ui/keyhelp.js";

/** The game's own keys, as the "Keys" help lists them. */
const KEY_LINES = ["np.keys", "keys.np.tab"];
/** Where the focus goes when the control it was on went (a throw sent, a turn or a purchase
 * over): Park, a throw, a field to buy or Buy nothing, else the line saying who acts now. */
const NEXT_FOCUS = ["[data-key=park]", "[data-key^=throw-btn-]", "[data-key=pass]", "[data-key^=buy-]", "[data-key=who]"];

const code = document.body.dataset.code;
const ui = {};
/** The ref of the move sent and not answered yet (its buttons wait), and the throw or the field
 * for sale the person is looking at (its fields are outlined on the ring). */
let sent = null;
let looking = null;

function look(what) {
  if (looking !== what) {
    looking = what;
    render();
  }
}

const session = phoneSession({ code, ui, render, onState, onError });
const send = (msg) => {
  const ref = session.send(msg);
  if (ref !== null) {
    sent = ref;
    render();
  }
  return ref;
};

// ------------------------------------------------------------------ what the view says

const me = () => (session.state && session.state.you ? session.state.you.seat : null);
const PLAYING = new Set(["buying", "turns", "stones", "round_over"]);
const myTurn = (state) => state.phase === "turns" && state.turn && state.turn.seat === me();
const myPurchase = (state) => state.purchase && state.purchase.seat === me();
const playerOf = (state, seat) => state.players.find((p) => p.seat === seat);
const pawnOf = (state, seat) => state.pieces.find((p) => p.kind === "pawn" && p.seat === seat);

function onState(state, frameEvents, why, prev) {
  sent = null;
  const events = withBumpers(frameEvents);
  const said = events.map((ev) => describe(ev, state, me())).filter(Boolean);
  // A roll paid to this player also shows for a moment (never over one's own turn).
  for (const ev of events) if (ev.type === "reroll_paid" && ev.to === me()) toast(describe(ev, state, me()));
  // Being bumped shows too, for a moment, then as a note until one's next turn (the view's flag).
  for (const ev of events) if (ev.type === "bumped" && ev.seat !== null && ev.seat === me()) toast(describe(ev, state, me()));
  if (said.length) announce(said.join(" "), () => events.map((ev) => describe(ev, state, me())).filter(Boolean).join(" "));
  // What this player must do now is said at once: their turn, or a field theirs to buy.
  const buying = (v) => !!(v && v.purchase && v.purchase.seat === me());
  if (why !== "welcome" && events.some((e) => e.type === "turn" && e.seat === me())) announce(t("ev.your_turn"), () => t("ev.your_turn"), true);
  else if (why !== "welcome" && buying(state) && !buying(prev)) announce(t("ev.your_purchase"), () => t("ev.your_purchase"), true);
  if (events.some((e) => e.type === "turn" && e.seat === me()) || (why === "welcome" && myTurn(state))) {
    ui.focus = state.turn && state.turn.thrown ? "park" : "throw-btn-black";
  } else if (myTurn(state) && state.turn.thrown && events.some((e) => e.type === "thrown" && e.seat === me())) {
    // This player's own throw landed: Park (or another throw) is what comes next.
    ui.focus = "park";
  }
  if (why !== "welcome") touch(state, events, prev);
  if (!myTurn(state) && !myPurchase(state)) looking = null;
}

/**
 * This phone's moments, felt once each through its own switches, from the view and the frame's
 * events: its turn begins (the `turn` event for this seat, not yet thrown) or a field is its to
 * buy; a round it won; a round's payment it owes (round_result's payment from this seat).
 */
function touch(state, events, prev) {
  const mine = me();
  if (typeof mine !== "number") return;
  const kinds = [];
  const buying = (v) => !!(v && v.purchase && v.purchase.seat === mine);
  const turn = events.some((e) => e.type === "turn" && e.seat === mine) && state.turn && !state.turn.thrown;
  if (turn || (buying(state) && !buying(prev))) kinds.push("turn");
  const ends = events.filter((e) => e.type === "round_over");
  if (ends.some((e) => e.winner === mine) || events.some((e) => e.type === "game_over" && (e.winners || []).includes(mine))) kinds.push("win");
  if (ends.some((e) => (e.payments || []).some((p) => p.from === mine && p.amount > 0))) kinds.push("pay");
  cue(...kinds);
}

function onError() {
  sent = null;
  return false;
}

// ------------------------------------------------------------------ drawing

function clock(state) {
  if (!state.deadline) return null;
  const kind = state.deadline_kind;
  if (kind !== "turn" && kind !== "next_round") return null;
  const span = kind === "turn" ? state.settings.turn_seconds : state.settings.between_rounds_seconds;
  return h(
    "span.np-clock",
    { "data-key": `clock-${kind}` },
    h("span.np-clock-s", { "data-deadline": String(state.deadline), "data-fmt": kind === "turn" ? "np.clock" : "np.next_in", text: "" }),
    h("span.timebar", { "aria-hidden": "true" }, h("span.timebar-fill", { "data-bar-deadline": String(state.deadline), "data-span": String(span * 1000) })),
  );
}

/** Who must act now, in a few words. */
function whoActs(state) {
  const seat = me();
  if (state.phase === "buying") {
    return myPurchase(state) ? t("np.you_buy") : t("np.buys", { name: seatName(state, state.purchase.seat) });
  }
  if (state.phase === "stones") return t("np.stones_move");
  if (state.phase === "round_over") {
    if (state.purchase) return myPurchase(state) ? t("np.you_may_buy") : t("np.may_buy", { name: seatName(state, state.purchase.seat) });
    return t("np.round_over");
  }
  if (!state.turn) return "";
  return state.turn.seat === seat ? t("np.your_turn") : t("np.turn_of", { name: seatName(state, state.turn.seat) });
}

/** The last throw, in one line: "Ana: two white 3 + 0 → 1,800". */
function lastThrowLine(state) {
  const lt = state.last_throw;
  if (!lt) return null;
  const who = lt.seat === null ? t("np.a_stone") : lt.seat === me() ? t("np.you") : seatName(state, lt.seat);
  return cap(t("np.last_throw", { name: who, dice: throwText(lt), v: money(state.board[lt.to].value) }));
}

function statusView(state) {
  const mine = myTurn(state) || myPurchase(state);
  const head = state.phase === "buying" ? t("np.preliminary") : t("np.round", { n: state.round });
  return h(
    "section.np-status",
    { "data-key": "status", class: mine ? "mine" : "" },
    h("div.np-status-top", null, h("span.np-round", { text: head }), h("strong.np-who", { "data-key": "who", tabindex: "-1", text: whoActs(state) }), clock(state)),
    h("p.np-last", { "data-key": "last", text: lastThrowLine(state) || t("np.fields_to_end", { n: state.fields_to_end }) }),
  );
}

/** Where a seat's pawn is, in a few words ("parked on 1,800"). */
function whereText(state, seat) {
  const pawn = pawnOf(state, seat);
  if (!pawn) return "";
  return t(`np.where.${pawn.place}`, { v: money(state.board[pawn.field].value) });
}

function playersView(state) {
  const seat = me();
  const acting = state.turn ? state.turn.seat : state.purchase ? state.purchase.seat : null;
  return h(
    "section.np-players",
    { "data-key": "players", "aria-label": t("np.players") },
    h(
      "ul.np-plist",
      null,
      state.players.map((p) => {
        const you = p.seat === seat;
        const values = p.fields.map((f) => money(state.board[f].value)).join(" · ");
        return h(
          "li.np-player",
          { "data-key": `p${p.seat}`, class: [seatClass(p.seat), you ? "you" : "", acting === p.seat ? "acting" : ""].join(" ") },
          nameTag(p, seat, state.host_seat),
          h("span.np-cash", { "data-key": `cash-${p.seat}`, text: money(p.cash) }),
          you && values
            ? h("span.np-fields", { text: values })
            : [h("span.np-fields", { "aria-hidden": "true", text: `▦${p.fields.length}` }), h("span.sr", { text: fieldsCount(p.fields.length) })],
        );
      }),
    ),
  );
}

function buyPanel(state) {
  const purchase = state.purchase;
  const fields = [...purchase.fields].sort((a, b) => state.board[b].value - state.board[a].value);
  return h(
    "section.np-buy",
    { "data-key": "buy", "aria-labelledby": "buy-title" },
    h("h2", { id: "buy-title", text: purchase.may_pass ? t("np.buy_won") : t("np.buy_title") }),
    // Buying nothing comes first: it is always in view, however many fields are for sale.
    purchase.may_pass
      ? h("button.np-pass", { type: "button", "data-key": "pass", disabled: sent !== null || null, onclick: () => send({ type: "pass" }), text: t("np.pass") })
      : null,
    fields.length ? null : h("p.muted", { text: t("np.buy_none") }),
    h(
      "div.np-buy-grid",
      null,
      fields.map((f) =>
        h("button.np-buy-btn", {
          type: "button",
          "data-key": `buy-${f}`,
          "data-field": String(f),
          class: seatClass(state.board[f].owner),
          disabled: sent !== null || null,
          "aria-label": t("np.buy_label", { v: money(state.board[f].value) }),
          onclick: () => send({ type: "buy", field: f }),
          onfocus: () => look(f),
          onpointerenter: () => look(f),
          text: money(state.board[f].value),
        }),
      ),
    ),
  );
}

function turnPanel(state) {
  const seat = me();
  const turn = state.turn;
  const busy = sent !== null;
  return h(
    "section.np-turn",
    { "data-key": "turn", "aria-labelledby": "turn-title" },
    h("h2.sr", { id: "turn-title", text: t("np.your_turn") }),
    turn.thrown ? parkPanel(state, seat, { disabled: busy, onPark: () => send({ type: "park" }) }) : h("p.np-hint", { text: t("np.choose_throw") }),
    throwColumns(state, seat, {
      disabled: busy || (turn.thrown && !turn.can_reroll),
      onThrow: (dice) => send({ type: "throw", dice }),
      onFocus: look,
    }),
    h("p.np-legend", { "aria-hidden": "true", text: t("np.legend") }),
    h("p.sr", { text: t("np.keys") }),
  );
}

/** Someone else's turn, the stones, or a purchase by another: what this phone waits for. */
function waitPanel(state) {
  const seat = me();
  const pawn = seat === null ? null : pawnOf(state, seat);
  const lines = [];
  if (state.phase === "turns" && state.turn) {
    const name = seatName(state, state.turn.seat);
    lines.push(state.turn.thrown ? t("np.other_thrown", { name, v: money(state.board[pawnOf(state, state.turn.seat).field].value) }) : t("np.other_choosing", { name }));
  }
  if (pawn) lines.push(t("np.your_pawn_is", { where: whereText(state, seat) }));
  const mine = seat === null ? null : playerOf(state, seat);
  return h(
    "section.np-wait",
    { "data-key": "wait" },
    mine && mine.bumped ? h("p.np-bumped", { "data-key": "bumped", text: t("np.you_were_bumped") }) : null,
    lines.map((line, i) => h("p", { "data-key": `w${i}`, text: line })),
  );
}

/** The round's result: who won and every payment with its reason. Folded (`folded`) under its
 * heading while this player buys, so that the fields for sale stay in view. */
function resultPanel(state, folded = false) {
  const result = state.round_result;
  if (!result) return null;
  const seat = me();
  const head = roundLine({ ...result, payments: [] }, state, seat);
  return h(
    folded ? "details.np-result.folded" : "section.np-result",
    { "data-key": folded ? "result-folded" : "result", "aria-labelledby": "result-title" },
    folded ? h("summary", { id: "result-title", text: head }) : h("h2", { id: "result-title", text: head }),
    result.payments.length
      ? h(
          "ul.np-payments",
          null,
          result.payments.map((p, i) => h("li", { "data-key": `pay${i}`, class: p.amount && p.from === seat ? "loss" : p.amount && p.to === seat ? "gain" : "", text: paymentText(p, state, seat) })),
        )
      : h("p.muted", { text: t("np.nobody_pays") }),
    result.chip_to_bank !== null && result.chip_to_bank !== undefined ? h("p", { text: t("np.chip_to_bank", { field: fieldName(state, result.chip_to_bank) }) }) : null,
  );
}

function tableView(state) {
  let action;
  if (myPurchase(state)) action = [buyPanel(state), state.phase === "round_over" ? resultPanel(state, true) : null];
  else if (state.phase === "round_over") action = resultPanel(state);
  else if (myTurn(state)) action = turnPanel(state);
  else action = waitPanel(state);
  let mark = new Set();
  if (myTurn(state) && state.turn.odds[looking]) mark = new Set(state.turn.odds[looking].map((e) => e.field));
  else if (myPurchase(state) && state.purchase.fields.includes(looking)) mark = new Set([looking]);
  return [statusView(state), boardStrip(state, me(), mark), playersView(state), action];
}

/** The game's end as the game tells it: why it ended, who won, everyone's Peanuts and fields;
 * `more`: what a watching phone adds under it (the wait, the history link). */
function overView(state, more = watchingFoot()) {
  const result = state.result;
  const seat = me();
  const won = (p) => (result && result.winners.includes(p.seat) ? 1 : 0);
  const rows = [...state.players].sort((a, b) => won(b) - won(a) || b.cash - a.cash || b.fields.length - a.fields.length);
  return h(
    "section.np-over",
    { "data-key": "over", "aria-labelledby": "over-title" },
    h("h2", { id: "over-title", text: t("over.title") }),
    result ? h("p.winner", { "data-key": "end-line", text: endText(result, state, seat) }) : null,
    h(
      "table.np-final",
      null,
      h("thead", null, h("tr", null, h("th", { text: t("np.player") }), h("th.num", { text: t("np.cash") }), h("th.num", { text: t("np.fields") }))),
      h(
        "tbody",
        null,
        rows.map((p) =>
          h(
            "tr",
            { "data-key": `f${p.seat}`, class: [result && result.winners.includes(p.seat) ? "won" : "", p.seat === seat ? "mine" : ""].join(" ") },
            h("td", null, h("span.np-who-cell", { class: seatClass(p.seat) }, nameTag(p, seat, state.host_seat))),
            h("td.num", { text: money(p.cash) }),
            h("td.num", { text: String(p.fields.length) }),
          ),
        ),
      ),
    ),
    ...more,
  );
}

/** Under the end for a phone that watches: the host decides, and the history. */
function watchingFoot() {
  return [
    h("p.muted", { text: t("over.wait_rematch") }),
    h("a.button", { href: `/r/${encodeURIComponent(code)}/history`, "data-key": "history", text: t("over.history") }),
  ];
}

/** A seated phone at the end: its own end card (the host's choices on top), then the table. */
function endView(state) {
  return endCard({
    state,
    me: me(),
    host: session.host,
    send: session.send,
    rerender: render,
    details: overView(state, []),
    history: t("over.history"),
  });
}

function render() {
  const state = session.state;
  const seat = session.seat;
  const who = state && seat !== null && seat !== undefined ? seatName(state, seat) : "";
  const focused = focusBefore();
  mount(byId("bar"), h("h1.room", { text: t("common.room", { code }) }), keysHelp(h, render, KEY_LINES), who ? h("span.me", { text: who }) : null, rttBadge(h), touchSwitches(h, render), langButton(h));
  const ctx = { state, me: seat, host: session.host, ui, send: session.send, rerender: render, game: session.game };
  let content = session.screen();
  const playing = !content && PLAYING.has(state.phase);
  if (content) {
    /* the join form, or "play on this screen" */
  } else if (inLobby(state)) {
    content = session.watching ? h("section.join", null, h("p", { text: t("lobby.wait_host") })) : [lobbyView(ctx), shareView({ code, ui, rerender: render })];
  } else if (state.phase === "over") content = session.watching ? overView(state) : endView(state);
  else content = tableView(state);
  document.body.classList.toggle("in-round", playing);
  mount(byId("app"), content);
  if (ui.focus) {
    const el = document.querySelector(`[data-key="${ui.focus}"]`);
    if (el && !el.disabled) el.focus({ preventScroll: true });
    else keepFocus(focused, NEXT_FOCUS);
    ui.focus = null;
  } else keepFocus(focused, NEXT_FOCUS);
  tick();
}

/** Keys on one's turn: B, W and T throw the black die, one white or both; P parks. */
document.addEventListener("keydown", (e) => {
  const state = session.state;
  if (!state || !myTurn(state) || sent !== null || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "SELECT")) return;
  const key = e.key.toLowerCase();
  const turn = state.turn;
  if (key === "p" && turn.thrown) send({ type: "park" });
  else if (KEYS[key] && (!turn.thrown || turn.can_reroll)) send({ type: "throw", dice: KEYS[key] });
  else return;
  e.preventDefault();
});

await session.start();
