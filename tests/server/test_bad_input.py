"""Bad input gets a stable error code; the connection and the room carry on, nothing changes."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from .harness import Client, RunningServer, join, open_client, run, watch


async def lobby(server: RunningServer) -> tuple[dict[str, Any], Client, Client]:
    room = server.create_room()
    tv = await watch(server, room["code"], room["host_token"])
    ana = await join(server, room["code"], "Ana")
    await tv.until(lambda m: m["type"] == "state")
    return room, tv, ana


async def still_fine(client: Client, seq: int) -> None:
    """The connection answers a resync, and the room has not changed (same seq)."""
    await client.send(type="resync", ref="check")
    state = await client.until(lambda m: m.get("ref") == "check")
    assert state["type"] == "state" and state["seq"] == seq


@pytest.mark.parametrize(
    ("frame", "ref"),
    [
        ("{not json", None),
        ("[1, 2, 3]", None),
        ('"bid"', None),
        ('{"no_type": 1}', None),
        ('{"type": "teleport", "ref": "r1"}', "r1"),
        ('{"type": "bid", "amount": "3", "currency": "camels", "ref": 7}', 7),
        ('{"type": "bid", "amount": true, "currency": "camels"}', None),
        ('{"type": "pay", "cards": "all"}', None),
        ('{"type": "kick", "seat": 1.5}', None),
        ('{"type": "resync", "extra": 1, "ref": "x"}', "x"),
    ],
)
def test_malformed_messages_get_bad_message(
    dev_server: RunningServer, frame: str, ref: Any
) -> None:
    async def body() -> None:
        _, tv, ana = await lobby(dev_server)
        await ana.send_raw(frame)
        error = await ana.error("bad_message")
        assert error.get("ref") == ref
        assert error["message"]
        await still_fine(ana, ana.seq)
        await tv.ws.close()
        await ana.ws.close()

    run(body())


def test_binary_frames_get_bad_message(dev_server: RunningServer) -> None:
    async def body() -> None:
        _, _tv, ana = await lobby(dev_server)
        await ana.send_raw(b'{"type": "resync"}')
        await ana.error("bad_message")
        await still_fine(ana, ana.seq)

    run(body())


def test_frames_over_4_kib_get_frame_too_large(dev_server: RunningServer) -> None:
    async def body() -> None:
        _, _tv, ana = await lobby(dev_server)
        await ana.send(type="join", name="x" * 5000)
        await ana.error("frame_too_large")
        await still_fine(ana, ana.seq)

    run(body())


def test_frames_over_64_kib_close_the_connection_but_not_the_room(
    dev_server: RunningServer,
) -> None:
    async def body() -> None:
        _, tv, ana = await lobby(dev_server)
        await ana.send_raw(json.dumps({"type": "resync", "ref": "x" * 70_000}))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await ana.next()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        seq = (await tv.until(lambda m: m["type"] == "state"))["seq"]  # Ana is away now
        await still_fine(tv, seq)

    run(body())


def test_every_flooded_message_with_a_ref_is_answered_with_that_ref(
    dev_server: RunningServer,
) -> None:
    """A client holds a move back until the answer to its `ref` comes: past the burst, and past
    the few errors a flood without `ref` gets, each `ref` still comes back, as its answer or as
    `rate_limited`."""

    async def body() -> None:
        _, _tv, ana = await lobby(dev_server)
        sent = 150
        for i in range(sent):
            await ana.send(type="resync", ref=i)
        answered: dict[int, str] = {}
        while len(answered) < sent:
            message = await ana.until(lambda m: m["type"] in ("state", "error"))
            assert isinstance(message.get("ref"), int), message
            answered[message["ref"]] = message.get("code", message["type"])
        assert set(answered) == set(range(sent))
        assert "rate_limited" in answered.values()

    run(body())


def test_floods_get_rate_limited_and_the_connection_survives(dev_server: RunningServer) -> None:
    async def body() -> None:
        _, _tv, ana = await lobby(dev_server)
        for i in range(200):
            await ana.send(type="resync", ref=i)
        await ana.error("rate_limited")
        answered = 0
        while True:  # the bucket refills: a later message is answered again
            await asyncio.sleep(0.1)
            await ana.send(type="resync", ref="later")
            try:
                await ana.until(lambda m: m.get("ref") == "later", timeout=0.5)
                break
            except AssertionError:
                answered += 1
                assert answered < 100

    run(body())


def test_actions_before_the_handshake_get_no_handshake(dev_server: RunningServer) -> None:
    async def body() -> None:
        room = dev_server.create_room()
        client = await open_client(dev_server, room["code"])
        for message in ({"type": "bid", "amount": 1, "currency": "camels"}, {"type": "start"}):
            await client.send(**message, ref="early")
            error = await client.error("no_handshake")
            assert error["ref"] == "early"
        await client.send(type="watch")
        welcome = await client.next()
        assert welcome["type"] == "welcome"

    run(body())


def test_the_handshake_must_come_in_time(dev_server: RunningServer) -> None:
    async def body() -> None:
        room = dev_server.create_room()
        client = await open_client(dev_server, room["code"])
        with pytest.raises(ConnectionClosed) as closed:
            await client.ws.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008

    run(body())


def test_wrong_phase_and_wrong_role_are_refused(dev_server: RunningServer) -> None:
    async def body() -> None:
        _, tv, ana = await lobby(dev_server)
        await ana.send(type="bid", amount=1, currency="camels")
        await ana.error("wrong_phase")
        await ana.send(type="start")
        await ana.error("not_host")
        await ana.send(type="kick", seat=0)
        await ana.error("not_host")
        await tv.send(type="bid", amount=1, currency="camels")
        await tv.error("not_seated")
        await tv.send(type="start")
        await tv.error("not_enough_players")
        await ana.send(type="watch")
        await ana.error("wrong_phase")
        await still_fine(ana, ana.seq)

    run(body())


def test_unknown_rooms_are_refused(dev_server: RunningServer) -> None:
    async def body() -> None:
        client = await open_client(dev_server, "ZZZZ")
        error = await client.error("unknown_room")
        assert error["message"]
        with pytest.raises(ConnectionClosed):
            await client.ws.recv()

    run(body())


def test_a_foreign_origin_is_refused_at_the_handshake(dev_server: RunningServer) -> None:
    async def body() -> None:
        room = dev_server.create_room()
        code = room["code"]
        foreign = await open_client(dev_server, code, origin="https://evil.example")
        with pytest.raises(ConnectionClosed) as closed:
            await foreign.ws.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        host = dev_server.base.removeprefix("http://")
        same = await open_client(dev_server, code, origin=f"http://{host}")
        await same.send(type="watch")
        assert (await same.next())["type"] == "welcome"

    run(body())


def test_foreign_origin_never_reaches_a_room(dev_server: RunningServer) -> None:
    async def body() -> None:
        try:
            client = await open_client(dev_server, "ZZZZ", origin="http://localhost:1")
        except InvalidStatus:
            return
        with pytest.raises(ConnectionClosed) as closed:
            await client.ws.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008

    run(body())


def test_rule_refusals_in_a_game_change_nothing(dev_server: RunningServer) -> None:
    async def body() -> None:
        room = dev_server.create_room(seed=2, going_step_seconds=30, idle_seconds=0)
        tv = await watch(dev_server, room["code"], room["host_token"])
        ana, bo, cy = [await join(dev_server, room["code"], n) for n in ("Ana", "Bo", "Cy")]
        await tv.send(type="start")
        await ana.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "bidding")
        assert ana.view is not None
        top = ana.view["column"][0]
        too_much = ana.view["you"]["bid_options"][top]["max"] + 1
        refusals: list[tuple[dict[str, Any], str]] = [
            ({"type": "bid", "amount": 0, "currency": top}, "bad_bid"),
            ({"type": "bid", "amount": 1.5, "currency": top}, "bad_bid"),
            ({"type": "a_la_carte", "amount": 2.5, "currency": top}, "bad_bid"),
            ({"type": "bid", "amount": 1, "currency": "euros"}, "bad_bid"),
            ({"type": "bid", "amount": too_much, "currency": top}, "cannot_honour"),
            ({"type": "crash", "currency": top, "position": 7}, "bad_crash"),
            ({"type": "pay", "cards": [1]}, "wrong_phase"),
        ]
        for message, code in refusals:
            await ana.send(**message, ref=code)
            error = await ana.error(code)
            assert error["ref"] == code
            if message.get("amount") in (1.5, 2.5):  # says why: not a whole number
                assert "whole number" in error["message"], error
        await ana.send(type="bid", amount=1, currency=top)
        await ana.send(type="bid", amount=2, currency=top, ref="again")
        assert (await ana.error("own_high_bid"))["ref"] == "again"
        await tv.send(type="going")
        await bo.send(type="going", ref="twice")
        assert (await bo.error("already_going"))["ref"] == "twice"
        going = await cy.until(lambda m: m["type"] == "patch" and m["going"] == 1)
        await still_fine(cy, going["seq"])
        await asyncio.gather(*(c.ws.close() for c in (tv, ana, bo, cy)))

    run(body())
