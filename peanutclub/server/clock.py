"""Time, owned by the server and injected, so tests drive the auction clock without sleeping.

A room asks its `Clock` for the time and for timers; `RealClock` uses the asyncio loop and the
wall clock, `ManualClock` moves only when a test calls `advance`.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

TimerCallback = Callable[[], Coroutine[Any, Any, None]]


class Timer(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def time(self) -> float:
        """Wall-clock seconds (what `deadline` and `now` are made of, in ms)."""
        ...

    def call_later(self, delay: float, callback: TimerCallback) -> Timer:
        """Run `callback` (a coroutine function) after `delay` seconds unless cancelled."""
        ...

    async def sleep(self, delay: float) -> None: ...


def ms(seconds: float) -> int:
    return round(seconds * 1000)


class _TaskTimer:
    def __init__(self, handle: asyncio.TimerHandle) -> None:
        self.handle = handle
        self.task: asyncio.Task[None] | None = None

    def cancel(self) -> None:
        self.handle.cancel()


class RealClock:
    """The production clock: `time.time()` and `loop.call_later`."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[None]] = set()

    def time(self) -> float:
        return time.time()

    def call_later(self, delay: float, callback: TimerCallback) -> Timer:
        loop = asyncio.get_running_loop()

        def fire() -> None:
            task = loop.create_task(callback())
            self._tasks.add(task)  # keep a reference until it is done
            task.add_done_callback(self._tasks.discard)

        return _TaskTimer(loop.call_later(max(0.0, delay), fire))

    async def sleep(self, delay: float) -> None:
        await asyncio.sleep(delay)


class _ManualTimer:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A clock for tests: time stands still until `advance`, which runs due timers in order."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.now = start
        self._queue: list[tuple[float, int, _ManualTimer, TimerCallback]] = []
        self._order = itertools.count()

    def time(self) -> float:
        return self.now

    def call_later(self, delay: float, callback: TimerCallback) -> Timer:
        timer = _ManualTimer()
        heapq.heappush(
            self._queue, (self.now + max(0.0, delay), next(self._order), timer, callback)
        )
        return timer

    async def sleep(self, delay: float) -> None:
        done = asyncio.get_running_loop().create_future()

        async def wake() -> None:
            if not done.done():
                done.set_result(None)

        self.call_later(delay, wake)
        await done

    async def advance(self, seconds: float) -> None:
        """Move time forward, running (and awaiting) every timer that falls due, oldest first."""
        target = self.now + seconds
        while self._queue and self._queue[0][0] <= target:
            when, _, timer, callback = heapq.heappop(self._queue)
            self.now = max(self.now, when)
            if not timer.cancelled:
                await callback()
                await asyncio.sleep(0)  # let woken sleepers run before the next timer
        self.now = target

    async def step(self) -> float | None:
        """Move time to the earliest timer set and run it alone, giving the loop no turn: for a
        driver whose callbacks are all timers (no task sleeps), where a turn per timer would
        cost more than the callback. Returns the new time, or None when no timer is set."""
        when = self.next_due()
        if when is None:
            return None
        *_, callback = heapq.heappop(self._queue)
        self.now = max(self.now, when)
        await callback()
        return self.now

    def next_due(self) -> float | None:
        """When the earliest timer still set falls due (None: none is set), so that a driver
        can move time straight to the next thing that happens."""
        while self._queue and self._queue[0][2].cancelled:
            heapq.heappop(self._queue)
        return self._queue[0][0] if self._queue else None

    def pending(self) -> int:
        return sum(1 for _, _, t, _ in self._queue if not t.cancelled)
