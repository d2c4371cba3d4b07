"""`create_app(settings)`: the FastAPI application, wired from settings, a store and a clock."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

import jinja2
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

import peanutclub
from peanutclub.server import api, pages
from peanutclub.server.clock import Clock, RealClock
from peanutclub.server.connection import websocket_endpoint
from peanutclub.server.rooms import Rooms
from peanutclub.server.security import SecurityHeaders
from peanutclub.server.settings import Settings
from peanutclub.server.store import MemoryStore, Store


@dataclass
class ServerState:
    """What every route and connection shares; lives on `app.state.peanutclub`."""

    settings: Settings
    rooms: Rooms
    templates: jinja2.Environment


def create_app(
    settings: Settings | None = None, *, store: Store | None = None, clock: Clock | None = None
) -> FastAPI:
    settings = settings or Settings()
    rooms = Rooms(settings, store or MemoryStore(), clock or RealClock())
    templates = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(settings.templates_dir)),
        autoescape=True,
        auto_reload=settings.dev,
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
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
    app.mount(
        "/static", StaticFiles(directory=str(settings.static_dir), check_dir=False), name="static"
    )
    app.add_middleware(SecurityHeaders)
    return app
