// French catalogue of Nur Peanuts!' pages (merged over the shared one). `{name}` marks a value
// filled in at run time. The table's and the history's strings live in tv.fr.js.
import table from "./tv.fr.js";

export default {
  ...table,
  "page.player": "Salle {code} · Nur Peanuts!",
  "game.tagline": "Dés, pions et terrains : garez-vous sur le terrain le plus cher et faites payer les autres.",
  "howto.1": "Chacun commence avec 9 700 Peanuts et achète des terrains sur un anneau de 24, valant de 100 à 2 400. Votre pion part à côté du dernier terrain acheté.",
  "howto.2": "À votre tour, choisissez un lancer : le dé noir (1 à 3), un dé blanc (0 à 5) ou les deux dés blancs additionnés. Votre pion avance d'autant de terrains dans le sens des aiguilles d'une montre.",
  "howto.3": "Garez-vous là où vous êtes, ou relancez. Relancer est gratuit si un dé blanc a montré 0 ; sinon vous payez la valeur du terrain à son propriétaire (à la banque s'il n'est à personne).",
  "howto.4": "Se garer là où une pièce est déjà garée la renvoie à son départ. Quand tous les pions sont garés, les pierres grises avancent toutes seules.",
  "howto.5": "La pièce garée sur le terrain le plus cher gagne la manche : les autres paient l'écart de valeur, le double si le gagnant possède ce terrain. Le gagnant peut ensuite acheter un terrain.",
  "howto.6": "Possédez 6 terrains (5 à 5 ou 6 joueurs) pour gagner tout de suite. Si la banque réunit autant de jetons, ou si quelqu'un ne peut pas payer, le plus riche gagne.",
  "set.turn_seconds": "Secondes pour chaque décision",
  "set.stone_step_seconds": "Secondes entre les lancers des pierres",
  "set.between_rounds_seconds": "Secondes entre les manches",
  "set.board": "Plateau",
  "set.board.standard": "Ordre des valeurs habituel",
  "set.board.random": "Valeurs mélangées",
  "err.not_your_turn": "Ce n'est pas votre tour.",
  "err.field_sold": "Ce terrain n'est plus à vendre.",
  "err.cannot_afford": "Vous n'avez pas assez de Peanuts pour cela.",
  "err.must_throw": "Lancez les dés avant de vous garer.",
  "err.cannot_reroll": "Vous ne pouvez pas payer pour relancer : garez votre pion.",
  "err.bad_field": "Ce terrain n'existe pas sur le plateau.",
};
