"""How a game shows itself in a notebook, registered from the UI side.

The engines never import the UI (docs/engine.md): a game's `_repr_mimebundle_` asks this
registry for a renderer of its class. The UI registers its renderers when it is imported
(`widgets/board/figure.py` registers the MegaCorps board), and every installed package may
declare renderers as entry points in the group `megacorps.renderers` (this project's
pyproject.toml declares the board), which are loaded the first time a game is shown. Without
a renderer a game shows its text form.
"""
from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points

RENDERERS: dict[type, Callable[[object], dict]] = {}
_discovered = False


def register_renderer(cls: type, render: Callable[[object], dict]) -> None:
    """Show instances of `cls` in notebooks with `render(obj) -> mime bundle`."""
    RENDERERS[cls] = render


def _discover() -> None:
    global _discovered
    _discovered = True
    for point in entry_points(group="megacorps.renderers"):
        try:
            point.load()()
        except Exception:  # noqa: BLE001 - a broken or absent UI must not break the engine
            continue


def mimebundle(obj) -> dict:
    """The notebook display of `obj`: its registered renderer's bundle plus its text form."""
    if not _discovered and type(obj) not in RENDERERS:
        _discover()
    render = RENDERERS.get(type(obj))
    bundle = {}
    if render is not None:
        try:
            bundle = dict(render(obj))
        except ImportError:
            bundle = {}
    bundle["text/plain"] = repr(obj)
    return bundle
