"""Security headers on every HTTP response: no inline scripts, no framing, no sniffing, no referrer;
and the host names this server answers to.

`connect-src` names the WebSocket origins of the host the page was served from explicitly, since
some browsers do not count `ws:`/`wss:` as 'self'.

DNS rebinding: a page on a name its owner controls re-points that name at this server's address;
the browser then counts the server as the page's own origin and sends `Host` and `Origin` with
that name, which match each other. With `allowed_hosts` set, a request naming any other host is
refused (`bad_host`: HTTP 400; a WebSocket is closed with 1008). An IP address or `localhost` in
`Host` is always accepted: a rebinding page sends its own name, never those, and phones join at
the LAN address. The name of `public_url` is accepted too. Empty (the default): any host, as a
party on a LAN needs no name.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Awaitable, Iterable
from urllib.parse import urlsplit

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from peanutclub.core import refuse
from peanutclub.server.settings import ServerSettings

_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$")


def content_security_policy(host: str | None) -> str:
    connect = "'self'"
    if host and _HOST.match(host):
        connect += f" ws://{host} wss://{host}"
    return "; ".join(
        [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self' data:",
            "media-src 'self'",
            "font-src 'self'",
            f"connect-src {connect}",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ]
    )


BAD_HOST = "bad_host"


def host_name(host: str) -> str:
    """The name in a `Host` header, without its port, in lower case (IPv6 without brackets)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host[1:]
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


def host_allowed(host: str | None, allowed: Iterable[str]) -> bool:
    """Whether a request naming `host` may be answered: any host when `allowed` is empty; else
    a name in it (`*.example.org` for every name under example.org), an IP address, or
    `localhost`."""
    names = [a.strip().lower().rstrip(".") for a in allowed if a.strip()]
    if not names:
        return True
    name = host_name(host or "")
    if not name:
        return False
    if name == "localhost":
        return True
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    return any(
        name == allowed_name or (allowed_name.startswith("*.") and name.endswith(allowed_name[1:]))
        for allowed_name in names
    )


def allowed_host_names(settings: ServerSettings) -> list[str]:
    """The `allowed_hosts` setting, with the name of `public_url` when both are set."""
    if not settings.allowed_hosts:  # any host: nothing more to read, on every request
        return []
    names = list(settings.allowed_hosts)
    public = urlsplit(settings.public_url or "").hostname
    if public:
        names.append(public)
    return names


def bad_host() -> JSONResponse:
    return JSONResponse(
        refuse(BAD_HOST).to_dict(),
        status_code=400,
    )


class SecurityHeaders:
    """Pure ASGI middleware (no buffering): adds the headers as the response starts, and refuses
    a request for a host name not in `allowed_hosts` (read from the app's settings)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # Anything but HTTP (a WebSocket) goes to the app as it is, with no coroutine of this
        # middleware waiting for it: a connection holds it as long as it lasts (issue 30).
        if scope["type"] != "http":
            return self.app(scope, receive, send)
        return self.http(scope, receive, send)

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), None)
        extra = [
            (b"content-security-policy", content_security_policy(host).encode()),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),
            (b"x-frame-options", b"DENY"),
        ]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        server = getattr(getattr(scope.get("app"), "state", None), "peanutclub", None)
        if server is not None and not host_allowed(host, allowed_host_names(server.settings)):
            await bad_host()(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)
