"""The HTML pages, the join QR code and the health check.

Pages are Jinja2 templates from the top-level `templates/` folder (shipped inside the wheel), each
rendered with `code` and `lang` only: everything else reaches the page over the WebSocket.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import segno
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from peanutclub.engine import RuleError
from peanutclub.server.api import State, base_url, find_room, refusal
from peanutclub.server.codes import normalise_code

if TYPE_CHECKING:
    from peanutclub.server.app import ServerState

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
    state: ServerState, request: Request, name: str, code: str | None, status: int = 200
) -> Response:
    context: dict[str, Any] = {
        "code": code,
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


async def room_page(state: State, request: Request, code: str, template: str) -> Response:
    """A page of one room: refused while the address guesses codes, the 404 page if unknown."""
    try:
        room = find_room(request, state, code)
    except RuleError as error:
        return refusal(error)
    if room is None:
        return not_found(state, request, code)
    return render(state, request, template, room.code)


@router.get("/r/{code}", response_class=HTMLResponse)
async def player_page(code: str, request: Request, state: State) -> Response:
    return await room_page(state, request, code, "player.html")


@router.get("/r/{code}/tv", response_class=HTMLResponse)
async def tv_page(code: str, request: Request, state: State) -> Response:
    return await room_page(state, request, code, "tv.html")


@router.get("/r/{code}/qr.svg")
async def join_qr(code: str, request: Request, state: State) -> Response:
    try:
        room = find_room(request, state, code)
    except RuleError as error:
        return refusal(error)
    if room is None:
        return JSONResponse({"code": "unknown_room", "message": "No such room."}, status_code=404)
    base = base_url(request, state.settings.public_url, state.settings.host)
    url = f"{base}/r/{room.code}"
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=8, border=2, xmldecl=False)
    return Response(buffer.getvalue(), media_type="image/svg+xml")


@router.get("/r/{code}/history", response_class=HTMLResponse)
async def history_page(code: str, request: Request, state: State) -> Response:
    """A finished game of this room, lot by lot, every hand revealed (from its kept export)."""
    code = normalise_code(code)
    if not await state.rooms.store.games_of(code):  # no game kept: the room itself must exist
        return await room_page(state, request, code, "history.html")
    return render(state, request, "history.html", code)


@router.get("/healthz")
async def healthz(state: State) -> dict[str, Any]:
    return {"ok": True, "rooms": len(state.rooms.rooms)}
