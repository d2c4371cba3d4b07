"""Who sits at a room's table and who watches it: the seats, the connections' side, names and
tokens. Kept apart from the room so that its log entries (room_log.py) can change seats without
depending on the room."""

from __future__ import annotations

import secrets
import unicodedata
from dataclasses import dataclass
from typing import Protocol

from peanutclub.core import refuse

NAME_LENGTH = (1, 20)


class Viewer(Protocol):
    """One connection's side of the room: where its frames go, and who sent what comes in
    (a WebSocket here, or a client of another process: cluster.py)."""

    seat: int | None
    host: bool
    #: Whether this viewer has joined, resumed or watched yet.
    shaken: bool

    def send(self, frame: bytes) -> None:
        """Queue one frame (a JSON text, UTF-8); never blocks."""
        ...

    def close(self, code: int, reason: str) -> None: ...


@dataclass(slots=True)
class Seat:
    """One seat: mutable, as its pilot and presence change during a game."""

    name: str
    token: str
    #: The level of the bot playing this seat, or None for a person.
    bot: str | None = None
    #: True when the seat was created for a bot (it has no person to hand it back to).
    bot_seat: bool = False
    #: Whether the person holding this seat has a live connection.
    online: bool = False
    #: How good that connection is, as the server measures it (server/links.py); None until
    #: measured, and while away.
    link: str | None = None

    @property
    def connected(self) -> bool:
        return self.online or self.bot_seat


@dataclass(frozen=True, slots=True, eq=False)
class Claim:
    """One device asking for an away seat (room_claims.py); `id` is what the host answers."""

    id: str
    seat: int
    viewer: Viewer


def same_secret(a: str, b: str) -> bool:
    """Constant-time comparison that also takes any text a client may send."""
    return secrets.compare_digest(a.encode(), b.encode())


def clean_name(raw: str) -> str:
    """A player's name, trimmed; refused if empty, too long, or holding control characters."""
    name = raw.strip()
    low, high = NAME_LENGTH
    if not low <= len(name) <= high or any(unicodedata.category(ch)[0] == "C" for ch in name):
        raise refuse("bad_name")
    return name
