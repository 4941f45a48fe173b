"""Several service processes (and machines) on one PostgreSQL database: each process tells
the others of every change to a table through PostgreSQL's own LISTEN/NOTIFY, so that every
process pushes every table's moves to the seats connected to it. No broker of our own: the
notification is sent in the same transaction as the change (PostgreSQL delivers it only when
that transaction commits, and never a rolled-back one), and names only the table; a process
that receives it reads what it lacks from the database, the truth, as after a restart.

SQLite has no such thing: one service process per SQLite file.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Awaitable, Callable

import sqlalchemy as sa

log = logging.getLogger(__name__)

CHANNEL = "megacorps_tables"
ORIGIN = secrets.token_hex(6)   # this process: it need not hear its own news


def tell_others(db: sa.Connection, table_id: str) -> None:
    """Within the transaction that changes `table_id`: every listening process hears of it
    when the transaction commits."""
    db.execute(sa.text("SELECT pg_notify(:channel, :news)"), {"channel": CHANNEL, "news": f"{ORIGIN} {table_id}"})


async def listen(url: str, on_change: Callable[[str | None], Awaitable[None]], stop: asyncio.Event) -> None:
    """Hear every table change of every process on the database at `url` (a libpq URL) until
    `stop` is set: `on_change(table_id)` for each (but this process's own), and `on_change(None)` after each
    (re)connection, when anything may have changed unheard. Reconnects by itself."""
    import psycopg
    delay = 0.5
    while not stop.is_set():
        try:
            async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                delay = 0.5
                await on_change(None)
                async for note in conn.notifies():
                    origin, _, table_id = note.payload.partition(" ")
                    if origin != ORIGIN:
                        await on_change(table_id)
        except asyncio.CancelledError:
            raise
        except Exception as err:  # noqa: BLE001 - the database restarting, a network cut: listen again
            log.warning("listening for other processes' changes failed (%s); again in %.1f s", err, delay)
        await asyncio.sleep(delay)
        delay = min(delay * 2, 8.0)
