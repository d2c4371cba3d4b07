"""The room's lock: one change at a time, in arrival order, and never lost to a cancellation."""

from __future__ import annotations

import asyncio
import gc
from collections import deque

import pytest

from peanutclub.server.changelock import ChangeLock


async def _hold(lock: ChangeLock, name: str, trace: list[str], turns: int = 3) -> None:
    async with lock:
        trace.append(f"{name} in")
        for _ in range(turns):
            await asyncio.sleep(0)
        trace.append(f"{name} out")


def test_holders_take_turns_in_the_order_they_asked() -> None:
    async def body() -> list[str]:
        lock, trace = ChangeLock(), []
        await asyncio.gather(*(_hold(lock, n, trace) for n in "abcd"))
        assert not lock.locked()
        return trace

    trace = asyncio.run(body())
    assert trace == [f"{n} {w}" for n in "abcd" for w in ("in", "out")]


def test_a_free_lock_is_taken_at_once_and_freed_on_error() -> None:
    async def body() -> None:
        lock = ChangeLock()
        with pytest.raises(ValueError):
            async with lock:
                assert lock.locked()
                raise ValueError("a refused change")
        assert not lock.locked()

    asyncio.run(body())


def test_a_waiter_cancelled_while_waiting_is_skipped() -> None:
    async def body() -> list[str]:
        lock, trace = ChangeLock(), []
        first = asyncio.create_task(_hold(lock, "a", trace))
        await asyncio.sleep(0)
        second = asyncio.create_task(_hold(lock, "b", trace))
        third = asyncio.create_task(_hold(lock, "c", trace))
        await asyncio.sleep(0)
        second.cancel()
        await asyncio.gather(first, third)
        assert second.cancelled() and not lock.locked()
        return trace

    assert asyncio.run(body()) == ["a in", "a out", "c in", "c out"]


def test_a_waiter_cancelled_just_after_being_handed_the_lock_hands_it_on() -> None:
    async def body() -> list[str]:
        lock, trace = ChangeLock(), []
        await lock.__aenter__()
        second = asyncio.create_task(_hold(lock, "b", trace))
        third = asyncio.create_task(_hold(lock, "c", trace))
        await asyncio.sleep(0)  # both wait now
        lock.release()  # handed to b, which has not run yet
        second.cancel()
        await asyncio.wait_for(third, 1)
        assert second.cancelled() and not lock.locked()
        return trace

    assert asyncio.run(body()) == ["c in", "c out"]


def test_releasing_a_free_lock_is_a_bug() -> None:
    with pytest.raises(RuntimeError):
        ChangeLock().release()


def test_a_lock_nobody_waited_for_holds_no_queue() -> None:
    """Most rooms' locks are never contended: the waiters' queue (0.6 KB empty) is made when a
    first caller has to wait, not with the lock (issue 30: an idle room's memory)."""

    async def body() -> None:
        lock, trace = ChangeLock(), []
        await _hold(lock, "a", trace)
        assert not any(isinstance(r, deque) for r in gc.get_referents(lock))
        await asyncio.gather(*(_hold(lock, n, trace) for n in "bc"))
        assert any(isinstance(r, deque) for r in gc.get_referents(lock))
        assert not lock.locked()

    asyncio.run(body())
