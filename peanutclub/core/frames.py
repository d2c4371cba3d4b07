"""The shapes of the server's frames, declared for the protocol's JSON Schema and for tests that
check real frames against it. The server builds frames as bytes; each game declares its view
and its patch with these bases."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict


class Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Event(BaseModel):
    """Something that happened; always public. `type` names it, other fields depend on it."""

    model_config = ConfigDict(extra="allow")
    type: str


class Error(Out):
    type: Literal["error"]
    code: str
    message: str
    ref: str | int | None = None


#: What a patch frame carries besides the view's fields it replaces.
PATCH_ENVELOPE = frozenset({"type", "seq", "events"})


def apply_patch(view: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """What every client does with a `patch`: each public field it carries replaces the view's
    (the game names them; the room adds its clock's). `you` is never in a patch: a game sends
    one only where what a viewer reads from `you` can be judged with the patch's fields."""
    updated = dict(view)
    for key, value in patch.items():
        if key not in PATCH_ENVELOPE:
            updated[key] = value
    return updated
