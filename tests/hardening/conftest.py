"""Servers for the hardening tests: real uvicorn processes-in-a-thread with the limits under test.

Each server is built from `tests/server/harness.py` (a real socket, a real event loop). The tests
reach the room's log through the server's store, which lives in this process.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from peanutclub.server.store import MemoryStore

from .support import Served, serve_with_store


@pytest.fixture(scope="session")
def hardening_pages(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    from server.harness import write_pages

    return write_pages(tmp_path_factory.mktemp("hardening-pages"))


@pytest.fixture(scope="session")
def open_server(hardening_pages: tuple[Path, Path]) -> Iterator[Served]:
    """Development mode (tiny clock steps, fixed seeds) with loose per-address limits."""
    from server.harness import fast_dev_settings

    settings = fast_dev_settings(hardening_pages, rate_per_second=1000, rate_burst=2000)
    with serve_with_store(settings, MemoryStore()) as served:
        yield served


@pytest.fixture
def strict_server(hardening_pages: tuple[Path, Path]) -> Iterator[Served]:
    """Production defaults, with small limits so that tests reach them quickly."""
    from server.harness import page_settings

    settings = page_settings(
        hardening_pages,
        max_connections_per_room=5,
        max_connections_per_address=8,
        max_rooms_per_address=3,
        room_guess_burst=4,
        room_guess_rate=0.5,
        handshake_timeout_seconds=1,
    )
    with serve_with_store(settings, MemoryStore()) as served:
        yield served
