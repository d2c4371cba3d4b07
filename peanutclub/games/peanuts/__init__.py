"""Peanuts!, the real-time card race: its engine, bots, moves and plug-in class.

rules/peanuts.md is binding; where it and the rulebook leave a point open, this package decides:

- A team (teams on, 4 or 6 players) plays the deck of its first seat (seats 0+1 play deck 0);
  with teams on and another count of players, everyone plays alone.
- A stuck declaration belongs to the deck: either teammate sets it or takes it back.
- The round ends for a stall when the stall clock (or everyone's declaration) comes due after 5
  rotations in a row with no card played; so the 5th rotation still gets its chance.
- Refusals: a card beaten to its pile (the pile's top already has the card's rank) is
  `pile_changed`, also when the player let the engine choose the pile; a closed foundation is
  `pile_complete`; a move before the count-down ends is `not_playing`, after the round ended
  `round_over`; a card id of no deck on the table is `bad_message`; a flip with an empty stock
  and waste is `not_playable`.
- With no pile named, a card goes to the first foundation that takes it (a new one for an Ace),
  or to the first building pile it extends, else the first empty one it may fill.
- The deal is on the table during the count-down (everyone sees their cards before "go").
- The count-down is a setting too (`countdown_seconds`, default 3).
- A photo finish: a move to a foundation carries the room's time of its arrival; a race to a
  foundation lost by at most `PHOTO_FINISH_MS` (1 s) is still refused (`pile_changed`), and the
  room then applies a `PhotoFinish` action that records who won and by how many ms for every
  screen, moving no card and leaving the stall clock running.
"""

from peanutclub.games.peanuts.game import Peanuts, Settings

__all__ = ["Peanuts", "Settings"]
