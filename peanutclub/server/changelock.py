"""The room's one-writer lock: `asyncio.Lock`'s behaviour at a fraction of its cost when free.

Every change of a room, every bid included, runs under its lock. `async with asyncio.Lock()`
makes three coroutines and a generator to take a free lock and give it back (CPython 3.11); this
lock takes a free one with no allocation at all, which the collector notices at a few thousand
bids a second (docs/performance.md). When the lock is held, callers queue in arrival order and
the lock passes straight to the first of them, as `asyncio.Lock` does.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Generator
from types import TracebackType
from typing import Any


class _Taken:
    """What `__aenter__` returns when the lock was free: an awaitable that is already done."""

    __slots__ = ()

    def __await__(self) -> Generator[Any, None, None]:
        return iter(())  # type: ignore[return-value]


_TAKEN = _Taken()


class ChangeLock:
    __slots__ = ("_locked", "_waiters")

    def __init__(self) -> None:
        self._locked = False
        #: Made when a first caller has to wait: an empty deque is 0.6 KB, and most rooms'
        #: locks are never contended (an idle room's memory counts: issue 30).
        self._waiters: deque[asyncio.Future[None]] | None = None

    def locked(self) -> bool:
        return self._locked

    def __aenter__(self) -> Any:
        if not self._locked:  # nobody waits for a free lock: `release` hands it on first
            self._locked = True
            return _TAKEN
        return self._wait()

    def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> Any:
        self.release()
        return _TAKEN

    async def _wait(self) -> None:
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if self._waiters is None:
            self._waiters = deque()
        waiters = self._waiters
        waiters.append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self.release()  # handed the lock while being cancelled: hand it on
            raise
        finally:
            if not waiter.done() or waiter.cancelled():
                with contextlib.suppress(ValueError):
                    waiters.remove(waiter)

    def release(self) -> None:
        """Hand the lock to the first caller still waiting, or free it."""
        if not self._locked:
            raise RuntimeError("release of an unlocked ChangeLock")
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)  # the lock stays taken: it is now theirs
                return
        self._locked = False
