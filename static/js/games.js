// The games this server hosts, as GET /api/games describes them: names, seats, settings with
// their bounds, bot levels. Pages build the game picker and each lobby from it, never from a
// copy of their own.
let listing = null;

/** Every game, in the order the landing page offers them (fetched once per page). */
export function games() {
  if (!listing) {
    listing = fetch("/api/games").then((res) => {
      if (!res.ok) throw new Error(String(res.status));
      return res.json();
    });
    listing.catch(() => {
      listing = null; // a failed fetch is tried again next time
    });
  }
  return listing;
}

/** The game named `id` (the page's own, from <body data-game>), or null if it is not hosted. */
export async function game(id = document.body.dataset.game) {
  return (await games()).find((g) => g.id === id) || null;
}

/** The game's name in the page's language. */
export const gameName = (g, lang) => (g && (g.name[lang] || g.name.en)) || "";
