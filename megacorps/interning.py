"""Shared action values: the engine lists the same few thousand actions over and over, so it
builds each one once (actions are immutable values, so sharing them is safe)."""
from __future__ import annotations


class _Table(dict):
    """`table[args]` is `cls(corp, *args)`, built on first use."""

    __slots__ = ("cls", "corp")

    def __init__(self, cls, corp):
        super().__init__()
        self.cls = cls
        self.corp = corp

    def __missing__(self, args):
        action = self[args] = self.cls(self.corp, *args) if isinstance(args, tuple) else self.cls(self.corp, args)
        return action


_TABLES: dict[tuple, _Table] = {}


def table(cls, corp: str) -> _Table:
    """The shared actions of kind `cls` for `corp`, indexed by their other arguments (a single
    argument is its own key; several form a tuple)."""
    try:
        return _TABLES[(cls, corp)]
    except KeyError:
        t = _TABLES[(cls, corp)] = _Table(cls, corp)
        return t


def make(cls, corp: str, *args):
    """`cls(corp, *args)`, built once per distinct arguments."""
    return table(cls, corp)[args if len(args) != 1 else args[0]]
