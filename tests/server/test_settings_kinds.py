"""Room settings of every kind (number, yes/no, choice): how `GET /api/games` lists them, and
how a wrong one is refused, over HTTP and over the socket, with the setting named and why.

A host who sends `"board": "hexagon"` or `"turn_seconds": "30"` learns which setting is wrong and
what it takes (`bad_settings`), not that "the body must be a JSON object"; and the room keeps
every value it had.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from .harness import RunningServer, join, open_client, run, watch


def refused(server: RunningServer, body: Any) -> dict[str, Any]:
    response = httpx.post(f"{server.base}/api/rooms", json=body)
    assert response.status_code == 400, response.text
    answer: dict[str, Any] = response.json()
    return answer


def listed(server: RunningServer, game: str) -> dict[str, Any]:
    games = httpx.get(f"{server.base}/api/games").json()
    found: dict[str, Any] = next(g for g in games if g["id"] == game)["settings"]
    return found


def test_api_games_lists_each_settings_kind_and_a_choices_labels(
    prod_server: RunningServer,
) -> None:
    peanuts = listed(prod_server, "peanuts")
    assert peanuts["teams"] == {"default": False, "kind": "yes_no"}
    assert peanuts["target_score"] == {"default": 150, "kind": "number", "min": 25, "max": 500}
    board = listed(prod_server, "nur-peanuts")["board"]
    assert board["kind"] == "choice" and board["default"] == "standard"
    assert board["choices"] == ["standard", "random"]
    assert set(board["labels"]) == {"standard", "random"}
    for label in board["labels"].values():
        assert label["en"] and label["fr"] and label["en"] != label["fr"]
    idle = listed(prod_server, "peanut-club")["idle_seconds"]
    assert idle == {"default": 8, "kind": "number", "min": 3, "max": 60, "off": 0}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "nur-peanuts", "board": "hexagon"}, "board must be one of standard, random."),
        ({"game": "nur-peanuts", "turn_seconds": "30"}, "turn_seconds must be a number."),
        ({"game": "nur-peanuts", "turn_seconds": 5}, "turn_seconds must be from 10 to 120."),
        ({"game": "peanuts", "target_score": 30.5}, "target_score must be a whole number."),
        ({"game": "peanuts", "teams": "yes"}, "teams must be true or false."),
        ({"game": "peanuts", "teams": 2}, "teams must be true or false."),
        ({"idle_seconds": 1}, "idle_seconds must be from 3 to 60, or 0 to turn it off."),
        ({"settings": {"pay_seconds": "60"}}, "pay_seconds must be a number."),
    ],
)
def test_a_bad_setting_in_post_rooms_is_named_with_why(
    prod_server: RunningServer, body: dict[str, Any], message: str
) -> None:
    assert refused(prod_server, body) == {"code": "bad_settings", "message": message}


def test_a_setting_the_game_does_not_have_is_named_with_the_ones_it_has(
    prod_server: RunningServer,
) -> None:
    answer = refused(prod_server, {"game": "peanuts", "board": "random"})
    assert answer["code"] == "bad_settings"
    assert answer["message"].startswith("board is not a setting of this game")
    assert "target_score" in answer["message"]


@pytest.mark.parametrize("teams", [True, 1, False, 0])
def test_teams_is_a_switch_that_still_takes_the_0_and_1_of_older_clients(
    prod_server: RunningServer, teams: Any
) -> None:
    room = prod_server.create_room(game="peanuts", teams=teams)
    summary = httpx.get(f"{prod_server.base}/api/rooms/{room['code']}").json()
    assert summary["settings"]["teams"] is bool(teams)


def test_the_socket_names_a_bad_board_or_dice_setting_and_changes_nothing(
    prod_server: RunningServer,
) -> None:
    async def body() -> None:
        room = prod_server.create_room(game="nur-peanuts")
        tv = await watch(prod_server, room["code"], room["host_token"])
        for bad, message in [
            ({"board": "hexagon"}, "board must be one of standard, random."),
            ({"turn_seconds": "30"}, "turn_seconds must be a number."),
            ({"stone_step_seconds": 60}, "stone_step_seconds must be from 0.5 to 5."),
        ]:
            await tv.send(type="settings", ref="s", **bad)
            error = await tv.error("bad_settings")
            assert (error["message"], error["ref"]) == (message, "s")
        await tv.send(type="settings", board="random", turn_seconds=45, ref="ok")
        state = await tv.until(lambda m: m.get("ref") == "ok")
        assert state["state"]["settings"]["board"] == "random"
        assert state["state"]["settings"]["turn_seconds"] == 45
        await tv.ws.close()

    run(body())


def test_the_socket_takes_teams_as_a_switch(prod_server: RunningServer) -> None:
    async def body() -> None:
        room = prod_server.create_room(game="peanuts")
        tv = await watch(prod_server, room["code"], room["host_token"])
        await tv.send(type="settings", teams=True, ref="on")
        state = await tv.until(lambda m: m.get("ref") == "on")
        assert state["state"]["settings"]["teams"] is True
        await tv.send(type="settings", teams="on", ref="bad")
        error = await tv.error("bad_settings")
        assert error["message"] == "teams must be true or false."
        await tv.ws.close()

    run(body())


def test_a_name_over_the_limit_is_refused_naming_the_limit_not_cut(
    prod_server: RunningServer,
) -> None:
    async def body() -> None:
        room = prod_server.create_room()
        ok = await join(prod_server, room["code"], "B" * 20)
        assert ok.view is not None and ok.view["players"][0]["name"] == "B" * 20

        long = await open_client(prod_server, room["code"])
        await long.send(type="join", name="C" * 21)
        error = await long.error("bad_name")
        assert "20" in error["message"]
        await ok.ws.close()
        await long.ws.close()

    run(body())


@pytest.mark.parametrize(
    ("frame", "message"),
    [
        ({"type": "throw", "dice": "purple"}, "dice must be one of black, white, two_white."),
        ({"type": "throw"}, "dice is missing."),
        ({"type": "buy", "field": "3"}, "field: Input should be a valid integer."),
        ({"type": "settings", "colour": "red"}, "colour is not a field of this message."),
        ({"type": "hexagon"}, "There is no message of type 'hexagon' here."),
    ],
)
def test_a_bad_frame_says_which_field_is_wrong_and_what_it_takes(
    prod_server: RunningServer, frame: dict[str, Any], message: str
) -> None:
    """A Nur Peanuts! throw with a dice name it does not know is still `bad_message` (it is
    not a move at all), but the message names the field and the names it takes."""

    async def body() -> None:
        room = prod_server.create_room(game="nur-peanuts")
        ana = await join(prod_server, room["code"], "Ana")
        await ana.send(ref="f", **frame)
        error = await ana.error("bad_message")
        assert (error["message"], error["ref"]) == (message, "f")
        await ana.send(type="ping", t=1, ref="alive")  # the connection and the room survive
        await ana.until(lambda m: m["type"] == "pong")
        await ana.ws.close()

    run(body())


@pytest.mark.parametrize("length", [21, 300])
def test_any_name_over_the_limit_is_bad_name_naming_the_limit(
    prod_server: RunningServer, length: int
) -> None:
    async def body() -> None:
        room = prod_server.create_room()
        client = await open_client(prod_server, room["code"])
        await client.send(type="join", name="N" * length)
        error = await client.error("bad_name")
        assert "20" in error["message"]
        await client.ws.close()

    run(body())
