"""DNS rebinding: with `allowed_hosts` set, a request naming another host is refused on HTTP
(400 `bad_host`, nothing changed) and on the WebSocket handshake (close 1008, no room reached),
even when its `Origin` matches its `Host`, as a rebinding page's do. IP addresses, `localhost`
and the listed names (with a port, in any case) are answered. Empty, the default: any host."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from peanutclub.server import ServerSettings
from peanutclub.server.security import host_allowed
from peanutclub.server.store import MemoryStore

from .support import Served, run, serve_with_store
from .test_web_security import SECURITY_HEADERS


@pytest.fixture(scope="module")
def named_server(hardening_pages: tuple[Path, Path]) -> Iterator[Served]:
    from server.harness import page_settings

    settings = page_settings(hardening_pages, allowed_hosts=["club.example", "*.party.example"])
    with serve_with_store(settings, MemoryStore()) as served:
        yield served


FOREIGN = ["evil.example", "club.example.evil.example", "evilclub.example", "party.example", ""]
ANSWERED = ["club.example", "CLUB.example:8000", "club.example.", "tv.party.example", "localhost"]


@pytest.mark.parametrize("host", FOREIGN)
def test_http_for_a_foreign_host_is_refused_and_changes_nothing(
    named_server: Served, host: str
) -> None:
    base = named_server.server.base
    rooms_before = set(named_server.store.rooms)
    for method, path in (("GET", "/"), ("POST", "/api/rooms"), ("GET", "/healthz")):
        response = httpx.request(method, base + path, headers={"host": host})
        assert response.status_code == 400, (method, path)
        assert response.json()["code"] == "bad_host"
        for name, value in SECURITY_HEADERS.items():
            assert response.headers[name] == value
    assert set(named_server.store.rooms) == rooms_before  # no room was opened


@pytest.mark.parametrize("host", ANSWERED)
def test_http_for_an_allowed_host_is_answered(named_server: Served, host: str) -> None:
    response = httpx.get(named_server.server.base + "/healthz", headers={"host": host})
    assert response.status_code == 200


def test_an_ip_address_is_always_answered(named_server: Served) -> None:
    # The harness's base URL names 127.0.0.1: phones join at the LAN address the same way.
    assert httpx.get(named_server.server.base + "/healthz").status_code == 200
    assert httpx.get(named_server.server.base + "/", headers={"host": "[::1]:80"}).is_success


def test_a_rebinding_page_cannot_open_a_websocket(named_server: Served) -> None:
    """Origin and Host both name the attacker's host, as after a DNS rebinding: closed 1008
    before reaching the room. The same socket under an allowed name gets its welcome."""
    code = named_server.server.create_room()["code"]
    port = int(named_server.server.base.rsplit(":", 1)[1])

    async def opened(host: str) -> object:
        ws = await connect(
            f"ws://{host}:{port}/ws/{code}",
            origin=f"http://{host}:{port}",  # type: ignore[arg-type]
            host="127.0.0.1",
            port=port,
            open_timeout=5,
        )
        try:
            await ws.send('{"type": "watch"}')
            return await ws.recv()
        finally:
            await ws.close()

    async def body() -> None:
        with pytest.raises(ConnectionClosed) as closed:
            await opened("evil.example")
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        assert named_server.rooms.get(code).viewers == set()
        assert '"welcome"' in str(await opened("club.example"))

    run(body())


def test_no_list_means_any_host_and_the_list_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert ServerSettings().allowed_hosts == []
    assert host_allowed("evil.example:8000", [])
    monkeypatch.setenv("PEANUTCLUB_ALLOWED_HOSTS", '["club.example"]')
    assert ServerSettings().allowed_hosts == ["club.example"]
    assert not host_allowed("evil.example", ServerSettings().allowed_hosts)


def test_the_public_url_names_an_allowed_host(hardening_pages: tuple[Path, Path]) -> None:
    from server.harness import page_settings

    settings = page_settings(
        hardening_pages,
        allowed_hosts=["club.example"],
        public_url="https://peanuts.example/",
    )
    with serve_with_store(settings, MemoryStore()) as served:
        get = served.server.base + "/healthz"
        assert httpx.get(get, headers={"host": "peanuts.example"}).status_code == 200
        assert httpx.get(get, headers={"host": "evil.example"}).status_code == 400
