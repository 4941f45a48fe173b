"""A pytest plugin for the lesson notebooks' run (`pytest notebooks --nbval-lax -p
widgets.testing.nbval_kernels`, as scripts/run-tests.sh runs them): nbval's kernels talk to
pytest over local (ipc) sockets instead of TCP ports.

Jupyter picks a kernel's TCP ports before the kernel binds them; with notebooks run by several
processes at once another kernel can take one first, and the kernel dies at start ("Kernel died
before replying to kernel_info", seen with three processes in a fresh clone). nbval makes its
own `KernelManager` with no configuration, so the plugin gives it one whose transport is ipc.
The tests' Voila and Jupyter servers use the same transport
(`widgets.testing.voila_runner.LOCAL_KERNEL_SOCKETS`)."""
from __future__ import annotations

import os
import tempfile
import uuid

import nbval.kernel
from jupyter_client.manager import KernelManager


class LocalSocketKernelManager(KernelManager):
    """A kernel reached through socket files in the temporary folder, never through a port. The
    files' path is absolute: the kernel runs in its notebook's folder, pytest in the repository's,
    and Jupyter's default ("kernel-ipc") is relative to each one's own folder."""

    def __init__(self, **kwargs):
        sockets = os.path.join(tempfile.gettempdir(), f"nbval-{uuid.uuid4().hex}-ipc")
        super().__init__(transport="ipc", ip=sockets, **kwargs)


if os.name == "posix":
    nbval.kernel.KernelManager = LocalSocketKernelManager
