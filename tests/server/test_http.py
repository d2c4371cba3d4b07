"""The HTTP side: rooms API, pages, QR code, static files, health, and security headers."""

from __future__ import annotations

import httpx
import pytest

from peanutclub.server.codes import ALPHABET

from .harness import RunningServer

PAGES = ("/", "/r/{code}", "/r/{code}/tv")


def test_creating_a_room_returns_its_code_links_and_host_token(dev_server: RunningServer) -> None:
    room = dev_server.create_room()
    assert set(room) == {"code", "game", "host_token", "join_url", "tv_url"}
    assert room["game"] == "peanut-club"
    assert len(room["code"]) == 4 and set(room["code"]) <= set(ALPHABET)
    assert room["join_url"] == f"{dev_server.base}/r/{room['code']}"
    assert room["tv_url"] == f"{dev_server.base}/r/{room['code']}/tv"
    assert len(room["host_token"]) >= 32


def test_every_error_message_is_served_in_english_and_french(dev_server: RunningServer) -> None:
    """The pages translate refusals from `GET /api/errors`: every code a room here may answer
    with (the platform's and every game's), each with its two sentences, and `unknown`."""
    from peanutclub.core.errors import UNKNOWN
    from peanutclub.games import every_code

    served = httpx.get(f"{dev_server.base}/api/errors").json()
    assert set(served) == {"en", "fr"}
    for index, lang in enumerate(("en", "fr")):
        assert served[lang] == {
            **{code: texts[index] for code, texts in every_code().items()},
            "unknown": UNKNOWN[index],
        }


def test_room_codes_have_no_look_alike_letters() -> None:
    assert not set(ALPHABET) & set("AEIOUBSZQ0125")


def test_room_summary_is_public_and_unknown_rooms_are_404(dev_server: RunningServer) -> None:
    room = dev_server.create_room(idle_seconds=0)
    response = httpx.get(f"{dev_server.base}/api/rooms/{room['code'].lower()}")
    assert response.status_code == 200
    summary = response.json()
    assert summary["code"] == room["code"] and summary["phase"] == "lobby"
    assert summary["settings"]["idle_seconds"] == 0
    assert room["host_token"] not in response.text
    missing = httpx.get(f"{dev_server.base}/api/rooms/ZZZZ")
    assert missing.status_code == 404 and missing.json()["code"] == "unknown_room"


@pytest.mark.parametrize(
    "body",
    [
        {"going_step_seconds": 0.5},
        {"idle_seconds": 61},
        {"pay_seconds": 9},
        {"settings": {"pay_seconds": 1000}},
        {"seed": 4},
    ],
)
def test_out_of_bounds_settings_and_seeds_are_refused_outside_dev(
    prod_server: RunningServer, body: dict[str, object]
) -> None:
    response = httpx.post(f"{prod_server.base}/api/rooms", json=body)
    assert response.status_code == 400
    assert response.json()["code"] == "bad_settings"


@pytest.mark.parametrize("body", [b"[1]", b"{oops", b'"pay_seconds"', b'{"game": 3}'])
def test_malformed_room_bodies_are_refused(prod_server: RunningServer, body: bytes) -> None:
    response = httpx.post(f"{prod_server.base}/api/rooms", content=body)
    assert response.status_code == 400
    assert response.json()["code"] == "bad_message"


@pytest.mark.parametrize("body", [b'{"colour": "red"}', b'{"pay_seconds": "9"}'])
def test_a_body_with_a_wrong_setting_names_it(prod_server: RunningServer, body: bytes) -> None:
    """An unknown setting or a wrong value is a room setting refused (`bad_settings`), whose
    message starts with the setting's name: the whole body is not thrown back as malformed."""
    response = httpx.post(f"{prod_server.base}/api/rooms", content=body)
    assert response.status_code == 400
    answer = response.json()
    assert answer["code"] == "bad_settings"
    assert answer["message"].split(" ", 1)[0] in body.decode()


def test_dev_mode_accepts_zero_steps_and_a_seed(dev_server: RunningServer) -> None:
    room = dev_server.create_room(going_step_seconds=0, idle_seconds=0.01, pay_seconds=0, seed=3)
    assert room["code"]


def test_bounds_hold_in_production_too(prod_server: RunningServer) -> None:
    room = prod_server.create_room(going_step_seconds=1, idle_seconds=0, pay_seconds=300)
    assert room["code"]


@pytest.mark.parametrize("page", PAGES)
def test_pages_render_with_code_and_language(dev_server: RunningServer, page: str) -> None:
    code = dev_server.create_room()["code"]
    url = dev_server.base + page.format(code=code.lower())
    english = httpx.get(url)
    assert english.status_code == 200
    assert english.headers["content-type"].startswith("text/html")
    expected_code = "None" if page == "/" else code
    assert f"{expected_code} en" in english.text
    french = httpx.get(url, headers={"accept-language": "de-DE,fr;q=0.8,en;q=0.5"})
    assert f"{expected_code} fr" in french.text
    assert "en" in httpx.get(url, headers={"accept-language": "fr;q=0.2, en"}).text.split()[-1]


@pytest.mark.parametrize("page", ["/r/ZZZZ", "/r/ZZZZ/tv"])
def test_unknown_room_pages_are_404(dev_server: RunningServer, page: str) -> None:
    response = httpx.get(dev_server.base + page)
    assert response.status_code == 404
    assert "text/html" in response.headers["content-type"]


@pytest.mark.parametrize("page", [*PAGES, "/r/ZZZZ", "/healthz", "/static/app.js"])
def test_security_headers_on_every_response(dev_server: RunningServer, page: str) -> None:
    code = dev_server.create_room()["code"]
    response = httpx.get(dev_server.base + page.format(code=code))
    csp = response.headers["content-security-policy"]
    host = dev_server.base.removeprefix("http://")
    assert "script-src 'self'" in csp and "'unsafe-inline'" not in csp
    assert f"ws://{host}" in csp and f"wss://{host}" in csp
    assert "frame-ancestors 'none'" in csp
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"
    assert response.headers["x-frame-options"] == "DENY"


def test_join_qr_code_is_an_svg(dev_server: RunningServer) -> None:
    code = dev_server.create_room()["code"]
    response = httpx.get(f"{dev_server.base}/r/{code}/qr.svg")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert response.text.lstrip().startswith("<svg")
    assert httpx.get(f"{dev_server.base}/r/ZZZZ/qr.svg").status_code == 404


def test_static_files_and_health(dev_server: RunningServer) -> None:
    static = httpx.get(f"{dev_server.base}/static/app.js")
    assert static.status_code == 200 and "hello" in static.text
    assert httpx.get(f"{dev_server.base}/static/nope.js").status_code == 404
    health = httpx.get(f"{dev_server.base}/healthz")
    assert health.status_code == 200 and health.json()["ok"] is True
