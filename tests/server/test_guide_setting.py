"""The guided first game (`guide`), a yes/no setting every game has, over real sockets: on by
default in a room's first game of a kind, off once the evening holds a game of that kind (after
a rematch, an ended game, a switch back), and the host's to change like any setting."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from peanutclub.games import GAMES

from .harness import Client, RunningServer, run
from .players import FAST, watched_table


def is_state(ref: str) -> Any:
    """A predicate: the whole state that answers `ref`."""
    return lambda m: m["type"] == "state" and m.get("ref") == ref


async def guide_after(tv: Client, ref: str, **message: Any) -> bool:
    """Send `message` from the TV (as `ref`) and read the guide setting of the state it causes."""
    await tv.send(ref=ref, **message)
    answer = await tv.until(is_state(ref))
    guide: bool = answer["state"]["settings"]["guide"]
    return guide


def test_every_game_lists_the_guide_as_a_yes_no_setting_on_by_default(
    dev_server: RunningServer,
) -> None:
    listed = {g["id"]: g["settings"] for g in httpx.get(f"{dev_server.base}/api/games").json()}
    assert set(listed) >= set(GAMES)
    for game_id in GAMES:
        assert listed[game_id]["guide"] == {"default": True, "kind": "yes_no"}, game_id


def test_the_guide_is_on_in_a_first_game_and_off_after_a_rematch_or_a_switch_back(
    dev_server: RunningServer,
) -> None:
    async def body() -> None:
        _, tv, players = await watched_table(dev_server, seed=5, **FAST)
        assert await guide_after(tv, "look", type="resync") is True

        # The host turns it off and on like any setting; a wrong value changes nothing.
        assert await guide_after(tv, "off", type="settings", guide=False) is False
        await tv.send(type="settings", guide="please", ref="bad")
        assert (await tv.error("bad_settings"))["ref"] == "bad"
        assert await guide_after(tv, "still", type="resync") is False
        assert await guide_after(tv, "on", type="settings", guide=True) is True

        await tv.send(type="start", ref="go")
        await tv.until(is_state("go"))
        # A rematch: the evening holds a Peanut Club game now, so the next one is unguided.
        assert await guide_after(tv, "again", type="rematch") is False
        # A game of another kind is the evening's first of its kind: guided.
        assert await guide_after(tv, "race", type="switch_game", game="peanuts") is True
        await tv.send(type="start", ref="race-go")
        await tv.until(is_state("race-go"))
        # A game the host ended counts as played too.
        assert await guide_after(tv, "stop", type="end_game") is False
        assert await guide_after(tv, "back", type="switch_game", game="peanut-club") is False
        assert await guide_after(tv, "dice", type="switch_game", game="nur-peanuts") is True
        # The host may guide a game the evening already played.
        await guide_after(tv, "club", type="switch_game", game="peanut-club")
        assert await guide_after(tv, "teach", type="settings", guide=True) is True
        for p in players:
            state = await p.until(
                lambda m: (
                    m["type"] == "state"
                    and m["state"]["settings"]["guide"] is True
                    and m["state"]["game"] == "peanut-club"
                    and m["state"]["phase"] == "lobby"
                    and any(e.get("type") == "settings_changed" for e in m.get("events", []))
                )
            )
            assert state["state"]["you"] is not None
        await asyncio.gather(*(c.ws.close() for c in (tv, *players)))

    run(body())


def test_a_room_with_a_guide_that_is_not_yes_or_no_is_refused(dev_server: RunningServer) -> None:
    answer = httpx.post(f"{dev_server.base}/api/rooms", json={"game": "peanuts", "guide": "yes"})
    assert answer.status_code == 400
    assert answer.json()["code"] == "bad_settings"
    assert answer.json()["message"].startswith("guide must be true or false")


def test_a_room_created_without_the_guide_starts_unguided(dev_server: RunningServer) -> None:
    async def body() -> None:
        _, tv, players = await watched_table(dev_server, seed=7, guide=False, **FAST)
        assert await guide_after(tv, "look", type="resync") is False
        await asyncio.gather(*(c.ws.close() for c in (tv, *players)))

    run(body())
