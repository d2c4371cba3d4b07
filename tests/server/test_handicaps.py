"""Handicaps over real sockets (docs/protocol.md "Handicaps"): the host gives a person's seat a
step of the game's per-seat setting in the lobby; every view says it beside that player; it is
refused (`bad_settings`, nothing changed) out of the game's steps, for a bot's seat, for a seat
nobody sits in, and once a game has started; it follows its person when seats move, leaves
with a removed seat, stays for a rematch and goes with a switch to another game; the game is
dealt with it, and its history and export say who had what."""

from __future__ import annotations

from typing import Any

import httpx

from .harness import Client, RunningServer, join, run, watch

NAMES = ["Ana", "Mamie", "Léo"]


def handicaps(view: dict[str, Any]) -> list[list[tuple[str, int]]]:
    """Each player's handicaps as a view says them: (setting, step) per seat."""
    return [[(h["setting"], h["value"]) for h in p["handicap"]] for p in view["players"]]


async def table(server: RunningServer, game: str = "peanuts", **body: Any) -> tuple[Client, ...]:
    """A room of `game`: the host's TV, then Ana, Mamie and Léo seated in that order."""
    room = server.create_room(game=game, **body)
    tv = await watch(server, room["code"], room["host_token"])
    players = [await join(server, room["code"], name) for name in NAMES]
    await tv.until(lambda m: m["type"] == "state" and len(m["state"]["players"]) == 3)
    return (tv, *players)


async def settle(clients: tuple[Client, ...], ref: str) -> None:
    """The host's change with `ref` has reached everyone (each client's next whole state)."""
    await clients[0].until(lambda m: m.get("ref") == ref)
    for c in clients[1:]:
        await c.until(lambda m: m["type"] == "state" and m["seq"] >= clients[0].seq)


def test_the_host_gives_a_seat_a_handicap_and_every_view_says_it(dev_server: RunningServer) -> None:
    async def body() -> None:
        clients = await table(dev_server)
        tv = clients[0]
        await tv.send(type="settings", pile={"1": 16}, ref="h")
        await settle(clients, "h")
        for c in clients:
            assert c.view is not None
            assert handicaps(c.view) == [[], [("pile", 16)], []]
            assert c.view["settings"]["pile"] == {"1": 16}
        mamie = clients[2].view["players"][1]["handicap"][0]  # type: ignore[index]
        assert mamie["label"] == {"en": "16 cards (a handicap)", "fr": "16 cartes (un handicap)"}
        assert mamie["title"]["fr"] == "Tas de peanuts"
        # the deal gives Mamie a pile of 16, and every view still says why
        await tv.send(type="start", ref="go")
        await settle(clients, "go")
        assert tv.view is not None and tv.view["phase"] != "lobby"
        assert [p["peanuts"]["left"] for p in tv.view["players"]] == [13, 16, 13]
        assert handicaps(tv.view) == [[], [("pile", 16)], []]
        for c in clients:
            await c.ws.close()

    run(body())


def test_a_handicap_out_of_range_for_a_bot_for_nobody_or_after_the_start_is_refused(
    dev_server: RunningServer,
) -> None:
    async def body() -> None:
        clients = await table(dev_server, "nur-peanuts")
        tv = clients[0]
        await tv.send(type="add_bot", level="normal", ref="b")
        await tv.until(lambda m: m.get("ref") == "b")
        await tv.send(type="settings", start_cash={"2": 10700}, ref="ok")
        await tv.until(lambda m: m.get("ref") == "ok")
        kept = tv.view
        assert kept is not None and kept["settings"]["start_cash"] == {"2": 10700}
        for bad, words in (
            ({"1": 9800}, "start_cash for seat 2 must be one of 7700, 8700"),
            ({"1": "8700"}, "start_cash for seat 2 must be one of"),
            ({"one": 8700}, "start_cash names seats by number"),
            ({"3": 8700}, "start_cash is for people: seat 4 is a bot's"),
            ({"5": 8700}, "start_cash names seat 6, where nobody sits yet"),
        ):
            await tv.send(type="settings", start_cash=bad, ref="bad")
            refused = await tv.error("bad_settings")
            assert refused["message"].startswith(words), refused
            assert refused["ref"] == "bad"
        await tv.send(type="start", ref="go")
        await tv.until(lambda m: m.get("ref") == "go")
        await tv.send(type="settings", start_cash={"1": 7700}, ref="late")
        late = await tv.error("bad_settings")
        assert late["message"].startswith("start_cash is given in the lobby, before a game starts")
        # nothing changed: the room's settings, and the money each seat was dealt
        summary = httpx.get(f"{dev_server.base}/api/rooms/{kept['code']}").json()
        assert summary["settings"]["start_cash"] == {"2": 10700}
        assert tv.view is not None
        assert [p["cash"] for p in tv.view["players"]][:3] == [9700, 9700, 10700]
        for c in clients:
            await c.ws.close()

    run(body())


def test_a_handicap_follows_its_person_when_seats_move_and_leaves_with_a_removed_seat(
    dev_server: RunningServer,
) -> None:
    async def body() -> None:
        clients = await table(dev_server, "peanut-club")
        tv = clients[0]
        await tv.send(type="settings", setup_money={"1": -10, "2": 5}, ref="h")
        await tv.until(lambda m: m.get("ref") == "h")
        await tv.send(type="swap", seats=[0, 1], ref="s")  # Mamie moves up to seat 0
        await tv.until(lambda m: m.get("ref") == "s")
        assert tv.view is not None
        assert [p["name"] for p in tv.view["players"]] == ["Mamie", "Ana", "Léo"]
        assert handicaps(tv.view) == [[("setup_money", -10)], [], [("setup_money", 5)]]
        await tv.send(type="kick", seat=0, ref="k")  # Mamie leaves: her handicap goes with her
        await tv.until(lambda m: m.get("ref") == "k")
        assert [p["name"] for p in tv.view["players"]] == ["Ana", "Léo"]
        assert handicaps(tv.view) == [[], [("setup_money", 5)]]
        assert tv.view["settings"]["setup_money"] == {"1": 5}
        # a newcomer in the freed seat plays by the rule
        newcomer = await join(dev_server, tv.view["code"], "Zoé")
        await tv.until(lambda m: m["type"] == "state" and len(m["state"]["players"]) == 3)
        assert handicaps(tv.view) == [[], [("setup_money", 5)], []]
        for c in (*clients, newcomer):
            await c.ws.close()

    run(body())


def test_a_handicap_stays_for_a_rematch_and_goes_with_a_switch_of_game(
    dev_server: RunningServer,
) -> None:
    async def body() -> None:
        clients = await table(dev_server)
        tv = clients[0]
        await tv.send(type="settings", pile={"0": 10}, ref="h")
        await tv.until(lambda m: m.get("ref") == "h")
        await tv.send(type="start", ref="go")
        await tv.until(lambda m: m.get("ref") == "go")
        await tv.send(type="end_game", ref="end")  # kept for the history, back to the lobby
        await tv.until(lambda m: m.get("ref") == "end")
        assert tv.view is not None and tv.view["phase"] == "lobby"
        assert handicaps(tv.view) == [[("pile", 10)], [], []]
        await tv.send(type="start", ref="again")
        await tv.until(lambda m: m.get("ref") == "again")
        await tv.send(type="rematch", ref="r")
        await tv.until(lambda m: m.get("ref") == "r")
        assert handicaps(tv.view) == [[("pile", 10)], [], []]
        # the history of the game the host ended says who had what
        code = tv.view["code"]
        kept = httpx.get(f"{dev_server.base}/api/rooms/{code}/games").json()["games"]
        told = httpx.get(f"{dev_server.base}{kept[0]['history']}").json()
        assert [(h["seat"], h["name"], h["setting"], h["value"]) for h in told["handicaps"]] == [
            (0, "Ana", "pile", 10)
        ]
        exported = httpx.get(f"{dev_server.base}{kept[0]['export']}").json()
        assert exported["settings"]["pile"] == {"0": 10}
        await tv.send(type="switch_game", game="nur-peanuts", ref="sw")
        await tv.until(lambda m: m.get("ref") == "sw")
        assert handicaps(tv.view) == [[], [], []]
        assert "start_cash" not in tv.view["settings"]
        for c in clients:
            await c.ws.close()

    run(body())


def test_a_new_room_takes_no_handicap_before_anyone_sits(dev_server: RunningServer) -> None:
    refused = httpx.post(
        f"{dev_server.base}/api/rooms", json={"game": "peanuts", "pile": {"0": 16}}
    )
    assert refused.status_code == 400
    assert refused.json()["code"] == "bad_settings"
    assert refused.json()["message"].startswith("pile is given seat by seat in the lobby")
    room = dev_server.create_room(game="peanuts", pile={})  # an empty one is no handicap
    summary = httpx.get(f"{dev_server.base}/api/rooms/{room['code']}").json()
    assert "pile" not in summary["settings"]  # a handicap nobody was given is not written


def test_the_games_listing_declares_each_handicap_for_the_lobby(dev_server: RunningServer) -> None:
    listing = {g["id"]: g for g in httpx.get(f"{dev_server.base}/api/games").json()}
    pile = listing["peanuts"]["settings"]["pile"]
    assert pile["kind"] == "per_seat" and pile["normal"] == 13 and pile["choices"] == [10, 13, 16]
    assert listing["nur-peanuts"]["settings"]["start_cash"]["normal"] == 9700
    assert listing["peanut-club"]["settings"]["setup_money"]["choices"] == [-10, -5, 0, 5, 10]
