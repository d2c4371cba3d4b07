"""`create_app(settings)`: the FastAPI application, wired from settings, a store and a clock."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import jinja2
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.middleware.gzip import GZipMiddleware

import peanutclub
from peanutclub.server import api, pages
from peanutclub.server.clock import Clock, RealClock
from peanutclub.server.directory import Directory, LocalDirectory
from peanutclub.server.endpoint import websocket_endpoint
from peanutclub.server.http import ServerState
from peanutclub.server.rooms import Rooms
from peanutclub.server.security import SecurityHeaders
from peanutclub.server.settings import ServerSettings
from peanutclub.server.sqlite_store import SqliteStore
from peanutclub.server.store import MemoryStore, Store

log = logging.getLogger(__name__)


async def open_directory(settings: ServerSettings, clock: Clock) -> Directory:
    """The room directory the server runs with, chosen once at start from the settings: shared
    through Redis when `redis` names a server (each room rebuilt by whichever process takes its
    lease, when a client comes for it: cluster.py), else this process's own over SQLite."""
    if settings.redis:
        # Imported here: Redis is an optional dependency (`peanutclub[redis]`).
        from peanutclub.server.cluster import RedisDirectory, new_process_id
        from peanutclub.server.redis_store import RedisStore

        store = RedisStore.connect(settings.redis, new_process_id())
        return RedisDirectory(settings, store, clock, settings.lease_ms)
    sqlite = await SqliteStore.open(settings.db_path, synchronous=settings.db_synchronous)
    return LocalDirectory(settings, sqlite, clock)


def create_app(
    settings: ServerSettings | None = None,
    *,
    store: Store | None = None,
    clock: Clock | None = None,
) -> FastAPI:
    settings = settings or ServerSettings()
    # The SQLite file is opened in the lifespan (it needs the running loop); until then, and when
    # `store="memory"` is asked for, the rooms live in memory.
    chosen_at_start = store is None and (settings.store == "sqlite" or bool(settings.redis))
    clock = clock or RealClock()
    rooms = Rooms(LocalDirectory(settings, store or MemoryStore(), clock))
    templates = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(settings.templates_dir)),
        autoescape=True,
        auto_reload=settings.dev,
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if chosen_at_start:
            rooms.use(await open_directory(settings, clock))
        started = time.perf_counter()
        restored = await rooms.open()
        if restored:
            log.info(
                "%d rooms restored from the store in %.2f s",
                restored,
                time.perf_counter() - started,
            )
        rooms.start()
        yield
        await rooms.close()

    app = FastAPI(
        title="Peanut Club online",
        version=peanutclub.__version__,
        lifespan=lifespan,
        docs_url="/api/docs" if settings.dev else None,
        redoc_url=None,
        openapi_url="/api/openapi.json" if settings.dev else None,
    )
    app.state.peanutclub = ServerState(settings, rooms, templates)
    app.include_router(api.router)
    app.include_router(pages.router)
    app.add_api_websocket_route("/ws/{code}", websocket_endpoint)
    # Pages' files go compressed to the browsers that accept it: a phone's first visit on a
    # party's Wi-Fi weighs a third as much.
    static = StaticFiles(directory=str(settings.static_dir), check_dir=False)
    app.mount("/static", GZipMiddleware(static, minimum_size=1024), name="static")
    app.add_middleware(SecurityHeaders)
    return app
