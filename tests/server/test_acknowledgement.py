"""Acknowledgement over real sockets: the sender of an accepted action can tell, from the frames
it receives, which of its actions each one confirms, by the `ref` it sent; a patch stays the
same bytes for every viewer (it names the seat and the ref), and a patch that answers nobody's
ref (a bot's, the clock's, a message sent without one) names neither."""

from __future__ import annotations

from typing import Any

from .harness import Client, RunningServer, join, run, watch

#: A Peanuts! deal (2 players, this seed) where seat 0 shows the Ace of clubs (card 39).
RACE_SEED = 103
ACE = 39


def bidding(message: dict[str, Any]) -> bool:
    return message["type"] == "state" and message["state"]["phase"] == "bidding"


def dealt(message: dict[str, Any]) -> bool:
    return message["type"] == "state" and message["state"]["phase"] != "lobby"


def playing(message: dict[str, Any]) -> bool:
    return message["type"] == "state" and message["state"]["phase"] == "playing"


async def same_patch(clients: list[Client]) -> dict[str, Any]:
    """The next patch every client receives, checked to be the same bytes for all."""
    frames = []
    patch: dict[str, Any] = {}
    for client in clients:
        patch = await client.until(lambda m: m["type"] == "patch")
        frames.append(client.frames[client.messages.index(patch)])
    assert len(set(frames)) == 1, frames
    return patch


def test_a_bid_patch_names_the_bidders_seat_and_ref_in_the_same_bytes_for_all(
    dev_server: RunningServer,
) -> None:
    async def body() -> None:
        room = dev_server.create_room(seed=3, going_step_seconds=5, idle_seconds=0)
        code = room["code"]
        tv = await watch(dev_server, code, room["host_token"])
        players = [await join(dev_server, code, n) for n in ("Ana", "Bo", "Cy")]
        everyone = [tv, *players]
        await tv.send(type="start")
        for client in everyone:
            await client.until(bidding)
        bo = players[1]
        options = bo.view["you"]["bid_options"]  # type: ignore[index]
        currency = next(c for c, o in options.items() if not o["reason"])
        await bo.send(type="bid", amount=1, currency=currency, ref="bo-7")
        patch = await same_patch(everyone)
        assert patch["high_bid"]["seat"] == 1
        assert (patch["by"], patch["ref"]) == (1, "bo-7")
        # A bid sent without a ref is acknowledged to nobody: the patch names neither.
        lows = patch["min_bids"]
        currency, amount = next((c, low) for c, low in lows.items() if low is not None)
        await players[2].send(type="bid", amount=amount, currency=currency)
        patch = await same_patch(everyone)
        assert patch["high_bid"]["seat"] == 2
        assert "by" not in patch and "ref" not in patch
        # The host's TV calls "going": its own ref, no seat.
        await tv.send(type="going", ref=11)
        patch = await same_patch(everyone)
        assert patch["going"] == 1 and (patch["by"], patch["ref"]) == (None, 11)
        for client in everyone:
            await client.ws.close()

    run(body())


def test_a_card_move_patch_acknowledges_its_sender_and_a_whole_state_carries_the_ref_to_it_alone(
    dev_server: RunningServer,
) -> None:
    async def body() -> None:
        room = dev_server.create_room(
            game="peanuts", seed=RACE_SEED, countdown_seconds=0, stall_seconds=300
        )
        code = room["code"]
        ana = await join(dev_server, code, "Ana", host_token=room["host_token"])
        bruno = await join(dev_server, code, "Bruno")
        tv = await watch(dev_server, code)
        everyone = [ana, bruno, tv]
        await ana.send(type="start", ref="go")
        started = [await client.until(dealt) for client in everyone]
        # A whole state is acknowledged to its sender alone, by its ref.
        assert started[0].get("ref") == "go"
        assert all("ref" not in s for s in started[1:])
        for client in everyone:
            await client.until(playing)
        await ana.send(type="move", card=ACE, to="foundation", pile=None, ref="r1")
        patch = await same_patch(everyone)
        assert (patch["by"], patch["ref"]) == (0, "r1")
        assert [e["type"] for e in patch["events"]] == ["moved"]
        await bruno.send(type="flip", ref="r1")  # the same ref from another seat: by tells
        patch = await same_patch(everyone)
        assert (patch["by"], patch["ref"]) == (1, "r1")
        assert [e["type"] for e in patch["events"]] == ["flipped"]
        for client in everyone:
            await client.ws.close()

    run(body())
