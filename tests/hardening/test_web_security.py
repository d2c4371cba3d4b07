"""Web security that the other tests do not cover: the Origin check's edge cases, headers on
refusals too, and what the real server writes to its log (no secret in any logged URL)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from .support import Served, run, served_as_users_run_it

SECURITY_HEADERS = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


@pytest.mark.parametrize(
    "origin",
    [
        "null",
        "http://evil.example",
        "http://127.0.0.1.evil.example",
        "http://127.0.0.1:1",  # same host, another port: another origin
        "http://user@evil.example",
        "file://",
    ],
)
def test_foreign_origins_are_refused(open_server: Served, origin: str) -> None:
    from server.harness import open_client

    async def body() -> None:
        code = open_server.server.create_room()["code"]
        client = await open_client(open_server.server, code, origin=origin)
        with pytest.raises(ConnectionClosed) as closed:
            await client.ws.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        assert open_server.rooms.get(code).viewers == set()

    run(body())


def test_refusals_carry_the_security_headers_too(strict_server: Served) -> None:
    base = strict_server.server.base
    responses = [
        httpx.get(f"{base}/r/CDFG"),  # 404 page
        httpx.post(f"{base}/api/rooms", content=b"{oops"),  # 400
        httpx.get(f"{base}/api/rooms/CDFG"),
    ]
    for _ in range(6):
        responses.append(httpx.get(f"{base}/api/rooms/CDFG"))  # until rate_limited
    assert responses[-1].status_code == 429
    for response in responses:
        for name, value in SECURITY_HEADERS.items():
            assert response.headers[name] == value, (response.url, name)
        csp = response.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp


def test_the_server_log_holds_no_secret(tmp_path: Path) -> None:
    """The real command, logging at its usual level (access lines included): create a room,
    take seats, resume, watch as host, load every page. No token is ever in a URL, so none is
    in the log."""
    secrets: list[str] = []
    with served_as_users_run_it(tmp_path) as server:
        base = server.base
        room = httpx.post(f"{base}/api/rooms", json={}).json()
        code = room["code"]
        secrets.append(room["host_token"])
        ws_url = f"{server.ws_base}/ws/{code}"

        def first(message: dict[str, Any]) -> dict[str, Any]:
            with connect(ws_url) as ws:
                ws.send(json.dumps(message))
                answer: dict[str, Any] = json.loads(ws.recv(5))
                return answer

        seat = first({"type": "join", "name": "Ana", "host_token": room["host_token"]})
        secrets.append(seat["token"])
        assert first({"type": "resume", "token": seat["token"]})["type"] == "welcome"
        assert first({"type": "watch", "host_token": room["host_token"]})["host"] is True
        assert first({"type": "resume", "token": "not-a-token"})["code"] == "unknown_token"
        for path in ("/", f"/r/{code}", f"/r/{code}/tv", f"/r/{code}/qr.svg", f"/api/rooms/{code}"):
            assert httpx.get(base + path).status_code == 200
    log = server.log
    text = log.read_text(errors="replace")
    assert f"/r/{code}/tv" in text and f"/ws/{code}" in text  # access lines are logged
    assert not [s for s in secrets if s in text]
