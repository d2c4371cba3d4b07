"""Token buckets: per connection (bursts are fine, a flurry of bids; floods are not) and per client
address (`AddressThrottle`, for room-code guessing)."""

from __future__ import annotations

import time


class TokenBucket:
    #: One per connection: slots keep thousands of idle ones small.
    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def take_nothing(self) -> None:
        """Refill for the time that passed, without spending."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self) -> bool:
        """Spend one token if there is one; False means the message must be refused."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class AddressThrottle:
    """One token bucket per client address, spent on failures only (a room code that does not
    exist). Once an address has spent its bucket it is refused everything until it refills, so a
    guesser cannot keep trying codes at full speed in the hope of landing on a real one."""

    def __init__(self, rate: float, burst: int, max_addresses: int = 100_000) -> None:
        self.rate = rate
        self.burst = burst
        self.max_addresses = max_addresses
        self.buckets: dict[str, TokenBucket] = {}

    def blocked(self, address: str) -> bool:
        """True when this address has no attempt left (it is refused without a lookup)."""
        bucket = self.buckets.get(address)
        if bucket is None:
            return False
        bucket.take_nothing()
        return bucket.tokens < 1

    def failed(self, address: str) -> None:
        """Spend one attempt for a failed lookup."""
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= self.max_addresses:
                self.prune()
            if len(self.buckets) >= self.max_addresses:  # memory stays bounded: oldest out
                del self.buckets[next(iter(self.buckets))]
            bucket = self.buckets[address] = TokenBucket(self.rate, self.burst)
        bucket.take()

    def prune(self) -> None:
        """Forget the addresses whose bucket is full again (they are back to a clean slate)."""
        for address, bucket in list(self.buckets.items()):
            bucket.take_nothing()
            if bucket.tokens >= bucket.burst:
                del self.buckets[address]
