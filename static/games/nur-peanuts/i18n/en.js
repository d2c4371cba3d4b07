// English catalogue of Nur Peanuts!' pages (merged over the shared one). `{name}` marks a value
// filled in at run time. The table's and the history's strings live in tv.en.js.
import table from "./tv.en.js";

export default {
  ...table,
  "page.player": "Room {code} · Nur Peanuts!",
  "game.tagline": "Dice, pawns and property: park on the priciest field and make the others pay.",
  "howto.1": "Everyone starts with 9,700 Peanuts and buys fields on a ring of 24, worth 100 to 2,400 each. Your pawn starts beside the field you bought last.",
  "howto.2": "On your turn, choose a throw: the black die (1 to 3), one white die (0 to 5) or both white dice added up. Your pawn moves that many fields clockwise.",
  "howto.3": "Then park where you stand, or roll again. Rolling again is free when a white die showed 0; otherwise you pay the field's value to its owner (to the bank when nobody owns it).",
  "howto.4": "Parking where a piece already stands sends it back to its start. Once every pawn is parked, the grey stones move on their own.",
  "howto.5": "The piece on the most valuable field wins the round: everyone else pays the gap in value, twice over if the winner owns that field. The winner may then buy a field.",
  "howto.6": "Own 6 fields (5 with 5 or 6 players) to win outright. If the bank collects that many chips, or someone cannot pay, the richest player wins.",
  "set.turn_seconds": "Seconds for each decision",
  "set.stone_step_seconds": "Seconds between the stones' throws",
  "set.between_rounds_seconds": "Seconds between rounds",
  "set.board": "Board",
  "set.board.standard": "Standard order of values",
  "set.board.random": "Values shuffled",
  "err.not_your_turn": "It is not your turn.",
  "err.field_sold": "That field is no longer for sale.",
  "err.cannot_afford": "You do not have enough Peanuts for that.",
  "err.must_throw": "Throw the dice before you park.",
  "err.cannot_reroll": "You cannot pay to roll again: park your pawn.",
  "err.bad_field": "There is no such field on the board.",
};
