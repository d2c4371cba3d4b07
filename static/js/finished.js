// A room's finished games of one game, as that game tells them (GET /api/rooms/CODE/games, then
// each one's history), for the history pages. A refusal throws an Error named by its code.

/** GET `url` as JSON; a refusal throws an Error named by the body's code. */
export async function getJSON(url) {
  const res = await fetch(url, { headers: { accept: "application/json" } });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error((body && body.code) || "unknown");
  return body;
}

/** The finished games kept for room `code`, oldest first: each one's id and history's address. */
export async function roomGames(code) {
  const listing = await getJSON(`/api/rooms/${encodeURIComponent(code)}/games`);
  return listing.games;
}

/** The told games of `game` kept for room `code`, oldest first. */
export async function finishedGames(code, game) {
  const games = await roomGames(code);
  const told = await Promise.all(games.filter(Boolean).map((g) => getJSON(g.history)));
  return told.filter((d) => d.game === game);
}
