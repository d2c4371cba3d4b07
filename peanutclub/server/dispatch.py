"""From a parsed client message to the room method that handles it: the protocol's only router.

It holds no rules: it checks who may send what (handshake first, host commands from the host)
and hands a game's move, as the engine action its game makes of it, to the room, and a game's
question to the room to answer.
"""

from __future__ import annotations

from peanutclub.core import Message, Move, Query, refuse
from peanutclub.server import protocol as p
from peanutclub.server.room import Room, Viewer


async def handshake(room: Room, viewer: Viewer, message: Message) -> bool:
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


async def command(room: Room, viewer: Viewer, message: Message) -> None:
    """Run any message after the handshake; refusals raise `RuleError`."""
    ref = message.ref
    if isinstance(message, Move):  # the busiest first
        seat = viewer.seat
        if seat is not None and seat >= room.playing:
            raise refuse("not_seated", "Your seat watches this game; it plays in the next one.")
        await room.act(message.to_action(seat, viewer.host), viewer, ref)
        return
    match message:
        case p.Join() | p.Resume() | p.Watch():
            raise refuse("wrong_phase", "This connection has already joined.")
        case Query():
            await room.ask(viewer, message, ref)
        case p.Resync():
            await room.resync(viewer, ref)
        case p.Ping(t=t):
            room.pong(viewer, t, ref)
        case p.Echo():
            await room.echo(viewer)
        case p.Start():
            await room.start(viewer, ref)
        case p.AddBot(level=level, seat=seat):
            await room.add_bot(viewer, level, seat, ref)
        case p.RemoveBot(seat=seat):
            await room.remove_bot(viewer, seat, ref)
        case p.Kick(seat=seat):
            await room.kick(viewer, seat, ref)
        case p.SwapSeats(seats=(one, other)):
            await room.swap(viewer, one, other, ref)
        case p.ChangeSettings():
            values = message.model_dump(exclude={"type", "ref"}, exclude_none=True)
            await room.change_settings(viewer, values, ref)
        case p.Rematch():
            await room.rematch(viewer, ref)
        case p.EndGame():
            await room.end_game(viewer, ref)
        case p.Claim(seat=seat):
            await room.claim(viewer, seat, ref)
        case p.Admit(claim=claim):
            await room.admit(viewer, claim, ref)
        case p.RefuseClaim(claim=claim):
            await room.refuse_claim(viewer, claim, ref)
        case p.SwitchGame(game=game, fit=fit):
            await room.switch_game(viewer, game, fit, ref)
        case _:
            raise refuse("bad_message", "That message could not be understood.")
