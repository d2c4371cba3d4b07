"""The server hosts any game that keeps the plug-in's promises: a toy game (toy_game.py) is
played through real uvicorn and real WebSockets, restarted from its SQLite log, and played by a
bot, with nothing of it known to the server."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import peanutclub.server
from peanutclub.games import GAMES, register
from peanutclub.server import ServerSettings

from .harness import (
    Client,
    RunningServer,
    fast_dev_settings,
    join,
    open_client,
    page_settings,
    run,
    serve,
    watch,
    write_pages,
)
from .toy_game import TakeAway

SERVER = Path(peanutclub.server.__file__).parent


@pytest.fixture
def toy() -> Iterator[type[TakeAway]]:
    """Take-away is hosted for the length of one test, never in production."""
    register(TakeAway)
    try:
        yield TakeAway
    finally:
        GAMES.pop(TakeAway.id)


def toy_settings(tmp_path: Path, **extra: Any) -> ServerSettings:
    (tmp_path / "pages").mkdir(exist_ok=True)
    return fast_dev_settings(write_pages(tmp_path / "pages"), **extra)


def create(server: RunningServer, **body: Any) -> dict[str, Any]:
    response = httpx.post(f"{server.base}/api/rooms", json={"game": "take-away", **body})
    assert response.status_code == 201, response.text
    room: dict[str, Any] = response.json()
    return room


async def seat_two(server: RunningServer, room: dict[str, Any]) -> tuple[Client, Client]:
    ana = await join(server, room["code"], "Ana", host_token=room["host_token"])
    bo = await join(server, room["code"], "Bo")
    return ana, bo


def test_the_server_imports_no_game_package() -> None:
    for path in sorted(SERVER.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            modules = []
            if isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module]
            elif isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
            for module in modules:
                assert not module.startswith("peanutclub.games."), f"{path.name}: {module}"
                assert module.split(".")[:2] != ["peanutclub", "engine"], f"{path.name}"


def test_a_registered_game_is_listed_with_its_settings_bounds(
    toy: type[TakeAway], tmp_path: Path
) -> None:
    with serve(toy_settings(tmp_path)) as server:
        games = httpx.get(f"{server.base}/api/games").json()
    listed = {g["id"]: g for g in games}
    assert set(listed) == {"peanut-club", "peanuts", "nur-peanuts", "take-away"}
    assert [g["id"] for g in games][:2] == ["peanut-club", "peanuts"]
    assert listed["take-away"] == {
        "id": "take-away",
        "name": {"en": "Take-away", "fr": "À emporter"},
        "players": {"min": 2, "max": 4},
        "settings": {
            # Every game has the guided first game, declared once in core.
            "guide": {"default": True, "kind": "yes_no"},
            "pile": {"default": 10, "kind": "number", "min": 4, "max": 30},
            "turn_seconds": {"default": 20, "kind": "number", "min": 5, "max": 60},
        },
        "bots": ["first"],
        "awards": {},  # a game without awards names none
    }


def test_a_toy_game_is_played_through_real_websockets(toy: type[TakeAway], tmp_path: Path) -> None:
    async def body(server: RunningServer) -> None:
        room = create(server, pile=5)
        assert room["game"] == "take-away"
        summary = httpx.get(f"{server.base}/api/rooms/{room['code']}").json()
        assert summary["game"] == "take-away" and summary["settings"]["pile"] == 5
        ana, bo = await seat_two(server, room)
        tv = await watch(server, room["code"])
        assert ana.view is not None and ana.view["game"] == "take-away"
        assert ana.view["phase"] == "lobby" and ana.view["you"] == {"seat": 0, "secret": None}
        await ana.send(type="start")
        started = await bo.until(lambda m: m["type"] == "state" and m["state"]["phase"] != "lobby")
        secret = started["state"]["you"]["secret"]
        assert isinstance(secret, int)
        # a move of another game is not a move of this one; a move out of turn is the game's
        await bo.send(type="bid", amount=1, currency="dollars", ref="other")
        assert (await bo.error("bad_message"))["ref"] == "other"
        await bo.send(type="take", count=1)
        await bo.error("not_your_turn")
        await ana.send(type="take", count=2)
        patch = await tv.until(lambda m: m["type"] == "patch")
        assert (patch["pile"], patch["turn"], patch["deadline_kind"]) == (3, 1, "turn")
        assert patch["events"] == [{"type": "take", "seat": 0, "count": 2}]
        await bo.send(type="take", count=3)
        over = await ana.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "over")
        assert over["state"]["winner"] == 1 and over["state"]["deadline"] is None
        # nobody but Bo ever received Bo's secret
        for client in (ana, tv):
            assert all(str(secret) not in frame for frame in client.frames)
        games = httpx.get(f"{server.base}/api/rooms/{room['code']}/games").json()["games"]
        export = httpx.get(f"{server.base}{games[0]['export']}").json()
        assert (export["game"], export["result"], export["settings"]["pile"]) == (
            "take-away",
            {"winner": 1},
            5,
        )
        history = httpx.get(f"{server.base}{games[0]['history']}").json()
        assert history["game"] == "take-away" and len(history["steps"]) == 2

    with serve(toy_settings(tmp_path)) as server:
        run(body(server))


def test_a_room_of_an_unknown_game_is_refused(tmp_path: Path) -> None:
    with serve(toy_settings(tmp_path)) as server:
        response = httpx.post(f"{server.base}/api/rooms", json={"game": "take-away"})
        assert response.status_code == 422 and response.json()["code"] == "unknown_game"
        wrong_type = httpx.post(f"{server.base}/api/rooms", json={"game": 3})
        assert wrong_type.status_code == 400 and wrong_type.json()["code"] == "bad_message"
        # another game's setting is not one of Peanut Club's: named as such
        other = httpx.post(f"{server.base}/api/rooms", json={"pile": 5})
        assert other.status_code == 400 and other.json()["code"] == "bad_settings"
        assert other.json()["message"].startswith("pile is not a setting of this game")


def test_a_toy_game_out_of_its_bounds_is_refused(toy: type[TakeAway], tmp_path: Path) -> None:
    (tmp_path / "pages").mkdir(exist_ok=True)
    with serve(page_settings(write_pages(tmp_path / "pages"))) as server:
        response = httpx.post(f"{server.base}/api/rooms", json={"game": "take-away", "pile": 2})
        assert response.status_code == 400 and response.json()["code"] == "bad_settings"


def test_a_toy_game_restarts_from_its_sqlite_log(toy: type[TakeAway], tmp_path: Path) -> None:
    settings = toy_settings(tmp_path, store="sqlite", db=tmp_path / "toy.db")

    async def first(server: RunningServer) -> tuple[str, str, int]:
        room = create(server, pile=9)
        ana, bo = await seat_two(server, room)
        await ana.send(type="start")
        await ana.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "playing")
        await ana.send(type="take", count=3)
        await bo.until(lambda m: m["type"] == "patch")
        assert bo.token is not None and bo.view is not None
        return room["code"], bo.token, bo.seq

    async def second(server: RunningServer, code: str, token: str, seq: int) -> None:
        bo = await open_client(server, code)
        await bo.send(type="resume", token=token)
        welcome = await bo.until(lambda m: m["type"] == "welcome")
        state = welcome["state"]
        assert (state["game"], state["pile"], state["turn"], welcome["seat"]) == (
            "take-away",
            6,
            1,
            1,
        )
        assert welcome["seq"] >= seq and state["deadline_kind"] == "turn"
        await bo.send(type="take", count=1)
        patch = await bo.until(lambda m: m["type"] == "patch")
        assert patch["pile"] == 5

    with serve(settings) as server:
        code, token, seq = run(first(server))
    with serve(settings) as server:
        run(second(server, code, token, seq))


def test_a_bot_plays_the_toy_game_to_its_end(toy: type[TakeAway], tmp_path: Path) -> None:
    async def body(server: RunningServer) -> None:
        room = create(server, pile=6)
        ana = await join(server, room["code"], "Ana", host_token=room["host_token"])
        await ana.send(type="add_bot", level="first")
        await ana.until(lambda m: m["type"] == "state" and len(m["state"]["players"]) == 2)
        await ana.send(type="add_bot", level="nobody")
        await ana.error("bad_message")
        await ana.send(type="start")
        while True:
            message = await ana.until(lambda m: m["type"] in ("state", "patch"))
            view = ana.view
            assert view is not None
            if view["phase"] == "over":
                break
            if view["turn"] == 0 and message["type"] in ("state", "patch"):
                await ana.send(type="take", count=1)
        assert ana.view is not None and ana.view["winner"] == 1  # 6 tokens taken one by one

    with serve(toy_settings(tmp_path)) as server:
        run(body(server))


class PacedBot:
    """Takes one token whenever it is its turn, after the pause its game says a person needs:
    4 s before its first look, then 2 s after each view it saw."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.looked: list[dict[str, Any] | None] = []

    def pause(self, view: dict[str, Any] | None) -> float:
        self.looked.append(view)
        return 4.0 if view is None else 2.0

    def decide(self, view: dict[str, Any]) -> Any:
        from .toy_game import Take

        return Take(self.seat, 1) if view["turn"] == self.seat else None


def test_a_bot_waits_the_pause_its_game_gives_times_the_servers_pace(
    toy: type[TakeAway],
) -> None:
    import asyncio

    from .harness import Viewer, manual_room

    bots = dict(toy.bots)
    made: list[PacedBot] = []

    def paced(seat: int, seed: int) -> PacedBot:
        made.append(PacedBot(seat, seed))
        return made[-1]

    def bot_seen() -> list[dict[str, Any] | None]:
        return made[0].looked

    toy.bots = {**bots, "paced": paced}  # type: ignore[misc]

    async def body() -> None:
        room, clock, _ = await manual_room(
            "PACE", {"turn_seconds": 60}, ServerSettings(bot_pace=0.5), game=toy.id
        )
        host = Viewer()
        await room.join(host, "Ana", "host", None)
        await room.add_bot(host, "paced", None, None)
        await room.start(host, None)
        await asyncio.sleep(0)  # the bot's task starts and asks for its first pause
        game: Any = room.game
        # the bot's turn now
        await room.act(toy.action_from_dict({"type": "take", "seat": 0, "count": 1}))
        await clock.advance(1.99)  # 4 s × 0.5 = 2 s: not yet
        assert len(game.log) == 1
        await clock.advance(0.02)
        assert len(game.log) == 2 and game.log[-1].seat == 1
        bot_views = [v for v in bot_seen() if v is not None]
        assert bot_views and bot_views[-1]["you"]["seat"] == 1  # the pause sees the bot's view
        await room.close()

    try:
        asyncio.run(body())
    finally:
        toy.bots = bots  # type: ignore[misc]


def test_the_fourth_game_joins_the_evening_and_the_log_rebuilds_it(toy: type[TakeAway]) -> None:
    """A game the platform never saw gives its places through `placings()`: the evening keys it
    on its own id, counts it, and a room restored from its log has the same evening."""
    import asyncio

    from peanutclub.server.clock import ManualClock
    from peanutclub.server.room import Room
    from peanutclub.server.views import public_state

    from .harness import Viewer, manual_room

    async def body() -> None:
        room, _, store = await manual_room("EVEN", {"pile": 4, "turn_seconds": 60}, game=toy.id)
        ana, bo, cy = Viewer(), Viewer(), Viewer()
        await room.join(ana, "Ana", "host", None)
        await room.join(bo, "Bo", None, None)
        await room.join(cy, "Cy", None, None)
        await room.start(ana, None)
        game: Any = room.game
        assert game.placings() is None
        for seat, count in ((0, 1), (1, 3)):  # Bo takes the last tokens and wins
            await room.act(toy.action_from_dict({"type": "take", "seat": seat, "count": count}))
        assert game.placings() == [2, 1, 2]
        evening = cy.last["state"]["evening"]
        assert [(g["game"], g["abandoned"]) for g in evening["games"]] == [(toy.id, False)]
        assert [p["place"] for p in evening["games"][0]["placings"]] == [2, 1, 2]
        # Bo beat two players; Ana and Cy tied second: half a point each
        assert evening["standings"] == [
            {"seat": 1, "name": "Bo", "points": 2.0},
            {"seat": 0, "name": "Ana", "points": 0.5},
            {"seat": 2, "name": "Cy", "points": 0.5},
        ]
        await room.rematch(ana, None)
        await room.start(ana, None)
        await room.end_game(ana, None)
        live = public_state(room)["evening"]
        assert [g["abandoned"] for g in live["games"]] == [False, True]
        assert live["standings"] == evening["standings"]
        loaded = await store.load("EVEN")
        assert loaded is not None
        restored = Room.restore(*loaded, room.settings, store, ManualClock())
        assert public_state(restored)["evening"] == live
        await room.close()

    asyncio.run(body())


def test_a_rematch_the_store_refused_leaves_the_evening_as_it_was(toy: type[TakeAway]) -> None:
    """The evening moves with the log: a `rematch` the store cannot take is undone, the finished
    game stays on the table and is counted once, not kept twice once the rematch goes through."""
    import asyncio

    from peanutclub.server.store import LogEntry
    from peanutclub.server.views import public_state

    from .harness import Viewer, manual_room

    async def body() -> None:
        room, _, store = await manual_room("FULL", {"pile": 2, "turn_seconds": 60}, game=toy.id)
        ana, bo = Viewer(), Viewer()
        await room.join(ana, "Ana", "host", None)
        await room.join(bo, "Bo", None, None)
        await room.start(ana, None)
        await room.act(toy.action_from_dict({"type": "take", "seat": 0, "count": 2}))
        before = public_state(room)["evening"]
        appended = store.append

        async def full_disk(code: str, entry: LogEntry) -> None:
            raise OSError("disk full")

        store.append = full_disk  # type: ignore[method-assign]
        with pytest.raises(OSError):
            await room.rematch(ana, None)
        assert room.evening_games == [] and room.game is not None and room.game.over
        assert public_state(room)["evening"] == before
        store.append = appended  # type: ignore[method-assign]
        await room.rematch(ana, None)
        assert public_state(room)["evening"] == before  # the same one game, now left behind
        await room.close()

    asyncio.run(body())
