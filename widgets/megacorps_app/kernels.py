"""The kernel manager the app's Voila uses (voila.json: `multi_kernel_manager_class`).

Voila keeps a pool of preheated kernels (voila.json; `MEGACORPS_POOL` sets its size for a class)
and culls idle kernels (voila.json: `cull_idle_timeout`, `cull_connected`). This manager adds
three rules Voila lacks, each for a failure seen under load:

- **A page's kernel is never culled before the page reaches it.** A preheated kernel handed to a
  page leaves the pool before the page has connected, and its last activity was when it was
  heated, possibly long ago: the next culling round could shut it down while the page was
  still loading. Such a kernel gets `GRACE_SECONDS` from the moment culling first finds it.
- **An open page keeps its kernel; a closed page's kernel goes fast.** A kernel with a page
  connected is culled only after `CONNECTED_IDLE_SECONDS` without a message: the page pings it
  every few seconds while someone uses it (widgets/megacorps_app/browser.py) and stops after 20 idle
  minutes, but a browser may slow a background tab's timers to one a minute, so one missed
  ping must not close a player's game. With no page connected (closed, or its connection
  lost) voila.json's `cull_idle_timeout` applies: gone within about 75 s.
- **Refilling the pool waits while pages load, never while a page waits for it.** Heating a
  kernel takes seconds of CPU (start Python, import the app, build the table). Voila refills
  the moment a page takes a kernel, so the refill competes with that page's first render; and
  after ten pages at once, ten refills heated together while the ten pages loaded (load
  average 45: ten pages took a minute). A refill here waits while a page that took a kernel
  has not connected to it yet (at most `LOADING_LIMIT_SECONDS`) and for
  `REFILL_QUIET_SECONDS` after the last page took or reached its kernel, then heats with at
  most `HEATING_AT_ONCE - 1` others; a page that takes a waiting refill (more pages than the
  pool) starts it at once. Voila's own `fill_delay` cannot do this (a page that takes a refill
  still in its delay waits it out), so voila.json sets it to 0.
"""
from __future__ import annotations

import asyncio
import functools
import os
import time

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

GRACE_SECONDS = 180.0
CONNECTED_IDLE_SECONDS = 300.0
REFILL_QUIET_SECONDS = 5.0
LOADING_LIMIT_SECONDS = 120.0
HEATING_AT_ONCE = 1
HEAT_LIMIT_SECONDS = 60.0
POOL_VARIABLE = "MEGACORPS_POOL"


def pool_size_from_environment(default: int | None = None) -> int | None:
    """The preheated pool's size asked for in `MEGACORPS_POOL` (e.g. the size of a class), or
    `default` when it is unset; a bad value is an error that names the variable."""
    raw = os.environ.get(POOL_VARIABLE, "").strip()
    if not raw:
        return default
    try:
        size = int(raw)
    except ValueError:
        raise ValueError(f"{POOL_VARIABLE}={raw!r}: give a whole number of kernels to keep ready, "
                         "e.g. the number of players who will open the page at once") from None
    if not 0 <= size <= 200:
        raise ValueError(f"{POOL_VARIABLE}={size}: give a number from 0 to 200 "
                         "(each ready kernel holds about 130 MB)")
    return size


class KernelManager(AsyncMappingKernelManager):
    """AsyncMappingKernelManager with the app's culling and pool rules (module docstring)."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._connected_once: set[str] = set()
        self._waiting_since: dict[str, float] = {}
        self._last_arrival = float("-inf")   # when a page last took or connected to a kernel
        self._loading: dict[str, float] = {}  # kernels handed to pages not connected yet -> when
        self._heating_now = 0                # pool kernels starting or running the notebook
        size = pool_size_from_environment()
        pools = getattr(self, "kernel_pools_config", None)   # Voila's preheating manager only
        if size is not None and pools is not None:
            self.kernel_pools_config = {
                name: (dict(config, pool_size=size) if name != "default" else config)
                for name, config in pools.items()}

    # --- the pool -----------------------------------------------------------------------------

    def __init_subclass__(cls, **kwargs):
        """Voila builds its preheating manager as a subclass of this one: note when it hands a
        heated kernel to a page (its `get_rendered_notebook`), which the refill rule needs."""
        super().__init_subclass__(**kwargs)
        handout = cls.__dict__.get("get_rendered_notebook")
        if handout is None:
            return

        @functools.wraps(handout)
        async def get_rendered_notebook(self, *args, **kw):
            self._last_arrival = time.monotonic()
            rendered = await handout(self, *args, **kw)
            self._loading[rendered[-1]] = time.monotonic()    # (task, cells, kernel id)
            return rendered
        cls.get_rendered_notebook = get_rendered_notebook

    def _pool_of(self, task) -> list | None:
        for pool in getattr(self, "_pools", {}).values():
            if task in pool:
                return pool
        return None

    async def start_kernel(self, *args, **kwargs):
        me = asyncio.current_task()
        pool = self._pool_of(me)
        if pool is None:           # a page's own kernel (no pool to take from), or a restart
            return await super().start_kernel(*args, **kwargs)
        start = time.monotonic()
        # a refill waits while pages load (see the module docstring), then heats with at most
        # HEATING_AT_ONCE - 1 others; a page that takes it meanwhile waits for it: it starts
        while me in pool and (self._pages_loading() or self._heating_now >= HEATING_AT_ONCE):
            await asyncio.sleep(0.25)
        counted = me in pool
        if time.monotonic() - start > 0.5:
            self.log.info("Heating a pool kernel after waiting %.1f s%s", time.monotonic() - start,
                          "" if counted else " (a page took it meanwhile)")
        if counted:
            self._heating_now += 1
        try:
            kernel_id = await super().start_kernel(*args, **kwargs)
        except BaseException:
            if counted:
                self._heating_now -= 1
            raise
        if counted:
            asyncio.ensure_future(self._count_until_heated(kernel_id))
        return kernel_id

    def _pages_loading(self) -> bool:
        """Whether a page that took a kernel has not connected to it yet (for at most
        LOADING_LIMIT_SECONDS), or one took or connected to its kernel in the last
        REFILL_QUIET_SECONDS (it is still drawing)."""
        now = time.monotonic()
        for kernel_id, since in list(self._loading.items()):
            if now - since > LOADING_LIMIT_SECONDS:
                del self._loading[kernel_id]
        return bool(self._loading) or now - self._last_arrival < REFILL_QUIET_SECONDS

    async def _count_until_heated(self, kernel_id: str) -> None:
        """A pool kernel counts as heating until it has run the notebook (seen busy, then idle
        for a second), at most HEAT_LIMIT_SECONDS."""
        from jupyter_server._tz import utcnow
        start, seen_busy = time.monotonic(), False
        try:
            while time.monotonic() - start < HEAT_LIMIT_SECONDS:
                kernel = self._kernels.get(kernel_id)
                if kernel is None:
                    return
                state = getattr(kernel, "execution_state", None)
                seen_busy = seen_busy or state == "busy"
                if (seen_busy and state == "idle" and hasattr(kernel, "last_activity")
                        and (utcnow() - kernel.last_activity).total_seconds() > 1):
                    return
                await asyncio.sleep(0.5)
        finally:
            self._heating_now -= 1

    # --- culling ------------------------------------------------------------------------------

    def notify_connect(self, kernel_id: str) -> None:
        self._connected_once.add(kernel_id)
        if self._loading.pop(kernel_id, None) is not None:
            self._last_arrival = time.monotonic()
        super().notify_connect(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str):
        if kernel_id not in self._connected_once:
            since = self._waiting_since.setdefault(kernel_id, time.monotonic())
            if time.monotonic() - since < GRACE_SECONDS:
                return None
        kernel = self._kernels.get(kernel_id)
        if (kernel is not None and self._kernel_connections.get(kernel_id, 0) > 0
                and getattr(kernel, "execution_state", None) != "dead"
                and hasattr(kernel, "last_activity")):
            from jupyter_server._tz import utcnow
            if (utcnow() - kernel.last_activity).total_seconds() < CONNECTED_IDLE_SECONDS:
                return None
        return await super().cull_kernel_if_idle(kernel_id)

    async def shutdown_kernel(self, kernel_id: str, *args, **kwargs):
        self._connected_once.discard(kernel_id)
        self._waiting_since.pop(kernel_id, None)
        self._loading.pop(kernel_id, None)
        return await super().shutdown_kernel(kernel_id, *args, **kwargs)
