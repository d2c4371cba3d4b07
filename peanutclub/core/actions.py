"""Actions as logged: one base for every game, and a registry per game that decodes its log.

A game is its seed plus the list of its accepted actions, so an action must turn into a plain
dict (for the store, exports and replays) and back into the same value. Written by hand, that
is a `to_dict` per action and an `if` chain per game that must agree with it field by field;
here a game only declares its actions:

    ACTIONS = ActionRegistry("take-away")

    @ACTIONS.register("take")
    @dataclass(frozen=True, slots=True)
    class Take(Action):
        seat: int
        count: int

and `Take(0, 2).to_dict() == {"type": "take", "seat": 0, "count": 2}`, while
`ACTIONS.decode(that dict) == Take(0, 2)`. The dict is the fields in their declared order after
`type`, so a log written by the hand-made methods reads the same, byte for byte.

What a field's type says about its form in the log (read once, when the class is registered):
`int`, `bool` and `str` as they are (decoded with `int()`, `bool()`, `str()`, so a log's `1.0`
or `"2"` reads as it always did); an enum as its value; a `tuple[int, ...]` as a list; `X | None`
as `X` or null. A field with a default may be missing from a dict (older logs) and then takes
its default. A field declared with `metadata=OMITTED_WHEN_NONE` is left out of the dict while
it is None, for a field added after logs were written without it.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterator, Mapping
from dataclasses import MISSING, dataclass, fields, is_dataclass
from enum import Enum
from typing import Any, ClassVar, NamedTuple, TypeVar

#: A field's metadata that leaves it out of the dict while it is None.
OMITTED_WHEN_NONE: Mapping[str, bool] = types.MappingProxyType({"omitted_when_none": True})

A = TypeVar("A", bound="Action")

#: A function, or a dict looked up (an enum's values: a subscript costs less than a call).
Encode = Callable[[Any], Any] | dict[Any, Any]
Decode = Callable[[Any], Any]


class _Field(NamedTuple):
    """How one field reaches the log and comes back, as read from its type at registration."""

    name: str
    #: None: the value is written as it is (an int, a bool, a str).
    encode: Encode | None
    decode: Decode
    #: The field's default, or MISSING when a dict must carry it.
    default: Any
    #: `X | None`: a null reads as None, never through `decode`.
    optional: bool
    omitted_when_none: bool


@dataclass(frozen=True, slots=True)
class Action:
    """Something a seat or the room's clock does: a frozen value that a game's log lists.

    `kind` is the `type` the log names it by, set by the game's registry, which also gives each
    registered class a `to_dict` of its own made from its fields (`_writer`); the method here
    is what an unregistered subclass falls back on, the same dict by a slower loop.
    """

    kind: ClassVar[str] = ""
    _log_fields: ClassVar[tuple[_Field, ...]] = ()

    def to_dict(self) -> dict[str, Any]:
        """The action as its game's log keeps it: `type`, then the fields in declared order."""
        data: dict[str, Any] = {"type": self.kind}
        for name, encode, _, _, _, omitted in self._log_fields:
            value = getattr(self, name)
            if value is None:
                if not omitted:
                    data[name] = None
            else:
                if encode is None:
                    data[name] = value
                else:
                    data[name] = encode[value] if isinstance(encode, dict) else encode(value)
        return data


def _optional(hint: Any) -> Any:
    """`X` for a hint `X | None`, else None."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (types.UnionType, typing.Union) and len(args) == 2:
        if args[1] is type(None):
            return args[0]
        if args[0] is type(None):
            return args[1]
    return None


def _codec(hint: Any, where: str) -> tuple[Encode | None, Decode]:
    """How a field of type `hint` (never `X | None`) is written and read (`where` names it in
    an error)."""
    args = typing.get_args(hint)
    origin = typing.get_origin(hint)
    if hint in (int, bool, str):
        return None, hint
    if isinstance(hint, type) and issubclass(hint, Enum):
        # A dict, not `.value`: an enum's `.value` is a slow property, and a log entry is
        # written for every accepted action.
        return {member: member.value for member in hint}, hint
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item_encode, item_decode = _codec(args[0], where)
        if item_encode is not None:
            raise TypeError(f"{where}: a tuple of {args[0]!r} cannot be logged")
        return list, lambda value: tuple(item_decode(item) for item in value)
    raise TypeError(f"{where}: a field of type {hint!r} cannot be logged")


def _writer(kind: str, log_fields: tuple[_Field, ...]) -> Callable[[Action], dict[str, Any]]:
    """An action's `to_dict`, as it would be written by hand: one dict display of its fields.

    The room writes every accepted action to its log, so this is on the hot path, and a loop
    over the fields costs a getattr and a test per field where the display costs neither; the
    source is made from the declared field names only (identifiers, as `dataclasses` checks),
    the same way `dataclasses` writes `__init__`.
    """
    scope: dict[str, Any] = {"KIND": kind}
    items = ['"type": KIND']
    omitted = []
    for f in log_fields:
        value = f"self.{f.name}"
        if f.encode is not None:
            scope[f"encode_{f.name}"] = f.encode
            call = "[{}]" if isinstance(f.encode, dict) else "({})"
            value = f"encode_{f.name}{call.format(value)}"
            if f.optional:
                value = f"None if self.{f.name} is None else {value}"
        if f.omitted_when_none:
            omitted.append(f"    if self.{f.name} is not None:\n        data[{f.name!r}] = {value}")
        else:
            items.append(f"{f.name!r}: {value}")
    display = "{" + ", ".join(items) + "}"
    if omitted:
        lines = ["def to_dict(self):", f"    data = {display}", *omitted, "    return data"]
    else:
        lines = ["def to_dict(self):", f"    return {display}"]
    exec("\n".join(lines), scope)
    writer: Callable[[Action], dict[str, Any]] = scope["to_dict"]
    writer.__doc__ = Action.to_dict.__doc__
    writer.__qualname__ = f"{kind}.to_dict"
    return writer


class ActionRegistry:
    """One game's actions by the `type` its log names them: what writes and decodes its log."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._by_kind: dict[str, type[Action]] = {}

    def register(self, kind: str) -> Callable[[type[A]], type[A]]:
        """The class decorator that names an action `kind` in the log (above `@dataclass`)."""

        def register(cls: type[A]) -> type[A]:
            if not (is_dataclass(cls) and issubclass(cls, Action)):
                raise TypeError(f"{cls.__name__} must be a dataclass subclass of Action")
            if kind in self._by_kind:
                raise ValueError(f"{self.game}: two actions named {kind!r}")
            hints = typing.get_type_hints(cls)
            log_fields = []
            for f in fields(cls):
                where = f"{cls.__name__}.{f.name}"
                if f.name == "type":
                    raise TypeError(f"{where}: `type` names the action in the log")
                inner = _optional(hints[f.name])
                encode, decode = _codec(hints[f.name] if inner is None else inner, where)
                if f.default_factory is not MISSING:
                    raise TypeError(f"{where}: a logged field takes a plain default")
                omitted = bool(f.metadata.get("omitted_when_none"))
                log_fields.append(
                    _Field(f.name, encode, decode, f.default, inner is not None, omitted)
                )
            cls.kind = kind
            cls._log_fields = tuple(log_fields)
            cls.to_dict = _writer(kind, cls._log_fields)  # type: ignore[method-assign,assignment]
            self._by_kind[kind] = cls
            return cls

        return register

    def decode(self, data: Mapping[str, Any]) -> Action:
        """The action `to_dict` wrote; `KeyError` for a missing field, `ValueError` for an
        unknown `type` or a value its field cannot take."""
        kind = data["type"]
        cls = self._by_kind.get(kind)
        if cls is None:
            raise ValueError(f"unknown action type {kind!r}")
        values = []
        for name, _, decode, default, optional, _ in cls._log_fields:
            if name in data:
                value = data[name]
            elif default is MISSING:
                raise KeyError(name)
            else:
                values.append(default)
                continue
            values.append(None if value is None and optional else decode(value))
        return cls(*values)

    def __iter__(self) -> Iterator[type[Action]]:
        """The registered actions, in the order they were declared."""
        return iter(self._by_kind.values())

    def __contains__(self, kind: object) -> bool:
        return kind in self._by_kind
