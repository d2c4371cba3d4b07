"""Frames written straight to the socket: the bytes a client reads, order behind a slow socket."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from websockets.client import ClientProtocol
from websockets.exceptions import ConnectionClosed
from websockets.frames import Frame, Opcode
from websockets.protocol import State
from websockets.uri import parse_uri

from peanutclub.server import ServerSettings, create_app
from peanutclub.server.connection import Connection
from peanutclub.server.wire import FrameBytes, text_frame

from .harness import join, run, serve_app, watch


def client_reads(data: bytes) -> list[Frame]:
    """What a real (sans-I/O) websockets client makes of bytes from the server."""
    client = ClientProtocol(parse_uri("ws://localhost/"), state=State.OPEN, max_size=None)
    client.receive_data(data)
    return [event for event in client.events_received() if isinstance(event, Frame)]


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_a_written_frame_is_one_whole_text_message_at_every_length_boundary(size: int) -> None:
    text = "é" * (size // 2) + "x" * (size % 2)  # multi-byte characters: lengths are bytes
    frames = client_reads(text_frame(text.encode()) + text_frame(b'{"next":1}'))
    assert [f.opcode for f in frames] == [Opcode.TEXT, Opcode.TEXT]
    assert all(f.fin and not f.rsv1 for f in frames)
    assert frames[0].data.decode() == text
    assert frames[1].data == b'{"next":1}'


def test_the_same_text_is_framed_once_for_all_its_receivers() -> None:
    frame = FrameBytes()
    text = b'{"type":"patch","seq":7}'
    first = frame(text)
    assert frame(text) is first
    assert frame(text + b" ") is not first
    same_value = bytes(bytearray(text))
    assert same_value is not text
    assert frame(same_value) == first  # a new text of the same value is framed again, equal


def connections(loop: asyncio.AbstractEventLoop, app: Any, code: str) -> list[Connection]:
    async def read() -> list[Connection]:
        room = app.state.peanutclub.rooms.rooms[code]
        return [v for v in room.viewers if isinstance(v, Connection)]

    return asyncio.run_coroutine_threadsafe(read(), loop).result(10)


def on_loop(loop: asyncio.AbstractEventLoop, action: Callable[[], None]) -> None:
    async def call() -> None:
        action()

    asyncio.run_coroutine_threadsafe(call(), loop).result(10)


@pytest.mark.parametrize("compression", [False, True])
def test_frames_go_straight_to_the_socket_unless_compression_was_agreed(compression: bool) -> None:
    """Compressed frames differ per connection: those take the ASGI path, and still arrive."""
    settings = ServerSettings(dev=True, store="memory", ws_per_message_deflate=compression)
    app = create_app(settings)
    with serve_app(app, settings) as (server, loop):

        async def body() -> None:
            room = server.create_room()
            client = await join(server, room["code"], "Ana")
            (connection,) = connections(loop, app, room["code"])
            assert (connection.wire is None) is compression
            await client.send(type="resync", ref="r")
            state = await client.until(lambda m: m.get("ref") == "r")
            assert state["state"]["players"][0]["name"] == "Ana"
            await client.ws.close()

        run(body())


def bidding(message: dict[str, Any]) -> bool:
    return message["type"] == "state" and message["state"]["phase"] == "bidding"


async def bid_rounds(players: list[Any], rounds: int) -> None:
    """Each player in turn raises the high bid by one, `rounds` times round the table."""
    for _ in range(rounds):
        for player in players:
            view = player.view
            currency = next(c for c, o in view["you"]["bid_options"].items() if not o["reason"])
            amount = view["min_bids"][currency]
            await player.send(type="bid", amount=amount, currency=currency, ref="b")
            await player.until(lambda m: m["type"] in ("patch", "state", "error"))
            for other in players:
                if other is not player:
                    await other.until(lambda m: m["type"] in ("patch", "state"))


async def bidding_table(
    server: Any, loop: asyncio.AbstractEventLoop, app: Any
) -> tuple[dict[str, Any], Any, list[Any], Connection, Any]:
    """A host TV and three players bidding: the room as created, the TV's client, the players',
    and the TV's connection on the server with its wire."""
    room = server.create_room(seed=3)
    code = room["code"]
    tv = await watch(server, code, room["host_token"])
    players = [await join(server, code, n) for n in ("Ana", "Bo", "Cy")]
    await tv.send(type="start")
    for client in (tv, *players):
        await client.until(bidding)
    (tv_connection,) = [c for c in connections(loop, app, code) if c.seat is None]
    wire = tv_connection.wire
    assert wire is not None
    return room, tv, players, tv_connection, wire


def test_frames_queued_behind_a_paused_socket_keep_their_order_when_it_resumes() -> None:
    """The transport pausing (a slow phone) sends frames to the queue; once it resumes, queued
    frames go first and new ones follow: the watcher sees every seq, in order, none twice."""
    settings = ServerSettings(dev=True, store="memory")
    app = create_app(settings)
    with serve_app(app, settings) as (server, loop):

        async def body() -> None:
            _, tv, players, tv_connection, wire = await bidding_table(server, loop, app)

            on_loop(loop, wire.pause_writing)  # what the transport calls when its buffer is full
            await bid_rounds(players, 2)
            queued = tv_connection.queued
            on_loop(loop, wire.resume_writing)
            await bid_rounds(players, 2)

            last = players[0].seq
            await tv.until(lambda m: m.get("seq") == last)
            assert queued >= 3, "the paused socket's frames were not queued"
            assert tv.gaps == 0
            seqs = [m["seq"] for m in tv.messages if m["type"] in ("patch", "state")]
            assert seqs == sorted(set(seqs)), seqs
            await asyncio.gather(*(c.ws.close() for c in (tv, *players)))

        run(body())


def test_an_idle_connection_runs_no_task_of_its_own_beyond_the_one_serving_it() -> None:
    """A seated phone that is sent nothing waiting holds no writer task (nor its queue): the
    memory of thousands of idle connections (docs/performance.md, issue 30). The one task per
    connection is uvicorn's, running the endpoint; a frame that must wait starts a writer,
    which ends once the queue is empty."""
    settings = ServerSettings(dev=True, store="memory")
    app = create_app(settings)
    with serve_app(app, settings) as (server, loop):

        def tasks() -> int:
            async def count() -> int:
                return len(asyncio.all_tasks())

            return asyncio.run_coroutine_threadsafe(count(), loop).result(10)

        async def body() -> None:
            room = server.create_room(seed=3)
            code = room["code"]
            before = tasks()
            players = [await join(server, code, n) for n in ("Ana", "Bo", "Cy")]
            for player in players:  # each has seen the others arrive: nothing is on its way
                while player.view is None or len(player.view["players"]) < 3:
                    await player.next()
            assert tasks() - before == len(players)
            ana = next(c for c in connections(loop, app, code) if c.seat == 0)
            assert ana.writer is None and ana.queued == 0

            wire = ana.wire
            assert wire is not None
            on_loop(loop, wire.pause_writing)
            await players[1].send(type="resync", ref="r")  # a frame for Bo, none for Ana
            await players[1].until(lambda m: m.get("ref") == "r")
            on_loop(loop, lambda: ana.send(b'{"type":"probe"}'))
            assert ana.writer is not None  # the frame waits behind the paused socket
            on_loop(loop, wire.resume_writing)
            assert (await players[0].until(lambda m: m["type"] == "probe"))["type"] == "probe"
            on_loop(loop, lambda: None)  # the writer's last step runs on the server's loop
            assert ana.writer is None and ana.queued == 0
            await asyncio.gather(*(p.ws.close() for p in players))

        run(body())


def test_a_socket_too_far_behind_is_closed_and_its_viewer_can_come_back() -> None:
    """Frames wait for a paused socket up to `send_queue_limit`; one more closes the
    connection (1008, too far behind) instead of letting memory grow. Its viewer comes back
    with a new connection and gets the table as it is now."""
    settings = ServerSettings(dev=True, store="memory", send_queue_limit=3)
    app = create_app(settings)
    with serve_app(app, settings) as (server, loop):

        async def body() -> None:
            room, tv, players, _, wire = await bidding_table(server, loop, app)

            on_loop(loop, wire.pause_writing)
            await bid_rounds(players, 2)  # six patches: more than three wait
            on_loop(loop, wire.resume_writing)
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    await tv.next()
            assert closed.value.rcvd is not None
            assert closed.value.rcvd.code == 1008
            assert "too far behind" in closed.value.rcvd.reason

            again = await watch(server, room["code"], room["host_token"])
            assert again.view is not None
            assert again.seq == players[0].seq
            await asyncio.gather(*(c.ws.close() for c in (again, *players)))

        run(body())
