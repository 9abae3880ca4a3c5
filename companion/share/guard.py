"""The share server's limits: requests per client, wrong codes per client, open streams."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """What one phone (one client address) may ask of the server, and the server in all."""

    #: Requests a client may make per second once its burst is spent.
    rate: float = 15.0
    #: Requests a client may make at once before the rate applies.
    burst: int = 40
    #: Wrong join codes a client may give before it is shut out for ``lockout`` seconds.
    wrong_codes: int = 8
    lockout: float = 60.0
    #: Open event streams: per client and in all.
    streams_per_client: int = 4
    streams: int = 48
    #: Longest request line (method, path and query) and header field, in bytes.
    line_bytes: int = 2048
    field_bytes: int = 4096
    headers: int = 48
    #: Clients remembered by the limiters (the oldest forgotten first).
    clients: int = 1024


@dataclass
class _Bucket:
    tokens: float
    stamp: float
    wrong: int = 0
    locked_until: float = 0.0


class ClientGuard:
    """A token bucket per client address, and its count of wrong codes."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self._clock = clock
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()

    def _bucket(self, client: str, now: float) -> _Bucket:
        bucket = self._buckets.get(client)
        if bucket is None:
            bucket = _Bucket(float(self.limits.burst), now)
            self._buckets[client] = bucket
            while len(self._buckets) > self.limits.clients:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(client)
        return bucket

    def allow(self, client: str) -> float:
        """Take one request from the client's allowance: 0 if allowed, else the seconds
        to wait (the client is flooding or shut out for wrong codes)."""
        now = self._clock()
        bucket = self._bucket(client, now)
        if bucket.locked_until > now:
            return bucket.locked_until - now
        rate = self.limits.rate
        bucket.tokens = min(float(self.limits.burst), bucket.tokens + (now - bucket.stamp) * rate)
        bucket.stamp = now
        if bucket.tokens < 1.0:
            return (1.0 - bucket.tokens) / rate
        bucket.tokens -= 1.0
        return 0.0

    def wrong_code(self, client: str) -> None:
        """Count a wrong code; too many shut the client out for a while."""
        now = self._clock()
        bucket = self._bucket(client, now)
        bucket.wrong += 1
        if bucket.wrong >= self.limits.wrong_codes:
            bucket.wrong = 0
            bucket.locked_until = now + self.limits.lockout
