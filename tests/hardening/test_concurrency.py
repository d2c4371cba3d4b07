"""Six clients hammer one room at once: bids racing at the same amount, powers, calls and payments
fired together while the room's clock runs. Then the room's action log, replayed through the
engine, must give the very game the server holds, and every client must have seen every change
in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from typing import Any

from peanutclub.games.peanut_club.engine import Phase

from .support import Served, conservation_problems, replay_log, run

NAMES = ("Ana", "Bo", "Cy", "Dee", "Eli", "Fay")


def burst(view: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """What one player fires in one burst, from its current view (often stale: that is the
    point)."""
    you = view.get("you")
    if not you:
        return []
    if view["phase"] == "paying":
        if view["payer"] == you["seat"] and you["pay_suggestion"]:
            return [{"type": "pay", **you["pay_suggestion"]}]
        return [{"type": "pay", "cards": [c["id"] for c in you["hand"][:1]]}]  # not theirs to pay
    if view["phase"] != "bidding":
        return []
    column = view["column"]
    currency = rng.choice(column)
    low = view["min_bids"].get(currency) or 1
    messages: list[dict[str, Any]] = [{"type": "bid", "amount": low, "currency": currency}]
    roll = rng.random()
    if roll < 0.1:
        messages.append({"type": "niet", "currency": rng.choice(column)})
    elif roll < 0.2:
        messages.append({"type": "crash", "currency": currency, "position": rng.randrange(3)})
    elif roll < 0.3:
        messages.append({"type": "a_la_carte", "amount": low, "currency": currency})
    elif roll < 0.45:
        messages.append({"type": "going"})
    return messages


def test_six_clients_hammering_one_room_replay_to_the_same_game(open_server: Served) -> None:
    from server.harness import join, watch

    async def body() -> None:
        server = open_server.server
        room = server.create_room(
            seed=41, going_step_seconds=0.01, idle_seconds=0.03, pay_seconds=1
        )
        code = room["code"]
        tv = await watch(server, code, room["host_token"])
        players = [await join(server, code, name) for name in NAMES]
        await tv.send(type="start")
        clients = [tv, *players]

        async def pump(client: Any) -> None:
            with contextlib.suppress(Exception):
                while True:
                    await client.next(timeout=60)

        pumps = [asyncio.create_task(pump(c)) for c in clients]
        rng = random.Random(7)
        sent = 0
        loop = asyncio.get_running_loop()
        end = loop.time() + 12
        while loop.time() < end and not (tv.view and tv.view["phase"] == "over"):
            frames = [(p, m) for p in players if p.view for m in burst(p.view, rng)]
            # All six fire at the same moment.
            await asyncio.gather(
                *(p.send(**m, ref=f"r{sent + i}") for i, (p, m) in enumerate(frames))
            )
            sent += len(frames)
            await asyncio.sleep(rng.uniform(0, 0.01))
        await asyncio.sleep(0.3)  # let the last answers arrive

        async def live() -> dict[str, Any]:
            """One consistent look at the room, taken on the server's own loop."""
            room_ = open_server.rooms.get(code)
            game = room_.game.engine
            return {
                "seq": room_.seq,
                "reveal": game.reveal(),
                "actions": [a.to_dict() for a in game.log],
                "log": open_server.log(code),
                "conservation": conservation_problems(game),
                "over": game.phase is Phase.OVER,
            }

        state = await asyncio.wrap_future(
            asyncio.run_coroutine_threadsafe(live(), open_server.loop)
        )
        replayed = replay_log(state["log"])[-1]
        assert replayed.reveal() == state["reveal"]
        assert [a.to_dict() for a in replayed.log] == state["actions"]
        assert state["conservation"] == []
        # Every change reached every client, in order, exactly once.
        for client in clients:
            await client.send(type="resync", ref="last")
        for pump_task in pumps:
            pump_task.cancel()
        await asyncio.gather(*pumps, return_exceptions=True)
        for client in clients:
            last = await client.until(lambda m: m.get("ref") == "last")
            assert last["seq"] == state["seq"] or not state["over"]
            assert client.gaps == 0
            assert not [
                m for m in client.messages if m["type"] == "error" and m["code"] == "bad_message"
            ]
        accepted = [m for p in players for m in p.messages if m["type"] == "state" and m.get("ref")]
        errors = [m for p in players for m in p.messages if m["type"] == "error"]
        applied = len(state["actions"])
        assert sent > 200 and applied > 50, (sent, applied)
        assert accepted and errors  # both sides of the races happened
        print(
            f"{sent} frames sent, {applied} actions applied, {len(errors)} refusals, "
            f"game over: {state['over']}"
        )
        await asyncio.gather(*(c.ws.close() for c in clients))

    run(body(), timeout=60)
