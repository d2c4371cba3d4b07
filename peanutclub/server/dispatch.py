"""From a parsed client message to the room method that handles it: the protocol's only router.

It holds no rules: it checks who may send what (handshake first, host commands from the host,
actions from a seat) and turns player messages into engine actions for the room.
"""

from __future__ import annotations

from typing import cast

from peanutclub.engine import Currency, RuleError
from peanutclub.engine import actions as engine
from peanutclub.server import protocol as p
from peanutclub.server.errors import refuse
from peanutclub.server.room import Room, Viewer


async def handshake(room: Room, viewer: Viewer, message: p.ClientMessage) -> bool:
    """Run a handshake message; False when `message` is not a handshake at all."""
    if isinstance(message, p.Join):
        await room.join(viewer, message.name, message.host_token, message.ref)
    elif isinstance(message, p.Resume):
        await room.resume(viewer, message.token, message.ref)
    elif isinstance(message, p.Watch):
        await room.watch(viewer, message.host_token, message.ref)
    else:
        return False
    return True


async def command(room: Room, viewer: Viewer, message: p.ClientMessage) -> None:
    """Run any message after the handshake; refusals raise `RuleError`."""
    ref = message.ref
    match message:
        case p.Bid() | p.ALaCarte() | p.Crash() | p.Niet() | p.Pay():  # the busiest first
            await room.act(viewer.seat, to_action(seat_of(viewer), message), viewer, ref)
        case p.Join() | p.Resume() | p.Watch():
            raise refuse("wrong_phase", "This connection has already joined.")
        case p.Resync():
            await room.resync(viewer, ref)
        case p.Start():
            await room.start(viewer, ref)
        case p.AddBot(level=level, seat=seat):
            await room.add_bot(viewer, level, seat, ref)
        case p.RemoveBot(seat=seat):
            await room.remove_bot(viewer, seat, ref)
        case p.Kick(seat=seat):
            await room.kick(viewer, seat, ref)
        case p.ChangeSettings():
            values = message.model_dump(exclude={"type", "ref"}, exclude_none=True)
            await room.change_settings(viewer, values, ref)
        case p.Rematch():
            await room.rematch(viewer, ref)
        case p.Going():
            if viewer.seat is None and not viewer.host:
                raise refuse("not_seated")
            await room.act(viewer.seat, engine.CallGoing(viewer.seat), viewer, ref)
        case _:
            raise refuse("bad_message", "That message could not be understood.")


def seat_of(viewer: Viewer) -> int:
    if viewer.seat is None:
        raise refuse("not_seated")
    return viewer.seat


def _currency(name: str) -> Currency:
    """The currency named, or the raw name for the engine to refuse with its own code."""
    try:
        return Currency(name)
    except ValueError:
        return cast(Currency, name)


def to_action(seat: int, message: p.ClientMessage) -> engine.Action:
    """A player's message as the engine action for their seat (the engine checks its values)."""
    match message:
        case p.Bid(amount=amount, currency=currency):
            return engine.PlaceBid(seat, amount, _currency(currency))
        case p.ALaCarte(amount=amount, currency=currency):
            return engine.ALaCarte(seat, amount, _currency(currency))
        case p.Crash(currency=currency, position=position):
            return engine.Crash(seat, _currency(currency), position)
        case p.Niet(currency=currency):
            return engine.Niet(seat, _currency(currency))
        case p.Pay(cards=cards, convert=convert, abracadabra=abracadabra):
            return engine.Pay(seat, tuple(cards), convert, abracadabra)
    raise RuleError("That message could not be understood.", code="bad_message")
