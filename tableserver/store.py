"""The table service's database: tables, seats, seat codes (hashed) and the append-only list of
actions from which the engine replays every game.

SQLAlchemy Core, so that the same code runs on SQLite (a file in the data folder, no set-up)
and on PostgreSQL (a URL). The database is the truth: the service keeps live games in memory
only as a cache, rebuilt from here by replaying the actions through the engine.

Appends are transactional and checked: an action row is keyed by (table, index), so two
writers that both believe they are at index N cannot both succeed; the loser gets `Conflict`
and nothing is written.
"""
from __future__ import annotations

import hashlib
import json
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from .pgnotify import tell_others

metadata = sa.MetaData()

tables = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(200), nullable=False, default=""),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("corps", sa.Text, nullable=False),       # JSON list of the seats, clockwise seating
    sa.Column("board", sa.Text, nullable=False),       # tables opened before the game column: the
    sa.Column("deck", sa.Text, nullable=False),        # MegaCorps board and deck ("" since then)
    sa.Column("status", sa.String(16), nullable=False, default="open"),  # open, over, closed
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("game", sa.String(32), nullable=False, default="megacorps", server_default="megacorps"),
    sa.Column("options", sa.Text, nullable=False, default="{}", server_default="{}"),  # JSON, pinned setup too
)

# Columns added after tables were first stored: added to an older database when it is opened.
ADDED_COLUMNS = {"game": "VARCHAR(32) NOT NULL DEFAULT 'megacorps'", "options": "TEXT NOT NULL DEFAULT '{}'"}

seats = sa.Table(
    "seats", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("corp", sa.String(40), primary_key=True),
    sa.Column("position", sa.Integer, nullable=False),
    sa.Column("player", sa.String(40), nullable=False),  # "Human" or a bot level
)

codes = sa.Table(
    "codes", metadata,
    sa.Column("code_hash", sa.String(64), primary_key=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False, index=True),
    sa.Column("corp", sa.String(40), nullable=True),     # None: the host's code
    sa.Column("active", sa.Boolean, nullable=False, default=True),
    sa.Column("created", sa.Float, nullable=False),
)

actions = sa.Table(
    "actions", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("corp", sa.String(40), nullable=False),
    sa.Column("action", sa.Text, nullable=False),        # mc.action_to_dict, as JSON
    sa.Column("by", sa.String(40), nullable=False),      # "Human" or the bot level that chose it
    sa.Column("reason", sa.Text, nullable=False, default=""),
    sa.Column("made", sa.Float, nullable=False),
)

HOST = "host"
CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: easy to read aloud and type


class Conflict(Exception):
    """Another writer appended at this index first: nothing was written."""


def new_code() -> str:
    """A seat or host code: 20 random characters (about 99 bits), grouped for reading."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(20))
    return "-".join(raw[i:i + 5] for i in range(0, 20, 5))


def normal_code(code: str) -> str:
    """A code as typed or pasted: case, spaces and dashes do not matter."""
    return "".join(ch for ch in str(code).lower() if ch.isalnum())


def hash_code(code: str) -> str:
    """Codes are stored only as SHA-256 digests. They are long random secrets, not passwords a
    person chose, so a slow password hash would add nothing."""
    return hashlib.sha256(normal_code(code).encode()).hexdigest()


@dataclass
class TableRecord:
    id: str
    name: str
    seed: int
    corps: list[str]       # the seats, clockwise
    status: str
    players: dict[str, str]
    actions: list[dict]    # {"action": JSON form, "by": "Human" or a bot level, "reason": ...}
    game: str = "megacorps"  # its name in the kit's registry
    options: dict | None = None


@dataclass
class CodeRecord:
    table_id: str
    corp: str | None       # None: the host
    active: bool


def database_url(url: str | None, data_dir: str | Path | None) -> str:
    """The SQLAlchemy URL: `url` when given (postgresql://... uses psycopg 3), otherwise an
    SQLite file in `data_dir` (created if missing)."""
    if url:
        if url.startswith("postgresql://") or url.startswith("postgres://"):
            url = "postgresql+psycopg://" + url.split("://", 1)[1]
        return url
    folder = Path(data_dir or Path.home() / ".local" / "share" / "megacorps").expanduser()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tables.sqlite3'}"


class Store:
    """The database behind the table service."""

    def __init__(self, url: str):
        self.url = url
        if url.startswith("sqlite"):
            self.engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = sa.create_engine(url, pool_pre_ping=True)
        metadata.create_all(self.engine)
        self._add_new_columns()
        # several service processes may share a PostgreSQL database: each change is announced
        self.shared = self.engine.dialect.name == "postgresql"

    def _add_new_columns(self) -> None:
        """Bring a database made before the game column up to date (its tables are MegaCorps')."""
        present = {c["name"] for c in sa.inspect(self.engine).get_columns("tables")}
        with self.engine.begin() as db:
            for name, definition in ADDED_COLUMNS.items():
                if name not in present:
                    db.execute(sa.text(f"ALTER TABLE tables ADD COLUMN {name} {definition}"))

    def listen_url(self) -> str:
        """The database's URL for libpq (psycopg's own connection, to LISTEN)."""
        return self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)

    def _announce(self, db, table_id: str) -> None:
        if self.shared:
            tell_others(db, table_id)

    def close(self) -> None:
        self.engine.dispose()

    # --- tables ---------------------------------------------------------------------------------

    def create_table(self, seed: int, corps: list[str], players: dict[str, str], name: str = "",
                     game: str = "megacorps", options: dict | None = None) -> tuple[str, str, dict[str, str]]:
        """A new table of `game` (its name in the kit's registry) with `options` (JSON data, the
        pinned setup included); returns its id, the host's code and a code per human seat (the
        only time the codes exist in clear)."""
        table_id = secrets.token_hex(8)
        host = new_code()
        seat_codes = {c: new_code() for c in corps if players[c] == "Human"}
        now = time.time()
        with self.engine.begin() as db:
            db.execute(tables.insert().values(id=table_id, name=name, seed=seed, corps=json.dumps(corps),
                                              board="", deck="", status="open", created=now, game=game,
                                              options=json.dumps(options or {})))
            db.execute(seats.insert(), [{"table_id": table_id, "corp": c, "position": i,
                                         "player": players[c]} for i, c in enumerate(corps)])
            db.execute(codes.insert(), [{"code_hash": hash_code(code), "table_id": table_id,
                                         "corp": corp, "active": True, "created": now}
                                        for corp, code in [(None, host), *seat_codes.items()]])
        return table_id, host, seat_codes

    def table_ids(self, status: str | None = None) -> list[str]:
        query = sa.select(tables.c.id)
        if status:
            query = query.where(tables.c.status == status)
        with self.engine.connect() as db:
            return [row.id for row in db.execute(query)]

    def load_table(self, table_id: str) -> TableRecord | None:
        with self.engine.connect() as db:
            row = db.execute(sa.select(tables).where(tables.c.id == table_id)).first()
            if row is None:
                return None
            players = {r.corp: r.player for r in db.execute(
                sa.select(seats).where(seats.c.table_id == table_id).order_by(seats.c.position))}
            done = [{"action": json.loads(r.action), "by": r.by, "reason": r.reason} for r in db.execute(
                sa.select(actions.c.action, actions.c.by, actions.c.reason)
                .where(actions.c.table_id == table_id).order_by(actions.c.idx))]
        options = json.loads(row.options or "{}")
        if row.board and not options:  # opened before the game column: MegaCorps on its stored board
            options = {"board": json.loads(row.board), "deck": json.loads(row.deck)}
        return TableRecord(row.id, row.name, row.seed, json.loads(row.corps), row.status, players, done,
                           row.game, options)

    def actions_since(self, table_id: str, start: int) -> list[dict]:
        """The recorded actions from index `start`: {"action", "by", "reason"} each."""
        with self.engine.connect() as db:
            return [{"action": json.loads(r.action), "by": r.by, "reason": r.reason} for r in db.execute(
                sa.select(actions.c.action, actions.c.by, actions.c.reason)
                .where(actions.c.table_id == table_id, actions.c.idx >= start).order_by(actions.c.idx))]

    def table_state(self, table_id: str) -> tuple[str, dict[str, str]]:
        """(status, players) of a table as recorded now."""
        with self.engine.connect() as db:
            status = db.execute(sa.select(tables.c.status).where(tables.c.id == table_id)).scalar_one()
            players = {r.corp: r.player for r in db.execute(
                sa.select(seats).where(seats.c.table_id == table_id).order_by(seats.c.position))}
        return status, players

    def set_status(self, table_id: str, status: str) -> None:
        with self.engine.begin() as db:
            db.execute(tables.update().where(tables.c.id == table_id).values(status=status))
            self._announce(db, table_id)

    def set_player(self, table_id: str, corp: str, player: str) -> None:
        with self.engine.begin() as db:
            db.execute(seats.update().where(seats.c.table_id == table_id, seats.c.corp == corp)
                       .values(player=player))
            if player != "Human":
                db.execute(codes.update().where(codes.c.table_id == table_id, codes.c.corp == corp)
                           .values(active=False))
            self._announce(db, table_id)

    # --- codes ----------------------------------------------------------------------------------

    def find_code(self, code: str) -> CodeRecord | None:
        with self.engine.connect() as db:
            row = db.execute(sa.select(codes).where(codes.c.code_hash == hash_code(code))).first()
        return None if row is None else CodeRecord(row.table_id, row.corp, bool(row.active))

    def reissue_code(self, table_id: str, corp: str) -> str:
        """A new code for a human seat; every earlier code of that seat stops working."""
        code = new_code()
        with self.engine.begin() as db:
            db.execute(codes.update().where(codes.c.table_id == table_id, codes.c.corp == corp)
                       .values(active=False))
            db.execute(codes.insert().values(code_hash=hash_code(code), table_id=table_id, corp=corp,
                                             active=True, created=time.time()))
        return code

    # --- the actions ------------------------------------------------------------------------------

    def append(self, table_id: str, idx: int, corp: str, action: dict, by: str, reason: str = "") -> None:
        """Append one action at index `idx`, in one transaction. Raises Conflict when that
        index is taken (another writer was first); nothing is written then."""
        try:
            with self.engine.begin() as db:
                db.execute(actions.insert().values(table_id=table_id, idx=idx, corp=corp,
                                                   action=json.dumps(action), by=by, reason=reason,
                                                   made=time.time()))
                self._announce(db, table_id)
        except IntegrityError:
            raise Conflict(f"table {table_id}: action {idx} was already recorded") from None

    def count_actions(self, table_id: str) -> int:
        with self.engine.connect() as db:
            return db.execute(sa.select(sa.func.count()).select_from(actions)
                              .where(actions.c.table_id == table_id)).scalar_one()


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    """WAL: readers never wait for the writer; NORMAL sync is durable across a crash of the
    service (a power cut may lose the last commits, never corrupt the file)."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
