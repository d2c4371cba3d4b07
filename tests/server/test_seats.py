"""Seats are owned by secret tokens: joining, names, resuming from any device, kicks, bots."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from .harness import Client, RunningServer, join, open_client, run, watch


async def table(
    server: RunningServer, names: tuple[str, ...] = ("Ana", "Bo", "Cy"), **settings: Any
) -> tuple[dict[str, Any], Client, list[Client]]:
    """A started game: the host at the TV, one client per name."""
    room = server.create_room(seed=1, **settings)
    tv = await watch(server, room["code"], room["host_token"])
    players = [await join(server, room["code"], n) for n in names]
    await tv.send(type="start")
    for client in (tv, *players):
        await client.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "bidding")
    return room, tv, players


def first_currency(client: Client) -> str:
    assert client.view is not None
    options: dict[str, Any] = client.view["you"]["bid_options"]
    return next(str(c) for c, o in options.items() if not o["reason"])


async def close_all(*clients: Client) -> None:
    await asyncio.gather(*(c.ws.close() for c in clients))


@pytest.mark.parametrize("name", ["", "   ", "x" * 21, "tab\there", "bell\x07", "zw\u200b"])
def test_bad_names_are_refused(dev_server: RunningServer, name: str) -> None:
    async def body() -> None:
        room = dev_server.create_room()
        client = await open_client(dev_server, room["code"])
        await client.send(type="join", name=name, ref="n")
        assert (await client.error("bad_name"))["ref"] == "n"
        await client.send(type="join", name="  Fine name  ")
        welcome = await client.next()
        assert welcome["type"] == "welcome"
        assert welcome["state"]["players"][0]["name"] == "Fine name"

    run(body())


def test_names_are_unique_and_tables_hold_six(dev_server: RunningServer) -> None:
    async def body() -> None:
        room = dev_server.create_room()
        code = room["code"]
        clients = [await join(dev_server, code, f"P{i}") for i in range(5)]
        late = await open_client(dev_server, code)
        await late.send(type="join", name="p0")
        await late.error("name_taken")
        clients.append(await join(dev_server, code, "P5"))
        await late.send(type="join", name="Seventh")
        await late.error("room_full")
        await close_all(late, *clients)

    run(body())


def test_joining_after_the_start_is_refused_but_watching_is_fine(
    dev_server: RunningServer,
) -> None:
    async def body() -> None:
        room, tv, players = await table(dev_server)
        late = await open_client(dev_server, room["code"])
        await late.send(type="join", name="Late")
        await late.error("wrong_phase")
        await late.send(type="watch")
        welcome = await late.next()
        assert welcome["type"] == "welcome" and welcome["state"]["you"] is None
        await close_all(tv, late, *players)

    run(body())


def test_reconnect_mid_auction_with_resume(dev_server: RunningServer) -> None:
    async def body() -> None:
        room, tv, (ana, bo, cy) = await table(dev_server, idle_seconds=0)
        currency = first_currency(ana)
        await ana.send(type="bid", amount=1, currency=currency)
        await bo.until(lambda m: m["type"] == "patch")
        hand = ana.view["you"]["hand"]  # type: ignore[index]
        token = ana.token
        await ana.ws.close()
        away = await bo.until(lambda m: m["type"] == "state")
        assert away["state"]["players"][0]["connected"] is False
        back = await open_client(dev_server, room["code"])
        await back.send(type="resume", token=token, ref="again")
        welcome = await back.next()
        assert welcome["type"] == "welcome" and welcome["ref"] == "again"
        assert welcome["seat"] == 0 and welcome["token"] == token
        state = welcome["state"]
        assert state["high_bid"] == {"seat": 0, "amount": 1, "currency": currency}
        assert state["you"]["hand"] == hand
        present = await bo.until(lambda m: m["type"] == "state")
        assert present["state"]["players"][0]["connected"] is True
        # The seat still plays: Bo outbids, Ana answers from the new connection.
        await bo.send(type="bid", amount=2, currency=currency)
        await back.until(lambda m: m["type"] == "patch")
        await back.send(type="bid", amount=3, currency=currency)
        patch = await cy.until(lambda m: m["type"] == "patch" and m["high_bid"]["amount"] == 3)
        assert patch["high_bid"]["seat"] == 0
        await close_all(tv, back, bo, cy)

    run(body())


def test_a_second_connection_for_a_seat_replaces_the_first(dev_server: RunningServer) -> None:
    async def body() -> None:
        room, tv, (ana, bo, cy) = await table(dev_server)
        phone = await open_client(dev_server, room["code"])
        await phone.send(type="resume", token=ana.token)
        assert (await phone.next())["seat"] == 0
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await ana.next()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4000
        await phone.send(type="resync", ref=1)
        state = await phone.until(lambda m: m.get("ref") == 1)
        assert state["state"]["players"][0]["connected"] is True
        await close_all(tv, phone, bo, cy)

    run(body())


def test_stale_and_foreign_tokens_are_refused(dev_server: RunningServer) -> None:
    async def body() -> None:
        room, tv, players = await table(dev_server)
        other = dev_server.create_room()
        elsewhere = await join(dev_server, other["code"], "Zed")
        for token in ("made-up", "é\u0000☃", "", elsewhere.token, other["host_token"]):
            client = await open_client(dev_server, room["code"])
            await client.send(type="resume", token=token)
            await client.error("unknown_token")
            await client.send(type="watch", host_token=token)
            await client.error("unknown_token")
            await client.ws.close()
        lobby_client = await open_client(dev_server, other["code"])
        await lobby_client.send(type="join", name="Sly", host_token=room["host_token"])
        await lobby_client.error("unknown_token")
        await close_all(tv, elsewhere, lobby_client, *players)

    run(body())


def test_two_equal_bids_at_the_same_moment_the_first_wins(dev_server: RunningServer) -> None:
    async def body() -> None:
        _room, tv, (ana, bo, cy) = await table(dev_server, idle_seconds=0)
        assert tv.view is not None
        currency = tv.view["column"][-1]  # the weakest currency: both can afford 1 in it
        await asyncio.gather(
            ana.send(type="bid", amount=1, currency=currency, ref="a"),
            bo.send(type="bid", amount=1, currency=currency, ref="b"),
        )
        patch = await tv.until(lambda m: m["type"] == "patch")
        winner, loser = (ana, bo) if patch["high_bid"]["seat"] == 0 else (bo, ana)
        error = await loser.until(lambda m: m["type"] == "error")
        assert error["code"] == "bid_too_low" and error["ref"] in ("a", "b")
        await winner.send(type="resync", ref="w")
        await winner.until(lambda m: m.get("ref") == "w")
        assert not any(m["type"] == "error" for m in winner.messages)
        await tv.send(type="resync", ref="t")
        state = await tv.until(lambda m: m.get("ref") == "t")
        assert state["seq"] == patch["seq"]  # exactly one change
        await close_all(tv, ana, bo, cy)

    run(body())


def test_a_client_that_missed_frames_resyncs_to_a_full_state(dev_server: RunningServer) -> None:
    async def body() -> None:
        _room, tv, (ana, bo, cy) = await table(dev_server, idle_seconds=0)
        currency = first_currency(ana)
        await ana.send(type="bid", amount=1, currency=currency)
        await bo.send(type="bid", amount=2, currency=currency)
        await tv.until(lambda m: m["type"] == "patch" and m["high_bid"]["amount"] == 2)
        # Cy's view misses those two patches: pretend they were lost, then ask again.
        missed_seq = cy.seq
        await cy.send(type="resync", ref="gap")
        state = await cy.until(lambda m: m.get("ref") == "gap")
        assert state["type"] == "state" and state["seq"] == missed_seq + 2
        assert state["state"]["high_bid"]["amount"] == 2
        assert state["state"]["you"]["seat"] == 2 and state["state"]["you"]["hand"]
        await close_all(tv, ana, bo, cy)

    run(body())


def test_kicks_happen_in_the_lobby_only(dev_server: RunningServer) -> None:
    async def body() -> None:
        room = dev_server.create_room()
        tv = await watch(dev_server, room["code"], room["host_token"])
        ana, bo, cy = [await join(dev_server, room["code"], n) for n in ("Ana", "Bo", "Cy")]
        await tv.send(type="kick", seat=1)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await bo.next()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4001
        state = await cy.until(lambda m: m["type"] == "state" and len(m["state"]["players"]) == 2)
        assert state["state"]["you"]["seat"] == 1  # Cy moved up
        rejoin = await open_client(dev_server, room["code"])
        await rejoin.send(type="resume", token=bo.token)
        await rejoin.error("unknown_token")
        await rejoin.send(type="join", name="Bo")
        assert (await rejoin.next())["seat"] == 2
        await tv.send(type="start")
        await tv.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "bidding")
        await tv.send(type="kick", seat=0)
        await tv.error("wrong_phase")
        await close_all(tv, ana, cy, rejoin)

    run(body())


def test_the_host_hands_an_away_seat_to_a_bot_and_back(dev_server: RunningServer) -> None:
    async def body() -> None:
        room, tv, (ana, bo, cy) = await table(dev_server, idle_seconds=0)
        await tv.send(type="add_bot", level="easy", seat=1)
        await tv.error("wrong_phase")  # Bo is here: the seat is not free
        await bo.ws.close()
        await tv.until(
            lambda m: m["type"] == "state" and m["state"]["players"][1]["connected"] is False
        )
        await tv.send(type="add_bot", level="easy", seat=1)
        state = await tv.until(lambda m: m["type"] == "state" and m["state"]["players"][1]["bot"])
        assert state["state"]["players"][1]["bot"] == "easy"
        # The bot bids at seat 1 through the room like anyone.
        await tv.until(lambda m: m["type"] == "patch" and m["high_bid"]["seat"] == 1)
        await tv.send(type="remove_bot", seat=1)
        await tv.until(lambda m: m["type"] == "state" and m["state"]["players"][1]["bot"] is None)
        await tv.send(type="add_bot", level="easy", seat=1)
        await tv.until(lambda m: m["type"] == "state" and m["state"]["players"][1]["bot"])
        back = await open_client(dev_server, room["code"])
        await back.send(type="resume", token=bo.token)
        welcome = await back.next()
        assert welcome["state"]["players"][1]["bot"] is None  # the player took the seat back
        await close_all(tv, ana, cy, back)

    run(body())


def test_host_settings_apply_within_bounds(prod_server: RunningServer) -> None:
    async def body() -> None:
        room = prod_server.create_room()
        tv = await watch(prod_server, room["code"], room["host_token"])
        await tv.send(type="settings", going_step_seconds=3, idle_seconds=0, ref="s")
        state = await tv.until(lambda m: m.get("ref") == "s")
        assert state["state"]["settings"] == {
            "going_step_seconds": 3,
            "idle_seconds": 0,
            "pay_seconds": 60,
        }
        for bad in ({"going_step_seconds": 0.5}, {"idle_seconds": 2}, {"pay_seconds": 301}):
            await tv.send(type="settings", **bad)
            await tv.error("bad_settings")
        await tv.ws.close()

    run(body())


def test_a_seated_host_runs_the_table(dev_server: RunningServer) -> None:
    async def body() -> None:
        room = dev_server.create_room()
        host = await join(dev_server, room["code"], "Host", host_token=room["host_token"])
        assert host.messages[0]["host"] is True
        assert host.view is not None and host.view["host_seat"] == 0
        await host.send(type="add_bot", level="easy")
        await host.send(type="add_bot", level="nonsense")
        await host.error("bad_message")
        await host.send(type="add_bot", level="easy")
        await host.send(type="start", ref="go")
        started = await host.until(lambda m: m.get("ref") == "go")
        assert started["state"]["phase"] == "bidding"
        await host.ws.close()

    run(body())


def test_the_host_swaps_two_seats_in_the_lobby_and_teams_follow(dev_server: RunningServer) -> None:
    """Peanuts! pairs seats 0+1 and 2+3 into teams: the host swaps seats 1 and 2 so that Ana
    plays with Cy. Each person keeps their token and hears their new seat."""

    async def body() -> None:
        room = dev_server.create_room(game="peanuts", teams=1, countdown_seconds=0.2)
        tv = await watch(dev_server, room["code"], room["host_token"])
        ana, bo, cy, di = [
            await join(dev_server, room["code"], n) for n in ("Ana", "Bo", "Cy", "Di")
        ]
        await ana.send(type="swap", seats=[1, 2])
        await ana.error("not_host")
        for bad, code in (([1, 1], "bad_message"), ([0, 9], "not_seated")):
            await tv.send(type="swap", seats=bad)
            await tv.error(code)
        await tv.send(type="swap", seats=[2, 1], ref="s")
        moved = await cy.until(lambda m: m["type"] == "state" and m["state"]["you"]["seat"] == 1)
        names = [p["name"] for p in moved["state"]["players"]]
        assert names == ["Ana", "Cy", "Bo", "Di"]
        assert {"type": "seats_swapped", "seats": [1, 2]} in moved["events"]
        await bo.until(lambda m: m["type"] == "state" and m["state"]["you"]["seat"] == 2)

        # Bo comes back on another device with his token: he sits where he was moved to.
        await bo.ws.close()
        again = await open_client(dev_server, room["code"])
        await again.send(type="resume", token=bo.token)
        assert (await again.next())["seat"] == 2

        await tv.send(type="start")
        playing = await tv.until(
            lambda m: m["type"] == "state" and m["state"]["phase"] in ("countdown", "playing")
        )
        teams = {p["name"]: p["team"] for p in playing["state"]["players"]}
        assert teams["Ana"] == teams["Cy"] != teams["Bo"] == teams["Di"]
        await tv.send(type="swap", seats=[0, 1])
        await tv.error("wrong_phase")
        await close_all(tv, ana, cy, di, again)

    run(body())
