"""Whole games over the protocol, and what every viewer was sent along the way."""

from __future__ import annotations

import asyncio

from .harness import RunningServer, join, run, watch
from .players import (
    FAST,
    foreign_secrets,
    play_all,
    secrecy_problems,
    shape_problems,
    watched_table,
)


def test_three_players_and_a_tv_play_from_creation_to_final_scores(
    dev_server: RunningServer,
) -> None:
    async def body() -> None:
        room, tv, players = await watched_table(dev_server, seed=7, **FAST)
        await tv.send(type="start", ref="go")
        await play_all(players)
        final = await tv.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "over")
        scores = final["state"]["scores"]
        assert sorted(s["seat"] for s in scores) == [0, 1, 2]
        assert all(p.view and p.view["phase"] == "over" for p in players)
        # The clock did its work: every sale went through going once, twice, sold.
        events = [e["type"] for m in tv.messages for e in m.get("events", [])]
        assert events.count("sold") >= 1 and "game_over" in events
        for client in (tv, *players):
            assert client.gaps == 0
            assert secrecy_problems(client) == []
            assert shape_problems(client) == []
        secrets = [room["host_token"], *(p.token for p in players if p.token)]
        for client in (tv, *players):
            assert foreign_secrets(client, secrets) == []
        for client in (tv, *players):
            await client.ws.close()

    run(body())


def test_patches_are_the_same_bytes_for_every_viewer(dev_server: RunningServer) -> None:
    async def body() -> None:
        _, tv, players = await watched_table(
            dev_server, seed=3, going_step_seconds=5, idle_seconds=0
        )
        await tv.send(type="start")
        for p in players:
            await p.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "bidding")
        await tv.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "bidding")
        options = players[0].view["you"]["bid_options"]  # type: ignore[index]
        currency = next(c for c, o in options.items() if not o["reason"])
        await players[0].send(type="bid", amount=1, currency=currency)
        frames = []
        for client in (tv, *players):
            patch = await client.until(lambda m: m["type"] == "patch")
            assert patch["high_bid"] == {"seat": 0, "amount": 1, "currency": currency}
            frames.append(client.frames[-1])
        assert len(set(frames)) == 1
        for client in (tv, *players):
            await client.ws.close()

    run(body())


def test_bots_seated_by_the_host_finish_a_game(dev_server: RunningServer) -> None:
    async def body() -> None:
        room = dev_server.create_room(seed=11, **FAST)
        tv = await watch(dev_server, room["code"], room["host_token"])
        for _ in range(3):
            await tv.send(type="add_bot", level="easy")
        await tv.until(lambda m: m["type"] == "state" and len(m["state"]["players"]) == 3)
        assert [p["bot"] for p in tv.view["players"]] == ["easy"] * 3  # type: ignore[index]
        await tv.send(type="start")
        final = await tv.until(
            lambda m: m["type"] == "state" and m["state"]["phase"] == "over", timeout=60
        )
        assert len(final["state"]["scores"]) == 3
        assert secrecy_problems(tv) == []
        await tv.ws.close()

    run(body(), timeout=90)


def test_rematch_returns_everyone_to_the_lobby_and_a_new_game_starts(
    dev_server: RunningServer,
) -> None:
    async def body() -> None:
        room = dev_server.create_room(seed=5, **FAST)
        code = room["code"]
        host = await join(dev_server, code, "Host", host_token=room["host_token"])
        assert host.messages[0]["host"] is True
        others = [await join(dev_server, code, n) for n in ("Bo", "Cy")]
        await host.send(type="start")
        await play_all([host, *others])
        await host.send(type="rematch", ref=9)
        lobby = await host.until(lambda m: m["type"] == "state" and m.get("ref") == 9)
        assert lobby["state"]["phase"] == "lobby"
        assert [p["name"] for p in lobby["state"]["players"]] == ["Host", "Bo", "Cy"]
        await host.send(type="start")
        started = await others[0].until(
            lambda m: m["type"] == "state" and m["state"]["phase"] == "bidding"
        )
        assert started["state"]["you"]["hand"]
        await asyncio.gather(*(c.ws.close() for c in (host, *others)))

    run(body())


def test_the_payers_dry_run_is_answered_to_the_payer_alone_and_changes_nothing(
    dev_server: RunningServer,
) -> None:
    async def body() -> None:
        _, tv, players = await watched_table(
            dev_server, seed=3, going_step_seconds=0.01, idle_seconds=0
        )
        ana, bo, _ = players
        await ana.send(type="check_pay", cards=[1], ref="early")
        assert (await ana.error("wrong_phase"))["ref"] == "early"
        await tv.send(type="start")
        view = (
            await ana.until(lambda m: m["type"] == "state" and m["state"]["phase"] == "bidding")
        )["state"]
        hand = view["you"]["hand"]
        currency = hand[0]["currency"]
        mine = sorted((c for c in hand if c["currency"] == currency), key=lambda c: c["value"])
        await ana.send(type="bid", amount=mine[0]["value"], currency=currency)
        await ana.send(type="going")
        paying = await ana.until(
            lambda m: m["type"] == "state" and m["state"]["phase"] == "paying", timeout=10
        )
        seq = paying["seq"]
        ids = [c["id"] for c in mine]
        await ana.send(type="check_pay", cards=ids, ref=7)
        answer = await ana.until(lambda m: m["type"] == "pay_check")
        assert answer["ref"] == 7 and answer["amount"] == mine[0]["value"]
        assert answer["ok"] is (len(ids) == 1)
        if len(ids) > 1:
            assert answer["code"] == "bad_payment" and answer["unneeded"] in ids
        await ana.send(type="check_pay", cards=[mine[0]["id"]], ref=8)
        good = await ana.until(lambda m: m["type"] == "pay_check")
        assert (good["ok"], good["value"], good["ref"]) == (True, mine[0]["value"], 8)
        await bo.send(type="check_pay", cards=[mine[0]["id"]])
        await bo.error("not_your_payment")
        await tv.send(type="check_pay", cards=[mine[0]["id"]])
        await tv.error("not_seated")
        await ana.send(type="resync")
        again = await ana.until(lambda m: m["type"] == "state")
        assert again["seq"] == seq  # nothing changed in the room
        for client in (tv, *players[1:]):
            assert not any(m["type"] == "pay_check" for m in client.messages)
        for client in (tv, *players):
            await client.ws.close()

    run(body())


def test_a_ping_is_answered_at_once_to_its_sender_alone_and_changes_nothing(
    dev_server: RunningServer,
) -> None:
    async def body() -> None:
        room = dev_server.create_room(seed=3)
        code = room["code"]
        tv = await watch(dev_server, code, room["host_token"])
        ana = await join(dev_server, code, "Ana")
        await ana.send(type="ping", t=1733300000123, ref="rtt")
        pong = await ana.until(lambda m: m["type"] == "pong")
        assert (pong["t"], pong["ref"]) == (1733300000123, "rtt")
        assert isinstance(pong["now"], int) and pong["now"] > 1_600_000_000_000
        seq = ana.seq
        await ana.send(type="ping", t="soon")
        await ana.error("bad_message")
        await ana.send(type="resync")
        again = await ana.until(lambda m: m["type"] == "state")
        assert again["seq"] == seq
        await tv.send(type="ping")
        assert (await tv.until(lambda m: m["type"] == "pong"))["t"] is None
        await ana.send(type="resync", ref="after")
        await ana.until(lambda m: m["type"] == "state" and m.get("ref") == "after")
        assert [m for m in ana.messages if m["type"] == "pong"] == [pong]  # the TV's was its own
        for client in (tv, ana):
            await client.ws.close()

    run(body())
