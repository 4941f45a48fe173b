"""`python -m tableserver serve|class`: the table service, alone or with Voila for a class."""
from __future__ import annotations

import argparse
import os
import sys

DEFAULT_PORT = 8765


def _service_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: the whole network)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--data", default=os.environ.get("MEGACORPS_DATA"),
                        help="folder of the SQLite database (default ~/.local/share/megacorps)")
    parser.add_argument("--database", default=None,
                        help="a PostgreSQL URL without its password (postgresql://user@host/db: the "
                             "password from PGPASSWORD or ~/.pgpass), instead of SQLite; a URL with a "
                             "password goes in MEGACORPS_DATABASE_URL or --database-file, never here (ps shows it)")
    parser.add_argument("--database-file", default=os.environ.get("MEGACORPS_DATABASE_FILE"),
                        help="a file holding the database URL (password included)")
    parser.add_argument("--bot-pause", type=float, default=float(os.environ.get("MEGACORPS_BOT_PAUSE", "0.5")),
                        help="seconds between two bot moves, so that people can follow (default 0.5)")
    parser.add_argument("--create-key-file", default=os.environ.get("MEGACORPS_CREATE_KEY_FILE"),
                        help="a file holding the host key: opening a table needs it (or MEGACORPS_CREATE_KEY)")
    parser.add_argument("--tables-per-minute", type=int, default=int(os.environ.get("MEGACORPS_TABLES_PER_MINUTE", "20")),
                        help="tables one address may open per minute (default 20)")
    parser.add_argument("--wrong-codes-per-minute", type=int,
                        default=int(os.environ.get("MEGACORPS_WRONG_CODES_PER_MINUTE", "60")),
                        help="wrong codes or keys one address may send per minute before a 429 (default 60)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tableserver", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the table service")
    _service_args(serve)
    klass = sub.add_parser("class", help="the table service and Voila, for a class on one machine")
    _service_args(klass)
    klass.set_defaults(host="0.0.0.0")
    klass.add_argument("--voila-port", type=int, default=8866)
    klass.add_argument("--pool", type=int, default=3,
                       help="preheated kernels kept ready for the table pages (lobby, seats; and one for "
                            "the projector's): a page opens on one already started (default 3; about 130 MB each)")
    klass.add_argument("--service-host", default=None,
                       help="address of the table service (default 127.0.0.1: only this machine's "
                            "kernels reach it; 0.0.0.0 for play-by-notebook from other machines)")
    klass.add_argument("--public-url", default=None,
                       help="Voila's address as the players' browsers reach it, for the links "
                            "(default: this machine's network address)")
    args = parser.parse_args(argv)
    if args.command == "serve":
        return serve_forever(args)
    from .classroom import run_class
    return run_class(args)


def serve_forever(args) -> int:
    import uvicorn

    from .app import make_app
    from .messages import TRANSPORT_MAX
    from .settings import secrets_from
    from .store import Store, database_url
    database, create_key = secrets_from(args)
    try:
        store = Store(database_url(database, args.data))
    except ModuleNotFoundError as err:   # e.g. psycopg, for PostgreSQL
        raise SystemExit(f"{err.name} is missing for this database: pip install -e \".[tables]\"") from None
    app = make_app(store, args.bot_pause, create_key, args.tables_per_minute, args.wrong_codes_per_minute)
    print(f"MegaCorps table service on http://{args.host}:{args.port} "
          f"(database: {store.engine.url.render_as_string(hide_password=True)})", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_ping_interval=20,
                ws_max_size=TRANSPORT_MAX)
    return 0


if __name__ == "__main__":
    sys.exit(main())
