"""What a room sends its viewers after a change: the shared public part encoded once, each
seat's own `you` spliced in, one frame per seat shared by its viewers (views.py builds them)."""

from __future__ import annotations

from typing import Any

from peanutclub.server import views
from peanutclub.server.room_base import RoomBase
from peanutclub.server.room_seats import Viewer


class FanOutRoom(RoomBase):
    """A room that sends its viewers their frames."""

    __slots__ = ()  # the fields are RoomBase's

    def _welcome(self, viewer: Viewer, token: str | None, ref: Any) -> None:
        public = views.dumps(views.public_state(self))
        you = views.dumps(views.you(self, viewer.seat))
        extra = {"seat": viewer.seat, "token": token, "host": viewer.host}
        viewer.send(views.envelope("welcome", self.seq, public, you, ref=ref, extra=extra))

    def _send_states(
        self, events: list[Any], sender: Viewer | None, ref: Any, skip: Viewer | None
    ) -> None:
        public = views.dumps(views.public_state(self))
        encoded_events = views.dumps(events)
        by_seat: dict[int | None, bytes] = {}
        for v in self.viewers:
            if v is skip:
                continue
            if v is sender and ref is not None:
                v.send(self._state_bytes(public, v.seat, encoded_events, ref))
                continue
            frame = by_seat.get(v.seat)
            if frame is None:
                frame = by_seat[v.seat] = self._state_bytes(public, v.seat, encoded_events, None)
            v.send(frame)

    def _state_bytes(self, public: bytes, seat: int | None, events: bytes, ref: Any) -> bytes:
        you = views.dumps(views.you(self, seat))
        return views.envelope("state", self.seq, public, you, events=events, ref=ref)

    def _state_for(self, seat: int | None, ref: Any = None) -> bytes:
        public = views.dumps(views.public_state(self))
        return self._state_bytes(public, seat, b"[]", ref)
