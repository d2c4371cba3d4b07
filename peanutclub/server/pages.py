"""The HTML pages, the join QR code and the health check.

Pages are Jinja2 templates from the top-level `templates/` folder (shipped inside the wheel), each
rendered with `code`, `game` and `lang` only: everything else reaches the page over the WebSocket.
A room's pages are its game's (`templates/games/<game>/`); the landing page offers every game.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import segno
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from peanutclub.core import RuleError
from peanutclub.server.codes import normalise_code
from peanutclub.server.http import (
    State,
    client_ip,
    find_room,
    refusal,
    served_join_address,
)
from peanutclub.server.recap import recap_of, recap_svg
from peanutclub.server.views import public_state

if TYPE_CHECKING:
    from peanutclub.server.http import ServerState

router = APIRouter()

LANGUAGES = ("en", "fr")


def language(accept_language: str | None) -> str:
    """The first of our languages the browser prefers (by q-value), English otherwise."""
    best, best_q = "en", -1.0
    for position, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        primary = tag.strip().lower().split("-")[0]
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        q -= position * 1e-6  # equal q: the earlier one wins
        if primary in LANGUAGES and q > best_q and q > 0:
            best, best_q = primary, q
    return best


def render(
    state: ServerState,
    request: Request,
    name: str,
    code: str | None,
    status: int = 200,
    game: str | None = None,
    record: str | None = None,
) -> Response:
    context: dict[str, Any] = {
        "code": code,
        "game": game,
        "record": record,
        "lang": language(request.headers.get("accept-language")),
    }
    html = state.templates.get_template(name).render(context)
    return HTMLResponse(html, status_code=status, headers={"cache-control": "no-cache"})


def not_found(state: ServerState, request: Request, code: str) -> Response:
    """The 404 page for an unknown room (from `404.html` when the templates have one)."""
    try:
        return render(state, request, "404.html", code, status=404)
    except Exception:  # a missing template must not turn a 404 into a 500
        lang = language(request.headers.get("accept-language"))
        text = (
            "Aucune salle ne porte ce code." if lang == "fr" else "There is no room with that code."
        )
        return HTMLResponse(
            f'<!doctype html><html lang="{lang}"><meta charset="utf-8"><title>404</title>'
            f'<p>{text}</p><p><a href="/">Peanut Club</a></p></html>',
            status_code=404,
        )


@router.get("/", response_class=HTMLResponse)
async def landing(request: Request, state: State) -> Response:
    return render(state, request, "landing.html", None)


def game_template(game: str, page: str) -> str:
    return f"games/{game}/{page}.html"


async def room_page(state: State, request: Request, code: str, page: str) -> Response:
    """A page of one room, from its game's templates: refused while the address guesses codes,
    the 404 page if unknown."""
    try:
        room = await find_room(request, state, code)
    except RuleError as error:
        if error.code != "unknown_room":
            return refusal(error)
        elsewhere = await run_elsewhere(state, code)
        if elsewhere is None:
            return not_found(state, request, code)
        return render(
            state, request, game_template(elsewhere[1], page), elsewhere[0], game=elsewhere[1]
        )
    game = room.game_class.id
    return render(state, request, game_template(game, page), room.code, game=game)


async def run_elsewhere(state: State, code: str) -> tuple[str, str] | None:
    """With several processes: the code and game of a room another process runs, else None."""
    record = await state.rooms.directory.record_elsewhere(normalise_code(code))
    return None if record is None else (record.code, record.game)


@router.get("/r/{code}", response_class=HTMLResponse)
async def player_page(code: str, request: Request, state: State) -> Response:
    return await room_page(state, request, code, "player")


@router.get("/r/{code}/tv", response_class=HTMLResponse)
async def tv_page(code: str, request: Request, state: State) -> Response:
    return await room_page(state, request, code, "tv")


@router.get("/r/{code}/qr.svg")
async def join_qr(code: str, request: Request, state: State, to: str = "join") -> Response:
    """The QR code of the room's join link, or (`?to=recap`) of its recap image, which the
    TV's recap shows so that a phone can save the night (any other `to`: the join link)."""
    try:
        found = (await find_room(request, state, code)).code
    except RuleError as error:
        elsewhere = await run_elsewhere(state, code) if error.code == "unknown_room" else None
        if elsewhere is None:
            return refusal(error)
        found = elsewhere[0]
    url = f"{served_join_address(request, state.settings).base}/r/{found}"
    if to == "recap":
        url += "/recap.svg"
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=8, border=2, xmldecl=False)
    return Response(buffer.getvalue(), media_type="image/svg+xml")


@router.get("/r/{code}/recap.svg")
async def recap_image(
    code: str, request: Request, state: State, lang: str | None = None
) -> Response:
    """The evening so far as one image to save and share (server/recap.py), in `?lang=en|fr`,
    else the browser's language (Accept-Language), else English. A room another process runs
    is rebuilt from the shared log."""
    try:
        view = public_state(await find_room(request, state, code))
    except RuleError as error:
        elsewhere = None
        if error.code == "unknown_room":
            elsewhere = await state.rooms.directory.view_elsewhere(normalise_code(code))
        if elsewhere is None:
            return refusal(error)
        view = elsewhere
    chosen = lang if lang in LANGUAGES else language(request.headers.get("accept-language"))
    return Response(
        recap_svg(recap_of(view, chosen)),
        media_type="image/svg+xml",
        headers={"cache-control": "no-cache", "content-language": chosen},
    )


@router.get("/r/{code}/history", response_class=HTMLResponse)
async def history_page(code: str, request: Request, state: State) -> Response:
    """The room's history. An evening of several games: the list of its games in order
    (`history_list.html`: each one's places, the abandoned marked, links to its own page and
    export). A room with one kept game goes straight to that game's page, as before the
    evening; with none, the room's game's page says so (the room itself must exist)."""
    code = normalise_code(code)
    kept = await state.rooms.store.games_of(code)
    if not kept:
        return await room_page(state, request, code, "history")
    if len(kept) > 1:
        return render(state, request, "history_list.html", code)
    game = kept[-1].game
    return render(state, request, game_template(game, "history"), code, game=game)


@router.get("/r/{code}/history/{record_id}", response_class=HTMLResponse)
async def game_history_page(code: str, record_id: str, request: Request, state: State) -> Response:
    """One kept game of the room, step by step, on its own game's history page (the page reads
    `record` from the body and shows that game alone). A record the room did not keep, or an
    unknown room: the not-found page."""
    code = normalise_code(code)
    directory = state.rooms.directory
    address = client_ip(request, state.settings.trusted_proxies)
    try:  # an address guessing codes is refused here as on every room's page
        await directory.check_guesser(address)
        kept = await state.rooms.store.games_of(code)
        if not kept:  # a code with neither room nor kept games counts as a guess
            await directory.knows(code, address)
    except RuleError as error:
        return refusal(error)
    found = next((g for g in kept if g.id == record_id), None)
    if found is None:
        return not_found(state, request, code)
    return render(
        state, request, game_template(found.game, "history"), code, game=found.game, record=found.id
    )


@router.get("/healthz")
async def healthz(state: State) -> dict[str, Any]:
    return {"ok": True, "rooms": len(state.rooms.rooms)}
