"""What each viewer is sent: the engine's view plus the room's own fields, encoded as few times
as possible.

The engine's `public_view(game)` is shared by every viewer; the room adds `code`, `settings`,
`host_seat`, `deadline`, `deadline_kind`, `now` and, per player, `name`, `connected` and `bot`.
That public part is encoded once per change; each seated viewer's frame splices their own `you`
(from `private_view`, the only source of secrets) into those bytes. Before a game starts the view
has phase `lobby` and neutral values for the game's fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import orjson

from peanutclub.engine import Power, private_view, public_view
from peanutclub.engine.view import high_bid, min_bids
from peanutclub.server.clock import ms

if TYPE_CHECKING:
    from peanutclub.server.room import Room

_UNUSED_TOKENS = {p.value: False for p in Power}


def lobby_public(room: Room) -> dict[str, Any]:
    """The lobby: seats and settings, and neutral values where a game would have its state."""
    return {
        "phase": "lobby",
        "round": 0,
        "column": [],
        "niet": [],
        "a_la_carte": False,
        "high_bid": None,
        "going": 0,
        "payer": None,
        "lot": [],
        "next_lot_size": None,
        "refresh_next": False,
        "objects_left": 0,
        "min_bids": {},
        "players": [
            {
                "seat": i,
                "hand_count": 0,
                "objects": [],
                "tokens": dict(_UNUSED_TOKENS),
            }
            for i in range(len(room.seats))
        ],
        "paid": [],
        "scores": None,
    }


def public_state(room: Room) -> dict[str, Any]:
    """The part of the view every viewer shares (no `you`)."""
    base = public_view(room.game) if room.game is not None else lobby_public(room)
    result = dict(base)  # the engine's dict is cached and shared: never change it in place
    result["players"] = [
        {**p, "name": s.name, "connected": s.connected, "bot": s.bot}
        for p, s in zip(base["players"], room.seats, strict=True)
    ]
    now = room.clock.time()
    result["code"] = room.code
    result["settings"] = room.room_settings.model_dump()
    result["host_seat"] = room.host_seat
    result["deadline"] = None if room.deadline is None else ms(room.deadline)
    result["deadline_kind"] = room.deadline_kind
    result["now"] = ms(now)
    return result


def you(room: Room, seat: int | None) -> dict[str, Any] | None:
    """What only `seat` may see (None for the TV and spectators)."""
    if seat is None:
        return None
    if room.game is None:
        return {
            "seat": seat,
            "hand": [],
            "collector": None,
            "pay_suggestion": None,
            "bid_options": {},
        }
    return private_view(room.game, seat)


def dumps(value: Any) -> bytes:
    return orjson.dumps(value)


def envelope(
    kind: str,
    seq: int,
    public_bytes: bytes,
    you_bytes: bytes,
    *,
    events: bytes | None = None,
    ref: str | int | None = None,
    extra: dict[str, Any] | None = None,
) -> bytes:
    """A `state` or `welcome` frame around an encoded public view, the viewer's encoded `you`
    spliced into it, and encoded events: one join, the public part never re-encoded nor copied
    but once (a whole view is several KB late in a game, and a fan-out makes one per seat).

    Frames stay UTF-8 bytes all the way to the socket: a late view carries objects' French names,
    and decoding such a frame into a `str` and encoding it back cost four times its join."""
    head: dict[str, Any] = {"type": kind, "seq": seq, **(extra or {})}
    if ref is not None:
        head["ref"] = ref
    parts: list[bytes | memoryview] = [orjson.dumps(head)[:-1]]
    if events is not None:
        parts += (b',"events":', events)
    # {"state": {...public, "you": you}}
    parts += (b',"state":', memoryview(public_bytes)[:-1], b',"you":', you_bytes, b"}}")
    return b"".join(parts)


def patch_frame(room: Room, seq: int, events: list[dict[str, Any]]) -> bytes:
    """The public patch after a plain bid or a step of the going call: encoded once for all."""
    game = room.game
    assert game is not None
    return orjson.dumps(
        {
            "type": "patch",
            "seq": seq,
            "high_bid": high_bid(game),
            "going": game.going,
            "deadline": None if room.deadline is None else ms(room.deadline),
            "deadline_kind": room.deadline_kind,
            "now": ms(room.clock.time()),
            "min_bids": min_bids(game),
            "events": events,
        }
    )


def error_frame(code: str, message: str, ref: str | int | None = None) -> bytes:
    frame: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if ref is not None:
        frame["ref"] = ref
    return orjson.dumps(frame)
