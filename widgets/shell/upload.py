"""Loading a save on every game's page: the file chooser is the page's `BrowserBridge`
(widgets/megacorps_app/browser.py). The browser checks the file's size before sending it (a file
too big to be a save is refused there, and the page says so); a file that passes is sent once,
as a message, and handed to the page's `load(name, data)`."""
from __future__ import annotations

from typing import Callable

from ..sealed_files import MAX_FILE_BYTES


def refused_text(name: str, size: int, title: str) -> str:
    """What the page says of a file the browser refused to send: its size, and the limit."""
    return (f"{name} is {size / 1024 / 1024:.1f} MB, too big to be a saved game of {title} "
            f"(at most {MAX_FILE_BYTES // 1024 // 1024} MB; a real one is a few dozen KB). "
            "Choose the .json file the Save button gave you.")


def wire_upload(bridge, title: str, load: Callable[[str, bytes], None], show_error: Callable[[str], None],
                guard: Callable[[Callable], Callable]) -> None:
    """Let `bridge`'s file chooser load a save: `load(name, data)` for a file it sent (its errors
    shown by `guard`), a message naming the size and the limit for a file it refused."""
    bridge.accept("save", MAX_FILE_BYTES, guard(load),
                  guard(lambda name, size: show_error(refused_text(name, size, title))))
