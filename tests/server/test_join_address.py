"""The address phones join at (issue 19): a TV on `localhost` must show a link phones can reach,
or say why it cannot and how to fix it. Found without sending any network traffic."""

from __future__ import annotations

import io
import socket
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import segno

from peanutclub.server import ServerSettings, http
from peanutclub.server.cli import reach_hint

from .harness import RunningServer, serve


@pytest.fixture()
def make_server(pages_dirs: Any) -> Iterator[Any]:
    templates, static = pages_dirs
    stack: list[Any] = []

    def start(**settings: Any) -> RunningServer:
        context = serve(
            ServerSettings(dev=True, templates_dir=templates, static_dir=static, **settings)
        )
        stack.append(context)
        return context.__enter__()

    yield start
    for context in reversed(stack):
        context.__exit__(None, None, None)


def links(server: RunningServer) -> tuple[dict[str, Any], dict[str, Any], bytes]:
    """What a TV on localhost is handed: the new room, its summary and its QR code."""
    room = server.create_room()
    summary = httpx.get(f"{server.base}/api/rooms/{room['code']}").json()
    qr = httpx.get(f"{server.base}/r/{room['code']}/qr.svg").content
    return room, summary, qr


def qr_of(url: str) -> bytes:
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=8, border=2, xmldecl=False)
    return buffer.getvalue()


def test_the_lan_address_prefers_private_ipv4_and_skips_what_phones_cannot_reach() -> None:
    pick = http.pick_lan_address
    assert pick(["127.0.0.1", "172.17.0.1", "10.0.0.7", "192.168.1.20"]) == "192.168.1.20"
    assert pick(["172.17.0.1", "10.0.0.7"]) == "10.0.0.7"
    assert pick(["fe80::1", "169.254.3.4", "172.18.0.1"]) == "172.18.0.1"
    assert pick(["100.101.102.103", "2001:db8::1"]) == "100.101.102.103"  # no private one
    assert pick(["127.0.0.1", "::1", "169.254.3.4", "fe80::1", "0.0.0.0", "nonsense"]) is None
    assert pick([]) is None


def test_finding_the_lan_address_sends_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_traffic(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the LAN address must be found without sending anything")

    for method in ("connect", "connect_ex", "send", "sendto", "sendall"):
        monkeypatch.setattr(socket.socket, method, no_traffic)
    monkeypatch.setattr(http, "_found", None)
    found = http.lan_address()
    assert found is None or http.pick_lan_address([found]) == found


def test_a_server_on_localhost_says_phones_cannot_reach_it(make_server: Any) -> None:
    server = make_server(host="127.0.0.1", lan_addresses=["192.168.1.20"])
    room, summary, qr = links(server)
    assert room["join_url"] == f"{server.base}/r/{room['code']}"
    assert summary["join_url"] == room["join_url"]
    assert summary["join_warning"] == "localhost_only"
    assert qr == qr_of(room["join_url"])
    assert "--host 0.0.0.0" in reach_hint(server.settings)


def test_a_server_on_every_interface_hands_out_its_lan_address(make_server: Any) -> None:
    server = make_server(host="0.0.0.0", lan_addresses=["127.0.0.1", "172.17.0.1", "192.168.1.20"])
    port = server.base.rsplit(":", 1)[1]
    room, summary, qr = links(server)
    expected = f"http://192.168.1.20:{port}/r/{room['code']}"
    assert room["join_url"] == expected
    assert room["tv_url"] == f"{expected}/tv"
    assert summary["join_url"] == expected and summary["join_warning"] is None
    assert qr == qr_of(expected)
    assert "192.168.1.20" in reach_hint(server.settings)


def test_a_server_on_every_interface_without_a_lan_address_says_so(make_server: Any) -> None:
    server = make_server(host="0.0.0.0", lan_addresses=["127.0.0.1", "fe80::1"])
    room, summary, _ = links(server)
    assert room["join_url"] == f"{server.base}/r/{room['code']}"
    assert summary["join_warning"] == "no_lan_address"
    assert "No local network address" in reach_hint(server.settings)


def test_a_configured_public_url_wins(make_server: Any) -> None:
    server = make_server(
        host="127.0.0.1", public_url="https://club.example/", lan_addresses=["192.168.1.20"]
    )
    room, summary, qr = links(server)
    expected = f"https://club.example/r/{room['code']}"
    assert room["join_url"] == summary["join_url"] == expected
    assert summary["join_warning"] is None
    assert qr == qr_of(expected)


def test_a_tv_opened_on_the_lan_address_keeps_it(make_server: Any) -> None:
    """A request that did not come over loopback already names an address phones can use."""
    server = make_server(host="0.0.0.0", lan_addresses=[])
    room = server.create_room()
    summary = httpx.get(
        f"{server.base}/api/rooms/{room['code']}", headers={"host": "192.168.1.30:8000"}
    ).json()
    assert summary["join_url"] == f"http://192.168.1.30:8000/r/{room['code']}"
    assert summary["join_warning"] is None
