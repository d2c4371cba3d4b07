// Where this phone's cards are in a view: its deck's fields, and which top holds a card.
/** My deck's fields in a view. */
export function mine(state) {
  if (!state || !state.you) return null;
  return state.players.find((p) => p.seat === state.you.seat) || null;
}

/** Which of my tops holds card `id`: ["peanuts"|"waste"|"building", pile] or null. */
export function whereIs(me, id) {
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
