"""Getting a seat back on another device: a watching device claims an away seat, the host admits
or refuses it (or, with no host connected, it is admitted after the wait), over real sockets."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from peanutclub.server.room import Room
from peanutclub.server.settings import ServerSettings

from .harness import (
    Client,
    RunningServer,
    Viewer,
    fast_dev_settings,
    join,
    manual_room,
    open_client,
    run,
    serve,
    watch,
)
from .players import FAST, secrecy_problems
from .test_room_clock import PACE
from .test_seats import close_all, table


@pytest.fixture(scope="module")
def quick_claims_server(pages_dirs: tuple[Path, Path]) -> Iterator[RunningServer]:
    """A development server whose claims are admitted after a short wait when no host is
    connected."""
    settings = fast_dev_settings(pages_dirs, store="memory", claim_wait_seconds=0.3)
    with serve(settings) as server:
        yield server


def claims_of(client: Client) -> list[dict[str, Any]]:
    assert client.view is not None
    claims: list[dict[str, Any]] = client.view["claims"]
    return claims


async def away(client: Client, tv: Client, seat: int) -> None:
    """`client` (holding `seat`) loses its connection; the TV sees the seat away."""
    await client.ws.close()
    await tv.until(lambda m: any(e.get("type") == "player_away" for e in m.get("events", [])))
    assert tv.view is not None and not tv.view["players"][seat]["connected"]


async def claimant(server: RunningServer, code: str, seat: int) -> tuple[Client, str]:
    """A new device watches the room and claims `seat`: it and its claim id."""
    device = await watch(server, code)
    await device.send(type="claim", seat=seat, ref="c1")
    pending = await device.until(lambda m: m["type"] in ("claim_pending", "error"))
    assert pending["type"] == "claim_pending", pending
    assert pending == {
        "type": "claim_pending",
        "claim": pending["claim"],
        "seat": seat,
        "ref": "c1",
    }
    return device, str(pending["claim"])


def test_an_admitted_claim_gets_the_seat_and_a_new_token_and_the_old_token_dies(
    dev_server: RunningServer,
) -> None:
    async def body() -> None:
        room, tv, (ana, bo, cy) = await table(dev_server)
        old_token = bo.token
        await away(bo, tv, 1)
        device, claim = await claimant(dev_server, room["code"], 1)
        await tv.until(lambda m: m["type"] == "state" and m["state"]["claims"] != [])
        assert claims_of(tv) == [{"seat": 1, "id": claim}]
        await tv.send(type="admit", claim=claim, ref="a1")
        welcome = await device.until(lambda m: m["type"] == "welcome")
        assert welcome["seat"] == 1 and welcome["token"] not in (None, old_token)
        assert welcome["state"]["you"] is not None and welcome["state"]["you"]["hand"]
        acked = await tv.until(lambda m: m.get("ref") == "a1")
        assert acked["type"] == "state" and acked["state"]["claims"] == []
        assert acked["state"]["players"][1]["connected"]
        assert any(e["type"] == "seat_claimed" for e in acked["events"])
        # The new device plays on: its seat's actions are its own.
        await device.send(type="resync", ref="r")
        state = await device.until(lambda m: m.get("ref") == "r")
        assert state["state"]["you"] is not None
        # The old token is dead from now on.
        old = await open_client(dev_server, room["code"])
        await old.send(type="resume", token=old_token)
        await old.error("unknown_token")
        # And the new one resumes (another reload of the new phone).
        again = await open_client(dev_server, room["code"])
        await device.ws.close()
        await again.send(type="resume", token=welcome["token"])
        back = await again.until(lambda m: m["type"] in ("welcome", "error"))
        assert back["type"] == "welcome" and back["seat"] == 1
        await close_all(tv, ana, cy, old, again)

    run(body())


def test_a_refused_claim_changes_nothing(dev_server: RunningServer) -> None:
    async def body() -> None:
        room, tv, (ana, bo, cy) = await table(dev_server)
        await away(bo, tv, 1)
        device, claim = await claimant(dev_server, room["code"], 1)
        await tv.until(lambda m: m["type"] == "state" and m["state"]["claims"] != [])
        await tv.send(type="refuse", claim=claim, ref="no")
        await device.error("claim_refused")
        acked = await tv.until(lambda m: m.get("ref") == "no")
        assert acked["state"]["claims"] == [] and not acked["state"]["players"][1]["connected"]
        assert device.seat is None
        # The claim is gone: answering it again is refused, and the old token still works.
        await tv.send(type="admit", claim=claim)
        await tv.error("unknown_claim")
        back = await open_client(dev_server, room["code"])
        await back.send(type="resume", token=bo.token)
        welcome = await back.until(lambda m: m["type"] in ("welcome", "error"))
        assert welcome["type"] == "welcome" and welcome["seat"] == 1
        await close_all(tv, ana, cy, device, back)

    run(body())


def test_a_repeated_claim_changes_nothing_and_bad_claims_get_stable_codes(
    dev_server: RunningServer,
) -> None:
    async def body() -> None:
        room, tv, (ana, bo, cy) = await table(dev_server)
        await away(bo, tv, 1)
        device, claim = await claimant(dev_server, room["code"], 1)
        await device.send(type="claim", seat=1, ref="again")
        repeat = await device.until(lambda m: m.get("ref") == "again")
        assert repeat == {"type": "claim_pending", "claim": claim, "seat": 1, "ref": "again"}
        await device.send(type="resync", ref="s")
        state = await device.until(lambda m: m.get("ref") == "s")
        assert state["state"]["claims"] == [{"seat": 1, "id": claim}]
        # A present seat, no such seat, a seated device, a non-host answering, no such claim.
        for seat, code in ((0, "seat_present"), (7, "not_seated"), (-1, "not_seated")):
            await device.send(type="claim", seat=seat)
            await device.error(code)
        await ana.send(type="claim", seat=1)
        await ana.error("wrong_phase")
        for kind in ("admit", "refuse"):
            await device.send(type=kind, claim=claim)
            await device.error("not_host")
            await ana.send(type=kind, claim=claim)
            await ana.error("not_host")
        await tv.send(type="admit", claim="nope")
        await tv.error("unknown_claim")
        await device.send(type="claim", seat="one")
        await device.error("bad_message")
        # Claiming before saying who one is: a handshake comes first.
        bare = await open_client(dev_server, room["code"])
        await bare.send(type="claim", seat=1)
        await bare.error("no_handshake")
        await device.send(type="resync", ref="t")
        state = await device.until(lambda m: m.get("ref") == "t")
        assert state["state"]["claims"] == [{"seat": 1, "id": claim}]
        await close_all(tv, ana, cy, device, bare)

    run(body())


def test_a_bots_own_seat_cannot_be_claimed(dev_server: RunningServer) -> None:
    async def body() -> None:
        room = dev_server.create_room(seed=1)
        tv = await watch(dev_server, room["code"], room["host_token"])
        ana = await join(dev_server, room["code"], "Ana")
        await tv.send(type="add_bot", level="easy", ref="b")
        await tv.until(lambda m: m.get("ref") == "b")
        device = await watch(dev_server, room["code"])
        await device.send(type="claim", seat=1)
        await device.error("seat_present")
        await close_all(tv, ana, device)

    run(body())


def test_claims_are_rate_limited(dev_server: RunningServer) -> None:
    async def body() -> None:
        room, tv, (ana, bo, cy) = await table(dev_server)
        await away(bo, tv, 1)
        await away(cy, tv, 2)
        device = await watch(dev_server, room["code"])
        codes = []
        for i in range(6):  # switching between two seats: each a new claim
            await device.send(type="claim", seat=1 + i % 2, ref=i)
            answer = await device.until(lambda m, i=i: m.get("ref") == i)
            codes.append(answer.get("code", answer["type"]))
        assert codes[:3] == ["claim_pending"] * 3
        assert "rate_limited" in codes[3:]
        await close_all(tv, ana, device)

    run(body())


def test_two_devices_claim_one_seat_and_admitting_one_refuses_the_other(
    dev_server: RunningServer,
) -> None:
    async def body() -> None:
        room, tv, (ana, bo, cy) = await table(dev_server)
        await away(bo, tv, 1)
        one, first = await claimant(dev_server, room["code"], 1)
        other, second = await claimant(dev_server, room["code"], 1)
        assert first != second
        await tv.until(lambda m: m["type"] == "state" and len(m["state"]["claims"]) == 2)
        assert claims_of(tv) == [{"seat": 1, "id": first}, {"seat": 1, "id": second}]
        await tv.send(type="admit", claim=second, ref="a")
        welcome = await other.until(lambda m: m["type"] == "welcome")
        assert welcome["seat"] == 1
        await one.error("seat_present")
        acked = await tv.until(lambda m: m.get("ref") == "a")
        assert acked["state"]["claims"] == []
        await tv.send(type="admit", claim=first)
        await tv.error("unknown_claim")
        await close_all(tv, ana, cy, one, other)

    run(body())


def test_the_seat_coming_back_drops_its_claims(dev_server: RunningServer) -> None:
    async def body() -> None:
        room, tv, (ana, bo, cy) = await table(dev_server)
        await away(bo, tv, 1)
        device, claim = await claimant(dev_server, room["code"], 1)
        await tv.until(lambda m: m["type"] == "state" and m["state"]["claims"] != [])
        back = await open_client(dev_server, room["code"])
        await back.send(type="resume", token=bo.token)
        assert (await back.until(lambda m: m["type"] == "welcome"))["seat"] == 1
        await device.error("seat_present")
        await tv.until(lambda m: m["type"] == "state" and m["state"]["claims"] == [])
        await tv.send(type="admit", claim=claim)
        await tv.error("unknown_claim")
        await close_all(tv, ana, cy, device, back)

    run(body())


def test_a_claim_of_a_connected_seat_is_refused(dev_server: RunningServer) -> None:
    async def body() -> None:
        room, tv, (ana, bo, cy) = await table(dev_server)
        device = await watch(dev_server, room["code"])
        await device.send(type="claim", seat=1)
        await device.error("seat_present")
        await close_all(tv, ana, bo, cy, device)

    run(body())


def test_with_no_host_connected_a_claim_is_admitted_after_the_wait(
    quick_claims_server: RunningServer,
) -> None:
    async def body() -> None:
        room, tv, (ana, bo, cy) = await table(quick_claims_server)
        await away(bo, tv, 1)
        await tv.ws.close()  # nobody holds host powers now
        device, _ = await claimant(quick_claims_server, room["code"], 1)
        welcome = await device.until(lambda m: m["type"] == "welcome")
        assert welcome["seat"] == 1 and welcome["token"] != bo.token
        old = await open_client(quick_claims_server, room["code"])
        await old.send(type="resume", token=bo.token)
        await old.error("unknown_token")
        await close_all(ana, cy, device, old)

    run(body())


def test_with_no_host_the_seat_returning_during_the_wait_keeps_it(
    quick_claims_server: RunningServer,
) -> None:
    async def body() -> None:
        room, tv, (ana, bo, cy) = await table(quick_claims_server)
        await away(bo, tv, 1)
        await tv.ws.close()
        device, _ = await claimant(quick_claims_server, room["code"], 1)
        back = await open_client(quick_claims_server, room["code"])
        await back.send(type="resume", token=bo.token)
        assert (await back.until(lambda m: m["type"] == "welcome"))["seat"] == 1
        await device.error("seat_present")
        await asyncio.sleep(0.6)  # past the wait: nothing is admitted
        await device.send(type="resync", ref="r")
        state = await device.until(lambda m: m.get("ref") == "r")
        assert state["state"]["you"] is None and device.seat is None
        assert not any(m["type"] == "welcome" and m["seat"] is not None for m in device.messages)
        await close_all(ana, cy, device, back)

    run(body())


def test_the_claimant_sees_nothing_of_the_seat_before_admission(
    dev_server: RunningServer,
) -> None:
    """A bot plays the away seat on a fast clock while the claim waits: lots are bid on, won
    and paid for, and no frame to the claimant carries a card or collector not face up."""

    async def body() -> None:
        room, tv, (ana, bo, cy) = await table(dev_server, **FAST)
        await away(bo, tv, 1)
        await tv.send(type="add_bot", level="easy", seat=1, ref="b")
        await tv.until(lambda m: m.get("ref") == "b")
        device, claim = await claimant(dev_server, room["code"], 1)
        await device.until(lambda m: any(e["type"] == "paid" for e in m.get("events", [])))
        await device.send(type="resync", ref="seen")
        await device.until(lambda m: m.get("ref") == "seen")
        before = list(device.messages)
        assert len(before) > 5
        assert all(m["state"]["you"] is None for m in before if "state" in m)
        assert secrecy_problems(Client(device.ws, messages=before)) == []
        assert bo.token is not None and not any(bo.token in f for f in device.frames)
        await tv.send(type="admit", claim=claim, ref="a")
        welcome = await device.until(lambda m: m["type"] == "welcome")
        assert welcome["seat"] == 1 and welcome["state"]["you"]["seat"] == 1  # only now
        acked = await tv.until(lambda m: m.get("ref") == "a")
        kinds = [e["type"] for e in acked["events"]]
        assert kinds == ["seat_to_player", "seat_claimed"]  # the bot hands the seat back
        assert not acked["state"]["players"][1]["bot"]
        await close_all(tv, ana, cy, device)

    run(body())


def test_an_old_device_still_connected_is_closed_when_a_claim_is_admitted() -> None:
    """In process: a connection left attached to the seat (a half-open socket the room has not
    yet heard of) is closed with 4000 when another device is admitted."""

    async def body() -> None:
        room, _clock, store = await manual_room("CLAIM", PACE, host="host-secret", fixed_seed=3)
        tv = Viewer()
        await room.watch(tv, "host-secret", None)
        people = [Viewer() for _ in range(3)]
        for viewer, name in zip(people, ("Ana", "Bo", "Cy"), strict=True):
            await room.join(viewer, name, None, None)
        await room.start(tv, None)
        await room.leave(people[1])
        stale = Viewer(seat=1)
        room.viewers.add(stale)
        room.seat_viewers[1] = stale
        device = Viewer()
        await room.watch(device, None, None)
        await room.claim(device, 1, None)
        claim = next(iter(room.claims))
        await room.admit(tv, claim, None)
        assert stale.closed == 4000 and device.seat == 1
        assert room.seat_viewers[1] is device
        # The new token is in the log: a restart keeps it and the old one stays dead.
        token = room.seats[1].token
        loaded = await store.load("CLAIM")
        assert loaded is not None
        restored = Room.restore(*loaded, ServerSettings(), store, _clock)
        assert restored.seats[1].token == token
        assert restored.claims == {}
        room.stop()

    run(body())
