"""Servers for the tests: one in development mode (tiny clock steps allowed, fast bots) and one
with production bounds, each a real uvicorn on a free port."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .harness import RunningServer, fast_dev_settings, page_settings, serve, write_pages


@pytest.fixture(scope="session")
def pages_dirs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return write_pages(tmp_path_factory.mktemp("pages"))


@pytest.fixture(scope="session")
def dev_server(pages_dirs: tuple[Path, Path]) -> Iterator[RunningServer]:
    settings = fast_dev_settings(
        pages_dirs,
        handshake_timeout_seconds=3,
        max_rooms_per_address=1000,
        max_connections_per_address=1000,
    )
    with serve(settings) as server:
        yield server


@pytest.fixture(scope="session")
def prod_server(pages_dirs: tuple[Path, Path]) -> Iterator[RunningServer]:
    settings = page_settings(pages_dirs, max_rooms_per_address=1000)
    with serve(settings) as server:
        yield server
