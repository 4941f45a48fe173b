"""Rate limits per client address: opening tables, and codes or keys that open nothing.

A token bucket per client: N at once, then one more every 60/N seconds (N per minute). A client
whose bucket is empty is refused (429, with how long to wait) before its request is looked
at, so guessing codes cannot go faster than the bucket refills. Every page of a class comes
from Voila's own kernels, i.e. from one address: the sizes leave a whole class room to work
(a wrong code is a typo, not a habit), and a correct code never spends a token.
"""
from __future__ import annotations

import math
import time

from .live import Refused


class RateLimit:
    """At most `per_minute` at once per client, then one more every 60/`per_minute` seconds."""

    def __init__(self, what: str, per_minute: int, clock=time.monotonic):
        self.what, self.burst, self.every, self.clock = what, max(1, per_minute), 60 / max(1, per_minute), clock
        self._buckets: dict[str, tuple[float, float]] = {}   # client -> (tokens, when counted)

    def _tokens(self, client: str) -> float:
        tokens, then = self._buckets.get(client, (self.burst, self.clock()))
        return min(self.burst, tokens + (self.clock() - then) / self.every)

    def check(self, client: str) -> None:
        """Refused (429) when `client` has no token left; nothing is spent."""
        tokens = self._tokens(client)
        if tokens < 1:
            wait = math.ceil((1 - tokens) * self.every)
            raise Refused("too-many", f"too many {self.what} from this address: try again in {wait} s",
                          429, retry_after=wait)

    def spend(self, client: str) -> None:
        if len(self._buckets) > 10_000:   # forget clients whose bucket has refilled
            self._buckets = {c: b for c, b in self._buckets.items() if self._tokens(c) < self.burst}
        self._buckets[client] = (self._tokens(client) - 1, self.clock())

