"""The game's pieces as immutable values, and the decks they come in.

The object deck is data (`data/objects.json`) so that a variant deck can be loaded without code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources
from pathlib import Path
from typing import Any


class Currency(StrEnum):
    DOLLARS = "dollars"
    CAMELS = "camels"
    PEANUTS = "peanuts"


#: Each currency's name: an enum's `.value` is a slow property, and every bid is logged, sent and
#: shown as a dict that names its currency.
CURRENCY_NAMES: dict[Currency, str] = {c: c.value for c in Currency}
#: Each currency as people call it (English, French): what a refusal's message names, never the
#: raw id a frame carries.
CURRENCY_LABELS: dict[Currency, tuple[str, str]] = {
    Currency.DOLLARS: ("Million Dollars", "Millions de dollars"),
    Currency.CAMELS: ("Camels", "Chameaux"),
    Currency.PEANUTS: ("Peanuts", "Cacahuètes"),
}


class Power(StrEnum):
    A_LA_CARTE = "a_la_carte"
    CRASH = "crash"
    NIET = "niet"
    CONVERT = "convert"
    ABRACADABRA = "abracadabra"


#: Each power as people call it (English, French), for the messages that name one.
POWER_LABELS: dict[Power, tuple[str, str]] = {
    Power.A_LA_CARTE: ("À la carte", "À la carte"),
    Power.CRASH: ("Crash", "Crash"),
    Power.NIET: ("Niet", "Niet"),
    Power.CONVERT: ("Convert", "Convert"),
    Power.ABRACADABRA: ("Abracadabra", "Abracadabra"),
}


class Symbol(StrEnum):
    LUXURY = "luxury"
    ANTIQUE = "antique"
    EXOTIC = "exotic"
    FURNITURE = "furniture"
    MODERN = "modern"
    CLASSICAL = "classical"
    CURIOSITY = "curiosity"
    ART = "art"
    JOKER = "joker"


#: Symbols a Joker may become: every real category.
CATEGORIES: tuple[Symbol, ...] = tuple(s for s in Symbol if s is not Symbol.JOKER)
#: The two black-and-white symbols that score a bonus point each.
BONUS_SYMBOLS: frozenset[Symbol] = frozenset({Symbol.LUXURY, Symbol.ANTIQUE})
#: The six coloured categories, one Collector card each.
COLLECTORS: tuple[Symbol, ...] = tuple(s for s in CATEGORIES if s not in BONUS_SYMBOLS)

#: Per currency: how many cards of each face value (30 cards, 70 value).
CURRENCY_VALUES: dict[int, int] = {1: 10, 2: 8, 3: 6, 4: 4, 5: 2}


@dataclass(frozen=True, slots=True)
class CurrencyCard:
    id: int
    currency: Currency
    value: int

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "currency": CURRENCY_NAMES[self.currency], "value": self.value}


@dataclass(frozen=True, slots=True)
class ObjectCard:
    """An object to auction. `back` is the lot size printed on its back (0 for the refresh card)."""

    id: str
    name_en: str
    name_fr: str
    symbols: tuple[Symbol, ...]
    back: int
    refresh: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": {"en": self.name_en, "fr": self.name_fr},
            "symbols": [s.value for s in self.symbols],
        }


@dataclass(frozen=True, slots=True)
class ObjectDeck:
    name: str
    objects: tuple[ObjectCard, ...]
    refresh: ObjectCard

    def cards(self) -> list[ObjectCard]:
        """Every card of the pile, the refresh card included, in file order."""
        return [*self.objects, self.refresh]

    def by_id(self) -> dict[str, ObjectCard]:
        return {c.id: c for c in self.cards()}


def currency_deck() -> list[CurrencyCard]:
    """The 90 currency cards, ids 1..90, in a fixed order (shuffled by the game's generator)."""
    cards: list[CurrencyCard] = []
    for currency in Currency:
        for value, count in CURRENCY_VALUES.items():
            for _ in range(count):
                cards.append(CurrencyCard(len(cards) + 1, currency, value))
    return cards


def parse_object_deck(data: dict[str, Any]) -> ObjectDeck:
    """Build a deck from its JSON form, checking what the engine relies on."""
    objects = []
    seen: set[str] = set()
    for raw in data["objects"]:
        symbols = tuple(Symbol(s) for s in raw["symbols"])
        back = int(raw["back"])
        if not symbols or back < 1 or raw["id"] in seen or raw["id"] == "refresh":
            raise ValueError(f"invalid object in deck: {raw!r}")
        seen.add(raw["id"])
        objects.append(ObjectCard(raw["id"], raw["name"]["en"], raw["name"]["fr"], symbols, back))
    r = data["refresh"]
    refresh = ObjectCard(r["id"], r["name"]["en"], r["name"]["fr"], (), 0, refresh=True)
    return ObjectDeck(str(data.get("name", "custom")), tuple(objects), refresh)


def load_object_deck(path: str | Path | None = None) -> ObjectDeck:
    """The standard deck, or a variant deck from a JSON file of the same shape."""
    if path is None:
        text = (
            resources.files("peanutclub.games.peanut_club.engine")
            .joinpath("data/objects.json")
            .read_text("utf-8")
        )
    else:
        text = Path(path).read_text("utf-8")
    return parse_object_deck(json.loads(text))


_STANDARD: ObjectDeck | None = None


def standard_deck() -> ObjectDeck:
    """The default deck, parsed once per process."""
    global _STANDARD
    if _STANDARD is None:
        _STANDARD = load_object_deck()
    return _STANDARD
