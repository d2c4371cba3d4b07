"""The JSON API: the games this server hosts, opening a room, a room's public summary, and the
finished games kept for their history pages."""

from __future__ import annotations

import functools
from typing import Any

import orjson
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, create_model

from peanutclub.core import Game, RuleError, refuse, replay_export
from peanutclub.core.errors import UNKNOWN
from peanutclub.core.game import handicaps_of
from peanutclub.games import DEFAULT_GAME, GAMES, describe, every_code, find_game
from peanutclub.server.codes import normalise_code
from peanutclub.server.http import State, client_ip, find_room, refusal, served_join_address
from peanutclub.server.protocol import optional_fields

router = APIRouter(prefix="/api")


@router.get("/games")
async def games() -> Any:
    """Every game hosted here: its names, how many may play, its settings' defaults and bounds
    (what the pages build their controls from)."""
    return [describe(game) for game in GAMES.values()]


@router.get("/errors")
async def errors() -> Any:
    """Every refusal's message by language (`{"en": {code: text}, "fr": {...}}`), the platform's
    and every hosted game's, and `unknown` for a code without one: the pages translate refusals
    from here, so a message is written once, beside its code in Python, never copied in a page."""
    codes = {**every_code(), "unknown": UNKNOWN}
    return {
        lang: {code: texts[i] for code, texts in codes.items()}
        for i, lang in enumerate(("en", "fr"))
    }


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


@functools.cache
def create_room_body(game: type[Game]) -> type[BaseModel]:
    """The body of `POST /api/rooms` for `game`, as the API's docs show it: its settings at the
    top level or under `settings`, all optional, and `seed`, which fixes the game's randomness
    (development mode only). The endpoint checks a body itself, to name a wrong setting."""
    fields = optional_fields(game.Settings)
    pace: Any = create_model(f"{game.Settings.__qualname__}In", __base__=_Body, **fields)
    model: type[BaseModel] = create_model(
        f"CreateRoom{game.Settings.__qualname__}",
        __base__=pace,
        game=(str | None, None),
        settings=(pace | None, None),
        seed=(int | None, None),
    )
    return model


#: The body is read by hand (an empty body is fine), so its schema is declared for the docs here.
CREATE_ROOM_BODY = {
    "requestBody": {
        "required": False,
        "content": {
            "application/json": {
                "schema": {
                    "anyOf": [create_room_body(g).model_json_schema() for g in GAMES.values()]
                }
            }
        },
    }
}


@router.post("/rooms", status_code=201, openapi_extra=CREATE_ROOM_BODY)
async def create_room(request: Request, state: State) -> Any:
    """Open a room. The body is read by hand so that a wrong setting is named with why
    (`bad_settings`: "board must be one of standard, random.") rather than refusing the whole
    body: only a body that is not a JSON object, or a `game` that is not a name, is a
    `bad_message`."""
    raw = await request.body() or b"{}"
    bad_body = refuse("bad_message", "The body must be a JSON object of room settings.")
    try:
        body = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return refusal(bad_body)
    if not isinstance(body, dict):
        return refusal(bad_body)
    chosen = body.pop("game", None)
    if chosen is not None and not isinstance(chosen, str):
        return refusal(refuse("bad_message", "game must be the name of a game."))
    try:
        game = find_game(chosen or DEFAULT_GAME)
    except RuleError as error:
        return refusal(error)
    seed = body.pop("seed", None)
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        return refusal(refuse("bad_settings", "seed must be a whole number."))
    nested = body.pop("settings", None)
    if nested is not None and not isinstance(nested, dict):
        return refusal(refuse("bad_settings", "settings must be an object of settings."))
    values = {**body, **(nested or {})}
    creator = client_ip(request, state.settings.trusted_proxies)
    try:
        room = await state.rooms.create(game, values, seed=seed, creator=creator)
    except RuleError as error:
        return refusal(error)
    base = served_join_address(request, state.settings).base
    return JSONResponse(
        {
            "code": room.code,
            "game": game.id,
            "host_token": room.record.host_token,
            "join_url": f"{base}/r/{room.code}",
            "tv_url": f"{base}/r/{room.code}/tv",
        },
        status_code=201,
        headers={"cache-control": "no-store"},
    )


@router.get("/rooms/{code}")
async def room_summary(code: str, request: Request, state: State) -> Any:
    """The room's public summary, with the link phones join at (`join_url`) and, when phones
    may not reach it, why (`join_warning`: `localhost_only`, `no_lan_address`; else null)."""
    try:
        room = await find_room(request, state, code)
    except RuleError as error:
        if error.code != "unknown_room":
            return refusal(error)
        summary = await state.rooms.directory.summary_elsewhere(normalise_code(code))
        if summary is None:
            return refusal(error)
    else:
        summary = room.summary()
    reach = served_join_address(request, state.settings)
    linked = {
        **orjson.loads(orjson.dumps(summary)),
        "join_url": f"{reach.base}/r/{summary['code']}",
        "join_warning": reach.warning,
    }
    return JSONResponse(linked)


# ---------------------------------------------------------------------- finished games
# A game's export holds its seed, which reveals every secret: only games that are over are kept
# in the store, and only what the store holds is served.


def game_not_found() -> JSONResponse:
    return refusal(refuse("unknown_game", "There is no finished game with that id."), 404)


@router.get("/rooms/{code}/games")
async def room_games(code: str, request: Request, state: State) -> Any:
    """The finished games kept for a room, oldest first (each with its history and export)."""
    code = normalise_code(code)
    directory = state.rooms.directory
    address = client_ip(request, state.settings.trusted_proxies)
    try:
        await directory.check_guesser(address)
    except RuleError as error:
        return refusal(error)
    games = await directory.store.games_of(code)
    if not games:  # no game kept: the room itself must exist (a code with neither is a guess)
        try:
            known = await directory.knows(code, address)
        except RuleError as error:  # the server is too full to reopen it
            return refusal(error)
        if not known:
            return refusal(refuse("unknown_room"))
    listed = []
    for g in games:
        summary = await kept_summary(state, g.id)
        listed.append(
            {
                "id": g.id,
                "finished": round(g.finished * 1000),
                "history": f"/api/games/{g.id}/history",
                "export": f"/api/games/{g.id}/export",
                "page": f"/r/{code}/history/{g.id}",
                "game": g.game,
                **summary,
            }
        )
    return JSONResponse({"code": code, "games": listed})


#: Kept games' summaries by record id (a kept game never changes): the room's history list
#: replays each game once, not on every visit. Bounded, oldest first out.
_SUMMARIES: dict[str, dict[str, Any]] = {}
_SUMMARIES_KEPT = 256


async def kept_summary(state: State, record_id: str) -> dict[str, Any]:
    """What the room's history list says of a kept game: whether the host ended it before its
    end, the names, and each seat's place read from the game's own `placings()` (the same
    figures the evening counts), by replaying its export. Empty placings when abandoned."""
    summary = _SUMMARIES.get(record_id)
    if summary is not None:
        return summary
    export = await state.rooms.store.load_game(record_id)
    summary = summarise(export or {})
    if export is not None:
        if len(_SUMMARIES) >= _SUMMARIES_KEPT:
            del _SUMMARIES[next(iter(_SUMMARIES))]
        _SUMMARIES[record_id] = summary
    return summary


def summarise(export: dict[str, Any]) -> dict[str, Any]:
    """A kept export as the history list tells it (see `kept_summary`)."""
    abandoned = bool(export.get("abandoned"))
    places: list[int] | None = None
    if not abandoned and export:
        try:
            played = replay_export(find_game(export.get("game") or DEFAULT_GAME), export)
            places = played.placings()
        except (ValueError, KeyError, TypeError):  # an export this server cannot replay
            places = None
    names = [str(n) for n in export.get("names") or []]
    return {
        "abandoned": abandoned,
        "names": names,
        "placings": [
            {"seat": seat, "name": names[seat] if seat < len(names) else None, "place": p}
            for seat, p in enumerate(places or ())
        ],
    }


@router.get("/games/{record_id}/export")
async def game_export(record_id: str, state: State) -> Any:
    """A finished game's export (seed + actions + names + result): `peanutclub replay` reads it."""
    export = await state.rooms.store.load_game(record_id)
    if export is None:
        return game_not_found()
    return JSONResponse(
        export,
        headers={"content-disposition": f'inline; filename="peanutclub-{record_id}.json"'},
    )


@router.get("/games/{record_id}/history")
async def game_history(record_id: str, state: State) -> Any:
    """A finished game step by step, every secret revealed (built from its export by its game)."""
    export = await state.rooms.store.load_game(record_id)
    if export is None:
        return game_not_found()
    return Response(history_of(record_id, orjson.dumps(export)), media_type="application/json")


def names_of(export: dict[str, Any]) -> list[str]:
    """The names an export gives its seats (numbered when it gives none)."""
    names = export.get("names")
    if isinstance(names, list) and len(names) == int(export.get("players") or 0):
        return [str(n) for n in names]
    return [f"Player {s + 1}" for s in range(int(export.get("players") or 0))]


@functools.lru_cache(maxsize=64)
def history_of(record_id: str, export: bytes) -> bytes:
    """An export told by its game, encoded; kept for the few games being looked at."""
    data = orjson.loads(export)
    game = find_game(data.get("game") or DEFAULT_GAME)
    told = {
        "id": record_id,
        "code": data.get("code"),
        "game": game.id,
        "abandoned": bool(data.get("abandoned")),
        # who had a handicap or a head start, told the same way for every game
        "handicaps": handicaps_of(game.Settings, data.get("settings") or {}, names_of(data)),
        **game.history(data),
    }
    return orjson.dumps(told)
