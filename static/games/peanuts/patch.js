// Peanuts!' step after the generic patch (static/js/state.js): the patch's events that change
// the table (a move, a flip, a stuck declaration) bring the last view up to date, in order. The
// same rule as peanutclub/games/peanuts/patch.py; a browser test replays the patches of played
// games through this module and compares with the whole views the server would have sent.

/** The view after `patch`: `next` holds the patch's plain fields (the clock) already; `last`
 * is the view before. Neither is changed. */
export function step(next, last, patch) {
  let view = { ...next };
  for (const change of patch.events || []) {
    if (change.type === "moved") view = moved(view, change);
    else if (change.type === "flipped") view = flipped(view, change);
    else if (change.type === "stuck") {
      const { deck, on } = change;
      view = { ...view, players: view.players.map((p) => (p.deck === deck ? { ...p, stuck: on } : p)) };
    }
  }
  return view;
}

/** Which of a deck's tops is the card: ["peanuts"|"waste"|"building", pile]. */
function where(mine, id) {
  const top = mine.peanuts.top;
  if (top && top.id === id) return ["peanuts", -1];
  if (mine.waste.length && mine.waste[mine.waste.length - 1].id === id) return ["waste", -1];
  for (let i = 0; i < mine.building.length; i += 1) {
    const pile = mine.building[i];
    if (pile.length && pile[pile.length - 1].id === id) return ["building", i];
  }
  throw new Error(`card ${id} is not on top of a pile of deck ${mine.deck}`);
}

function setBuilding(players, deck, pile, cards) {
  for (const p of players) {
    if (p.deck !== deck) continue;
    const building = [...p.building];
    building[pile] = cards;
    p.building = building;
  }
}

function onFoundation(foundations, index, card) {
  const deck = String(card.deck);
  const result = [...foundations];
  if (index === result.length) {
    result.push({ index, suit: card.suit, top: card, count: 1, by_deck: { [deck]: 1 }, complete: false });
    return result;
  }
  const old = result[index];
  const byDeck = { ...old.by_deck, [deck]: (old.by_deck[deck] || 0) + 1 };
  result[index] = { ...old, top: card, count: old.count + 1, by_deck: byDeck, complete: card.rank === 13 };
  return result;
}

function moved(view, m) {
  const deck = m.deck;
  const players = view.players.map((p) => ({ ...p }));
  const mine = players.find((p) => p.deck === deck);
  const [source, from] = where(mine, m.card);
  let card;
  if (source === "peanuts") {
    card = mine.peanuts.top;
    const peanuts = { top: m.reveal, left: mine.peanuts.left - 1 };
    for (const p of players) if (p.deck === deck) p.peanuts = peanuts;
  } else if (source === "waste") {
    card = mine.waste[mine.waste.length - 1];
    let waste = mine.waste.slice(0, -1);
    if (m.reveal !== null && m.reveal !== undefined) waste = [m.reveal, ...waste];
    for (const p of players) {
      if (p.deck !== deck) continue;
      p.waste = waste;
      p.waste_count -= 1;
    }
  } else {
    const pile = mine.building[from];
    card = pile[pile.length - 1];
    setBuilding(players, deck, from, pile.slice(0, -1));
  }
  if (m.to === "building") setBuilding(players, deck, m.pile, [...mine.building[m.pile], card]);
  else view.foundations = onFoundation(view.foundations, m.pile, card);
  for (const p of players) {
    p.stuck = false;
    if (p.deck === deck) p.round_points = m.points;
  }
  view.players = players;
  view.rotations = 0;
  return view;
}

function flipped(view, f) {
  view.players = view.players.map((p) => {
    if (p.deck !== f.deck) return p;
    const q = { ...p };
    if (f.recycled) {
      q.stock_count += q.waste_count;
      q.waste = [];
      q.waste_count = 0;
    } else {
      q.waste = [...q.waste, ...f.turned].slice(-3);
      q.waste_count += f.turned.length;
      q.stock_count -= f.turned.length;
    }
    return q;
  });
  return view;
}
