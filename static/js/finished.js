// A room's finished games of one game, as that game tells them (GET /api/rooms/CODE/games, then
// each one's history), for the history pages. A refusal throws an Error named by its code.

async function getJSON(url) {
  const res = await fetch(url, { headers: { accept: "application/json" } });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error((body && body.code) || "unknown");
  return body;
}

/** The told games of `game` kept for room `code`, oldest first. */
export async function finishedGames(code, game) {
  const listing = await getJSON(`/api/rooms/${encodeURIComponent(code)}/games`);
  const told = await Promise.all(listing.games.filter(Boolean).map((g) => getJSON(g.history)));
  return told.filter((d) => d.game === game);
}
