"""The kernel manager the app's Voila uses (voila.json: `multi_kernel_manager_class`).

Voila culls idle kernels (voila.json: a closed page's kernel is gone within about 75 s) and
spares the preheated kernels waiting in its pool. But a preheated kernel handed to a page
leaves the pool before the page has connected to it, and its last activity is when it was
heated, possibly long ago: the next culling round could shut it down while the page is still
loading (seen under load: the page never showed its board). This manager gives such a kernel,
never connected yet, `GRACE_SECONDS` from the moment culling first finds it out of the pool.
"""
from __future__ import annotations

import time

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

GRACE_SECONDS = 180.0


class KernelManager(AsyncMappingKernelManager):
    """AsyncMappingKernelManager that never culls a kernel its page has not reached yet."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._connected_once: set[str] = set()
        self._waiting_since: dict[str, float] = {}

    def notify_connect(self, kernel_id: str) -> None:
        self._connected_once.add(kernel_id)
        super().notify_connect(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str):
        if kernel_id not in self._connected_once:
            since = self._waiting_since.setdefault(kernel_id, time.monotonic())
            if time.monotonic() - since < GRACE_SECONDS:
                return None
        return await super().cull_kernel_if_idle(kernel_id)

    async def shutdown_kernel(self, kernel_id: str, *args, **kwargs):
        self._connected_once.discard(kernel_id)
        self._waiting_since.pop(kernel_id, None)
        return await super().shutdown_kernel(kernel_id, *args, **kwargs)
