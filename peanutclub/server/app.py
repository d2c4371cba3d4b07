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
from peanutclub.server.connection import websocket_endpoint
from peanutclub.server.http import ServerState
from peanutclub.server.rooms import Rooms
from peanutclub.server.security import SecurityHeaders
from peanutclub.server.settings import Settings
from peanutclub.server.sqlite_store import SqliteStore
from peanutclub.server.store import MemoryStore, Store

log = logging.getLogger(__name__)


def create_app(
    settings: Settings | None = None, *, store: Store | None = None, clock: Clock | None = None
) -> FastAPI:
    settings = settings or Settings()
    # The SQLite file is opened in the lifespan (it needs the running loop); until then, and when
    # `store="memory"` is asked for, the rooms live in memory.
    open_sqlite = store is None and settings.store == "sqlite" and not settings.redis
    rooms = Rooms(settings, store or MemoryStore(), clock or RealClock())
    templates = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(settings.templates_dir)),
        autoescape=True,
        auto_reload=settings.dev,
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if open_sqlite:
            rooms.store = await SqliteStore.open(
                settings.db_path, synchronous=settings.db_synchronous
            )
        if settings.redis and store is None:
            # Rooms are shared: each is rebuilt by whichever process takes its lease, when a
            # client comes for it (cluster.py), not all at start-up.
            from peanutclub.server.cluster import Cluster, new_process_id
            from peanutclub.server.redis_store import RedisStore

            shared = RedisStore.connect(settings.redis, new_process_id())
            rooms.store = shared
            rooms.cluster = Cluster(rooms, shared, settings.lease_ms)
            await rooms.cluster.start()
        started = time.perf_counter()
        restored = 0 if rooms.cluster is not None else await rooms.restore_all()
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
