"""One action of every kind of every game, optional fields set and not: what a bot game may
never log (photo finishes, skipped rounds, an À la carte bid, the host's calls)."""

from __future__ import annotations

from typing import Any

from peanutclub.games.nur_peanuts.engine import actions as nur
from peanutclub.games.nur_peanuts.engine.dice import Dice
from peanutclub.games.peanut_club.engine import actions as club
from peanutclub.games.peanut_club.engine.components import Currency
from peanutclub.games.peanuts.engine import actions as race

SAMPLES: dict[str, list[Any]] = {
    "peanut-club": [
        club.PlaceBid(0, 5, Currency.DOLLARS),
        club.ALaCarte(3, 12, Currency.PEANUTS),
        club.Crash(1, Currency.CAMELS, 2),
        club.Niet(2, Currency.DOLLARS),
        club.CallGoing(),
        club.CallGoing(4),
        club.GoingStep(),
        club.CancelGoing(),
        club.Pay(1, (3, 17, 40)),
        club.Pay(2, (), True, 7),
        club.AutoPay(),
    ],
    "peanuts": [
        race.MoveCard(0, 51, race.Target.FOUNDATION),
        race.MoveCard(1, 12, race.Target.FOUNDATION, 3, 123456),
        race.MoveCard(2, 7, race.Target.BUILDING, 1),
        race.Flip(0),
        race.DeclareStuck(1, True),
        race.DeclareStuck(1, False),
        race.CallPeanuts(3),
        race.StartPlay(),
        race.Stall(),
        race.NextRound(),
        race.NextRound(2),
        race.NextRound(None, True),
        race.SkipRound(),
        race.SkipRound(0),
        race.PhotoFinish(4, 0, 1, 33, 18),
    ],
    "nur-peanuts": [
        nur.Buy(0, 7),
        nur.Pass(1),
        nur.ThrowDice(2, Dice.BLACK),
        nur.ThrowDice(0, Dice.WHITE),
        nur.ThrowDice(1, Dice.TWO_WHITE),
        nur.Park(2),
        nur.StoneStep(),
        nur.NextRound(),
    ],
}
