"""Servers for the hardening tests: real uvicorn processes-in-a-thread with the limits under test.

Each server is built from `tests/server/harness.py` (a real socket, a real event loop). The tests
reach the room's log through the server's store, which lives in this process.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from peanutclub.server import Settings
from peanutclub.server.store import MemoryStore

from .support import Served, serve_with_store


@pytest.fixture(scope="session")
def hardening_pages(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    from server.harness import write_pages

    return write_pages(tmp_path_factory.mktemp("hardening-pages"))


@pytest.fixture(scope="session")
def open_server(hardening_pages: tuple[Path, Path]) -> Iterator[Served]:
    """Development mode (tiny clock steps, fixed seeds) with loose per-address limits."""
    templates, static = hardening_pages
    settings = Settings(
        dev=True,
        templates_dir=templates,
        static_dir=static,
        bot_pace=0.001,
        bot_delay_min=0.001,
        bot_delay_max=0.01,
        rate_per_second=1000,
        rate_burst=2000,
    )
    with serve_with_store(settings, MemoryStore()) as served:
        yield served


@pytest.fixture
def strict_server(hardening_pages: tuple[Path, Path]) -> Iterator[Served]:
    """Production defaults, with small limits so that tests reach them quickly."""
    templates, static = hardening_pages
    settings = Settings(
        templates_dir=templates,
        static_dir=static,
        max_connections_per_room=5,
        max_connections_per_address=8,
        max_rooms_per_address=3,
        room_guess_burst=4,
        room_guess_rate=0.5,
        handshake_timeout_seconds=1,
    )
    with serve_with_store(settings, MemoryStore()) as served:
        yield served
