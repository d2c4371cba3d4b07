"""A game's room settings: a pydantic model whose every field carries its default and bounds.

The bounds are declared once, on the field (`bounded`), and everything else reads them from
there: the server's check of `POST /api/rooms` and of the host's `settings` message, the
`GET /api/games` listing that the pages build their controls from, and development mode, which
lifts them (tests and benchmarks need steps down to 0).
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field
from pydantic.fields import FieldInfo

#: In development mode any value from 0 up to this is accepted.
DEV_MAX = 3600.0


def bounded(default: float, low: float, high: float, *, off: float | None = None) -> Any:
    """A setting's field: `default`, accepted from `low` to `high`, and also `off` when given
    (a value that turns the feature off, such as 0 for "no automatic call")."""
    extra: dict[str, float] = {"min": low, "max": high}
    if off is not None:
        extra["off"] = off
    return Field(default=default, json_schema_extra=extra)  # type: ignore[arg-type]


def _bounds(field: FieldInfo) -> dict[str, float]:
    extra = field.json_schema_extra
    assert isinstance(extra, dict), "every setting is declared with bounded()"
    return {k: v for k, v in extra.items() if isinstance(v, int | float)}


class GameSettings(BaseModel):
    """The base of every game's `Settings`: strict, frozen, no unknown names."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    dev_max: ClassVar[float] = DEV_MAX

    def problems(self, *, dev: bool) -> list[str]:
        """Names of the settings outside their bounds (empty when all are fine)."""
        bad = []
        for name, field in type(self).model_fields.items():
            value = getattr(self, name)
            limits = _bounds(field)
            if dev:
                ok = 0 <= value <= self.dev_max
            else:
                ok = limits["min"] <= value <= limits["max"] or value == limits.get("off")
            if not ok:
                bad.append(name)
        return bad

    @classmethod
    def describe(cls) -> dict[str, dict[str, Any]]:
        """Each setting's default and bounds, as `GET /api/games` publishes them."""
        return {
            name: {"default": field.default, **_bounds(field)}
            for name, field in cls.model_fields.items()
        }

    def merged(self, values: dict[str, Any], *, dev: bool) -> GameSettings:
        """These settings with `values` changed, or `ValueError` naming what is out of bounds."""
        merged = type(self).model_validate({**self.model_dump(), **values})
        bad = merged.problems(dev=dev)
        if bad:
            raise ValueError(", ".join(bad))
        return merged
