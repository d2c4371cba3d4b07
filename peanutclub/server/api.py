"""`POST /api/rooms` and `GET /api/rooms/{code}`: open a room, read its public summary."""

from __future__ import annotations

import functools
import socket
from typing import TYPE_CHECKING, Annotated, Any

import orjson
from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, ValidationError

from peanutclub.engine import RuleError
from peanutclub.server.errors import refuse

if TYPE_CHECKING:
    from peanutclub.server.app import ServerState

router = APIRouter(prefix="/api")

STATUS = {"bad_settings": 400, "bad_message": 400, "rate_limited": 429, "unknown_room": 404}


class PaceIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    going_step_seconds: float | None = None
    idle_seconds: float | None = None
    pay_seconds: float | None = None


class CreateRoom(PaceIn):
    """The body of `POST /api/rooms`: settings at the top level or under `settings`; all optional.

    `seed` fixes the game's randomness and is accepted only in development mode.
    """

    settings: PaceIn | None = None
    seed: int | None = None


def server_state(request: Request) -> ServerState:
    state: ServerState = request.app.state.peanutclub
    return state


State = Annotated["ServerState", Depends(server_state)]


def refusal(error: RuleError) -> JSONResponse:
    return JSONResponse(error.to_dict(), status_code=STATUS.get(error.code, 400))


def client_ip(request: Request, trusted: list[str]) -> str:
    peer = request.client.host if request.client else ""
    forwarded = request.headers.get("x-forwarded-for")
    if forwarded and peer in trusted:
        return forwarded.split(",")[-1].strip()
    return peer


LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1", "[::1]")


def base_url(request: Request, public_url: str | None, listen_host: str = "") -> str:
    """The base of the links handed out (join URL, QR code).

    A TV browser often opens `localhost`, but phones cannot reach that: when the server listens
    on every interface, links name this machine's address on the local network instead.
    """
    if public_url:
        return public_url.rstrip("/")
    url = request.base_url
    if url.hostname in LOOPBACK_NAMES and listen_host in ("0.0.0.0", "::"):
        lan = lan_address()
        if lan:
            return str(url.replace(hostname=lan)).rstrip("/")
    return str(url).rstrip("/")


@functools.cache
def lan_address() -> str | None:
    """This machine's address on its local network (no packet is sent), or None."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # a documentation address: only picks a route
            address: str = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


@router.post("/rooms", status_code=201)
async def create_room(request: Request, state: State) -> Any:
    raw = await request.body()
    try:
        body = CreateRoom.model_validate_json(raw or b"{}")
    except ValidationError:
        return refusal(refuse("bad_message", "The body must be a JSON object of room settings."))
    values = body.model_dump(exclude={"settings", "seed"}, exclude_none=True)
    if body.settings is not None:
        values.update(body.settings.model_dump(exclude_none=True))
    creator = client_ip(request, state.settings.trusted_proxies)
    try:
        room = await state.rooms.create(values, seed=body.seed, creator=creator)
    except RuleError as error:
        return refusal(error)
    base = base_url(request, state.settings.public_url, state.settings.host)
    return JSONResponse(
        {
            "code": room.code,
            "host_token": room.record.host_token,
            "join_url": f"{base}/r/{room.code}",
            "tv_url": f"{base}/r/{room.code}/tv",
        },
        status_code=201,
        headers={"cache-control": "no-store"},
    )


@router.get("/rooms/{code}")
async def room_summary(code: str, state: State) -> Any:
    room = state.rooms.get(code)
    if room is None:
        return refusal(refuse("unknown_room"))
    return JSONResponse(orjson.loads(orjson.dumps(room.summary())))
