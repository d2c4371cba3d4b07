"""What the HTTP routes (`api.py`, `pages.py`) and the WebSocket endpoint share: the server's
state, the client's address, finding a room for a client, and the links handed out."""

from __future__ import annotations

import ipaddress
import socket
import struct
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated

import jinja2
from fastapi import Depends, Request
from fastapi.responses import JSONResponse
from starlette.datastructures import URL
from starlette.requests import HTTPConnection

from peanutclub.core import RuleError, refuse
from peanutclub.server.settings import ServerSettings

if TYPE_CHECKING:
    from peanutclub.server.room import Room
    from peanutclub.server.rooms import Rooms

#: The HTTP status of each refusal an HTTP route may answer with (400 for the others).
STATUS = {
    "bad_settings": 400,
    "bad_message": 400,
    "rate_limited": 429,
    "unknown_room": 404,
    "unknown_game": 422,
}


@dataclass
class ServerState:
    """What every route and connection shares; lives on `app.state.peanutclub`."""

    settings: ServerSettings
    rooms: Rooms
    templates: jinja2.Environment


def server_state(request: Request) -> ServerState:
    state: ServerState = request.app.state.peanutclub
    return state


State = Annotated[ServerState, Depends(server_state)]


def refusal(error: RuleError, status: int | None = None) -> JSONResponse:
    return JSONResponse(error.to_dict(), status_code=status or STATUS.get(error.code, 400))


def client_ip(connection: HTTPConnection, trusted: list[str]) -> str:
    """The peer's address; `X-Forwarded-For` counts only when the peer is a trusted proxy."""
    peer = connection.client.host if connection.client else ""
    forwarded = connection.headers.get("x-forwarded-for")
    if forwarded and peer in trusted:
        return forwarded.split(",")[-1].strip()
    return peer


async def find_room(request: Request, state: ServerState, code: str) -> Room:
    """The room for `code` in this process (reopened if it was closed for idleness), or
    `RuleError`: `unknown_room`, or `rate_limited` for a client who has tried too many unknown
    codes (see `Rooms.find`)."""
    room = await state.rooms.find(code, client_ip(request, state.settings.trusted_proxies))
    if room is None:
        raise refuse("unknown_room")
    return room


LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1", "[::1]")
#: What `--host` says to listen on every interface.
EVERY_INTERFACE = ("0.0.0.0", "::", "")
#: Interfaces of containers, virtual machines and tunnels: not the network the phones are on.
VIRTUAL_INTERFACES = ("lo", "docker", "br-", "veth", "virbr", "vmnet", "cni", "flannel", "podman")

#: Why phones may fail to reach the join link: the server listens on this computer only, or it
#: listens on every interface but this machine's address on the local network was not found.
LOCALHOST_ONLY = "localhost_only"
NO_LAN_ADDRESS = "no_lan_address"


@dataclass(frozen=True)
class JoinAddress:
    """The base of the links handed out (join URL, QR code), and why phones may not reach it
    (`LOCALHOST_ONLY`, `NO_LAN_ADDRESS`), or None when they should."""

    base: str
    warning: str | None = None


def is_loopback(host: str) -> bool:
    if host.strip("[]") == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _with_host(url: URL, host: str) -> str:
    return str(url.replace(hostname=f"[{host}]" if ":" in host else host)).rstrip("/")


def join_address(
    request: Request,
    public_url: str | None,
    listen_host: str = "",
    addresses: Iterable[str] | None = None,
) -> JoinAddress:
    """Where phones should open this server, seen from `request` (often a TV on `localhost`).

    A configured `public_url` wins. A request that did not come over loopback names an address
    phones can use already. Over loopback: a server listening on loopback only cannot be reached
    by phones at all (say so); one listening on every interface is named by this machine's LAN
    address (`addresses` if given, else this machine's own, see `lan_address`), or, with none
    found, say that.
    """
    if public_url:
        return JoinAddress(public_url.rstrip("/"))
    url = request.base_url
    own = str(url).rstrip("/")
    if url.hostname not in LOOPBACK_NAMES:
        return JoinAddress(own)
    if is_loopback(listen_host):
        return JoinAddress(own, LOCALHOST_ONLY)
    if listen_host in EVERY_INTERFACE:
        lan = lan_address() if addresses is None else pick_lan_address(addresses)
        return JoinAddress(_with_host(url, lan)) if lan else JoinAddress(own, NO_LAN_ADDRESS)
    return JoinAddress(_with_host(url, listen_host))  # one address: the one phones must use


def base_url(
    request: Request,
    public_url: str | None,
    listen_host: str = "",
    addresses: Iterable[str] | None = None,
) -> str:
    """The base of the links handed out (join URL, QR code): see `join_address`."""
    return join_address(request, public_url, listen_host, addresses).base


def served_join_address(request: Request, settings: ServerSettings) -> JoinAddress:
    """`join_address` for this server's settings."""
    return join_address(request, settings.public_url, settings.host, settings.lan_addresses)


def _rank(address: str) -> int | None:
    """How good `address` is for phones on the local network (lower is better), None if unusable:
    private IPv4 first (home networks' 192.168/16, then 10/8, then 172.16/12, where containers'
    bridges often sit), then other IPv4; never loopback, link-local, multicast or IPv6."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return None
    if ip.version != 4 or ip.is_loopback or ip.is_link_local or ip.is_unspecified:
        return None
    if ip.is_multicast:
        return None
    for rank, net in enumerate(_PRIVATE_V4):
        if ip in net:
            return rank
    return len(_PRIVATE_V4)


_PRIVATE_V4 = tuple(
    ipaddress.ip_network(n) for n in ("192.168.0.0/16", "10.0.0.0/8", "172.16.0.0/12")
)


def pick_lan_address(addresses: Iterable[str]) -> str | None:
    """The address phones on the local network most likely reach this machine at, or None."""
    ranked = [(rank, i, a) for i, a in enumerate(addresses) if (rank := _rank(a)) is not None]
    return min(ranked)[2] if ranked else None


def interface_addresses() -> list[str]:
    """The IPv4 address of each of this machine's network interfaces but virtual ones, read from
    the kernel (Linux: the SIOCGIFADDR request on a socket that never sends anything)."""
    try:
        import fcntl
    except ImportError:  # not on Linux or a Unix: the host name's addresses will do
        return []
    try:
        names = [name for _, name in socket.if_nameindex()]
    except OSError:
        return []
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for name in names:
            if name.startswith(VIRTUAL_INTERFACES):
                continue
            request = struct.pack("256s", name.encode()[:15])
            try:
                answer = fcntl.ioctl(probe.fileno(), _SIOCGIFADDR, request)
            except OSError:  # no IPv4 address on that interface
                continue
            found.append(socket.inet_ntoa(answer[20:24]))
    return found


_SIOCGIFADDR = 0x8915


def hostname_addresses() -> list[str]:
    """The IPv4 addresses this machine's own name resolves to (from the hosts file, usually)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [str(info[4][0]) for info in infos]


_found: tuple[float, str | None] | None = None


def lan_address() -> str | None:
    """This machine's address on its local network, or None; no packet is sent. Read again at
    most every half minute (a laptop changes networks)."""
    global _found
    now = time.monotonic()
    if _found is None or now - _found[0] > 30:
        chosen = pick_lan_address(interface_addresses()) or pick_lan_address(hostname_addresses())
        _found = (now, chosen)
    return _found[1]
