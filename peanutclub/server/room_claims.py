"""Getting a seat back on another device: claims of away seats, answered by the host.

A phone dies mid-game; its owner opens the room's link on another device, which watches (it
sees only public views) and sends `claim {"seat"}`. The claim waits in memory (`claims`, shown
in every view as its seat and id: the id is useless without host powers) until the host admits
or refuses it, or, with nobody holding host powers connected, until `claim_wait_seconds` pass.
Admission is a room-log entry (`SeatClaimed`, a new token): the old token is dead from then on,
even after a restart. A restart drops pending claims, as it drops every connection.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Any

import orjson

from peanutclub.core import refuse
from peanutclub.server.codes import new_token
from peanutclub.server.ratelimit import TokenBucket
from peanutclub.server.room_host import HostCommands
from peanutclub.server.room_log import SeatClaimed
from peanutclub.server.room_seats import Claim, Viewer
from peanutclub.server.views import error_frame

log = logging.getLogger("peanutclub.server.room")

#: Pending claims a room holds at once; beyond, a new claim is `rate_limited`.
MAX_CLAIMS = 8


class ClaimsRoom(HostCommands):
    """A room whose away seats can be claimed from another device."""

    __slots__ = ()  # the fields are RoomBase's

    def _claim_bucket(self, viewer: Viewer) -> TokenBucket:
        bucket = self._claim_buckets.get(viewer)
        if bucket is None:
            rate, burst = self.settings.claim_rate_per_second, self.settings.claim_burst
            bucket = self._claim_buckets[viewer] = TokenBucket(rate, burst)
        return bucket

    async def claim(self, viewer: Viewer, seat: int, ref: Any) -> None:
        """A watcher asks for an away seat. A repeated claim changes nothing (same id)."""
        async with self._lock:
            if viewer.seat is not None:
                raise refuse("wrong_phase", "This device already holds a seat.")
            if not 0 <= seat < len(self.seats):
                raise refuse("not_seated", "No such seat at this table.")
            target = self.seats[seat]
            if target.bot_seat or target.online:
                raise refuse("seat_present")
            mine = next((c for c in self.claims.values() if c.viewer is viewer), None)
            if mine is not None and mine.seat == seat:
                self._tell_claimant(mine, ref)
                return
            if mine is None and len(self.claims) >= MAX_CLAIMS:
                raise refuse("rate_limited")
            if not self._claim_bucket(viewer).take():
                raise refuse("rate_limited")
            if mine is not None:  # one claim per device: the new seat replaces the old
                del self.claims[mine.id]
            made = Claim(secrets.token_urlsafe(6), seat, viewer)
            self.claims[made.id] = made
            self._tell_claimant(made, ref)
            self._send_states([], None, None, None)
            task = asyncio.get_running_loop().create_task(self._wait_for_host(made.id))
            self._claim_waits[made.id] = task

    async def admit(self, viewer: Viewer, claim_id: str, ref: Any) -> None:
        async with self._lock:
            self._require_host(viewer)
            await self._admit(self._claim(claim_id), viewer, ref)

    async def refuse_claim(self, viewer: Viewer, claim_id: str, ref: Any) -> None:
        async with self._lock:
            self._require_host(viewer)
            claim = self._claim(claim_id)
            self._drop(claim, "claim_refused")
            self._send_states([], viewer, ref, None)

    def _claim(self, claim_id: str) -> Claim:
        claim = self.claims.get(claim_id)
        if claim is None:
            raise refuse("unknown_claim")
        return claim

    async def _admit(self, claim: Claim, viewer: Viewer | None, ref: Any) -> None:
        """Give the seat to the claimant: new token, the old one dead, the other claims of
        the seat refused. Called with the lock held."""
        seat = claim.seat
        self._forget(claim)
        previous = self.seat_viewers.get(seat)
        if previous is not None:  # an old device still connected with the old token
            self._detach(previous)
            previous.close(4000, "replaced by a newer connection")
        for other in [c for c in self.claims.values() if c.seat == seat]:
            self._drop(other, "seat_present")
        token = new_token()
        claimant = claim.viewer
        await self._commit(SeatClaimed(seat, token), viewer=viewer, ref=ref, skip=claimant)
        claimant.seat, claimant.host = seat, seat == self.host_seat
        self.seat_viewers[seat] = claimant
        self._welcome(claimant, token, None)

    async def _wait_for_host(self, claim_id: str) -> None:
        """With nobody holding host powers connected, admit the claim after the wait; while a
        host is connected, the host decides (and the wait starts over if they leave)."""
        while True:
            await self.clock.sleep(self.settings.claim_wait_seconds)
            async with self._lock:
                claim = self.claims.get(claim_id)
                if claim is None or self.closed:
                    return
                if not any(v.host for v in self.viewers):
                    self._claim_waits.pop(claim_id, None)
                    try:
                        await self._admit(claim, None, None)
                    except Exception:  # the store refused it: the room is as its log says
                        log.exception("room %s: could not admit claim %s", self.code, claim_id)
                    return

    def _tell_claimant(self, claim: Claim, ref: Any) -> None:
        frame: dict[str, Any] = {"type": "claim_pending", "claim": claim.id, "seat": claim.seat}
        if ref is not None:
            frame["ref"] = ref
        claim.viewer.send(orjson.dumps(frame))

    def _forget(self, claim: Claim) -> None:
        self.claims.pop(claim.id, None)
        task = self._claim_waits.pop(claim.id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def _drop(self, claim: Claim, code: str) -> None:
        """A claim ends without the seat: its device is told why (a stable code)."""
        self._forget(claim)
        error = refuse(code)
        claim.viewer.send(error_frame(error.code, error.message))

    def _drop_claims_of_seat(self, seat: int) -> bool:
        """The seat came back: its pending claims are refused (`seat_present`)."""
        dropped = [c for c in self.claims.values() if c.seat == seat]
        for claim in dropped:
            self._drop(claim, "seat_present")
        return bool(dropped)

    def _drop_claims_of_viewer(self, viewer: Viewer) -> bool:
        """The claimant left: its claim goes, silently."""
        self._claim_buckets.pop(viewer, None)
        dropped = [c for c in self.claims.values() if c.viewer is viewer]
        for claim in dropped:
            self._forget(claim)
        return bool(dropped)
