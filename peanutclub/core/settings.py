"""A game's room settings: a pydantic model whose every field says what kind of setting it is.

Three kinds serve every game, each declared once on its field:

- a number within bounds (`bounded`): a clock, a target score;
- yes or no (`yes_no`): a rule that is on or off, such as Peanuts!' teams;
- a choice among a few names (`choice`): Nur Peanuts!' board, with each name's EN/FR label;
- a value given seat by seat (`per_seat`): a handicap or a head start the host gives one seat
  (Peanuts!' pile, Nur Peanuts!' starting cash, Peanut Club's hand at setup), one of a few steps
  around the rule's own value (`normal`), each with its EN/FR label. Its value maps a seat's
  number (as text, the way JSON writes an object's keys) to that seat's step; a seat not named
  plays by the rule. A host's change names only the seats it changes; a seat given `normal`
  loses its handicap. Which seats may be given one (people, not bots; only before the start) is
  the room's to check, since only the room knows who sits where.

Everything else reads the kind from the field: the server's check of `POST /api/rooms` and of
the host's `settings` message (`checked`, which says which setting is wrong and why, in words a
host can act on), the `GET /api/games` listing that the pages build their controls from (a
number box, a switch, a select), and development mode, which lifts the numbers' bounds (tests and
benchmarks need steps down to 0) but never widens a choice.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)
from pydantic.fields import FieldInfo

#: In development mode any number from 0 up to this is accepted.
DEV_MAX = 3600.0


class SettingKind(StrEnum):
    """What a setting is, as `GET /api/games` names it (`kind`), and so which control a page
    draws for it."""

    NUMBER = "number"
    YES_NO = "yes_no"
    CHOICE = "choice"
    PER_SEAT = "per_seat"


#: The most seats a per-seat setting may name (more than any game seats).
MAX_SEATS = 16


def bounded(default: float, low: float, high: float, *, off: float | None = None) -> Any:
    """A number setting: `default`, accepted from `low` to `high`, and also `off` when given
    (a value that turns the feature off, such as 0 for "no automatic call")."""
    extra: dict[str, Any] = {"kind": SettingKind.NUMBER.value, "min": low, "max": high}
    if off is not None:
        extra["off"] = off
    return Field(default=default, json_schema_extra=extra)


def yes_no(default: bool) -> Any:
    """A yes/no setting (a rule on or off). Declare its field as `bool`. For clients and records
    from before the kind existed, 0 and 1 are read as no and yes."""
    return Field(default=default, json_schema_extra={"kind": SettingKind.YES_NO.value})


def choice(default: str, options: Mapping[str, tuple[str, str]] | Sequence[str]) -> Any:
    """A setting that is one of a few names. `options` maps each name to its (English, French)
    label, or is just the names when the pages' own catalogues label them. Declare the field as
    a `Literal` of the same names, so that the model and its schema agree."""
    names = list(options)
    assert default in names, "a choice's default is one of its options"
    extra: dict[str, Any] = {"kind": SettingKind.CHOICE.value, "choices": names}
    if isinstance(options, Mapping):
        extra["labels"] = {name: {"en": en, "fr": fr} for name, (en, fr) in options.items()}
    return Field(default=default, json_schema_extra=extra)


def per_seat(
    normal: int,
    options: Mapping[int, tuple[str, str]],
    title: tuple[str, str],
) -> Any:
    """A value given seat by seat (a handicap or a head start): `normal` is the rule's own value
    (what a seat not named plays with), `options` each step a host may give a seat with its
    (English, French) label, and `title` what the setting is, in both languages. Declare the
    field as `dict[str, int]`."""
    assert normal in options, "the rule's own value is one of a per-seat setting's steps"
    extra: dict[str, Any] = {
        "kind": SettingKind.PER_SEAT.value,
        "normal": normal,
        "choices": list(options),
        "labels": {str(v): {"en": en, "fr": fr} for v, (en, fr) in options.items()},
        "title": {"en": title[0], "fr": title[1]},
    }
    return Field(default_factory=dict, json_schema_extra=extra)


def _extra(field: FieldInfo) -> dict[str, Any]:
    extra = field.json_schema_extra
    assert isinstance(extra, dict), "every setting is declared with bounded, yes_no or choice"
    return dict(extra)


def kind_of(field: FieldInfo) -> SettingKind:
    return SettingKind(_extra(field)["kind"])


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


@dataclass(frozen=True)
class SettingProblem:
    """Why one setting's value cannot be taken: `setting` is its name, `message` reads as a
    sentence that starts with that name ("board must be one of standard, random")."""

    setting: str
    message: str


class SettingsError(ValueError):
    """Settings that cannot be taken; `problem` names the first wrong one and why."""

    def __init__(self, problem: SettingProblem) -> None:
        super().__init__(problem.message)
        self.problem = problem


def _number(value: float) -> str:
    """3.0 as "3", 0.5 as "0.5": bounds as a person writes them."""
    return str(int(value)) if float(value).is_integer() else str(value)


class GameSettings(BaseModel):
    """The base of every game's `Settings`: strict, frozen, no unknown names.

    It declares the one setting every game has, `guide` (the guided first game: the TV says
    what is happening and each phone what its player may do now). Declared here, every game's
    lobby shows it with no code of its own; no engine reads it, since it changes no rule. Its
    default is on; the room turns it off for a game of a kind its evening already played
    (`guided_default`), and a record from before it existed reads as the default."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    dev_max: ClassVar[float] = DEV_MAX

    guide: bool = yes_no(True)

    @model_validator(mode="before")
    @classmethod
    def _yes_no_from_numbers(cls, data: Any) -> Any:
        """A yes/no setting recorded or sent as 0 or 1 (before it was a switch) reads as no or
        yes, so that old rooms reopen and old clients keep working."""
        if not isinstance(data, dict):
            return data
        for name, field in cls.model_fields.items():
            value = data.get(name)
            if kind_of(field) is SettingKind.YES_NO and _is_number(value) and value in (0, 1):
                data = {**data, name: bool(value)}
        return data

    @classmethod
    def problem(cls, name: str, value: object, *, dev: bool) -> SettingProblem | None:
        """What is wrong with `value` for the setting `name`, or None when it may be taken."""
        field = cls.model_fields.get(name)
        if field is None:
            known = ", ".join(cls.model_fields)
            return SettingProblem(name, f"{name} is not a setting of this game (it has {known})")
        extra = _extra(field)
        kind = SettingKind(extra["kind"])
        if kind is SettingKind.YES_NO:
            if isinstance(value, bool) or (_is_number(value) and value in (0, 1)):
                return None
            return SettingProblem(name, f"{name} must be true or false")
        if kind is SettingKind.CHOICE:
            if value in extra["choices"]:
                return None
            return SettingProblem(name, f"{name} must be one of {', '.join(extra['choices'])}")
        if kind is SettingKind.PER_SEAT:
            return _per_seat_problem(name, value, extra)
        if not _is_number(value):
            return SettingProblem(name, f"{name} must be a number")
        assert isinstance(value, int | float)
        if field.annotation is int and not float(value).is_integer():
            return SettingProblem(name, f"{name} must be a whole number")
        if dev:
            if 0 <= value <= cls.dev_max:
                return None
            return SettingProblem(name, f"{name} must be from 0 to {_number(cls.dev_max)}")
        low, high, off = extra["min"], extra["max"], extra.get("off")
        if low <= value <= high or (off is not None and value == off):
            return None
        also = f", or {_number(off)} to turn it off" if off is not None else ""
        return SettingProblem(name, f"{name} must be from {_number(low)} to {_number(high)}{also}")

    @model_serializer(mode="wrap")
    def _without_unused_handicaps(self, handler: SerializerFunctionWrapHandler) -> Any:
        """A per-seat setting nobody was given is not written: a room's settings, its views,
        its records and its exports stay the bytes they were before handicaps existed (and a
        record without one reads as none, its default)."""
        data = handler(self)
        if isinstance(data, dict):
            for name in type(self).per_seat_names():
                if data.get(name) == {}:
                    del data[name]
        return data

    @classmethod
    def per_seat_names(cls) -> tuple[str, ...]:
        """The names of this game's per-seat settings (its handicaps), read once per game."""
        return _per_seat_names(cls)

    def seat_values(self, seat: int) -> dict[str, int]:
        """What this seat was given beyond the rule (setting -> step); empty: no handicap."""
        given: dict[str, int] = {}
        for name in type(self).per_seat_names():
            values: Mapping[str, int] = getattr(self, name)
            if str(seat) in values:
                given[name] = values[str(seat)]
        return given

    def seat_handicaps(self, seat: int) -> list[dict[str, Any]]:
        """What this seat was given, as every view says it beside the player: each per-seat
        setting's name, step, and the words for both (EN/FR), so that any page can say it
        without knowing the game. Empty: the seat plays by the rule."""
        given = self.seat_values(seat)
        if not given:
            return []
        described = type(self).describe()
        return [
            {
                "setting": name,
                "value": step,
                "title": described[name]["title"],
                "label": described[name]["labels"][str(step)],
            }
            for name, step in given.items()
        ]

    def seat_value(self, name: str, seat: int) -> int:
        """The step of per-seat setting `name` that `seat` plays with (the rule's when none)."""
        values: Mapping[str, int] = getattr(self, name)
        normal: int = _extra(type(self).model_fields[name])["normal"]
        return values.get(str(seat), normal)

    def seats_moved(self, moves: Mapping[int, int | None]) -> GameSettings:
        """These settings after seats moved in the lobby: `moves` maps an old seat to its new
        number, or None when the seat is gone. A handicap follows its seat's person; a seat
        that leaves takes its handicap with it; seats not named keep theirs."""
        changed: dict[str, dict[str, int]] = {}
        for name in type(self).per_seat_names():
            values: Mapping[str, int] = getattr(self, name)
            moved: dict[str, int] = {}
            for seat, step in values.items():
                to = moves.get(int(seat), int(seat))
                if to is not None:
                    moved[str(to)] = step
            if moved != values:
                changed[name] = dict(sorted(moved.items(), key=lambda kv: int(kv[0])))
        if not changed:
            return self
        return type(self).model_validate({**self.model_dump(), **changed})

    def problems(self, *, dev: bool) -> list[str]:
        """Names of the settings whose value may not be taken (empty when all are fine)."""
        return [
            name
            for name in type(self).model_fields
            if type(self).problem(name, getattr(self, name), dev=dev) is not None
        ]

    @classmethod
    def describe(cls) -> dict[str, dict[str, Any]]:
        """Each setting's kind and default, with a number's bounds and a choice's options (and
        their labels where the game gives them), as `GET /api/games` publishes them."""
        described: dict[str, dict[str, Any]] = {}
        for name, field in cls.model_fields.items():
            extra = _extra(field)
            described[name] = {"default": field.get_default(call_default_factory=True), **extra}
        return described

    def guided(self, on: bool) -> GameSettings:
        """These settings with the guided first game turned on or off (the room's default for
        a new game's settings: on for the evening's first game of its kind, else off)."""
        if self.guide == on:
            return self
        return self.model_copy(update={"guide": on})

    def merged(self, values: Mapping[str, Any], *, dev: bool) -> GameSettings:
        """These settings with `values` changed, or `SettingsError` naming the first value that
        cannot be taken and why. Whole numbers sent as 30.0 are taken as 30."""
        cls = type(self)
        taken: dict[str, Any] = {}
        for name, value in values.items():
            problem = cls.problem(name, value, dev=dev)
            if problem is not None:
                raise SettingsError(problem)
            field = cls.model_fields[name]
            if kind_of(field) is SettingKind.PER_SEAT:
                value = _per_seat_merged(getattr(self, name), value, _extra(field)["normal"])
            elif kind_of(field) is SettingKind.YES_NO:
                value = bool(value)
            elif field.annotation is int:
                value = int(value)
            elif field.annotation is float:
                value = float(value)
            taken[name] = value
        return cls.model_validate({**self.model_dump(), **taken})


def _seat_key(key: object) -> int | None:
    """A seat's number from a per-seat setting's key ("2" or 2), or None if it names none."""
    if isinstance(key, bool):
        return None
    if isinstance(key, int):
        seat = key
    elif isinstance(key, str) and key.isascii() and key.isdigit():
        seat = int(key)
    else:
        return None
    return seat if 0 <= seat < MAX_SEATS else None


def _per_seat_problem(name: str, value: object, extra: dict[str, Any]) -> SettingProblem | None:
    """Why `value` cannot be a per-seat setting's: not seat -> step, or a step not offered."""
    steps = ", ".join(str(c) for c in extra["choices"])
    if not isinstance(value, dict):
        return SettingProblem(
            name, f'{name} must give seats their step, like {{"1": {extra["normal"]}}}'
        )
    for key, step in value.items():
        seat = _seat_key(key)
        if seat is None:
            return SettingProblem(name, f"{name} names seats by number, not {key!r}")
        if isinstance(step, bool) or step not in extra["choices"]:
            return SettingProblem(
                name, f"{name} for seat {seat + 1} must be one of {steps} (not {step!r})"
            )
    return None


def _per_seat_merged(
    current: Mapping[str, int], sent: Mapping[Any, Any], normal: int
) -> dict[str, int]:
    """A per-seat setting with the seats `sent` names changed; a seat given the rule's own
    value is dropped, so that "no handicap" has one spelling."""
    merged = dict(current)
    for key, step in sent.items():
        seat = _seat_key(key)
        assert seat is not None
        merged[str(seat)] = int(step)
    kept = {k: v for k, v in merged.items() if v != normal}
    return dict(sorted(kept.items(), key=lambda kv: int(kv[0])))


@functools.cache
def _per_seat_names(cls: type[GameSettings]) -> tuple[str, ...]:
    """A settings class's per-seat settings: read on every view's settings, so kept."""
    return tuple(n for n, f in cls.model_fields.items() if kind_of(f) is SettingKind.PER_SEAT)
