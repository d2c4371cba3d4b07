"""Settings from the environment and the command line; small pure helpers of the server."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest
from pydantic import ValidationError
from starlette.requests import Request

from peanutclub.cli import build_parser
from peanutclub.games.peanut_club import PeanutClub
from peanutclub.games.peanut_club import Settings as PaceSettings
from peanutclub.games.peanut_club.engine import RuleError
from peanutclub.server import http
from peanutclub.server.cli import settings_from
from peanutclub.server.clock import ManualClock
from peanutclub.server.codes import ALPHABET, new_code, new_token, normalise_code
from peanutclub.server.directory import LocalDirectory
from peanutclub.server.pages import language
from peanutclub.server.rooms import Rooms
from peanutclub.server.settings import GC_THRESHOLDS, ServerSettings
from peanutclub.server.store import MemoryStore


def test_settings_come_from_the_environment_then_the_command_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PEANUTCLUB_PORT", "9001")
    monkeypatch.setenv("PEANUTCLUB_RATE_BURST", "5")
    args = build_parser().parse_args(["serve", "--host", "0.0.0.0", "--db", "rooms.db"])
    settings = settings_from(args)
    assert (settings.host, settings.port, settings.rate_burst) == ("0.0.0.0", 9001, 5)
    assert str(settings.db) == "rooms.db" and settings.dev is False
    assert settings_from(build_parser().parse_args(["serve", "--port", "9002"])).port == 9002


def test_dev_mode_makes_bots_quick_unless_told_otherwise() -> None:
    assert ServerSettings(dev=True).bot_delay_max < 0.5
    assert ServerSettings().bot_delay_min >= 0.5
    assert ServerSettings(dev=True, bot_delay_min=1, bot_delay_max=2).bot_delay_max == 2


def test_room_setting_bounds() -> None:
    base = PaceSettings()
    assert base.merged({"idle_seconds": 0}, dev=False).model_dump()["idle_seconds"] == 0
    for bad in ({"going_step_seconds": 0}, {"idle_seconds": 1}, {"pay_seconds": 5}):
        with pytest.raises(ValueError):
            base.merged(bad, dev=False)
        assert base.merged(bad, dev=True)
    with pytest.raises(ValueError):
        base.merged({"pay_seconds": -1}, dev=True)


def test_the_default_pages_folders_exist() -> None:
    settings = ServerSettings()
    assert settings.templates_dir.is_dir() and settings.static_dir.is_dir()


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, "en"),
        ("fr-FR,fr;q=0.9,en;q=0.8", "fr"),
        ("de, en;q=0.5, fr;q=0.7", "fr"),
        ("es, it", "en"),
        ("fr;q=0, en", "en"),
        ("FR", "fr"),
        ("fr;q=abc", "en"),
    ],
)
def test_page_language_follows_accept_language(header: str | None, expected: str) -> None:
    assert language(header) == expected


def test_codes_are_short_readable_and_case_insensitive() -> None:
    codes = {new_code() for _ in range(200)}
    assert all(len(c) == 4 and set(c) <= set(ALPHABET) for c in codes)
    assert normalise_code(" kTrW ") == "KTRW"
    assert len({new_token() for _ in range(50)}) == 50


def _request(host: str) -> Request:
    return Request(
        {
            "type": "http",
            "scheme": "http",
            "server": (host, 8000),
            "path": "/",
            "headers": [(b"host", f"{host}:8000".encode())],
            "query_string": b"",
        }
    )


def test_links_name_the_lan_address_when_the_tv_uses_localhost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(http, "lan_address", lambda: "192.168.1.20")
    local = _request("localhost")
    assert http.base_url(local, None, "0.0.0.0") == "http://192.168.1.20:8000"
    assert http.base_url(local, None, "127.0.0.1") == "http://localhost:8000"
    assert http.base_url(_request("10.0.0.5"), None, "0.0.0.0") == "http://10.0.0.5:8000"
    assert http.base_url(local, "https://club.example/", "0.0.0.0") == "https://club.example"


def test_one_address_may_open_only_so_many_rooms() -> None:
    async def body() -> None:
        rooms = Rooms(
            LocalDirectory(ServerSettings(max_rooms_per_address=2), MemoryStore(), ManualClock())
        )
        await rooms.create(PeanutClub, {}, creator="10.0.0.1")
        await rooms.create(PeanutClub, {}, creator="10.0.0.1")
        await rooms.create(PeanutClub, {}, creator="10.0.0.2")
        with pytest.raises(RuleError) as refused:
            await rooms.create(PeanutClub, {}, creator="10.0.0.1")
        assert refused.value.code == "rate_limited"

    asyncio.run(body())


def test_abandoned_rooms_are_closed_after_their_time() -> None:
    async def body() -> None:
        clock = ManualClock()
        rooms = Rooms(
            LocalDirectory(ServerSettings(room_idle_ttl_seconds=60), MemoryStore(), clock)
        )
        room = await rooms.create(PeanutClub, {}, creator="10.0.0.1")
        await rooms.sweep()
        assert rooms.get(room.code) is room
        clock.now += 61
        await rooms.sweep()
        assert rooms.get(room.code) is None and rooms.created_by["10.0.0.1"] == 0

    asyncio.run(body())


def test_serving_keeps_every_collector_pass_short_and_full_passes_rare() -> None:
    """`tune_gc` changes the whole process, so it runs in a child: start-up objects frozen, young
    passes as Python sizes them (larger ones were long pauses), a middle pass after at most two
    young ones (so each is short), and at least 10,000 young passes between full passes."""
    probe = (
        "import gc, json; from peanutclub.server.cli import tune_gc; tune_gc(); "
        "print(json.dumps([list(gc.get_threshold()), gc.get_freeze_count()]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    (young, middle, full), frozen = json.loads(done.stdout)
    assert frozen > 10_000
    assert young == 700
    assert middle <= 1
    assert (middle + 1) * full >= 10_000


def test_the_collector_thresholds_may_be_set_for_a_comparison(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The eighth pass's A/B (docs/performance.md) runs the server with the former thresholds."""
    assert ServerSettings().gc_thresholds == GC_THRESHOLDS
    monkeypatch.setenv("PEANUTCLUB_GC_THRESHOLDS", "[700, 10, 1000]")
    assert ServerSettings().gc_thresholds == (700, 10, 1000)
    monkeypatch.setenv("PEANUTCLUB_GC_THRESHOLDS", "[700, -1, 1000]")
    with pytest.raises(ValidationError):
        ServerSettings()
