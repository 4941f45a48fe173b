"""Shared action values: the engine lists the same few thousand actions over and over, so it
builds each one once (actions are immutable values, so sharing them is safe)."""
from __future__ import annotations

_CACHE: dict[tuple, object] = {}


def make(cls, *args):
    """`cls(*args)`, built once per distinct argument tuple."""
    key = (cls, *args)
    try:
        return _CACHE[key]
    except KeyError:
        action = _CACHE[key] = cls(*args)
        return action
