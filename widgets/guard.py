"""`guard`: the one error guard of every game page's callbacks (the MegaCorps app, the note-card
table). Bad input gets a clear message on the page and loses nothing; any other error is logged
and shown as a short message, never a traceback, and the page stays usable."""
from __future__ import annotations

import functools
import logging
from typing import Callable

from megacorps.errors import BadSaveFile, IllegalAction

__all__ = ["guard"]

log = logging.getLogger(__name__)


def guard(fn: Callable, show_error: Callable[[str], None]) -> Callable:
    """Wrap the callback `fn`: an error it raises goes to `show_error` as a message in game terms
    (an illegal move says why; a bad save names its bad entry) and the callback returns None."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except IllegalAction as err:
            show_error(f"Not allowed: {err}")
        except BadSaveFile as err:
            show_error(f"This file cannot be loaded: {err}")
        except ValueError as err:
            show_error(str(err))
        except Exception as err:  # noqa: BLE001 - the page must stay usable
            log.exception("callback failed")
            show_error(f"Something went wrong ({type(err).__name__}: {err}). "
                       "The game itself is unchanged; you can go on.")
        return None
    return wrapper
