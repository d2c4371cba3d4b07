"""What `transport.py` and `wire.py` read inside uvicorn and websockets that those libraries do not
promise to keep: every attribute listed in `transport.REACHED` is where it is expected on a real
connection of the installed releases. When a release moves one, the first test fails naming it,
and the second shows what the server does meanwhile: it says so once in its log and sends that
connection's frames the ASGI way, so no connection breaks."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest

from peanutclub.server import ServerSettings, create_app, transport

from .harness import join, run, serve_app
from .test_wire import connections


@pytest.fixture
def served() -> Iterator[tuple[Any, Any, Any]]:
    settings = ServerSettings(dev=True, store="memory")
    app = create_app(settings)
    with serve_app(app, settings) as (server, loop):
        yield server, loop, app


def checked_owners(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The owners `reach` is asked about, in order (the checks must run to mean anything)."""
    asked: list[str] = []
    reach = transport.reach

    def counted(owner: str, instance: object) -> bool:
        asked.append(owner)
        return reach(owner, instance)

    monkeypatch.setattr(transport, "reach", counted)
    return asked


def test_every_private_attribute_the_server_reads_is_where_it_is_expected(
    served: tuple[Any, Any, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    server, loop, app = served
    monkeypatch.setattr(transport, "MISSING", set())
    asked = checked_owners(monkeypatch)

    async def body() -> None:
        room = server.create_room()
        client = await join(server, room["code"], "Ana")
        (connection,) = connections(loop, app, room["code"])
        await client.ws.close()
        moved = sorted(transport.MISSING)
        assert not moved, (
            "a release of uvicorn or websockets moved what peanutclub/server/transport.py and "
            f"wire.py read: {', '.join(moved)}; follow the move, or keep the ranges pinned in "
            "pyproject.toml"
        )
        assert connection.wire is not None and connection.wire.reachable

    run(body())
    assert set(asked) == set(transport.REACHED), asked


def test_a_moved_attribute_is_named_once_and_frames_take_the_asgi_path(
    served: tuple[Any, Any, Any],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    server, loop, app = served
    monkeypatch.setattr(transport, "MISSING", set())
    owner = transport.WS_OWNER
    monkeypatch.setitem(transport.REACHED, owner, (*transport.REACHED[owner], "renamed_lately"))

    async def body() -> None:
        room = server.create_room()
        players = [await join(server, room["code"], name) for name in ("Ana", "Bo")]
        assert all(p.view is not None for p in players)  # welcomed all the same
        await players[0].send(type="resync", ref="r")
        state = await players[0].until(lambda m: m.get("ref") == "r")
        assert [p["name"] for p in state["state"]["players"]] == ["Ana", "Bo"]
        assert all(c.wire is None for c in connections(loop, app, room["code"]))
        for player in players:
            await player.ws.close()

    with caplog.at_level(logging.WARNING, logger=transport.__name__):
        run(body())
    assert {f"{owner}.renamed_lately"} == transport.MISSING
    named = [r for r in caplog.records if "renamed_lately" in r.getMessage()]
    assert len(named) == 1  # once, not per connection


def test_an_object_without_them_is_reported_by_name() -> None:
    class Elsewhere:
        parser = None

    before = set(transport.MISSING)
    try:
        assert not transport.reach(transport.CONN_OWNER, Elsewhere())
        assert transport.MISSING - before == {
            f"{transport.CONN_OWNER}.extensions",
            f"{transport.CONN_OWNER}.state",
        }
    finally:
        transport.MISSING.intersection_update(before)
