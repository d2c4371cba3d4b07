"""`POST /api/rooms` and `GET /api/rooms/{code}`: open a room, read its public summary."""

from __future__ import annotations

import functools
import socket
from typing import TYPE_CHECKING, Annotated, Any

import orjson
from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, ValidationError

from peanutclub.engine import RuleError
from peanutclub.engine.components import standard_deck
from peanutclub.history import lot_by_lot
from peanutclub.server.codes import normalise_code
from peanutclub.server.errors import refuse

if TYPE_CHECKING:
    from peanutclub.server.app import ServerState
    from peanutclub.server.room import Room

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


def inline_schema(model: type[BaseModel]) -> dict[str, Any]:
    """`model`'s JSON Schema with its `$defs` inlined, to stand alone in the OpenAPI document."""
    schema = model.model_json_schema()
    defs = schema.pop("$defs", {})

    def resolve(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                return resolve(defs[ref.removeprefix("#/$defs/")])
            return {key: resolve(value) for key, value in node.items()}
        if isinstance(node, list):
            return [resolve(item) for item in node]
        return node

    resolved: dict[str, Any] = resolve(schema)
    return resolved


#: The body is read by hand (an empty body is fine), so its schema is declared for the docs here.
CREATE_ROOM_BODY = {
    "requestBody": {
        "required": False,
        "content": {"application/json": {"schema": inline_schema(CreateRoom)}},
    }
}


@router.post("/rooms", status_code=201, openapi_extra=CREATE_ROOM_BODY)
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


def find_room(request: Request, state: ServerState, code: str) -> Room | None:
    """The room for `code`, None if unknown; `RuleError` (rate_limited) for a client who has
    tried too many unknown codes (see `Rooms.find`)."""
    return state.rooms.find(code, client_ip(request, state.settings.trusted_proxies))


@router.get("/rooms/{code}")
async def room_summary(code: str, request: Request, state: State) -> Any:
    try:
        room = find_room(request, state, code)
    except RuleError as error:
        return refusal(error)
    if room is None and state.rooms.cluster is not None:
        summary = await state.rooms.cluster.summary(normalise_code(code))
        if summary is not None:
            return JSONResponse(orjson.loads(orjson.dumps(summary)))
    if room is None:
        return refusal(refuse("unknown_room"))
    return JSONResponse(orjson.loads(orjson.dumps(room.summary())))


# ---------------------------------------------------------------------- finished games
# A game's export holds its seed, which reveals every hand: only games that are over are kept in
# the store, and only what the store holds is served.


def game_not_found() -> JSONResponse:
    return JSONResponse(refuse("unknown_game").to_dict(), status_code=404)


@router.get("/rooms/{code}/games")
async def room_games(code: str, request: Request, state: State) -> Any:
    """The finished games kept for a room, oldest first (each with its history and export)."""
    code = normalise_code(code)
    rooms = state.rooms
    address = client_ip(request, state.settings.trusted_proxies)
    try:
        rooms.check_guesser(address)
    except RuleError as error:
        return refusal(error)
    games = await rooms.store.games_of(code)
    if (
        not games
        and rooms.get(code) is None
        and not (rooms.cluster is not None and await rooms.cluster.summary(code))
    ):
        rooms.guesses.failed(address)  # a code with neither a room nor kept games: a guess
        return refusal(refuse("unknown_room"))
    return JSONResponse(
        {
            "code": code,
            "games": [
                {
                    "id": g.id,
                    "finished": round(g.finished * 1000),
                    "history": f"/api/games/{g.id}/history",
                    "export": f"/api/games/{g.id}/export",
                }
                for g in games
            ],
        }
    )


@router.get("/games/{game_id}/export")
async def game_export(game_id: str, state: State) -> Any:
    """A finished game's export (seed + actions + names + result): `peanutclub replay` reads it."""
    export = await state.rooms.store.load_game(game_id)
    if export is None:
        return game_not_found()
    return JSONResponse(
        export,
        headers={"content-disposition": f'inline; filename="peanutclub-{game_id}.json"'},
    )


@router.get("/games/{game_id}/history")
async def game_history(game_id: str, state: State) -> Any:
    """A finished game lot by lot, every hand revealed (built from its export by the engine)."""
    export = await state.rooms.store.load_game(game_id)
    if export is None:
        return game_not_found()
    told = history_of(game_id, orjson.dumps(export))
    return Response(told, media_type="application/json")


@functools.lru_cache(maxsize=64)
def history_of(game_id: str, export: bytes) -> bytes:
    """`lot_by_lot` of an export, encoded; kept for the few games being looked at."""
    data = orjson.loads(export)
    objects = {o.id: o.to_dict() for o in standard_deck().cards()}
    told = {"id": game_id, "code": data.get("code"), "objects": objects, **lot_by_lot(data)}
    return orjson.dumps(told)
