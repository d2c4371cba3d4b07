"""A closed connection is freed at once by reference counting, not left for the cyclic collector.

`peanutclub serve` makes full collections rare (`tune_gc`), so anything a closed connection leaves
in a reference cycle stays in memory for many minutes: the soak showed it as a steady creep.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections import Counter
from pathlib import Path

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from websockets.server import ServerProtocol

from peanutclub.server import ServerSettings

from .harness import WAIT, RunningServer, join, serve, watch


def connection_objects() -> Counter[str]:
    """Live objects of the classes that made up the server's side of each past connection."""
    kinds = (ServerProtocol, HttpToolsProtocol)
    return Counter(type(o).__name__ for o in gc.get_objects() if issubclass(type(o), kinds))


def test_closed_connections_are_freed_without_a_collection(
    pages_dirs: tuple[Path, Path],
) -> None:
    templates, static = pages_dirs
    settings = ServerSettings(dev=True, store="memory", templates_dir=templates, static_dir=static)
    with serve(settings) as server:
        code = server.create_room()["code"]

        async def come_and_go(server: RunningServer) -> None:
            for i in range(5):
                player = await join(server, code, f"P{i}")
                await player.ws.close()  # a clean close
                tv = await watch(server, code)
                tv.ws.transport.abort()  # a connection that just drops

        gc.collect()
        gc.disable()  # from here on only reference counting frees anything
        try:
            before = connection_objects()
            asyncio.run(come_and_go(server))
            deadline = time.monotonic() + WAIT
            # The server hears of the last close a moment later (and of the room's creation
            # request's, which may still count in `before`).
            while connection_objects() - before and time.monotonic() < deadline:
                time.sleep(0.05)
            assert not connection_objects() - before
        finally:
            gc.enable()
