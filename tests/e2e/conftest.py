"""Browser tests: a real server in a subprocess, headless Chromium through Playwright.

Set PEANUTCLUB_E2E_URL to test a server that is already running instead of starting one.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "screenshots"
CHROMIUM = os.environ.get("PEANUTCLUB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_healthy(url: str, proc: subprocess.Popen[bytes] | None, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"the server exited with code {proc.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=1) as res:
                if res.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"no answer from {url}/healthz within {seconds} s")


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    given = os.environ.get("PEANUTCLUB_E2E_URL")
    if given:
        _wait_healthy(given.rstrip("/"), None)
        yield given.rstrip("/")
        return
    port = _free_port()
    with tempfile.TemporaryDirectory() as data:
        env = {
            **os.environ,
            "PEANUTCLUB_DB": f"{data}/e2e.db",
            "PEANUTCLUB_MAX_ROOMS_PER_ADDRESS": "500",
        }
        log = open(Path(data) / "server.log", "wb")  # noqa: SIM115 (closed below)
        proc = subprocess.Popen(
            [sys.executable, "-m", "peanutclub", "serve", "--dev", "--port", str(port)],
            cwd=data,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        url = f"http://127.0.0.1:{port}"
        try:
            _wait_healthy(url, proc)
            yield url
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
            log.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One browser for the browser tests; closed when they are done, because Playwright's sync API
    keeps an event loop running on this thread and the tests after these use asyncio."""
    try:
        import playwright.sync_api as playwright_api
    except ImportError:  # a missing browser driver must fail the run, never skip it
        pytest.fail("Playwright is missing: install the test extra (pip install -e '.[test]')")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: install it (apt-get install chromium)")
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture(scope="session")
def shots() -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS
