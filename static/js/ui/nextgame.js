// The evening: the host moves the same table to another of the club's games (`switch_game`),
// from the lobby or once a game is over, on the TV or the host's phone. The games come from
// GET /api/games; which game fits how many players is the server's to say: a `table_size`
// refusal carries the game's range and the table's seats, and the picker then offers the
// host's choices instead of dropping anyone.
import { h } from "../dom.js";
import { t, current as lang } from "../i18n.js";
import { games } from "../games.js";

/** Between renders (one picker per page): the games listed, the one picked, the one asked for,
 * and a refusal to answer ({game, min, max, seats}). */
const picker = { listed: null, loading: false, chosen: null, asked: null, refused: null, redraw: null };

const nameOf = (g) => (g && (g.name[lang()] || g.name.en)) || "";

/**
 * For a page's onError (net.js calls it first): a `table_size` answer to this page's switch.
 * Returns true when the error was that; the picker then shows the host's choices.
 */
export function switchRefusal(msg) {
  if (msg.code !== "table_size" || !picker.asked) return false;
  picker.refused = { game: picker.asked, min: msg.min, max: msg.max, seats: msg.seats };
  if (picker.redraw) picker.redraw();
  return true;
}

/** "Next game": a choice of the other games and a button; null unless the host may switch. */
export function nextGameControl({ state, host, send, rerender }) {
  if (!host || !state || (state.phase !== "lobby" && state.phase !== "over")) return null;
  picker.redraw = rerender;
  if (!picker.listed) {
    if (!picker.loading) {
      picker.loading = true;
      games()
        .then((listed) => {
          picker.listed = listed;
          rerender();
        })
        .catch(() => {})
        .finally(() => {
          picker.loading = false;
        });
    }
    return null;
  }
  const others = picker.listed.filter((g) => g.id !== state.game);
  if (!others.length) return null;
  if (!others.some((g) => g.id === picker.chosen)) picker.chosen = others[0].id;
  const ask = (fit) => {
    picker.asked = picker.chosen;
    picker.refused = null;
    send(fit ? { type: "switch_game", game: picker.chosen, fit } : { type: "switch_game", game: picker.chosen });
    rerender();
  };
  const refused = picker.refused && picker.refused.game === picker.chosen ? picker.refused : null;
  return h(
    "div.next-game",
    { "data-key": "next-game" },
    h("label", { for: "next-game-choice", text: t("next.title") }),
    h(
      "select",
      {
        id: "next-game-choice",
        "data-key": "next-game-choice",
        onchange: (e) => {
          picker.chosen = e.target.value;
          picker.refused = null;
          rerender();
        },
      },
      others.map((g) => h("option", { value: g.id, selected: g.id === picker.chosen, text: nameOf(g) })),
    ),
    h("button", { type: "button", "data-key": "next-game-go", onclick: () => ask(null), text: t("next.switch") }),
    refused ? choices(refused, others.find((g) => g.id === refused.game), ask) : null,
  );
}

/** The host's choices for a table that does not fit the game: never a silent drop. */
function choices(refused, game, ask) {
  const small = refused.seats < refused.min;
  return h(
    "div.next-fit",
    { role: "alert", "data-key": "next-game-fit" },
    h("p", {
      text: t(small ? "next.too_few" : "next.too_many", {
        game: nameOf(game),
        min: refused.min,
        max: refused.max,
        seats: refused.seats,
      }),
    }),
    small
      ? h("button.primary", { type: "button", "data-key": "next-game-bots", onclick: () => ask("bots"), text: t("next.add_bots") })
      : h("button.primary", { type: "button", "data-key": "next-game-watch", onclick: () => ask("watch"), text: t("next.watch") }),
  );
}
